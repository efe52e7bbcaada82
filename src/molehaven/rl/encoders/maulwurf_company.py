"""Die Maulwurf Company observation tensor (perfect information).

Layout for ``n`` seats: ``me`` (n), ``phase`` (one-hot over the rules' phases), ``layer``
(4), ``rotations`` (4 layers × 6 turns), ``holes`` and ``specials`` (91 points each),
``moles`` (91 points × n owners), ``moles_left`` and ``moles_to_place`` (n, /10),
``face_up`` and ``face_down`` (n seats × 4 disc values, counts /2), ``out`` (n), ``start`` and
``current`` (n), ``value`` (the disc being moved, 4), ``pending`` (discs to keep from, 4 values
/2), ``bonus_move`` (1), ``turns`` (/max_turns).

Two encoders write this tensor: ``encode`` from ``observation(seat)`` (the reference) and
``encode_state`` straight from the state (what the environments use), one byte chunk per
segment, each kept by the value it depends on (``features.Memo``) and the moles chunk patched
from the last one. Everything in this game is public (MC-31), so the fast one cannot leak.
It reads the state's public dataclass fields from here rather than through an accessor in the
game package: the fields are the state's documented plain data, and an accessor would only
copy them. Where the observation asks the rules (``rules.holes``, ``rules.specials``,
``rules.is_out``) the fast encoder asks the same functions; what it computes itself is only
how the observation shows the position (start and current once play begins, moles still to
place while placing). The tests hold the two encoders to the same bytes on seeded random
games.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import cast

from molehaven.core import Observation, Seat, State
from molehaven.games.maulwurf_company import rules
from molehaven.games.maulwurf_company.data import (
    LAYER_COUNT,
    LAYER_NAMES,
    MAX_VALUE,
    MOLES_PER_SEAT,
    POINT_COUNT,
    POINT_NAMES,
    ROTATIONS,
    points_of,
)
from molehaven.games.maulwurf_company.rules import PHASE_NAMES
from molehaven.games.maulwurf_company.state import MaulwurfCompanyState
from molehaven.rl.encoders.features import (
    FLAGS,
    ONE,
    FloatArray,
    Layout,
    Memo,
    Shares,
    as_dict,
    as_int,
    as_list,
    assemble,
    chunk,
    join,
    number,
    numbers,
    one_hots,
    value_counts,
    zeros,
)

MOLES_BOUND = 10
ZERO = zeros(1)  # one float 0, as ``ONE`` is one float 1
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


def encode_state(state: State, seat: Seat, players: int) -> FloatArray:
    """``encode(state.observation(seat), seat, players)``, from the state's fields: one chunk
    per segment (per seat for the discs), in layout order (``features.join``)."""
    game = cast(MaulwurfCompanyState, state)
    chunks = _chunks(players)
    hot = chunks.seat
    phase = game.phase
    moles = game.moles
    left = tuple([mask.bit_count() for mask in moles])
    playing = phase > rules.START  # start and current are shown once play begins
    value = game.value
    return join(
        [
            hot[seat],
            chunks.phase[phase],
            chunks.layer[game.layer],
            _ROTATIONS[game.rotations],
            _POINTS[rules.holes(game)],
            _POINTS[rules.specials(game)],
            chunks.moles.of(moles),
            _MOLES[left],
            _TO_PLACE[left] if phase <= rules.PLACE else chunks.no_seats,
            *map(_FACE_UP.__getitem__, game.face_up),
            *map(_DISCS.__getitem__, game.face_down),
            FLAGS[tuple([rules.is_out(game, s) for s in range(players)])],
            hot[game.start] if playing else chunks.no_seats,
            hot[game.current] if playing else chunks.no_seats,
            chunks.value[value - 1] if value else chunks.no_value,
            _PENDING[game.pending],
            ONE if game.bonus_move else ZERO,
            number(max(game.max_turns, 1))[game.turns],
        ],
        chunks.size,
    )


class _Moles:
    """The ``moles`` chunk (each point's owner, one block of ``players`` seats per point),
    patched from the last one built: a step moves one or two moles of one owner, and a
    per-value cache would miss on nearly every step."""

    __slots__ = ("_last", "players")

    def __init__(self, players: int) -> None:
        self.players = players
        self._last: tuple[tuple[int, ...], bytes | bytearray] = (
            (0,) * players,
            zeros(POINT_COUNT * players),
        )

    def of(self, moles: tuple[int, ...]) -> bytes | bytearray:
        """The chunk of ``moles`` (one point mask per owner); do not modify it."""
        last, data = self._last  # one tuple, so threads never see a torn pair
        if moles == last:
            return data
        if len(moles) != self.players:
            raise ValueError(f"{len(moles)} owners' moles for {self.players} seats")
        buffer = bytearray(data)  # a new buffer: the kept one may be in use elsewhere
        players = self.players
        for owner, (before, now) in enumerate(zip(last, moles, strict=True)):
            changed = before ^ now
            while changed:
                low = changed & -changed
                changed ^= low
                at = 4 * ((low.bit_length() - 1) * players + owner)
                buffer[at : at + 4] = ONE if now & low else ZERO
        self._last = (moles, buffer)
        return buffer


@dataclass(frozen=True, slots=True)
class _Chunks:
    """The fixed chunks of one player count, and its moles chunk."""

    size: int
    seat: tuple[bytes, ...]
    phase: tuple[bytes, ...]
    layer: tuple[bytes, ...]
    value: tuple[bytes, ...]
    no_seats: bytes
    no_value: bytes
    moles: _Moles


@cache
def _chunks(players: int) -> _Chunks:
    return _Chunks(
        size=layout(players).size,
        seat=one_hots(players),
        phase=one_hots(len(PHASE_NAMES)),
        layer=one_hots(LAYER_COUNT),
        value=one_hots(MAX_VALUE),
        no_seats=zeros(players),
        no_value=zeros(MAX_VALUE),
        moles=_Moles(players),
    )


def _rotations(rotations: tuple[int, ...]) -> bytes:
    """Each layer's drawn rotation (-1: not yet drawn at setup)."""
    ones = [layer * ROTATIONS + turns for layer, turns in enumerate(rotations) if turns >= 0]
    return chunk(LAYER_COUNT * ROTATIONS, ones)


def _to_place(left: tuple[int, ...]) -> bytes:
    """Moles still to place per seat while placing (MC-1's count less those placed)."""
    return _MOLES[tuple([MOLES_PER_SEAT[len(left)] - count for count in left])]


def _counts(discs: tuple[int, ...]) -> bytes:
    """Discs counted by value 1 … 4 (a seat's kept discs, the pending ones)."""
    return _DISCS[tuple(value_counts(list(discs), MAX_VALUE))]


_ROTATIONS: Memo[tuple[int, ...]] = Memo(_rotations)
_POINTS: Memo[int] = Memo(lambda mask: chunk(POINT_COUNT, points_of(mask)))  # holes, specials
_MOLES = numbers(MOLES_BOUND)
_TO_PLACE: Memo[tuple[int, ...]] = Memo(_to_place)
_DISCS = numbers(DISC_BOUND)  # a seat's face-down counts by value, as the state keeps them
_FACE_UP: Memo[tuple[int, ...]] = Memo(_counts)
_PENDING: Memo[tuple[int, ...]] = Memo(_counts)
