"""Mole Park: Whack and Win! (Restart Round): rules per ``shared/rules/mole-park.md``."""

from molehaven.games.mole_park.game import MoleParkGame

GAME = MoleParkGame

__all__ = ["GAME"]
