"""Mole Hill observation tensor (everything is public, MH-28).

Layout (``layout(2).describe()`` prints offsets): ``me`` (seat one-hot, 2), ``i_am_mole`` (1),
``phase`` (place, rod, move, over), ``round`` (one-hot, 2), ``visited`` (63 squares, 1 if the
path covers it), ``visit_order`` (63: visit number / 22), ``stack`` (63 one-hot), ``rods``
(110 edges), ``jump`` (1), ``pieces_left`` and ``rods_left`` (/22), ``round_scores`` (the
mole's score in round 1 and round 2, /60).

Two encoders write this tensor: ``encode`` from ``observation(seat)`` (the reference) and
``encode_state`` straight from the state's public fields (everything is public, MH-28), held
to the same bytes by the tests.
"""

from __future__ import annotations

from functools import cache
from typing import cast

from molehaven.core import Observation, Seat, State
from molehaven.games.mole_hill.data import (
    EDGE_COUNT,
    EDGE_NAMES,
    PIECES,
    RODS,
    SQUARE_COUNT,
    SQUARE_NAMES,
)
from molehaven.games.mole_hill.rules import PHASE_NAMES
from molehaven.games.mole_hill.state import MoleHillState
from molehaven.rl.encoders.features import (
    ONE,
    FloatArray,
    Grown,
    Layout,
    Memo,
    Shares,
    as_int,
    as_list,
    assemble,
    chunk,
    join,
    numbers_chunk,
    one_hots,
    zeros,
)

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


# --------------------------------------------------------------- the fast encoder (state)


def encode_state(state: State, seat: Seat, players: int) -> FloatArray:
    """``encode(state.observation(seat), seat, players)``, from the state's fields: byte
    chunks in layout order (``features.join``); the path's and the rods' chunks are kept
    while the state holds the same tuples and patched when one grew by an item."""
    game = cast(MoleHillState, state)
    path, rods = game.path, game.rod_order
    return join(
        [
            _SEAT[seat],
            ONE if game.mole == seat else ZERO,
            _PHASE_HOT[game.phase],
            _ROUND_HOT[game.round - 1],
            _PATH.of(path),  # visited, visit_order, stack
            _RODS_LAID.of(rods),
            ONE if game.jump else ZERO,
            _LEFT[(len(path), len(rods), game.round_scores)],  # pieces, rods, round scores
        ],
        _LAYOUT.size,
    )


def _patch_path(buffer: bytearray, path: tuple[int, ...]) -> None:
    """A placement or move: the new square is visited, numbered and the stack."""
    square = path[-1]
    at = 4 * (_VISITED_AT + square)
    buffer[at : at + 4] = ONE
    at = 4 * (_ORDER_AT + square)
    buffer[at : at + 4] = _ORDER_BYTES[len(path) - 1]
    if len(path) > 1:
        at = 4 * (_STACK_AT + path[-2])
        buffer[at : at + 4] = ZERO
    at = 4 * (_STACK_AT + square)
    buffer[at : at + 4] = ONE


def _patch_rods(buffer: bytearray, rods: tuple[int, ...]) -> None:
    """A rod laid: its edge is set."""
    at = 4 * rods[-1]
    buffer[at : at + 4] = ONE


def _path_chunk(path: tuple[int, ...]) -> bytes:
    ones = [_VISITED_AT + square for square in path]
    if path:
        ones.append(_STACK_AT + path[-1])
    numbers = [
        (_ORDER_AT + square, value) for square, value in zip(path, _ORDER_VALUES, strict=False)
    ]
    return chunk(3 * SQUARE_COUNT, ones, numbers)


def _left(key: tuple[int, int, tuple[int, ...]]) -> bytes:
    """pieces_left and rods_left, then the round scores."""
    pieces, rods, scores = key
    return numbers_chunk(((PIECES - pieces) / PIECES, (RODS - rods) / RODS), 1) + (
        numbers_chunk(scores, SCORE_BOUND).ljust(4 * 2, b"\0")
    )


_SEAT = one_hots(2)
ZERO = zeros(1)
_PHASE_HOT = one_hots(len(PHASE_NAMES))
_ROUND_HOT = one_hots(2)
_VISITED_AT = 0
_ORDER_AT = SQUARE_COUNT
_STACK_AT = 2 * SQUARE_COUNT
# The n-th visit's visit_order value as a chunk, as assemble writes it (clipped).
_ORDER_BYTES = tuple(chunk(1, (), [(0, value)]) for value in _ORDER_VALUES)
# visited, visit_order and the stack; the rods. A path or the rods grow by one square or one
# edge a turn, so each chunk is patched from the last (``features.Grown``).
_PATH = Grown(_path_chunk, _patch_path)
_RODS_LAID = Grown(lambda rods: chunk(EDGE_COUNT, rods), _patch_rods)
_LEFT: Memo[tuple[int, int, tuple[int, ...]]] = Memo(_left)
