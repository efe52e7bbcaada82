"""The Mole: rules per ``shared/rules/the-mole.md``."""

from molehaven.games.the_mole.game import TheMoleGame

GAME = TheMoleGame

__all__ = ["GAME"]
