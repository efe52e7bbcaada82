"""The greedy agent: every legal action tried one ply ahead through the engine, the results
weighed by the game's evaluation (``agents.evaluation``) from the seat's own observation.

It searches a state sampled from what the seat knows (``SeatView.sample_state``), applies each
legal action to a clone, follows chance outcomes (and, for games that ask for it, the rest of
the round) and keeps the action whose position gives the seat the best win estimate. Ties go
to a seeded random choice, so the agent is reproducible and not predictable in its order.
"""

from __future__ import annotations

import math
import random
import statistics

from molehaven.agents.base import SeatView
from molehaven.agents.clock import Clock, Deadline
from molehaven.agents.evaluation import Evaluation, evaluation_for, win_chances
from molehaven.core import CHANCE, Action, Seat, State
from molehaven.core.play import sample_outcome

EPSILON = 1e-9


class GreedyAgent:
    """One-ply search with a game-specific evaluation; fast enough to use inside rollouts."""

    name = "greedy"

    def __init__(
        self,
        seed: int | None = None,
        *,
        seconds: float | None = None,
        clock: Clock | None = None,
        samples: int | None = None,
    ) -> None:
        self._rng = random.Random(seed)
        self.seconds = seconds
        self._clock = clock
        self._samples = samples  # sampled worlds a decision weighs (None: the evaluation's)
        self.last_samples = 0  # worlds the last decision counted (benchmarks read it)

    def act(self, view: SeatView) -> Action:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        if view.sample_state is None:
            return self._rng.choice(view.legal_actions)
        deadline = Deadline(self.seconds, self._clock) if self._clock else Deadline(self.seconds)
        evaluation = evaluation_for(view.game.slug)
        samples = evaluation.samples if self._samples is None else self._samples
        totals = dict.fromkeys(view.legal_actions, 0.0)
        self.last_samples = 0
        for weighed in range(samples):
            state = view.sample_state(self._rng)
            values: dict[Action, float] = {}
            late = False
            for action in view.legal_actions:
                values[action] = outcome_value(
                    state, view.seat, action, evaluation, self._rng, deadline
                )
                late = deadline.passed()
                if late:
                    break
            if late and weighed > 0:
                break  # a world the deadline cut into would tilt the sums: the first one only
            for action, value in values.items():
                totals[action] += value
            self.last_samples = weighed + 1
            if late:
                break
        return best_of(totals, self._rng)

    def interjection(self, view: SeatView) -> Action | None:
        """Where acting is optional (The Mole's nominations and guesses, TM-26): the best
        action if the weighing shows it clearly better than leaving the position as it is,
        else ``None``.

        Each sample is a world the seat cannot tell from the real one, so an action's gain
        over waiting is measured in each and counted at its mean less ``DOUBT`` standard
        errors (``sure_gain``). The plain mean favoured blind guesses: of 16 sampled worlds
        some location is named by two or three, so the best of the guesses looked right two
        or three times as often as it is, and a seat near the target (or behind) guessed at
        the start of a round (its real chance one in 16). A guess is right only in the samples whose
        location it names, so an action that pays in few of them is not sure enough.
        """
        if view.sample_state is None or not view.legal_actions:
            return None
        evaluation = evaluation_for(view.game.slug)
        gains: dict[Action, list[float]] = {action: [] for action in view.legal_actions}
        for _ in range(evaluation.samples):
            state = view.sample_state(self._rng)
            waiting = win_chances(state, view.seat, evaluation)[view.seat]
            for action, found in gains.items():
                value = outcome_value(state, view.seat, action, evaluation, self._rng)
                found.append(value - waiting)
        sure = {action: sure_gain(found) for action, found in gains.items()}
        if max(sure.values()) <= EPSILON:
            return None
        return best_of(sure, self._rng)


# How many standard errors below its mean gain an optional action is counted
# (``GreedyAgent.interjection``): with 2, a guess right in 4 of 16 sampled worlds is made only
# if a right guess gains some 30 times what a wrong one loses.
DOUBT = 2.0


def sure_gain(gains: list[float]) -> float:
    """The mean of ``gains`` (one per sampled world) less ``DOUBT`` standard errors."""
    mean = statistics.fmean(gains)
    if len(gains) < 2:
        return mean
    return mean - DOUBT * statistics.pstdev(gains, mean) / math.sqrt(len(gains))


def best_of(totals: dict[Action, float], rng: random.Random) -> Action:
    """The action with the highest total; ties go to a seeded random choice."""
    best = max(totals.values())
    return rng.choice([action for action, value in totals.items() if value >= best - EPSILON])


def outcome_value(
    state: State,
    seat: Seat,
    action: Action,
    evaluation: Evaluation,
    rng: random.Random,
    deadline: Deadline | None = None,
) -> float:
    """``seat``'s win estimate after playing ``action`` on a clone of ``state``."""
    child = state.clone()
    child.apply(seat, action)
    settle(child, seat, evaluation, rng, deadline)
    return win_chances(child, seat, evaluation)[seat]


def settle(
    state: State,
    seat: Seat,
    evaluation: Evaluation,
    rng: random.Random,
    deadline: Deadline | None = None,
) -> None:
    """Follow ``state`` through chance outcomes, and through up to ``evaluation.lookahead``
    choices of the same round (others at random, ``seat`` greedily one ply deep); a passed
    ``deadline`` stops the look ahead where it is."""
    choices = evaluation.lookahead
    start_round = state.observation(seat).get("round") if choices else None
    while not state.is_terminal():
        if state.is_chance():
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            continue
        if choices <= 0 or (deadline is not None and deadline.passed()):
            return
        if state.observation(seat).get("round") != start_round:
            return
        choices -= 1
        to_move = state.to_move()
        if not to_move:
            return  # only the clock may act: nothing more to learn this round
        mover = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
        legal = state.legal_actions(mover)
        if mover == seat and len(legal) > 1:
            quick = evaluation.immediate()
            values = [outcome_value(state, seat, a, quick, rng) for a in legal]
            state.apply(seat, legal[values.index(max(values))])
        else:
            state.apply(mover, rng.choice(legal))
