"""The Mole observation tensor (own card, hand, ballot and pointing; others' hidden).

Layout for ``n`` seats: ``me`` (n), ``phase`` (setup, ask, answer, vote, final-vote, over),
``dealer``, ``asker``, ``answerer`` (n each), ``round`` (/20), ``scores`` (/10), ``card``
([have a card, am the Mole]), ``location`` (16, a spy's own card), ``role`` (every role id of
the box, sorted), ``hand`` and ``discard`` (80 questions), ``hand_sizes`` (/10),
``draw_pile`` (/80), ``question`` (80), ``answers_given`` (/question_limit), ``answered``
(80 questions × [a1 … a12, free text]: the latest answer to each question this round),
``nominated`` (n), ``vote`` (nominator n, nominee n, ballots n × [yes, no, cast, waiting]),
``pointing`` (n × [pointing at seat 0 … n-1, cast, waiting]) and ``locations_used`` (16).
Free-text answers count as one "free text" slot; their words are not encoded.
"""

from __future__ import annotations

from functools import cache

from molehaven.core import Observation, Seat
from molehaven.games.the_mole.data import (
    LOCATION_COUNT,
    LOCATION_INDEX,
    MAX_ANSWER_ID,
    QUESTION_COUNT,
    SORTED_ROLE_IDS,
)
from molehaven.rl.encoders.features import Features, FloatArray, Layout, as_dict, as_int, as_list

PHASES = ("setup", "ask", "answer", "vote", "final-vote", "over")
BALLOTS = ("yes", "no", "cast", "waiting")
ANSWER_SLOTS = MAX_ANSWER_ID + 1  # a1 … a12, then free text
ROLE_INDEX = {role: index for index, role in enumerate(SORTED_ROLE_IDS)}


@cache
def layout(players: int) -> Layout:
    n = players
    return Layout(
        [
            ("me", n),
            ("phase", len(PHASES)),
            ("dealer", n),
            ("asker", n),
            ("answerer", n),
            ("round", 1),
            ("scores", n),
            ("card", 2),
            ("location", LOCATION_COUNT),
            ("role", len(SORTED_ROLE_IDS)),
            ("hand", QUESTION_COUNT),
            ("discard", QUESTION_COUNT),
            ("hand_sizes", n),
            ("draw_pile", 1),
            ("question", QUESTION_COUNT),
            ("answers_given", 1),
            ("answered", QUESTION_COUNT * ANSWER_SLOTS),
            ("nominated", n),
            ("nominator", n),
            ("nominee", n),
            ("ballots", n * len(BALLOTS)),
            ("pointing", n * (n + 2)),
            ("locations_used", LOCATION_COUNT),
        ]
    )


def _question(text: object) -> int:
    return int(str(text)[1:]) - 1  # "q17" -> 16


def _answer_slot(text: object) -> int:
    words = str(text).split(maxsplit=1)  # "answer a3" or 'answer "free text"'
    word = words[1] if len(words) > 1 else ""
    if word[:1] == "a" and word[1:].isdigit():
        return int(word[1:]) - 1
    return MAX_ANSWER_ID


def _seat(value: object) -> int | None:
    return None if value is None else as_int(value)


def encode(observation: Observation, seat: Seat, players: int) -> FloatArray:
    out = Features(layout(players))
    get = observation.get
    n = players
    out.one_hot("me", seat)
    out.one_hot("phase", PHASES.index(str(get("phase"))))
    for name in ("dealer", "asker", "answerer"):
        out.one_hot(name, _seat(get(name)))
    out.scaled("round", as_int(get("round")), 20)
    out.scaled("scores", [as_int(s) for s in as_list(get("scores"))], 10)
    card = get("card")
    if card is not None:
        entry = as_dict(card)
        out.set("card", 0, 1.0)
        out.set("card", 1, float(bool(entry["mole"])))
        if "location" in entry:
            out.one_hot("location", LOCATION_INDEX[str(entry["location"])])
        if entry.get("role") is not None:
            out.one_hot("role", ROLE_INDEX[str(entry["role"])])
    out.flags("hand", (_question(q) for q in as_list(get("hand", []))))
    out.flags("discard", (_question(q) for q in as_list(get("discard", []))))
    out.scaled("hand_sizes", [as_int(s) for s in as_list(get("hand_sizes"))], 10)
    out.scaled("draw_pile", as_int(get("draw_pile_size")), QUESTION_COUNT)
    question = get("question")
    out.one_hot("question", None if question is None else _question(question))
    out.scaled("answers_given", as_int(get("answers_given")), max(as_int(get("question_limit")), 1))
    latest: dict[int, int] = {}
    for raw in as_list(get("exchanges", [])):
        exchange = as_dict(raw)
        latest[_question(exchange["question"])] = _answer_slot(exchange["answer"])
    for asked, slot in latest.items():
        out.one_hot("answered", slot, asked, ANSWER_SLOTS)
    out.flags("nominated", (s for s, flag in enumerate(as_list(get("nominated"))) if flag))
    vote = get("vote")
    if vote is not None:
        entry = as_dict(vote)
        out.one_hot("nominator", as_int(entry["nominator"]))
        out.one_hot("nominee", as_int(entry["nominee"]))
        for voter, ballot in enumerate(as_list(entry["ballots"])):
            if ballot is not None:
                out.one_hot("ballots", BALLOTS.index(str(ballot)), voter, len(BALLOTS))
    pointing = get("pointing")
    if isinstance(pointing, list):
        for pointer, target in enumerate(pointing):
            if target is not None:
                slot = n if target == "cast" else n + 1 if target == "waiting" else as_int(target)
                out.one_hot("pointing", slot, pointer, n + 2)
    out.flags("locations_used", (LOCATION_INDEX[str(x)] for x in as_list(get("locations_used"))))
    return out.values
