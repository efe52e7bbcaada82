"""Die Maulwurf Company, weighed per player as a share of the moles' worth on the table.

A mole is worth more the deeper it is (each layer lets fewer moles through). A mole in a hole
will drop to the next layer, so it is worth most of a mole there; a mole outside a hole is lost
when the layer lifts, unless a free hole lies in a straight line within four points (the
largest disc). Strengths are logarithms, so the win estimate is each player's share of the
worth; a player who is out has none. Valuing the drop this way makes filling the last hole of
a layer worth doing, where counting moles alone would stall the game.
"""

from __future__ import annotations

import math

from molehaven.agents.evaluation.reading import mapping, sequence
from molehaven.core import Observation

LAYERS = ("green", "red", "brown", "blue")
DEPTH_WORTH = (1.0, 3.0, 9.0, 27.0)  # 13 moles reach red, 8 brown, 3 blue
IN_HOLE = 0.8  # of a mole one layer down
OUTSIDE = 0.2
LINED_UP = 0.3  # extra for a mole that a single disc could carry into a free hole
REACH = 4
FLOOR = 0.01  # the worth of a player with nothing left


def _point(text: str) -> tuple[int, int]:
    """``+2-1`` → (2, -1)."""
    split = max(text.rfind("+"), text.rfind("-"))
    return int(text[:split]), int(text[split:])


def _lined_up(mole: tuple[int, int], hole: tuple[int, int]) -> bool:
    dq, dr = hole[0] - mole[0], hole[1] - mole[1]
    if dq == 0 or dr == 0 or dq == -dr:
        return 0 < max(abs(dq), abs(dr)) <= REACH
    return False


def strengths(observation: Observation, players: int) -> list[float]:
    layer = observation.get("layer")
    depth = LAYERS.index(layer) if layer in LAYERS else 0
    here = DEPTH_WORTH[depth]
    below = DEPTH_WORTH[min(depth + 1, len(DEPTH_WORTH) - 1)]
    moles = mapping(observation.get("moles"))
    holes = {_point(str(h)) for h in sequence(observation.get("holes"))}
    free_holes = holes - {_point(point) for point in moles}
    worth = [FLOOR] * players
    for point, owner in moles.items():
        if not isinstance(owner, int) or not 0 <= owner < players:
            continue
        where = _point(point)
        if where in holes:
            worth[owner] += IN_HOLE * below
            continue
        worth[owner] += OUTSIDE * here
        if any(_lined_up(where, hole) for hole in free_holes):
            worth[owner] += LINED_UP * here
    for seat, out in enumerate(sequence(observation.get("out"))[:players]):
        if out is True:
            worth[seat] = FLOOR
    return [math.log(value) for value in worth]
