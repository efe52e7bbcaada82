"""Mole Hill observation tensor (everything is public, MH-28).

Layout (``layout(2).describe()`` prints offsets): ``me`` (seat one-hot, 2), ``i_am_mole`` (1),
``phase`` (place, rod, move, over), ``round`` (one-hot, 2), ``visited`` (63 squares, 1 if the
path covers it), ``visit_order`` (63: visit number / 22), ``stack`` (63 one-hot), ``rods``
(110 edges), ``jump`` (1), ``pieces_left`` and ``rods_left`` (/22), ``round_scores`` (the
mole's score in round 1 and round 2, /60).
"""

from __future__ import annotations

from functools import cache

from molehaven.core import Observation, Seat
from molehaven.games.mole_hill.data import (
    EDGE_BY_SQUARES,
    EDGE_COUNT,
    PIECES,
    RODS,
    SQUARE_BY_NAME,
    SQUARE_COUNT,
)
from molehaven.games.mole_hill.rules import PHASE_NAMES
from molehaven.rl.encoders.features import Features, FloatArray, Layout, as_int, as_list

SCORE_BOUND = 60


@cache
def layout(players: int) -> Layout:
    return Layout(
        [
            ("me", 2),
            ("i_am_mole", 1),
            ("phase", len(PHASE_NAMES)),
            ("round", 2),
            ("visited", SQUARE_COUNT),
            ("visit_order", SQUARE_COUNT),
            ("stack", SQUARE_COUNT),
            ("rods", EDGE_COUNT),
            ("jump", 1),
            ("pieces_left", 1),
            ("rods_left", 1),
            ("round_scores", 2),
        ]
    )


def _edge(text: str) -> int:
    first, second = text.split()
    return EDGE_BY_SQUARES[(SQUARE_BY_NAME[first], SQUARE_BY_NAME[second])]


def encode(observation: Observation, seat: Seat, players: int) -> FloatArray:
    out = Features(layout(players))
    out.one_hot("me", seat)
    out.set("i_am_mole", 0, float(observation["mole"] == seat))
    out.one_hot("phase", PHASE_NAMES.index(str(observation["phase"])))
    out.one_hot("round", as_int(observation["round"]) - 1)
    for number, name in enumerate(as_list(observation["visited"]), start=1):
        square = SQUARE_BY_NAME[str(name)]
        out.one_hot("visited", square)
        out.set("visit_order", square, number / PIECES)
    stack = observation["stack"]
    out.one_hot("stack", None if stack is None else SQUARE_BY_NAME[str(stack)])
    out.flags("rods", (_edge(str(rod)) for rod in as_list(observation["rods"])))
    out.set("jump", 0, float(bool(observation["jump"])))
    out.scaled("pieces_left", as_int(observation["pieces_left"]), PIECES)
    out.scaled("rods_left", as_int(observation["rods_left"]), RODS)
    out.scaled(
        "round_scores", [as_int(s) for s in as_list(observation["round_scores"])], SCORE_BOUND
    )
    return out.values
