"""Reading The Mole's answers: what a seat may infer from the round's public exchanges.

Pure functions of one seat's observation and the printed content every player may read
(questions, canned answers and their ``fits``): the Mole's probability over the locations,
each seat's chance of being the Mole, how careless a seat has shown itself to be. The belief
bot (``the_mole_belief``) decides by them, and The Mole's evaluation weighs with them how
suspicious each seat's answers make it look (``agents.evaluation.the_mole``).

- A canned answer is a spy's truthful choice among the answers that fit its location (C6),
  or a slip; a free-text answer is read by how well its words match the canned answers'
  (``the_mole_text``).
- Any seat may be careless (answering without regard to the location); a seat's answers are
  weighed together, and ``AnswerMemory`` judges each seat's answers once a round's location
  is public.
- A Mole's answer is modelled as a spy's at a location it guessed from the prior, since it
  does not know the real one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Final

from molehaven.agents.the_mole_text import default_model
from molehaven.core import JSONValue
from molehaven.games.the_mole.content import QUESTION_BY_ID
from molehaven.games.the_mole.data import LOCATION_COUNT, LOCATION_INDEX

SLIP: Final = 0.03  # chance a spy's answer does not fit (a human's slip, a free-text mismatch)
# Prior chance that a seat answers without regard to the truth (a careless or random player):
# its answers then teach nothing, and a seat whose answers fit no location together is read as
# one, instead of pulling the belief to a wrong place or looking like the Mole.
CARELESS: Final = 0.25

Belief = list[float]


def fits_of(question: str, answer_number: int) -> frozenset[int]:
    answer = QUESTION_BY_ID[question].answers[answer_number - 1]
    return frozenset(LOCATION_INDEX[fit] for fit in answer.fits)


def fit_counts(question: str) -> list[int]:
    """For each location, how many canned answers of the question fit it (C6: at least 2)."""
    counts = [0] * LOCATION_COUNT
    for answer in QUESTION_BY_ID[question].answers:
        for fit in answer.fits:
            counts[LOCATION_INDEX[fit]] += 1
    return counts


@lru_cache(maxsize=4096)
def _text_profile(text: str) -> tuple[list[float], float]:
    # A round's answers are read again at every decision; each text is scored once.
    return default_model().profile(text)


def spy_likelihood(exchange: Mapping[str, JSONValue]) -> tuple[float, ...]:
    """P(this answer | a spy at location L) for each L.

    A canned answer: a spy picks one of the answers that fit its location, uniformly, or slips.
    Free text: the text model's profile, flattened when the words match nothing known.
    """
    return _answer_likelihood(
        str(exchange["question"]), str(exchange["answer"]), str(exchange.get("text", ""))
    )


@lru_cache(maxsize=4096)
def _answer_likelihood(question: str, action: str, text: str) -> tuple[float, ...]:
    # A round's answers are weighed again at every decision, for every seat's point of view.
    if action.startswith("answer a") and action[8:].isdigit():
        fits = fits_of(question, int(action[8:]))
        counts = fit_counts(question)
        total = len(QUESTION_BY_ID[question].answers)
        return tuple(
            (1 - SLIP) / counts[location] if location in fits else SLIP / total
            for location in range(LOCATION_COUNT)
        )
    profile, similarity = _text_profile(text)
    trust = min(1.0, similarity / 0.3)  # little overlap: little to learn
    return tuple(
        (1 - trust) / LOCATION_COUNT + trust * ((1 - SLIP) * value + SLIP / LOCATION_COUNT)
        for value in profile
    )


Carelessness = Mapping[int, float]  # per seat, the chance it answers without regard to truth


def careless_chance(exchange: Mapping[str, JSONValue]) -> float:
    """How likely a careless seat gives this answer: ``spy_likelihood`` averaged over the
    locations (for a canned answer, on average one over the question's answers)."""
    return sum(spy_likelihood(exchange)) / LOCATION_COUNT


def seat_likelihood(
    exchanges: Sequence[Mapping[str, JSONValue]], careless: float = CARELESS
) -> list[float]:
    """P(these answers of one seat | that seat is a spy at location L) for each L.

    The seat is either careful (every answer as ``spy_likelihood``) or, with chance
    ``careless``, careless: each answer then as likely as one picked without looking
    (``careless_chance``), whatever the location.
    """
    careful = [1.0] * LOCATION_COUNT
    without_looking = 1.0
    for exchange in exchanges:
        likelihood = spy_likelihood(exchange)
        careful = [c * p for c, p in zip(careful, likelihood, strict=True)]
        without_looking *= careless_chance(exchange)
    return [(1 - careless) * c + careless * without_looking for c in careful]


class AnswerMemory:
    """What a seat heard in the rounds before, judged once each round's location is public.

    A player remembers who answered truthfully: when a round ends, its location and Mole are
    revealed (the round history), and every spy's answers of that round either fit the
    location or not. Weighing those answers under "careful" and "careless" gives each seat's
    chance of answering carelessly, which the next rounds' beliefs use. A bot made afresh for
    each decision (the server's) has no memory and keeps the prior ``CARELESS``.
    """

    def __init__(self) -> None:
        self._heard: dict[int, list[Mapping[str, JSONValue]]] = {}
        self._judged: set[int] = set()
        self._careful: dict[int, float] = {}  # per seat, the likelihood of its answers so far
        self._careless: dict[int, float] = {}

    def _forget(self) -> None:
        self._heard, self._judged, self._careful, self._careless = {}, set(), {}, {}

    def update(self, observation: Mapping[str, JSONValue]) -> None:
        """Keep this round's answers; judge every finished round heard but not yet judged."""
        current = observation.get("round")
        if not isinstance(current, int):
            return
        if any(number > current for number in self._heard):
            self._forget()  # a new game in the same seat: start over
        self._heard[current] = _exchanges(observation)
        history = observation.get("history") or []
        assert isinstance(history, list)
        for entry in history:
            if not isinstance(entry, Mapping):
                continue
            number, location, mole = entry.get("round"), entry.get("location"), entry.get("mole")
            if not isinstance(number, int) or number in self._judged or number not in self._heard:
                continue
            self._judged.add(number)
            if not isinstance(location, str) or location not in LOCATION_INDEX:
                continue
            for exchange in self._heard.pop(number):
                seat = exchange.get("answerer")
                if isinstance(seat, int) and seat != mole:
                    careful = spy_likelihood(exchange)[LOCATION_INDEX[location]]
                    self._careful[seat] = self._careful.get(seat, 1.0) * careful
                    self._careless[seat] = self._careless.get(seat, 1.0) * careless_chance(exchange)

    def carelessness(self) -> dict[int, float]:
        """Each judged seat's chance of answering carelessly, given what it answered."""
        chances = {}
        for seat, careful in self._careful.items():
            careless = CARELESS * self._careless[seat]
            chances[seat] = careless / max(careless + (1 - CARELESS) * careful, 1e-300)
        return chances


def _by_answerer(
    observation: Mapping[str, JSONValue],
) -> dict[int, list[Mapping[str, JSONValue]]]:
    grouped: dict[int, list[Mapping[str, JSONValue]]] = {}
    for exchange in _exchanges(observation):
        seat = exchange["answerer"]
        if isinstance(seat, int):
            grouped.setdefault(seat, []).append(exchange)
    return grouped


def normalized(values: Sequence[float]) -> Belief:
    total = sum(values)
    if total <= 0:
        return [1.0 / len(values)] * len(values)
    return [value / total for value in values]


def location_prior(observation: Mapping[str, JSONValue]) -> Belief:
    """Uniform over the locations this round may be at (TM-5: none used in this cycle)."""
    used = observation.get("locations_used") or []
    assert isinstance(used, list)
    taken = {LOCATION_INDEX[str(location)] for location in used}
    if len(taken) >= LOCATION_COUNT:
        taken = set()
    return normalized([0.0 if location in taken else 1.0 for location in range(LOCATION_COUNT)])


def _exchanges(observation: Mapping[str, JSONValue]) -> list[Mapping[str, JSONValue]]:
    exchanges = observation.get("exchanges") or []
    assert isinstance(exchanges, list)
    return [exchange for exchange in exchanges if isinstance(exchange, Mapping)]


def location_belief(
    observation: Mapping[str, JSONValue], me: int, carelessness: Carelessness | None = None
) -> Belief:
    """The Mole's belief over the locations: every other answerer is a spy, careless with the
    chance ``carelessness`` gives it (``CARELESS`` for a seat not known)."""
    belief = location_prior(observation)
    for seat, exchanges in _by_answerer(observation).items():
        if seat == me:
            continue
        likelihood = seat_likelihood(exchanges, _careless(carelessness, seat))
        belief = normalized([b * p for b, p in zip(belief, likelihood, strict=True)])
    return belief


def own_location(observation: Mapping[str, JSONValue]) -> int | None:
    """The location on the seat's card if it is a spy's (a spy knows it), else ``None``."""
    card = observation.get("card")
    if isinstance(card, Mapping) and card.get("mole") is False:
        location = card.get("location")
        if isinstance(location, str) and location in LOCATION_INDEX:
            return LOCATION_INDEX[location]
    return None


def seat_belief(
    observation: Mapping[str, JSONValue], me: int, carelessness: Carelessness | None = None
) -> Belief:
    """What seat ``me`` believes about the location: certain for a spy, else (the Mole, or
    an onlooker with ``me`` = -1) what the others' answers tell (``location_belief``)."""
    own = own_location(observation)
    if own is None:
        return location_belief(observation, me, carelessness)
    return [1.0 if location == own else 0.0 for location in range(LOCATION_COUNT)]


def _careless(carelessness: Carelessness | None, seat: int) -> float:
    return CARELESS if carelessness is None else carelessness.get(seat, CARELESS)


def mole_suspicion(
    observation: Mapping[str, JSONValue],
    me: int,
    location: Belief,
    carelessness: Carelessness | None = None,
) -> dict[int, float]:
    """P(seat s is the Mole) for every seat but ``me``, given a belief over the location.

    A spy knows the location (a certain ``location``); the Mole bot passes its own belief to see
    the round as the spies do. A Mole's answer is modelled as a spy's at a location it guessed
    from the prior, since it does not know the real one.
    """
    players = observation["players"]
    assert isinstance(players, int)
    prior = location_prior(observation)
    weight = {seat: 1.0 for seat in range(players) if seat != me}
    for seat, exchanges in _by_answerer(observation).items():
        if seat not in weight:
            continue
        likely = seat_likelihood(exchanges, _careless(carelessness, seat))
        as_spy = sum(p * q for p, q in zip(location, likely, strict=True))
        as_mole = 1.0
        for exchange in exchanges:
            likelihood = spy_likelihood(exchange)
            as_mole *= sum(p * q for p, q in zip(prior, likelihood, strict=True))
        # P(seat is Mole | answers) ∝ P(answers | Mole); the other seats' answers are then a
        # spy's, so dividing every seat by its spy likelihood keeps the ratios right.
        weight[seat] *= as_mole / max(as_spy, 1e-300)
    total = sum(weight.values())
    return {seat: value / total for seat, value in weight.items()}


def final_vote_risk(
    observation: Mapping[str, JSONValue],
    me: int,
    belief: Belief,
    carelessness: Carelessness | None = None,
) -> float:
    """How likely every spy points at the Mole ``me`` in a final vote (TM-21): each spy points
    at it as often as it would suspect it, judged with the Mole's own ``belief`` standing in
    for the location the spies know."""
    players = observation["players"]
    assert isinstance(players, int)
    risk = 1.0
    for spy in range(players):
        if spy != me:
            risk *= mole_suspicion(observation, spy, belief, carelessness).get(me, 0.0)
    return risk


def answers_heard(observation: Mapping[str, JSONValue], seat: int) -> int:
    return sum(1 for exchange in _exchanges(observation) if exchange["answerer"] == seat)


def entropy(belief: Sequence[float]) -> float:
    return -sum(p * math.log(p) for p in belief if p > 0)


def information_gain(question: str, belief: Belief) -> float:
    """Expected fall in the entropy of ``belief`` from a spy's canned answer to ``question``."""
    counts = fit_counts(question)
    answers = QUESTION_BY_ID[question].answers
    expected = 0.0
    for answer in answers:
        fits = {LOCATION_INDEX[fit] for fit in answer.fits}
        joint = [b / counts[loc] if loc in fits else 0.0 for loc, b in enumerate(belief)]
        chance = sum(joint)
        if chance > 0:
            expected += chance * entropy([p / chance for p in joint])
    return entropy(belief) - expected


def bluff_chance(question: str, location: int, prior: Belief) -> float:
    """How likely a Mole who knows only ``prior`` gives an answer that fits ``location``."""
    counts = fit_counts(question)
    chance = 0.0
    for answer in QUESTION_BY_ID[question].answers:
        fits = {LOCATION_INDEX[fit] for fit in answer.fits}
        picked = sum(p / counts[loc] for loc, p in enumerate(prior) if loc in fits)
        chance += picked * (location in fits)
    return chance
