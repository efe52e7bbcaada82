"""Die Maulwurf Company observation tensor (perfect information).

Layout for ``n`` seats: ``me`` (n), ``phase`` (one-hot over the rules' phases), ``layer``
(4), ``rotations`` (4 layers × 6 turns), ``holes`` and ``specials`` (91 points each),
``moles`` (91 points × n owners), ``moles_left`` and ``moles_to_place`` (n, /10),
``face_up`` and ``face_down`` (n seats × 4 disc values, counts /2), ``out`` (n), ``start`` and
``current`` (n), ``value`` (the disc being moved, 4), ``pending`` (discs to keep from, 4 values
/2), ``bonus_move`` (1), ``turns`` (/max_turns).
"""

from __future__ import annotations

from functools import cache

from molehaven.core import Observation, Seat
from molehaven.games.maulwurf_company.data import (
    LAYER_BY_NAME,
    LAYER_COUNT,
    MAX_VALUE,
    POINT_BY_NAME,
    POINT_COUNT,
    ROTATIONS,
)
from molehaven.games.maulwurf_company.rules import PHASE_NAMES
from molehaven.rl.encoders.features import Features, FloatArray, Layout, as_dict, as_int, as_list

MOLES_BOUND = 10
DISC_BOUND = 2


@cache
def layout(players: int) -> Layout:
    n = players
    return Layout(
        [
            ("me", n),
            ("phase", len(PHASE_NAMES)),
            ("layer", LAYER_COUNT),
            ("rotations", LAYER_COUNT * ROTATIONS),
            ("holes", POINT_COUNT),
            ("specials", POINT_COUNT),
            ("moles", POINT_COUNT * n),
            ("moles_left", n),
            ("moles_to_place", n),
            ("face_up", n * MAX_VALUE),
            ("face_down", n * MAX_VALUE),
            ("out", n),
            ("start", n),
            ("current", n),
            ("value", MAX_VALUE),
            ("pending", MAX_VALUE),
            ("bonus_move", 1),
            ("turns", 1),
        ]
    )


def _counts(values: list[object]) -> list[float]:
    counts = [0.0] * MAX_VALUE
    for value in values:
        counts[as_int(value) - 1] += 1
    return counts


def encode(observation: Observation, seat: Seat, players: int) -> FloatArray:
    out = Features(layout(players))
    get = observation.get
    out.one_hot("me", seat)
    out.one_hot("phase", PHASE_NAMES.index(str(get("phase"))))
    out.one_hot("layer", LAYER_BY_NAME[str(get("layer"))])
    for layer, turns in as_dict(get("rotations", {})).items():
        if turns is not None:  # not yet drawn at setup
            out.one_hot("rotations", as_int(turns), at=LAYER_BY_NAME[layer], width=ROTATIONS)
    out.flags("holes", (POINT_BY_NAME[str(p)] for p in as_list(get("holes", []))))
    out.flags("specials", (POINT_BY_NAME[str(p)] for p in as_list(get("specials", []))))
    for point, owner in as_dict(get("moles", {})).items():
        out.one_hot("moles", as_int(owner), at=POINT_BY_NAME[point], width=players)
    out.scaled("moles_left", [as_int(m) for m in as_list(get("moles_left"))], MOLES_BOUND)
    out.scaled("moles_to_place", [as_int(m) for m in as_list(get("moles_to_place"))], MOLES_BOUND)
    up: list[float] = []
    down: list[float] = []
    for discs in as_list(get("face_up")):
        up.extend(_counts(as_list(discs)))
    for discs in as_list(get("face_down")):
        counts = as_dict(discs)
        down.extend(float(as_int(counts.get(str(v), 0))) for v in range(1, MAX_VALUE + 1))
    out.scaled("face_up", up, DISC_BOUND)
    out.scaled("face_down", down, DISC_BOUND)
    out.flags("out", (s for s, gone in enumerate(as_list(get("out"))) if gone))
    for name in ("start", "current"):
        value = get(name)
        out.one_hot(name, None if value is None else as_int(value))
    value = get("value")
    out.one_hot("value", None if value is None else as_int(value) - 1)
    out.scaled("pending", _counts(as_list(get("pending", []))), DISC_BOUND)
    out.set("bonus_move", 0, float(bool(get("bonus_move"))))
    out.scaled("turns", as_int(get("turns")), max(as_int(get("max_turns")), 1))
    return out.values
