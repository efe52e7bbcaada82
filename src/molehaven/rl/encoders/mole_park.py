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

from functools import cache

from molehaven.core import Observation, Seat
from molehaven.games.mole_park.data import DIE_NAMES, FULL_DECK, HOLES, STAND_KEYS, STANDS
from molehaven.games.mole_park.rules import PHASE_NAMES
from molehaven.rl.encoders.features import Features, FloatArray, Layout, as_dict, as_int, as_list

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


def _value_counts(values: list[object]) -> list[float]:
    counts = [0.0] * VALUES
    for value in values:
        counts[as_int(value) - 1] += 1
    return counts


def encode(observation: Observation, seat: Seat, players: int) -> FloatArray:
    out = Features(layout(players))
    get = observation.get
    out.one_hot("me", seat)
    out.one_hot("step", PHASE_NAMES.index(str(get("step"))))
    king = get("king")
    out.one_hot("king", None if king is None else as_int(king))
    out.scaled("round", as_int(get("round")), max(as_int(get("round_limit")), 1))
    out.scaled("holes", [as_int(h) for h in as_list(get("holes"))], HOLE_BOUND)
    out.scaled("deck", as_int(get("deck")), DECK)
    out.scaled("discard", as_int(get("discard")), DECK)
    for key, entry in as_dict(get("stands")).items():
        stand = as_dict(entry)
        index = STAND_KEYS.index(key)
        out.set("stands", 2 * index, float(bool(stand["face_up"])))
        out.set("stands", 2 * index + 1, as_int(stand["face_down"]) / STAND_BOUND)
    out.scaled("hand", _value_counts(as_list(get("hand", []))), HAND_BOUND)
    seats = [as_dict(entry) for entry in as_list(get("seats"))]
    out.scaled("hand_sizes", [as_int(s["hand_size"]) for s in seats], HAND_BOUND)
    out.scaled("prize_stars", [as_int(s["prize_stars"]) for s in seats], SCORE_BOUND)
    out.scaled("total", [as_int(s["total"] or 0) for s in seats], TOTAL_BOUND)
    for index, entry in enumerate(seats):
        out.flags(
            "prizes", (STAND_KEYS.index(str(p)) for p in as_list(entry["prizes"])), index, STANDS
        )
        out.set("may_declare", index, float(bool(entry["may_declare"])))
        out.set("declared", index, float(bool(entry["declared"])))
        die, roll = entry["die"], entry["roll"]
        out.one_hot("die", None if die is None else DIE_SEEN.index(str(die)), index, len(DIE_SEEN))
        out.one_hot("roll", None if roll is None else FACES.index(str(roll)), index, len(FACES))
        laid = entry["laid_down"]
        if laid is not None:
            for value, count in enumerate(_value_counts(as_list(laid))):
                out.set("laid_down", index * VALUES + value, count / HAND_BOUND)
    for index, raw in enumerate(as_list(get("last_round_dice", []))):
        last = as_dict(raw)
        die, roll = last["die"], last["roll"]
        width = len(DIE_NAMES)
        out.one_hot("last_die", None if die is None else DIE_NAMES.index(str(die)), index, width)
        out.one_hot(
            "last_roll", None if roll is None else FACES.index(str(roll)), index, len(FACES)
        )
    draft = get("draft")
    if draft is not None:
        entry = as_dict(draft)
        out.set("draft", 0, as_int(entry["total"]) / TOTAL_BOUND)
        out.set("draft", 1, float(bool(entry["king_picks_last"])))
        out.flags("pickers", (as_int(p) for p in as_list(entry["pickers"])))
    for raw in as_list(get("showdown") or []):
        entry = as_dict(raw)
        competitor = as_int(entry["seat"])
        out.one_hot("competitors", competitor)
        out.set("showdown_totals", competitor, as_int(entry["total"] or 0) / TOTAL_BOUND)
    out.flags("finalists", (as_int(s) for s in as_list(get("finalists") or [])))
    out.scaled("scores", [as_int(s) for s in as_list(get("scores"))], SCORE_BOUND)
    return out.values
