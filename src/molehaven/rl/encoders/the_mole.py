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

Two encoders write this tensor: ``encode`` from ``observation(seat)`` (the reference) and
``encode_state`` straight from the state (what the environments use). The fast one reads the
state's plain fields for what everyone sees, and asks the view's own filters for the seat's
secrets (``view.own_card``, ``view.open_vote``, ``view.open_pointing``,
``view.location_is_hidden``): the hand it reads is the seat's own. It skips what the tensor
does not hold (answer texts, past votes and rounds, the timer), which is most of the cost of
the observation. The tests hold the two encoders to the same bytes on seeded random games and
check that redrawing what a seat cannot see leaves its fast tensor unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from typing import cast

from molehaven.core import Observation, Seat, State
from molehaven.games.the_mole.data import (
    LOCATION_COUNT,
    LOCATION_IDS,
    MAX_ANSWER_ID,
    QUESTION_COUNT,
    SORTED_ROLE_IDS,
    cards,
)
from molehaven.games.the_mole.flow import Exchange
from molehaven.games.the_mole.notation import Answer
from molehaven.games.the_mole.rules import NOBODY, PHASE_NAMES
from molehaven.games.the_mole.state import TheMoleState
from molehaven.games.the_mole.view import (
    location_is_hidden,
    open_pointing,
    open_vote,
    own_card,
)
from molehaven.rl.encoders.features import (
    FloatArray,
    Kept,
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
    numbers_chunk,
    one_hots,
    zeros,
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


# --------------------------------------------------------------- the fast encoder (state)


def encode_state(state: State, seat: Seat, players: int) -> FloatArray:
    """``encode(state.observation(seat), seat, players)``, from the state's fields: byte
    chunks in layout order (``features.join``), each looked up in a table, in a memo keyed by
    what it shows, or kept while the state holds the same field objects (``features.Kept``)."""
    game = cast(TheMoleState, state)
    chunks = _chunks(players)
    hot = chunks.seat
    asker, answerer, question = game.asker, game.answerer, game.question
    hidden = location_is_hidden(game)  # TM-22: the round's location is not yet used up
    return join(
        [
            hot[seat],
            chunks.phase[game.phase],
            hot[game.dealer],
            hot[asker] if asker != NOBODY else chunks.no_seats,
            hot[answerer] if answerer != NOBODY else chunks.no_seats,
            number(20)[game.round],
            chunks.scores[game.points],
            _CARD[_card_key(own_card(game, seat))],  # card, location, role: the view's filter
            _QUESTIONS[game.hands[seat]],  # the seat's own hand
            chunks.discard.of(game.discard),
            chunks.hand_sizes.of(game.hands),  # only the sizes of the others' hands
            number(QUESTION_COUNT)[game.draw.bit_count()],
            _QUESTION[question],
            number(max(game.question_limit, 1))[game.answers_given],
            chunks.answered.of(game.exchanges),
            chunks.nominated[game.nominated],
            chunks.vote[_vote_key(open_vote(game, seat))],  # nominator, nominee, ballots
            chunks.pointing[_pointing_key(open_pointing(game, seat))],
            chunks.locations_used.of(game.used, hidden),
        ],
        chunks.size,
    )


def _card_key(card: object) -> tuple[object, ...]:
    if card is None:
        return ()
    entry = as_dict(card)
    return (True,) if entry["mole"] else (entry["location"], entry["role"])


def _card_chunk(key: tuple[object, ...]) -> bytes:
    """The ``card``, ``location`` and ``role`` segments, which lie side by side."""
    width = 2 + LOCATION_COUNT + len(SORTED_ROLE_IDS)
    if not key:
        return zeros(width)
    if key == (True,):
        return chunk(width, (0, 1))
    location, role = key
    return chunk(
        width,
        (0, 2 + LOCATION_IDS.index(str(location)), 2 + LOCATION_COUNT + _ROLE[role]),
    )


_ROLE: dict[object, int] = {role: index for index, role in enumerate(SORTED_ROLE_IDS)}
_CARD: Memo[tuple[object, ...]] = Memo(_card_chunk)
# Questions q1 … q80 lie in order in their segments: question q at index q - 1.
_QUESTIONS: Memo[int] = Memo(lambda mask: chunk(QUESTION_COUNT, [q - 1 for q in cards(mask)]))
_QUESTION: tuple[bytes, ...] = (zeros(QUESTION_COUNT), *one_hots(QUESTION_COUNT))


def _vote_key(vote: object) -> tuple[object, ...] | None:
    if vote is None:
        return None
    entry = as_dict(vote)
    return (entry["nominator"], entry["nominee"], *as_list(entry["ballots"]))


def _pointing_key(pointing: object) -> tuple[object, ...] | None:
    return None if pointing is None else tuple(as_list(pointing))


def _answered(exchanges: tuple[Exchange, ...]) -> bytes:
    """The latest answer to each question this round: a canned answer's slot or free text."""
    latest: dict[int, int] = {}
    for exchange in exchanges:
        answer = exchange.answer
        latest[exchange.question - 1] = (
            answer.number - 1 if isinstance(answer, Answer) else FREE_TEXT_SLOT
        )
    return chunk(
        QUESTION_COUNT * ANSWER_SLOTS,
        [asked * ANSWER_SLOTS + slot for asked, slot in latest.items()],
    )


@dataclass(frozen=True, slots=True)
class _Chunks:
    """The fixed chunks of one player count, its memos and its kept chunks."""

    size: int
    seat: tuple[bytes, ...]
    no_seats: bytes
    phase: tuple[bytes, ...]  # by the rules' phase
    scores: Memo[tuple[float, ...]]
    discard: Kept[bytes]
    hand_sizes: Kept[bytes]
    answered: Kept[bytes]
    nominated: Memo[int]
    vote: Memo[tuple[object, ...] | None]
    pointing: Memo[tuple[object, ...] | None]
    locations_used: Kept[bytes]


@cache
def _chunks(players: int) -> _Chunks:
    tables = _tables(players)
    phase_start = tables.start["phase"]
    phase = one_hots(len(PHASES))
    return _Chunks(
        size=tables.layout.size,
        seat=one_hots(players),
        no_seats=zeros(players),
        phase=tuple(phase[tables.phase[name] - phase_start] for name in PHASE_NAMES),
        scores=numbers(10),
        discard=Kept(lambda discard, _, __: chunk(QUESTION_COUNT, [q - 1 for q in discard])),
        hand_sizes=Kept(
            lambda hands, _, __: numbers_chunk(tuple(hand.bit_count() for hand in hands), 10)
        ),
        answered=Kept(lambda exchanges, _, __: _answered(exchanges)),
        nominated=Memo(lambda bits: chunk(players, [s for s in range(players) if bits >> s & 1])),
        vote=Memo(partial(_vote_chunk, tables)),
        pointing=Memo(partial(_pointing_chunk, players)),
        locations_used=Kept(
            lambda used, hidden, _: chunk(LOCATION_COUNT, used[:-1] if hidden else used)
        ),
    )


def _vote_chunk(tables: _Tables, key: tuple[object, ...] | None) -> bytes:
    """The ``nominator``, ``nominee`` and ``ballots`` segments of an open vote (or none)."""
    start = tables.start
    first = start["nominator"]
    width = start["pointing"] - first
    if key is None:
        return zeros(width)
    nominator, nominee, *ballots = key
    ones = [
        start["nominator"] + as_int(nominator) - first,
        start["nominee"] + as_int(nominee) - first,
    ]
    for voter, ballot in enumerate(ballots):
        if ballot is not None:
            ones.append(tables.ballots[voter][ballot] - first)
    return chunk(width, ones)


def _pointing_chunk(players: int, key: tuple[object, ...] | None) -> bytes:
    """The ``pointing`` segment of the final vote (or none)."""
    width = players * (players + 2)
    if key is None:
        return zeros(width)
    ones = []
    for pointer, target in enumerate(key):
        if target is not None:
            slot = players if target == "cast" else players + 1 if target == "waiting" else target
            ones.append(pointer * (players + 2) + as_int(slot))
    return chunk(width, ones)
