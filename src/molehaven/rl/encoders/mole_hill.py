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
    EDGE_COUNT,
    EDGE_NAMES,
    PIECES,
    RODS,
    SQUARE_COUNT,
    SQUARE_NAMES,
)
from molehaven.games.mole_hill.rules import PHASE_NAMES
from molehaven.rl.encoders.features import FloatArray, Layout, Shares, as_int, as_list, assemble

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


# Mole Hill always has two seats, so its tables are built once.
_LAYOUT = layout(2)
_START = _LAYOUT.start
_ME, _MOLE, _ROUND, _JUMP = _START["me"], _START["i_am_mole"], _START["round"], _START["jump"]
_PIECES_LEFT, _RODS_LEFT = _START["pieces_left"], _START["rods_left"]
_SCORES = _START["round_scores"]
_PHASE = _LAYOUT.positions("phase", PHASE_NAMES)
_VISITED = _LAYOUT.positions("visited", SQUARE_NAMES)
_VISIT_ORDER = _LAYOUT.positions("visit_order", SQUARE_NAMES)
_STACK = _LAYOUT.positions("stack", SQUARE_NAMES)
_RODS = _LAYOUT.positions("rods", EDGE_NAMES)
# The n-th visited square's ``visit_order`` value, n = 1 … 63.
_ORDER_VALUES = tuple(number / PIECES for number in range(1, SQUARE_COUNT + 1))


def encode(observation: Observation, seat: Seat, players: int) -> FloatArray:
    visited = as_list(observation["visited"])
    ones = [_ME + seat, _PHASE[observation["phase"]], _ROUND + as_int(observation["round"]) - 1]
    ones += map(_VISITED.__getitem__, visited)
    ones += map(_RODS.__getitem__, as_list(observation["rods"]))
    stack = observation["stack"]
    if stack is not None:
        ones.append(_STACK[stack])
    if observation["mole"] == seat:
        ones.append(_MOLE)
    if observation["jump"]:
        ones.append(_JUMP)
    shares = Shares()
    shares.positions += map(_VISIT_ORDER.__getitem__, visited)
    shares.values += _ORDER_VALUES[: len(visited)]
    shares.add(_PIECES_LEFT, observation["pieces_left"], PIECES)
    shares.add(_RODS_LEFT, observation["rods_left"], RODS)
    shares.extend(_SCORES, as_list(observation["round_scores"]), SCORE_BOUND)
    return assemble(_LAYOUT.size, ones, shares)
