"""The Mole's belief bot: it reads every answer and keeps probabilities.

Everything comes from the seat's view: its observation (own card, hand, the round's public
exchanges with their answer texts, votes) and its legal actions, plus the printed content every
player may read (questions, canned answers and their ``fits``). It never calls
``view.sample_state``.

- As **the Mole** it keeps a probability over the 16 locations (those not used earlier in this
  cycle, TM-5), updated by every answer a spy gave: a canned answer is a truthful choice among
  the answers that fit the location (C6), a free-text answer by how well its words match the
  canned answers' (``the_mole_text``). Any seat may be careless (answering without regard to
  the location); a seat's answers are weighed together, and ``AnswerMemory`` judges each
  seat's answers once a round's location is public, so later rounds trust it accordingly.
  It asks the question whose answers split its belief best (expected information gain),
  answers with the canned answer most likely to fit, guesses only when confident on answers
  it would trust even with doubt (or late, when the final vote is the worse bet), and votes
  yes on any accusation.
- As **a spy** it knows the location and keeps a probability over which other seat is the
  Mole: each answer is weighed by how likely a spy at that location would give it against how
  likely a Mole who does not know the location would. It answers truthfully but vaguely (of
  the fitting answers, the one after which a listening Mole stays most in doubt), asks its
  prime suspect the question that is hardest to bluff, nominates only with evidence, votes
  and points by its belief.

Interjecting is optional in the rules (TM-26), but ``act`` must return an action whenever a
driver asks. ``interjection(view)`` says what the bot would do on its own (``None``: wait); a
driver that offers interjections should call it. When ``act`` is asked anyway, it plays the
least harmful interjection: a nomination of its prime suspect, or as a Mole without a nomination
left, its best guess.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Final

from molehaven.agents.base import SeatView
from molehaven.agents.mcts import MCTSAgent
from molehaven.agents.the_mole_text import default_model
from molehaven.core import Action, JSONValue
from molehaven.games.the_mole.content import QUESTION_BY_ID
from molehaven.games.the_mole.data import LOCATION_COUNT, LOCATION_IDS, LOCATION_INDEX
from molehaven.games.the_mole.notation import Answer, Ask, Guess, Nominate, Point, Vote

SLIP: Final = 0.03  # chance a spy's answer does not fit (a human's slip, a free-text mismatch)
# Prior chance that a seat answers without regard to the truth (a careless or random player):
# its answers then teach nothing, and a seat whose answers fit no location together is read as
# one, instead of pulling the belief to a wrong place or looking like the Mole.
CARELESS: Final = 0.25
CONFIDENT: Final = 0.75  # the Mole guesses at this belief in its top location
GUESS_DOUBT: Final = 0.5  # the carelessness a guess assumes of a seat with no track record
LATE_CONFIDENT: Final = 0.25  # … never below this one, even with the final vote against it
NOMINATE_AT: Final = 0.8  # a spy calls a vote on a seat this likely to be the Mole
# A passed vote on a spy scores the Mole 2, on the Mole each spy 1 (TM-17): a spy votes yes
# only when the nominee is the Mole about twice as likely as not.
VOTE_YES_AT: Final = 0.7

Belief = list[float]


def _fits(question: str, answer_number: int) -> frozenset[int]:
    answer = QUESTION_BY_ID[question].answers[answer_number - 1]
    return frozenset(LOCATION_INDEX[fit] for fit in answer.fits)


def _fit_counts(question: str) -> list[int]:
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
        fits = _fits(question, int(action[8:]))
        counts = _fit_counts(question)
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


def _normalized(values: Sequence[float]) -> Belief:
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
    return _normalized([0.0 if location in taken else 1.0 for location in range(LOCATION_COUNT)])


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
        belief = _normalized([b * p for b, p in zip(belief, likelihood, strict=True)])
    return belief


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


def _entropy(belief: Sequence[float]) -> float:
    return -sum(p * math.log(p) for p in belief if p > 0)


def information_gain(question: str, belief: Belief) -> float:
    """Expected fall in the entropy of ``belief`` from a spy's canned answer to ``question``."""
    counts = _fit_counts(question)
    answers = QUESTION_BY_ID[question].answers
    expected = 0.0
    for answer in answers:
        fits = {LOCATION_INDEX[fit] for fit in answer.fits}
        joint = [b / counts[loc] if loc in fits else 0.0 for loc, b in enumerate(belief)]
        chance = sum(joint)
        if chance > 0:
            expected += chance * _entropy([p / chance for p in joint])
    return _entropy(belief) - expected


