"""Monte Carlo tree search for every game: open-loop, information-set style.

Each iteration searches one *determinization*: a state drawn from what the agent's seat knows
(``SeatView.sample_state``), with everything hidden redrawn. One tree is shared by all of them
(single-observer ISMCTS): a node is a sequence of (seat, action) choices, chance outcomes are
sampled rather than stored (open loop), and UCB counts how often a child was *available* so
actions legal in few determinizations are not favoured. Values are each seat's returns, so the
search fits any number of players; simultaneous and real-time choices are searched as if made
one after the other by a random seat among those who may act.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from molehaven.agents.base import SeatView
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


class MCTSAgent:
    """ISMCTS with random rollouts; ``iterations`` bounds the work per move."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = 400,
        seconds: float | None = None,
        exploration: float = 0.9,
    ) -> None:
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration

    def act(self, view: SeatView) -> Action:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        if view.sample_state is None:  # nothing to search: a view built without a sampler
            return self._rng.choice(view.legal_actions)
        root = Node(view.seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.iterations):
            self._iterate(root, view.sample_state(self._rng), view.seat)
            if deadline is not None and time.perf_counter() > deadline:
                break
        legal = set(view.legal_actions)
        best = max(
            (
                (child.visits, child.value / max(child.visits, 1), str(action), action)
                for (seat, action), child in root.children.items()
                if seat == view.seat and action in legal
            ),
            default=None,
        )
        return best[3] if best is not None else self._rng.choice(view.legal_actions)

    def _choose_seat(self, state: State, root_seat: Seat, at_root: bool) -> Seat:
        to_move = state.to_move()
        if at_root and root_seat in to_move:
            return root_seat  # the decision being searched is this seat's own
        return to_move[0] if len(to_move) == 1 else self._rng.choice(to_move)

    def _iterate(self, root: Node, state: State, root_seat: Seat) -> None:
        rng = self._rng
        node = root
        path = [root]
        at_root = True
        while not state.is_terminal():
            if state.is_chance():
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
                continue
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
        while not state.is_terminal():  # random rollout
            if state.is_chance():
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
                continue
            to_move = state.to_move()
            seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        returns = state.returns()
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.value += returns[visited.seat]
