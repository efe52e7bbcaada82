"""Molehaven: play, study and train agents on five mole-themed tabletop games.

>>> import molehaven
>>> game = molehaven.make("mole-hill", players=2)
>>> state = game.initial_state()
>>> state.apply(0, game.parse_action("place e4"))
>>> state.to_move()
[1]
"""

from molehaven.core.game import CHANCE, CLOCK
from molehaven.games import list_games, make, replay

__all__ = ["CHANCE", "CLOCK", "list_games", "make", "replay"]
