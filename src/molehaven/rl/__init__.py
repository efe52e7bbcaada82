"""Reinforcement-learning interfaces."""
