"""Mole Park observation tensor (a seat's own hand; others' hands and dice choices hidden).

Layout for ``n`` seats: ``me`` (n), ``step`` (one-hot over the rules' steps), ``king`` (n),
``round`` (/round_limit), ``holes`` (5 sizes /20), ``deck`` and ``discard`` (/104),
``stands`` (6 × [face up, face-down count /10]), ``hand`` (own moles by value 1-5, /10), then
per seat: ``hand_sizes`` (/10), ``prize_stars`` (/100), ``prizes`` (n × 6 stands),
``may_declare``, ``declared`` (n each), ``die`` (n × [glove, pan, mallet, prize, chosen,
not yet]), ``roll`` (n × [x, 1-6]), ``laid_down`` (n × 5 values /10), ``total`` (/60),
``last_die`` and ``last_roll`` (the previous round's public dice, n × 4 and n × 7),
``draft`` ([total /60, king picks last] and pickers n), ``showdown`` (n competitors and n
totals /60), ``finalists`` (n), ``scores`` (/100).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial

from molehaven.core import Observation, Seat
from molehaven.games.mole_park.data import DIE_NAMES, FULL_DECK, HOLES, STAND_KEYS, STANDS
from molehaven.games.mole_park.rules import PHASE_NAMES
from molehaven.rl.encoders.features import (
    FloatArray,
    LastPart,
    Layout,
    Shares,
    as_dict,
    as_int,
    as_list,
    assemble,
    value_counts,
)

DIE_SEEN = (*DIE_NAMES, "chosen", "not yet")
FACES = ("x", "1", "2", "3", "4", "5", "6")
VALUES = 5
DECK = sum(FULL_DECK)
HAND_BOUND, HOLE_BOUND, TOTAL_BOUND, SCORE_BOUND, STAND_BOUND = 10, 20, 60, 100, 10


@cache
def layout(players: int) -> Layout:
    n = players
    return Layout(
        [
            ("me", n),
            ("step", len(PHASE_NAMES)),
            ("king", n),
            ("round", 1),
            ("holes", HOLES),
            ("deck", 1),
            ("discard", 1),
            ("stands", STANDS * 2),
            ("hand", VALUES),
            ("hand_sizes", n),
            ("prize_stars", n),
            ("prizes", n * STANDS),
            ("may_declare", n),
            ("declared", n),
            ("die", n * len(DIE_SEEN)),
            ("roll", n * len(FACES)),
            ("laid_down", n * VALUES),
            ("total", n),
            ("last_die", n * len(DIE_NAMES)),
            ("last_roll", n * len(FACES)),
            ("draft", 2),
            ("pickers", n),
            ("competitors", n),
            ("showdown_totals", n),
            ("finalists", n),
            ("scores", n),
        ]
    )


@dataclass(frozen=True, slots=True)
class _Tables:
    """Observation words to tensor positions for one player count (per seat: a list)."""

    layout: Layout
    start: dict[str, int]
    step: dict[object, int]
    stands: dict[str, int]  # a stand's face-up position; its face-down count follows
    prizes: list[dict[object, int]]
    die: list[dict[object, int]]
    roll: list[dict[object, int]]
    last_die: list[dict[object, int]]
    last_roll: list[dict[object, int]]
    seats: list[LastPart[_SeatPart]]  # per seat: its entry's positions, kept while equal


# A seat entry's ones, and its scaled numbers' positions and values.
_SeatPart = tuple[list[int], list[int], list[float]]


@cache
def _tables(players: int) -> _Tables:
    lay = layout(players)
    start = lay.start
    return _Tables(
        layout=lay,
        start=start,
        step=lay.positions("step", PHASE_NAMES),
        stands={key: start["stands"] + 2 * index for index, key in enumerate(STAND_KEYS)},
        prizes=lay.blocks("prizes", STAND_KEYS, players),
        die=lay.blocks("die", DIE_SEEN, players),
        roll=lay.blocks("roll", FACES, players),
        last_die=lay.blocks("last_die", DIE_NAMES, players),
        last_roll=lay.blocks("last_roll", FACES, players),
        seats=[LastPart(partial(_seat, players, index)) for index in range(players)],
    )


def encode(observation: Observation, seat: Seat, players: int) -> FloatArray:
    tables = _tables(players)
    start = tables.start
    get = observation.get
    ones = [start["me"] + seat, tables.step[get("step")]]
    king = get("king")
    if king is not None:
        ones.append(start["king"] + as_int(king))
    shares = Shares()
    positions, values = shares.positions, shares.values
    for part, raw in zip(tables.seats, as_list(get("seats")), strict=True):
        seat_ones, seat_positions, seat_values = part.of(raw)
        ones += seat_ones
        positions += seat_positions
        values += seat_values
    for index, raw in enumerate(as_list(get("last_round_dice", []))):
        last = as_dict(raw)
        die, roll = last["die"], last["roll"]
        if die is not None:
            ones.append(tables.last_die[index][die])
        if roll is not None:
            ones.append(tables.last_roll[index][roll])
    draft = get("draft")
    if draft is not None:
        entry = as_dict(draft)
        shares.add(start["draft"], entry["total"], TOTAL_BOUND)
        if entry["king_picks_last"]:
            ones.append(start["draft"] + 1)
        pickers = start["pickers"]
        ones.extend(pickers + as_int(p) for p in as_list(entry["pickers"]))
    showdown_totals = start["showdown_totals"]
    for raw in as_list(get("showdown") or []):
        entry = as_dict(raw)
        competitor = as_int(entry["seat"])
        ones.append(start["competitors"] + competitor)
        shares.add(showdown_totals + competitor, entry["total"] or 0, TOTAL_BOUND)
    finalists = start["finalists"]
    ones.extend(finalists + as_int(s) for s in as_list(get("finalists") or []))
    shares.add(start["round"], get("round"), max(as_int(get("round_limit")), 1))
    shares.extend(start["holes"], as_list(get("holes")), HOLE_BOUND)
    shares.add(start["deck"], get("deck"), DECK)
    shares.add(start["discard"], get("discard"), DECK)
    stands = tables.stands
    for key, raw in as_dict(get("stands")).items():
        stand = as_dict(raw)
        position = stands[key]
        if stand["face_up"]:
            ones.append(position)
        shares.add(position + 1, stand["face_down"], STAND_BOUND)
    shares.extend(start["hand"], value_counts(as_list(get("hand", [])), VALUES), HAND_BOUND)
    shares.extend(start["scores"], as_list(get("scores")), SCORE_BOUND)
    return assemble(tables.layout.size, ones, shares)


def _seat(players: int, index: int, raw: object) -> _SeatPart:
    """Seat ``index``'s entry: prizes, declarations, die and roll, laid-down moles, hand size,
    prize stars and total."""
    tables = _tables(players)
    start = tables.start
    entry = as_dict(raw)
    ones = list(map(tables.prizes[index].__getitem__, as_list(entry["prizes"])))
    if entry["may_declare"]:
        ones.append(start["may_declare"] + index)
    if entry["declared"]:
        ones.append(start["declared"] + index)
    die, roll = entry["die"], entry["roll"]
    if die is not None:
        ones.append(tables.die[index][die])
    if roll is not None:
        ones.append(tables.roll[index][roll])
    shares = Shares()
    laid = entry["laid_down"]
    if laid is not None:
        position = start["laid_down"] + index * VALUES
        shares.extend(position, value_counts(as_list(laid), VALUES), HAND_BOUND)
    shares.add(start["hand_sizes"] + index, entry["hand_size"], HAND_BOUND)
    shares.add(start["prize_stars"] + index, entry["prize_stars"], SCORE_BOUND)
    shares.add(start["total"] + index, entry["total"] or 0, TOTAL_BOUND)
    return ones, shares.positions, shares.values
