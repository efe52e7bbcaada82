"""Monte Carlo tree search for every game: open-loop, information-set style.

Each iteration searches one *determinization*: a state drawn from what the agent's seat knows
(``SeatView.sample_state``), with everything hidden redrawn. One tree is shared by all of them
(single-observer ISMCTS): a node is a sequence of (seat, action) choices, chance outcomes are
sampled rather than stored (open loop), and UCB counts how often a child was *available* so
actions legal in few determinizations are not favoured. Values are each seat's returns, so the
search fits any number of players; simultaneous and real-time choices are searched as if made
one after the other by a random seat among those who may act.

Playouts are random by default (the original agent, ``mcts``). For long games they can be
*informed*: each playout step is greedy (``agents.greedy``) with probability ``1 - epsilon``,
and a playout may stop after ``rollout_depth`` choices, the position then scored by the game's
evaluation (``agents.evaluation.win_chances``) instead of being played to the end. A time
budget (``seconds``) is checked at every step of every playout, so a decision never takes
much longer than its budget; an iteration cut short by the budget is dropped, not counted.
With ``follow_up`` below 1 the budget is spread over a turn: each later decision of the seat's
turn (``SeatView.turn_step``) gets that share of it (``clock.turn_share``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace

from molehaven.agents.base import SeatView
from molehaven.agents.clock import Clock, Deadline, check_follow_up, turn_share
from molehaven.agents.evaluation import evaluation_for, win_chances
from molehaven.agents.greedy import GreedyAgent, outcome_value
from molehaven.core import CHANCE, Action, Seat, State
from molehaven.core.play import sample_outcome

Edge = tuple[Seat, Action]


@dataclass(slots=True)
class Node:
    seat: Seat  # who chose the action leading here
    visits: int = 0
    value: float = 0.0  # sum of ``seat``'s returns through this node
    available: int = 1  # how often this node was a legal choice when its parent was visited
    children: dict[Edge, Node] = field(default_factory=dict)


class OutOfTime(Exception):
    """The decision's time budget ran out in the middle of an iteration."""