def bluff_chance(question: str, location: int, prior: Belief) -> float:
    """How likely a Mole who knows only ``prior`` gives an answer that fits ``location``."""
    counts = _fit_counts(question)
    chance = 0.0
    for answer in QUESTION_BY_ID[question].answers:
        fits = {LOCATION_INDEX[fit] for fit in answer.fits}
        picked = sum(p / counts[loc] for loc, p in enumerate(prior) if loc in fits)
        chance += picked * (location in fits)
    return chance


class TheMoleBeliefAgent:
    """The belief bot for The Mole (registered as ``belief``)."""

    name = "belief"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._elsewhere = MCTSAgent(seed)
        self._memory = AnswerMemory()
        self._carelessness: dict[int, float] = {}

    # -------------------------------------------------------------------- the driver's view

    def act(self, view: SeatView) -> Action:
        if view.game.slug != "the-mole":
            return self._elsewhere.act(view)  # seated at another game: the general search
        self._remember(view)
        legal = view.legal_actions
        kinds = {type(action) for action in legal}
        if Vote in kinds:
            return self._vote(view)
        if Point in kinds:
            return self._point(view)
        chosen = self._wanted_interjection(view)
        if chosen is not None:
            return chosen
        if Ask in kinds:
            return self._ask(view)
        if Answer in kinds:
            return self._answer(view)
        return self._least_harm(view)

    def interjection(self, view: SeatView) -> Action | None:
        """A nomination or guess the bot wants to make now, or ``None`` to wait (TM-26)."""
        self._remember(view)
        return self._wanted_interjection(view)

    def _wanted_interjection(self, view: SeatView) -> Action | None:
        # What ``interjection`` answers, once the view is remembered.
        observation = view.observation
        me = view.seat
        if self._is_mole(view):
            # A guess stakes the round: answers of seats not yet seen answering truthfully
            # (no earlier round judged) are read with more doubt than for other choices.
            players = observation["players"]
            assert isinstance(players, int)
            doubted = {
                seat: self._carelessness.get(seat, GUESS_DOUBT)
                for seat in range(players)
                if seat != me
            }
            belief = location_belief(observation, me, doubted)
            best = max(range(LOCATION_COUNT), key=lambda location: belief[location])
            answers = observation.get("answers_given")
            limit = observation.get("question_limit")
            late = isinstance(answers, int) and isinstance(limit, int) and answers >= limit - 2
            threshold = CONFIDENT
            if late and limit:
                # The final vote is near: a right guess scores 2, a wrong one each spy 1, the
                # final vote 2 unless every spy points here (TM-21). Guessing is the better bet
                # once the belief beats the chance of getting through the final vote.
                risk = final_vote_risk(observation, me, belief, self._carelessness)
                threshold = max(LATE_CONFIDENT, 1 - risk)
            if belief[best] < threshold:
                return None
            return next(
                (a for a in view.legal_actions if isinstance(a, Guess) and a.location == best),
                None,
            )
        suspicion = self._suspicion(view)
        if not suspicion:
            return None
        suspect = max(suspicion, key=lambda seat: suspicion[seat])
        if suspicion[suspect] < NOMINATE_AT or answers_heard(observation, suspect) == 0:
            return None
        return next(
            (a for a in view.legal_actions if isinstance(a, Nominate) and a.seat == suspect),
            None,
        )

    # ---------------------------------------------------------------------------- beliefs

    def _remember(self, view: SeatView) -> None:
        self._memory.update(view.observation)
        self._carelessness = self._memory.carelessness()

    @staticmethod
    def _is_mole(view: SeatView) -> bool:
        card = view.observation.get("card")
        return isinstance(card, Mapping) and card.get("mole") is True

    @staticmethod
    def _own_location(view: SeatView) -> int | None:
        card = view.observation.get("card")
        if isinstance(card, Mapping) and card.get("mole") is False:
            return LOCATION_INDEX[str(card["location"])]
        return None

    def _location_view(self, view: SeatView) -> Belief:
        """What the seat believes about the location: certain for a spy."""
        own = self._own_location(view)
        if own is None:
            return location_belief(view.observation, view.seat, self._carelessness)
        return [1.0 if location == own else 0.0 for location in range(LOCATION_COUNT)]

    def _suspicion(self, view: SeatView) -> dict[int, float]:
        return mole_suspicion(
            view.observation, view.seat, self._location_view(view), self._carelessness
        )

    # -------------------------------------------------------------------------- decisions

    def _ask(self, view: SeatView) -> Action:
        asks = [action for action in view.legal_actions if isinstance(action, Ask)]
        questions = sorted({action.question for action in asks})
        targets = sorted({action.target for action in asks})
        observation = view.observation
        if self._is_mole(view):
            belief = location_belief(observation, view.seat, self._carelessness)
            question = max(questions, key=lambda q: (information_gain(f"q{q}", belief), -q))
            target = self._rng.choice(targets)
        else:
            own = self._own_location(view)
            assert own is not None
            prior = location_prior(observation)
            question = min(questions, key=lambda q: (bluff_chance(f"q{q}", own, prior), q))
            suspicion = self._suspicion(view)
            top = max(suspicion.get(seat, 0.0) for seat in targets)
            target = self._rng.choice([s for s in targets if suspicion.get(s, 0.0) == top])
        return next(
            (a for a in asks if a.target == target and a.question == question),
            asks[0],
        )

    def _answer(self, view: SeatView) -> Action:
        question = view.observation["question"]
        assert isinstance(question, str)
        answers = [action for action in view.legal_actions if isinstance(action, Answer)]
        belief = self._location_view(view)
        # What a listening Mole would believe after each answer: it starts from every public
        # answer so far (a spy cannot tell which of them were the Mole's own).
        heard = location_belief(view.observation, -1, self._carelessness)
        counts = _fit_counts(question)

        def score(action: Answer) -> tuple[float, float, int]:
            fits = _fits(question, action.number)
            truth = round(sum(belief[loc] for loc in fits), 6)
            after = _normalized(
                [p / counts[loc] if loc in fits else 0.0 for loc, p in enumerate(heard)]
            )
            # True (or likely true) first; then the one that leaves the Mole most in doubt,
            # then the vaguest (C5, C6).
            return truth, round(_entropy(after), 6), len(fits)

        best = max(score(action) for action in answers)
        return self._rng.choice([action for action in answers if score(action) == best])

    def _vote(self, view: SeatView) -> Action:
        vote = view.observation.get("vote")
        assert isinstance(vote, Mapping)
        nominee = vote["nominee"]
        if self._is_mole(view):
            yes = True  # an accused spy scores the Mole 2 (TM-17)
        else:
            assert isinstance(nominee, int)
            yes = self._suspicion(view).get(nominee, 0.0) >= VOTE_YES_AT
        return next(
            (a for a in view.legal_actions if isinstance(a, Vote) and a.yes == yes),
            view.legal_actions[0],
        )

    def _point(self, view: SeatView) -> Action:
        # A spy points at its prime suspect; the Mole at the seat the spies would suspect most,
        # seen through its own belief about the location.
        suspicion = self._suspicion(view)
        points = [action for action in view.legal_actions if isinstance(action, Point)]
        return max(points, key=lambda action: (suspicion.get(action.seat, 0.0), -action.seat))

    def _least_harm(self, view: SeatView) -> Action:
        """Asked to interject without wanting to: nominate the prime suspect, else guess."""
        nominations = [action for action in view.legal_actions if isinstance(action, Nominate)]
        if nominations:
            suspicion = self._suspicion(view)
            return max(nominations, key=lambda a: (suspicion.get(a.seat, 0.0), -a.seat))
        belief = self._location_view(view)
        guesses = [action for action in view.legal_actions if isinstance(action, Guess)]
        if guesses:
            return max(guesses, key=lambda a: (belief[a.location], -a.location))
        return view.legal_actions[0]


def describe_belief(belief: Belief, top: int = 3) -> str:
    """The most likely locations, for logs: ``airport 0.61, farm 0.20, …``."""
    ranked = sorted(range(LOCATION_COUNT), key=lambda location: -belief[location])[:top]
    return ", ".join(f"{LOCATION_IDS[location]} {belief[location]:.2f}" for location in ranked)
