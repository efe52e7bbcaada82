"""The Mole's belief bot: it reads every answer and keeps probabilities.

Everything comes from the seat's view: its observation (own card, hand, the round's public
exchanges with their answer texts, votes) and its legal actions, plus the printed content every
player may read (questions, canned answers and their ``fits``), read as ``the_mole_reading``
reads them. It never calls ``view.sample_state``.

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

import random
from collections.abc import Mapping
from typing import Final

from molehaven.agents.base import SeatView
from molehaven.agents.mcts import MCTSAgent
from molehaven.agents.the_mole_reading import (
    AnswerMemory,
    Belief,
    answers_heard,
    bluff_chance,
    entropy,
    final_vote_risk,
    fit_counts,
    fits_of,
    information_gain,
    location_belief,
    location_prior,
    mole_suspicion,
    normalized,
    own_location,
    seat_belief,
)
from molehaven.core import Action
from molehaven.games.the_mole.data import LOCATION_COUNT, LOCATION_IDS
from molehaven.games.the_mole.notation import Answer, Ask, Guess, Nominate, Point, Vote

CONFIDENT: Final = 0.75  # the Mole guesses at this belief in its top location
GUESS_DOUBT: Final = 0.5  # the carelessness a guess assumes of a seat with no track record
LATE_CONFIDENT: Final = 0.25  # … never below this one, even with the final vote against it
NOMINATE_AT: Final = 0.8  # a spy calls a vote on a seat this likely to be the Mole
# A passed vote on a spy scores the Mole 2, on the Mole each spy 1 (TM-17): a spy votes yes
# only when the nominee is the Mole about twice as likely as not.
VOTE_YES_AT: Final = 0.7


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

    def _location_view(self, view: SeatView) -> Belief:
        """What the seat believes about the location: certain for a spy."""
        return seat_belief(view.observation, view.seat, self._carelessness)

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
            own = own_location(view.observation)
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
        counts = fit_counts(question)

        def score(action: Answer) -> tuple[float, float, int]:
            fits = fits_of(question, action.number)
            truth = round(sum(belief[loc] for loc in fits), 6)
            after = normalized(
                [p / counts[loc] if loc in fits else 0.0 for loc, p in enumerate(heard)]
            )
            # True (or likely true) first; then the one that leaves the Mole most in doubt,
            # then the vaguest (C5, C6).
            return truth, round(entropy(after), 6), len(fits)

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
