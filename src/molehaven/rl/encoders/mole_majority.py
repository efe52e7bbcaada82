"""Mole Majority observation tensor (own hand and Home Tokens; others' hidden).

Layout for ``n`` seats: ``me`` (n), ``phase`` (one-hot over the rules' phases), ``active``
and ``placing`` (n each), ``turn`` (/turn_limit), ``hex_value`` (19 positions × values 3-6),
``spaces`` (114 spaces × n owners), ``claim``, ``last_entrant``, ``home_base`` (19 × n each),
``token`` (19 × [none, hidden, 1, 2, 3]), ``cave_ins`` (171 position pairs), ``pile`` (hex
tiles left by value, /6), ``pending_hex`` (4), ``pool`` (/24), ``hand`` (own cards by kind,
/5), ``my_home_tokens`` (by value, /3), per seat ``moles`` (/30), ``moles_on_board`` (/30),
``claims`` (/10), ``seat_cave_ins`` (/4), ``hand_size`` (/5), ``deck_size`` (/20),
``discard`` (n × 8 kinds, /6), ``home_tokens`` (/4), ``eliminated``; the turn's ``action``,
``number`` (8 kinds each), ``stacked`` (5 stack kinds), ``steps`` (/4), ``bonus`` (/3),
``converts`` (/2), ``roll_number`` (/4), ``roll_done``, ``effect`` (none, available, done),
``draws_left`` (/4) and ``scores`` (/20).
"""

from __future__ import annotations

from functools import cache

from molehaven.core import Observation, Seat
from molehaven.games.mole_majority.data import (
    CARD_NAMES,
    EDGE_BY_PAIR,
    EDGES,
    HEX_VALUES,
    KINDS,
    POSITION_BY_LABEL,
    POSITIONS,
    SLOTS,
    TOKEN_VALUES,
)
from molehaven.games.mole_majority.phases import PHASE_NAMES
from molehaven.rl.encoders.features import Features, FloatArray, Layout, as_dict, as_int, as_list

TOKENS = ("none", "hidden", *(str(v) for v in TOKEN_VALUES))
STACKED = (
    "stack twoplus",
    "stack keeper1",
    "stack keeper2",
    "stack convert step",
    "stack convert roll",
    "stack convert repeat",
)
EFFECTS = ("none", "available", "done")
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
            ("effect", len(EFFECTS)),
            ("scores", n),
        ]
    )


def _seat_or_none(value: object) -> int | None:
    return None if value is None else as_int(value)


def _kind_counts(names: list[object], bound: float) -> list[float]:
    counts = [0.0] * KINDS
    for name in names:
        counts[CARD_NAMES.index(str(name))] += 1 / bound
    return counts


def encode(observation: Observation, seat: Seat, players: int) -> FloatArray:
    out = Features(layout(players))
    get = observation.get
    n = players
    out.one_hot("me", seat)
    out.one_hot("phase", PHASE_NAMES.index(str(get("phase"))))
    out.one_hot("active", _seat_or_none(get("active")))
    out.one_hot("placing", _seat_or_none(get("placing")))
    out.scaled("turn", as_int(get("turn")), max(as_int(get("turn_limit")), 1))
    for label, raw in as_dict(get("board")).items():
        hex_ = as_dict(raw)
        position = POSITION_BY_LABEL[label]
        out.one_hot("hex_value", HEX_VALUES.index(as_int(hex_["value"])), position, len(HEX_VALUES))
        for slot, owner in enumerate(as_list(hex_["spaces"])):
            if owner is not None:
                out.one_hot("spaces", as_int(owner), position * SLOTS + slot, n)
        for key, segment in (
            ("claim", "claim"),
            ("last_entrant", "last_entrant"),
            ("home_base_of", "home_base"),
        ):
            out.one_hot(segment, _seat_or_none(hex_[key]), position, n)
        out.one_hot("token", TOKENS.index(str(hex_["token"])), position, len(TOKENS))
    for name in as_list(get("cave_ins")):
        first, second = (POSITION_BY_LABEL[label] for label in str(name).split("-"))
        out.one_hot("cave_ins", EDGE_BY_PAIR[(first, second)])
    pile = as_dict(get("pile"))
    out.scaled("pile", [as_int(pile.get(str(v), 0)) for v in HEX_VALUES], 6)
    pending = get("pending_hex")
    out.one_hot("pending_hex", None if pending is None else HEX_VALUES.index(as_int(pending)))
    out.scaled("pool", as_int(get("pool")), 24)
    out.scaled("hand", _kind_counts(as_list(get("hand", [])), 5), 1)
    tokens = [0.0] * len(TOKEN_VALUES)
    for value in as_list(get("my_home_tokens", [])):
        tokens[TOKEN_VALUES.index(as_int(value))] += 1 / 3
    out.scaled("my_home_tokens", tokens, 1)
    seats = [as_dict(entry) for entry in as_list(get("seats"))]
    for name, bound in PER_SEAT:
        out.scaled(f"seat_{name}", [as_int(s[name]) for s in seats], bound)
    for index, entry in enumerate(seats):
        for kind, count in enumerate(_kind_counts(as_list(entry["discard"]), 6)):
            out.set("discard", index * KINDS + kind, count)
        out.set("eliminated", index, float(bool(entry["eliminated"])))
    current = as_dict(get("current"))
    for key in ("action", "number"):
        card = current[key]
        out.one_hot(key, None if card is None else CARD_NAMES.index(str(card)))
    out.flags("stacked", (STACKED.index(str(s)) for s in as_list(current["stacked"])))
    for name, bound in COUNTS:
        out.scaled(name, as_int(current[name]), bound)
    out.scaled("roll_number", as_int(current["roll_number"] or 0), 4)
    out.set("roll_done", 0, float(bool(current["roll_done"])))
    out.one_hot("effect", EFFECTS.index(str(current["effect"])))
    out.scaled("scores", [as_int(s) for s in as_list(get("scores"))], 20)
    return out.values
