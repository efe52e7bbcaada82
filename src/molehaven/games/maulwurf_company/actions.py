"""Die Maulwurf Company's seat actions numbered once (643 at every player count).

Turning a disc (``flip``) is chance, so it has no index; ``keep`` only occurs in tournament
games but is numbered always, so the space does not depend on options.
"""

from __future__ import annotations

from functools import cache

from molehaven.core.action_space import ActionSpace
from molehaven.games.maulwurf_company.notation import BONUS, DECLINE, KEEPS, MOVES, PLACES


@cache
def action_space(players: int) -> ActionSpace:
    """``place`` per point, ``keep 1-4``, ``move`` per point and direction, bonus, decline."""
    moves = [move for per_point in MOVES for move in per_point]
    return ActionSpace((*PLACES, *KEEPS[1:], *moves, BONUS, DECLINE))
