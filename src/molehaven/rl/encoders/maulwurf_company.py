"""Die Maulwurf Company observation tensor (perfect information).

Layout for ``n`` seats: ``me`` (n), ``phase`` (one-hot over the rules' phases), ``layer``
(4), ``rotations`` (4 layers × 6 turns), ``holes`` and ``specials`` (91 points each),
``moles`` (91 points × n owners), ``moles_left`` and ``moles_to_place`` (n, /10),
``face_up`` and ``face_down`` (n seats × 4 disc values, counts /2), ``out`` (n), ``start`` and
``current`` (n), ``value`` (the disc being moved, 4), ``pending`` (discs to keep from, 4 values
/2), ``bonus_move`` (1), ``turns`` (/max_turns).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import cast

from molehaven.core import Observation, Seat
from molehaven.games.maulwurf_company.data import (
    LAYER_COUNT,
    LAYER_NAMES,
    MAX_VALUE,
    POINT_COUNT,
    POINT_NAMES,
    ROTATIONS,
)
from molehaven.games.maulwurf_company.rules import PHASE_NAMES
from molehaven.rl.encoders.features import (
    FloatArray,
    Layout,
    Shares,
    as_dict,
    as_int,
    as_list,
    assemble,
    value_counts,
)

MOLES_BOUND = 10
DISC_BOUND = 2
DISC_VALUES = tuple(str(value) for value in range(1, MAX_VALUE + 1))  # face_down's keys
ZEROS = (0,) * MAX_VALUE  # face_down's count of a value it leaves out


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


@dataclass(frozen=True, slots=True)
class _Tables:
    """Observation words to tensor positions for one player count."""

    layout: Layout
    start: dict[str, int]
    phase: dict[object, int]
    layer: dict[object, int]
    rotations: dict[object, int]  # a layer's first rotation position
    holes: dict[object, int]
    specials: dict[object, int]
    moles: dict[object, int]  # a point's position for owner 0


@cache
def _tables(players: int) -> _Tables:
    lay = layout(players)
    start = lay.start
    return _Tables(
        layout=lay,
        start=start,
        phase=lay.positions("phase", PHASE_NAMES),
        layer=lay.positions("layer", LAYER_NAMES),
        rotations={
            name: start["rotations"] + layer * ROTATIONS for layer, name in enumerate(LAYER_NAMES)
        },
        holes=lay.positions("holes", POINT_NAMES),
        specials=lay.positions("specials", POINT_NAMES),
        moles={name: start["moles"] + point * players for point, name in enumerate(POINT_NAMES)},
    )


def encode(observation: Observation, seat: Seat, players: int) -> FloatArray:
    tables = _tables(players)
    start = tables.start
    get = observation.get
    ones = [start["me"] + seat, tables.phase[get("phase")], tables.layer[get("layer")]]
    for layer, turns in as_dict(get("rotations", {})).items():
        if turns is not None:  # not yet drawn at setup
            ones.append(tables.rotations[layer] + as_int(turns))
    ones += map(tables.holes.__getitem__, as_list(get("holes", [])))
    ones += map(tables.specials.__getitem__, as_list(get("specials", [])))
    moles = tables.moles
    # Owners are seat numbers: a position is an index, so anything else fails loudly later.
    for point, owner in cast(dict[str, int], as_dict(get("moles", {}))).items():
        ones.append(moles[point] + owner)
    out = start["out"]
    ones.extend(out + s for s, gone in enumerate(as_list(get("out"))) if gone)
    for name in ("start", "current"):
        value = get(name)
        if value is not None:
            ones.append(start[name] + as_int(value))
    value = get("value")
    if value is not None:
        ones.append(start["value"] + as_int(value) - 1)
    if get("bonus_move"):
        ones.append(start["bonus_move"])
    shares = Shares()
    shares.extend(start["moles_left"], as_list(get("moles_left")), MOLES_BOUND)
    shares.extend(start["moles_to_place"], as_list(get("moles_to_place")), MOLES_BOUND)
    up: list[int] = []
    for discs in as_list(get("face_up")):
        up += value_counts(as_list(discs), MAX_VALUE)
    shares.extend(start["face_up"], up, DISC_BOUND)
    down: list[object] = []
    for discs in as_list(get("face_down")):
        down += map(as_dict(discs).get, DISC_VALUES, ZEROS)
    shares.extend(start["face_down"], down, DISC_BOUND)
    pending = value_counts(as_list(get("pending", [])), MAX_VALUE)
    shares.extend(start["pending"], pending, DISC_BOUND)
    shares.add(start["turns"], get("turns"), max(as_int(get("max_turns")), 1))
    return assemble(tables.layout.size, ones, shares)
