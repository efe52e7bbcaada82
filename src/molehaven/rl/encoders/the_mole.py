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

from dataclasses import dataclass
from functools import cache

from molehaven.core import Observation, Seat
from molehaven.games.the_mole.data import (
    LOCATION_COUNT,
    LOCATION_IDS,
    MAX_ANSWER_ID,
    QUESTION_COUNT,
    SORTED_ROLE_IDS,
)
from molehaven.rl.encoders.features import (
    FloatArray,
    Layout,
    Shares,
    as_dict,
    as_int,
    as_list,
    assemble,
)

PHASES = ("setup", "ask", "answer", "vote", "final-vote", "over")
BALLOTS = ("yes", "no", "cast", "waiting")
ANSWER_SLOTS = MAX_ANSWER_ID + 1  # a1 … a12, then free text
FREE_TEXT_SLOT = MAX_ANSWER_ID
QUESTION_IDS = tuple(f"q{number}" for number in range(1, QUESTION_COUNT + 1))
QUESTION_INDEX: dict[object, int] = {question: index for index, question in enumerate(QUESTION_IDS)}
# A canned answer's slot; any other answer (``answer "…"``) is free text.
ANSWER_SLOT: dict[object, int] = {
    f"answer a{number}": number - 1 for number in range(1, MAX_ANSWER_ID + 1)
}


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


@dataclass(frozen=True, slots=True)
class _Tables:
    """Observation words to tensor positions for one player count."""

    layout: Layout
    start: dict[str, int]
    phase: dict[object, int]
    location: dict[object, int]
    role: dict[object, int]
    hand: dict[object, int]
    discard: dict[object, int]
    question: dict[object, int]
    ballots: list[dict[object, int]]
    locations_used: dict[object, int]


@cache
def _tables(players: int) -> _Tables:
    lay = layout(players)
    return _Tables(
        layout=lay,
        start=lay.start,
        phase=lay.positions("phase", PHASES),
        location=lay.positions("location", LOCATION_IDS),
        role=lay.positions("role", SORTED_ROLE_IDS),
        hand=lay.positions("hand", QUESTION_IDS),
        discard=lay.positions("discard", QUESTION_IDS),
        question=lay.positions("question", QUESTION_IDS),
        ballots=lay.blocks("ballots", BALLOTS, players),
        locations_used=lay.positions("locations_used", LOCATION_IDS),
    )


def encode(observation: Observation, seat: Seat, players: int) -> FloatArray:
    tables = _tables(players)
    start = tables.start
    get = observation.get
    n = players
    ones = [start["me"] + seat, tables.phase[get("phase")]]
    for name in ("dealer", "asker", "answerer"):
        value = get(name)
        if value is not None:
            ones.append(start[name] + as_int(value))
    card = get("card")
    if card is not None:
        entry = as_dict(card)
        ones.append(start["card"])
        if entry["mole"]:
            ones.append(start["card"] + 1)
        if "location" in entry:
            ones.append(tables.location[entry["location"]])
        role = entry.get("role")
        if role is not None:
            ones.append(tables.role[role])
    ones += map(tables.hand.__getitem__, as_list(get("hand", [])))
    ones += map(tables.discard.__getitem__, as_list(get("discard", [])))
    question = get("question")
    if question is not None:
        ones.append(tables.question[question])
    latest: dict[int, int] = {}  # the latest answer to each question this round
    for raw in as_list(get("exchanges", [])):
        exchange = as_dict(raw)
        latest[QUESTION_INDEX[exchange["question"]]] = ANSWER_SLOT.get(
            exchange["answer"], FREE_TEXT_SLOT
        )
    answered = start["answered"]
    ones.extend(answered + asked * ANSWER_SLOTS + slot for asked, slot in latest.items())
    nominated = start["nominated"]
    ones.extend(nominated + s for s, flag in enumerate(as_list(get("nominated"))) if flag)
    vote = get("vote")
    if vote is not None:
        entry = as_dict(vote)
        ones.append(start["nominator"] + as_int(entry["nominator"]))
        ones.append(start["nominee"] + as_int(entry["nominee"]))
        for voter, ballot in enumerate(as_list(entry["ballots"])):
            if ballot is not None:
                ones.append(tables.ballots[voter][ballot])
    pointing = get("pointing")
    if isinstance(pointing, list):
        first = start["pointing"]
        for pointer, target in enumerate(pointing):
            if target is not None:
                slot = n if target == "cast" else n + 1 if target == "waiting" else as_int(target)
                ones.append(first + pointer * (n + 2) + slot)
    ones += map(tables.locations_used.__getitem__, as_list(get("locations_used")))
    shares = Shares()
    shares.add(start["round"], get("round"), 20)
    shares.extend(start["scores"], as_list(get("scores")), 10)
    shares.extend(start["hand_sizes"], as_list(get("hand_sizes")), 10)
    shares.add(start["draw_pile"], get("draw_pile_size"), QUESTION_COUNT)
    shares.add(start["answers_given"], get("answers_given"), max(as_int(get("question_limit")), 1))
    return assemble(tables.layout.size, ones, shares)
