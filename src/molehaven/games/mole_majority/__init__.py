"""Mole Majority (Stephen Thomas, 2015): rules per ``shared/rules/mole-majority.md``."""

from molehaven.games.mole_majority.game import MoleMajorityGame

GAME = MoleMajorityGame

__all__ = ["GAME"]
