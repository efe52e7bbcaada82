"""Matches in play: the event log, the authority that applies actions, and what each seat sees."""