class MCTSAgent:
    """ISMCTS; ``iterations`` and ``seconds`` bound the work per move (whichever comes first).

    ``epsilon`` is the chance of a random playout step (1: random playouts, as ``mcts``);
    ``rollout_depth`` stops a playout after that many choices and scores it with the game's
    evaluation (``None``: play to the end). ``prior_visits`` > 0 first weighs every root
    action as the greedy agent does (one sample) and counts that as so many visits, so a
    short search starts from the greedy choice instead of from nothing. ``follow_up`` < 1
    shortens each later decision of a turn to that share of ``seconds``, which is then the
    first decision's.
    ``clock`` is read for the time budget (tests inject one).
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = 400,
        seconds: float | None = None,
        exploration: float = 0.9,
        epsilon: float = 1.0,
        rollout_depth: int | None = None,
        prior_visits: int = 0,
        follow_up: float = 1.0,
        clock: Clock | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("MCTS needs a bound: iterations, seconds or both")
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.epsilon = epsilon
        self.rollout_depth = rollout_depth
        self.prior_visits = prior_visits
        self.follow_up = check_follow_up(follow_up)
        self._clock = clock
        self._gate: GreedyAgent | None = None  # weighs whether to interject at all
        self.last_iterations = 0  # iterations completed for the latest decision (benchmarks)

    def act(self, view: SeatView) -> Action:
        self.last_iterations = 0
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        if view.sample_state is None:  # nothing to search: a view built without a sampler
            return self._rng.choice(view.legal_actions)
        seconds = turn_share(self.seconds, self.follow_up, view.turn_step)
        deadline = Deadline(seconds, self._clock) if self._clock else Deadline(seconds)
        root = Node(view.seat)
        if self.prior_visits > 0:
            self._seed_root(root, view, deadline)
        done = 0
        while self.iterations is None or done < self.iterations:
            try:
                state = view.sample_state(self._rng)
                self._iterate(root, state, view.seat, deadline)
            except OutOfTime:
                break
            done += 1
            if deadline.passed():
                break
        self.last_iterations = done
        legal = set(view.legal_actions)
        # With a prior every root action starts with a weighed value, so the best mean is
        # the better guide: a few extra visits from a short search are mostly noise.
        by_mean = self.prior_visits > 0
        best = max(
            (
                (child.value / child.visits, child.visits, str(action), action)
                if by_mean
                else (child.visits, child.value / max(child.visits, 1), str(action), action)
                for (seat, action), child in root.children.items()
                if seat == view.seat and action in legal and child.visits > 0
            ),
            default=None,
        )
        if best is None:  # no iteration finished within the budget
            return self._rng.choice(view.legal_actions)
        return best[3]

    def interjection(self, view: SeatView) -> Action | None:
        """Where acting is optional (The Mole's nominations and guesses, TM-26): ``None`` to
        let play go on, else the searched action.

        Whether to act at all is weighed as the greedy agent weighs it, against leaving the
        position as it is. The search cannot weigh waiting: its playouts let any seat that
        may act act, so in them every seat calls votes and guesses at once, and asked
        whenever it might act, the agent used to call a vote at every chance.
        """
        if self._gate is None:
            self._gate = GreedyAgent(self._rng.getrandbits(63))
        if self._gate.interjection(view) is None:
            return None
        return self.act(view)

    def _seed_root(self, root: Node, view: SeatView, deadline: Deadline) -> None:
        assert view.sample_state is not None
        evaluation = replace(evaluation_for(view.game.slug), samples=1)
        state = view.sample_state(self._rng)
        actions = list(view.legal_actions)
        self._rng.shuffle(actions)  # if time runs out, no action is favoured by its place
        for action in actions:
            if deadline.passed():
                return
            value = outcome_value(state, view.seat, action, evaluation, self._rng, deadline)
            visits = self.prior_visits
            root.children[(view.seat, action)] = Node(view.seat, visits, value * visits, visits)

    def _choose_seat(self, state: State, root_seat: Seat, at_root: bool) -> Seat:
        to_move = state.to_move()
        if at_root and root_seat in to_move:
            return root_seat  # the decision being searched is this seat's own
        return to_move[0] if len(to_move) == 1 else self._rng.choice(to_move)

    def _iterate(self, root: Node, state: State, root_seat: Seat, deadline: Deadline) -> None:
        rng = self._rng
        node = root
        path = [root]
        at_root = True
        while not state.is_terminal():
            if state.is_chance():
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
                continue
            if not state.to_move():
                break  # only the clock could act: score the position as it stands
            seat = self._choose_seat(state, root_seat, at_root)
            at_root = False
            legal = state.legal_actions(seat)
            untried = [a for a in legal if (seat, a) not in node.children]
            if untried:
                action = rng.choice(untried)
                child = Node(seat)
                node.children[(seat, action)] = child
                for other in legal:
                    existing = node.children.get((seat, other))
                    if existing is not None and existing is not child:
                        existing.available += 1
                state.apply(seat, action)
                path.append(child)
                break
            best_score = -math.inf
            best: tuple[Action, Node] | None = None
            for action in legal:
                child = node.children[(seat, action)]
                child.available += 1
                score = child.value / child.visits + self.exploration * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if score > best_score:
                    best_score, best = score, (action, child)
            assert best is not None
            state.apply(seat, best[0])
            node = best[1]
            path.append(node)
        returns = self._playout(state, root_seat, deadline)
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.value += returns[visited.seat]

    def _playout(self, state: State, root_seat: Seat, deadline: Deadline) -> list[float]:
        """Play on from ``state`` and return each seat's value of the result."""
        rng = self._rng
        evaluation = evaluation_for(state.game.slug)
        informed = self.epsilon < 1.0
        quick = evaluation.immediate()
        choices = 0
        while not state.is_terminal():
            if deadline.passed():
                raise OutOfTime
            if state.is_chance():
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
                continue
            if self.rollout_depth is not None and choices >= self.rollout_depth:
                break
            to_move = state.to_move()
            if not to_move:
                break
            seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
            legal = state.legal_actions(seat)
            if informed and len(legal) > 1 and rng.random() >= self.epsilon:
                values = [outcome_value(state, seat, a, quick, rng) for a in legal]
                action = legal[values.index(max(values))]
            else:
                action = rng.choice(legal)
            state.apply(seat, action)
            choices += 1
        if state.is_terminal():
            return state.returns()
        return win_chances(state, root_seat, evaluation)
