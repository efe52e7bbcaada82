"""Mole Majority observation tensor (own hand and Home Tokens; others' hidden).

Layout for ``n`` seats: ``me`` (n), ``phase`` (one-hot over the rules' phases), ``active``
and ``placing`` (n each), ``turn`` (/turn_limit), ``hex_value`` (19 positions × values 3-6),
``spaces`` (114 spaces × n owners), ``claim``, ``last_entrant``, ``home_base`` (19 × n each),
``token`` (19 × [none, hidden, 1, 2, 3]), ``cave_ins`` (171 position pairs), ``pile`` (hex
tiles left by value, /6), ``pending_hex`` (4), ``pool`` (/24), ``hand`` (own cards by kind,
/5), ``my_home_tokens`` (by value, /3), per seat ``moles`` (/30), ``moles_on_board`` (/30),
``claims`` (/10), ``seat_cave_ins`` (/4), ``hand_size`` (/5), ``deck_size`` (/20),
``discard`` (n × 8 kinds, /6), ``home_tokens`` (/4), ``eliminated``; the turn's ``action``,
``number`` (8 kinds each), ``stacked`` (6 stack kinds), ``steps`` (/4), ``bonus`` (/3),
``converts`` (/2), ``draws_left`` (/4), ``roll_number`` (/4), ``roll_done``, ``roll`` and
``effect`` (each one of none, available, done, forfeited: a bonus breed forfeits an unused
roll or effect, MM-24) and ``scores`` (/20).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from typing import cast

from molehaven.core import Observation, Seat
from molehaven.games.mole_majority.data import (
    CARD_NAMES,
    EDGES,
    HEX_VALUES,
    KINDS,
    LABELS,
    POSITIONS,
    SLOTS,
    TOKEN_VALUES,
)
from molehaven.games.mole_majority.phases import PHASE_NAMES
from molehaven.rl.encoders.features import (
    FloatArray,
    LastPart,
    Layout,
    Shares,
    as_dict,
    as_int,
    as_list,
    assemble,
)

TOKENS = ("none", "hidden", *(str(v) for v in TOKEN_VALUES))
# The observation's token words: a face-up token shows its value, an int (MM-45).
TOKEN_WORDS: tuple[object, ...] = ("none", "hidden", *TOKEN_VALUES)
STACKED = (
    "stack twoplus",
    "stack keeper1",
    "stack keeper2",
    "stack convert step",
    "stack convert roll",
    "stack convert repeat",
)
# The Groundskeeper's roll and the Cave-In / Make A Home effect share these words.
EFFECTS = ("none", "available", "done", "forfeited")
PER_SEAT = (
    ("moles", 30),
    ("moles_on_board", 30),
    ("claims", 10),
    ("cave_ins", 4),
    ("hand_size", 5),
    ("deck_size", 20),
    ("home_tokens", 4),
)
COUNTS = (("steps", 4), ("bonus", 3), ("converts", 2), ("draws_left", 4))
CAVE_IN_NAMES = tuple(f"{LABELS[first]}-{LABELS[second]}" for first, second in EDGES)


@cache
def layout(players: int) -> Layout:
    n = players
    return Layout(
        [
            ("me", n),
            ("phase", len(PHASE_NAMES)),
            ("active", n),
            ("placing", n),
            ("turn", 1),
            ("hex_value", POSITIONS * len(HEX_VALUES)),
            ("spaces", POSITIONS * SLOTS * n),
            ("claim", POSITIONS * n),
            ("last_entrant", POSITIONS * n),
            ("home_base", POSITIONS * n),
            ("token", POSITIONS * len(TOKENS)),
            ("cave_ins", len(EDGES)),
            ("pile", len(HEX_VALUES)),
            ("pending_hex", len(HEX_VALUES)),
            ("pool", 1),
            ("hand", KINDS),
            ("my_home_tokens", len(TOKEN_VALUES)),
            *((f"seat_{name}", n) for name, _ in PER_SEAT),
            ("discard", n * KINDS),
            ("eliminated", n),
            ("action", KINDS),
            ("number", KINDS),
            ("stacked", len(STACKED)),
            *((name, 1) for name, _ in COUNTS),
            ("roll_number", 1),
            ("roll_done", 1),
            ("roll", len(EFFECTS)),
            ("effect", len(EFFECTS)),
            ("scores", n),
        ]
    )


@dataclass(frozen=True, slots=True)
class _Tables:
    """Observation words to tensor positions for one player count."""

    layout: Layout
    start: dict[str, int]
    phase: dict[object, int]
    hexes: dict[str, int]  # a position label to its index
    hex_value: dict[object, int]  # hex value to its position in block 0 (+ 4 per position)
    token: dict[object, int]  # token word to its position in block 0 (+ 5 per position)
    cave_ins: dict[object, int]
    pile: tuple[str, ...]
    pending_hex: dict[object, int]
    hand: dict[object, int]
    my_home_tokens: dict[object, int]
    discard: list[dict[object, int]]  # per seat: a card name to its position
    action: dict[object, int]
    number: dict[object, int]
    stacked: dict[object, int]
    roll: dict[object, int]
    effect: dict[object, int]
    board: LastPart[list[int]]


@cache
def _tables(players: int) -> _Tables:
    lay = layout(players)
    return _Tables(
        layout=lay,
        start=lay.start,
        phase=lay.positions("phase", PHASE_NAMES),
        hexes={label: position for position, label in enumerate(LABELS)},
        hex_value=lay.positions("hex_value", HEX_VALUES),
        token=lay.positions("token", TOKEN_WORDS),
        cave_ins=lay.positions("cave_ins", CAVE_IN_NAMES),
        pile=tuple(str(value) for value in HEX_VALUES),
        pending_hex=lay.positions("pending_hex", HEX_VALUES),
        hand=lay.positions("hand", CARD_NAMES),
        my_home_tokens=lay.positions("my_home_tokens", TOKEN_VALUES),
        discard=lay.blocks("discard", CARD_NAMES, players),
        action=lay.positions("action", CARD_NAMES),
        number=lay.positions("number", CARD_NAMES),
        stacked=lay.positions("stacked", STACKED),
        roll=lay.positions("roll", EFFECTS),
        effect=lay.positions("effect", EFFECTS),
        board=LastPart(partial(_board, players)),
    )


def encode(observation: Observation, seat: Seat, players: int) -> FloatArray:
    tables = _tables(players)
    start = tables.start
    get = observation.get
    ones = [start["me"] + seat, tables.phase[get("phase")]]
    for name in ("active", "placing"):
        value = get(name)
        if value is not None:
            ones.append(start[name] + as_int(value))
    ones += tables.board.of(get("board"))
    ones += map(tables.cave_ins.__getitem__, as_list(get("cave_ins")))
    pending = get("pending_hex")
    if pending is not None:
        ones.append(tables.pending_hex[pending])
    eliminated = start["eliminated"]
    seats = [as_dict(entry) for entry in as_list(get("seats"))]
    ones.extend(eliminated + index for index, entry in enumerate(seats) if entry["eliminated"])
    current = as_dict(get("current"))
    for key, table in (("action", tables.action), ("number", tables.number)):
        card = current[key]
        if card is not None:
            ones.append(table[card])
    ones += map(tables.stacked.__getitem__, as_list(current["stacked"]))
    if current["roll_done"]:
        ones.append(start["roll_done"])
    ones.append(tables.roll[current["roll"]])
    ones.append(tables.effect[current["effect"]])
    shares = Shares()
    shares.add(start["turn"], get("turn"), max(as_int(get("turn_limit")), 1))
    pile = as_dict(get("pile"))
    shares.extend(start["pile"], [pile.get(value, 0) for value in tables.pile], 6)
    shares.add(start["pool"], get("pool"), 24)
    _count(shares, tables.hand, as_list(get("hand", [])), 5)
    _count(shares, tables.my_home_tokens, as_list(get("my_home_tokens", [])), 3)
    for name, bound in PER_SEAT:
        shares.extend(start[f"seat_{name}"], [s[name] for s in seats], bound)
    for index, entry in enumerate(seats):
        _count(shares, tables.discard[index], as_list(entry["discard"]), 6)
    for name, bound in COUNTS:
        shares.add(start[name], current[name], bound)
    shares.add(start["roll_number"], current["roll_number"] or 0, 4)
    shares.extend(start["scores"], as_list(get("scores")), 20)
    return assemble(tables.layout.size, ones, shares)


def _board(players: int, board: object) -> list[int]:
    """The positions of the board's ones: hex values, spaces' owners, claims, last entrants,
    home bases and tokens."""
    tables = _tables(players)
    start, n = tables.start, players
    hex_values, tokens, hexes = tables.hex_value, tables.token, tables.hexes
    spaces, claim = start["spaces"], start["claim"]
    last_entrant, home_base = start["last_entrant"], start["home_base"]
    hex_width, token_width = len(HEX_VALUES), len(TOKENS)
    ones: list[int] = []
    for label, raw in as_dict(board).items():
        hex_ = as_dict(raw)
        position = hexes[label]
        ones.append(hex_values[hex_["value"]] + position * hex_width)
        first_space = spaces + position * SLOTS * n
        # Owners are seat numbers: a position is an index, so anything else fails loudly later.
        for slot, space in enumerate(cast(list[int | None], as_list(hex_["spaces"]))):
            if space is not None:
                ones.append(first_space + slot * n + space)
        for first, key in ((claim, "claim"), (last_entrant, "last_entrant")):
            owner = hex_[key]
            if owner is not None:
                ones.append(first + position * n + as_int(owner))
        owner = hex_["home_base_of"]
        if owner is not None:
            ones.append(home_base + position * n + as_int(owner))
        ones.append(tokens[hex_["token"]] + position * token_width)
    return ones


def _count(shares: Shares, positions: dict[object, int], names: list[object], bound: float) -> None:
    """How many of each name there are, divided by ``bound``, at the names' positions."""
    counts: dict[int, int] = {}
    for name in names:
        position = positions[name]
        counts[position] = counts.get(position, 0) + 1
    for position, count in counts.items():
        shares.add(position, count, bound)
