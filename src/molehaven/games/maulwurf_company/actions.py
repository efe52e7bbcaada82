"""Die Maulwurf Company's seat actions numbered once (643 at every player count).

Turning a disc (``flip``) is chance, so it has no index; ``keep`` only occurs in tournament
games but is numbered always, so the space does not depend on options.
"""

from __future__ import annotations

from functools import cache

from molehaven.core.action_space import ActionSpace
from molehaven.games.maulwurf_company.notation import (
    BONUS,
    DECLINE,
    FLIPS,
    KEEPS,
    MOVES,
    PLACES,
    ROTATES,
    STARTS,
)


@cache
def action_space(players: int) -> ActionSpace:
    """``place`` per point, ``keep 1-4``, ``move`` per point and direction, bonus, decline."""
    moves = [move for per_point in MOVES for move in per_point]
    return ActionSpace((*PLACES, *KEEPS[1:], *moves, BONUS, DECLINE))


@cache
def chance_space(players: int) -> ActionSpace:
    """Chance outcomes numbered for OpenSpiel: ``rotate`` per layer and turn, ``start`` per
    seat, ``flip 1-4``."""
    rotates = [rotate for per_layer in ROTATES for rotate in per_layer]
    return ActionSpace((*rotates, *STARTS[:players], *FLIPS[1:]))
