"""Mole Majority's seat actions numbered once (the same 14,279 at every player count).

A move goes between two different spaces (114 × 113); a Cave-In pair uses two different
edges between neighbouring positions (MM-27), so only the 42 caveable edges are paired.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from molehaven.core.action_space import ActionSpace
from molehaven.games.mole_majority.data import EDGE_IS_ADJACENT, SPACE_COUNT
from molehaven.games.mole_majority.notation import (
    ACTION_CARDS,
    BASES,
    BREEDS,
    CARD_DRAWS,
    CONVERT_STACKS,
    CONVERTS,
    DISCARD,
    END,
    HEX_DRAWS,
    HOMES,
    KEEPER_PLAYS,
    PASS,
    PLACES,
    PLAYS,
    ROLLS,
    STACKS,
    TOKEN_DRAWS,
    cave,
    move,
)


@cache
def action_space(players: int) -> ActionSpace:
    """Setup (base, place), START (play, discard, pass), MAIN (stack, move, breed, convert,
    roll, cave, home, end), each in notation order."""
    caveable = [edge for edge, adjacent in enumerate(EDGE_IS_ADJACENT) if adjacent]
    moves = [
        move(source, target)
        for source in range(SPACE_COUNT)
        for target in range(SPACE_COUNT)
        if source != target
    ]
    return ActionSpace(
        (
            *BASES,
            *PLACES,
            *(PLAYS[kind] for kind in ACTION_CARDS),
            *KEEPER_PLAYS.values(),
            DISCARD,
            PASS,
            *STACKS.values(),
            *CONVERT_STACKS,
            *moves,
            *BREEDS,
            *CONVERTS,
            *(roll for pair in ROLLS for roll in pair),
            *(cave(first, second) for first, second in combinations(caveable, 2)),
            *HOMES,
            END,
        )
    )


@cache
def chance_space(players: int) -> ActionSpace:
    """Chance outcomes numbered for OpenSpiel: ``hex 3-6``, ``token 1-3``, ``card`` per kind."""
    return ActionSpace((*HEX_DRAWS.values(), *TOKEN_DRAWS.values(), *CARD_DRAWS))
