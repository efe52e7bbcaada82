"""Simulation: many games played by agents, summarised for designers."""

from molehaven.sim.driver import play_game
from molehaven.sim.runner import GameResult, Summary, simulate

__all__ = ["GameResult", "Summary", "play_game", "simulate"]
