"""Mole Hill (Reiner Knizia, 1996): rules per ``shared/rules/mole-hill.md``."""

from molehaven.games.mole_hill.game import MoleHillGame

GAME = MoleHillGame

__all__ = ["GAME"]
