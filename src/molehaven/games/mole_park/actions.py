"""Mole Park's seat actions numbered once per player count.

``order`` names a tied group of two or more seats in pick order (MP-24), so every
arrangement of 2 … players-1 distinct seats gets an index: 0 at 2 players, 69,272 at 8. The
space is large at 8 players but fixed, as learning libraries need.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

from molehaven.core.action_space import ActionSpace
from molehaven.games.mole_park.notation import (
    CHOICES,
    CROWNS,
    DEALS,
    DECLARE_ACTION,
    DISCARDS,
    DRAWS,
    KINGS,
    PASS_ACTION,
    ROLLS,
    TAKES,
    Order,
)


@cache
def action_space(players: int) -> ActionSpace:
    """declare, pass, the four dice, ``discard 1-5``, ``take`` per stand, ``crown`` per seat,
    then every ``order`` by length, then lexicographically."""
    orders = [
        Order(seats)
        for length in range(2, players)
        for seats in permutations(range(players), length)
    ]
    return ActionSpace(
        (DECLARE_ACTION, PASS_ACTION, *CHOICES, *DISCARDS, *TAKES, *CROWNS[:players], *orders)
    )


@cache
def chance_space(players: int) -> ActionSpace:
    """Chance outcomes numbered for OpenSpiel: ``king`` per seat, ``deal 1-5``, ``roll`` x and
    1-6, ``draw 1-5``."""
    return ActionSpace((*KINGS[:players], *DEALS, *ROLLS, *DRAWS))
