"""Die Maulwurf Company, weighed per player: a mole in a hole goes down with its layer, a mole
outside one is lost when the layer lifts unless a free hole lies in a straight line within
four points (the largest disc); a player with no moles left is out."""

from __future__ import annotations

from molehaven.agents.evaluation.reading import mapping, sequence
from molehaven.core import Observation

IN_HOLE = 1.0
OUTSIDE = 0.25
LINED_UP = 0.45  # extra for a mole that a single disc could carry into a free hole
REACH = 4
OUT = -3.0


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
    moles = mapping(observation.get("moles"))
    holes = {_point(str(h)) for h in sequence(observation.get("holes"))}
    occupied = {_point(point) for point in moles}
    free_holes = holes - occupied
    values = [0.0] * players
    for point, owner in moles.items():
        if not isinstance(owner, int) or not 0 <= owner < players:
            continue
        where = _point(point)
        if where in holes:
            values[owner] += IN_HOLE
            continue
        values[owner] += OUTSIDE
        if any(_lined_up(where, hole) for hole in free_holes):
            values[owner] += LINED_UP
    for seat, out in enumerate(sequence(observation.get("out"))[:players]):
        if out is True:
            values[seat] = OUT
    return values
