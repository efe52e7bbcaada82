"""Alpha-beta search for Mole Hill: iterative deepening, a transposition table, move ordering
and an evaluation of the mole's reachable region and the flowers in it.

The search runs through the engine: every child is a clone with the action applied by the
checked ``apply`` (Mole Hill's check is a few comparisons), so no rule is restated here. Values
are seat 0's points minus seat 1's (negamax flips the sign for seat 1); a finished match is worth
``WIN`` more or less, so a forced win or loss outweighs any points. The search stays inside the
round it starts in: the end of the round is a leaf.

Each decision has a hard budget: the clock (injectable, for tests) is read at every node and
the search stops at once when the budget is spent, playing the best move of the deepest
completed iteration. ``node_limit`` bounds the work instead of the clock, for reproducible tests.
In any other game the agent defers to the general MCTS agent.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from molehaven.agents.base import SeatView
from molehaven.agents.clock import capped
from molehaven.agents.mcts import MCTSAgent
from molehaven.core import Action, Game
from molehaven.games.mole_hill import rules
from molehaven.games.mole_hill.data import (
    EDGES,
    FLOWER_POINTS,
    LIGHT_PIECES,
    PIECES,
    SQUARE_COUNT,
    file_of,
    rank_of,
)
from molehaven.games.mole_hill.notation import Rod
from molehaven.games.mole_hill.state import MoleHillState

WIN = 1000.0
MOBILITY_WEIGHT = 0.3  # per open step from the stack: a mole with one way out is nearly caught
REGION_WEIGHT = 0.5  # share of the dark pieces in reach the mole is expected to collect
FLOWER_WEIGHT = 0.7  # share of the flower points in reach
ROD_REACH = 2  # rods considered: edges touching a square this close (king steps) to the mole

EXACT, LOWER, UPPER = range(3)

FLOWER_SQUARES = tuple(s for s in range(SQUARE_COUNT) if FLOWER_POINTS[s])


def _near(a: int, b: int) -> int:
    return max(abs(file_of(a) - file_of(b)), abs(rank_of(a) - rank_of(b)))


# Per square of the stack, the edges worth a rod: those touching a square within ROD_REACH.
_NEAR_EDGES: tuple[frozenset[int], ...] = tuple(
    frozenset(
        edge
        for edge, (first, second) in enumerate(EDGES)
        if min(_near(stack, first), _near(stack, second)) <= ROD_REACH
    )
    for stack in range(SQUARE_COUNT)
)


class OutOfTime(Exception):
    """The budget ran out in the middle of an iteration."""


@dataclass(slots=True)
class Entry:
    depth: int
    value: float
    bound: int
    best: Action | None


def reachable_region(state: MoleHillState) -> int:
    """The unvisited squares the mole could still walk to (a bitmask), rods as they stand.

    With a centre jump pending every unvisited square is in reach (MH-16).
    """
    if not state.path:
        return rules.ALL_SQUARES
    visited = state.visited
    if state.jump:
        return rules.ALL_SQUARES & ~visited
    rods = state.rods
    region = 0
    frontier = [state.path[-1]]
    while frontier:
        square = frontier.pop()
        _, squares = rules.open_steps(square, visited | region, rods)
        region |= squares
        while squares:
            low = squares & -squares
            frontier.append(low.bit_length() - 1)
            squares ^= low
    return region


def round_prospect(state: MoleHillState) -> float:
    """Points the mole may still add this round: dark pieces and flowers within reach."""
    if state.phase == rules.PLACE:
        region = rules.ALL_SQUARES
        visits = 0
    else:
        region = reachable_region(state)
        visits = len(state.path)
    reach = min(region.bit_count(), PIECES - visits)
    dark_now = max(0, visits - LIGHT_PIECES)
    dark_later = max(0, visits + reach - LIGHT_PIECES) - dark_now
    flowers = sum(FLOWER_POINTS[s] for s in FLOWER_SQUARES if region >> s & 1)
    mobility = 0
    if state.path and not state.jump:
        mobility = rules.open_steps(state.path[-1], state.visited, state.rods)[1].bit_count()
    return REGION_WEIGHT * dark_later + FLOWER_WEIGHT * flowers + MOBILITY_WEIGHT * mobility


def evaluate(state: MoleHillState) -> float:
    """Seat 0's points minus seat 1's, the running round's prospect credited to its mole."""
    first, second = rules.scores(state)
    difference = first - second
    if state.phase == rules.OVER:
        return difference + (WIN if difference > 0 else -WIN if difference < 0 else 0.0)
    prospect = round_prospect(state)
    return difference + (prospect if state.mole == 0 else -prospect)


Key = tuple[int, int, int, int, int, bool, tuple[int, ...]]


def _key(state: MoleHillState) -> Key:
    stack = state.path[-1] if state.path else -1
    return (
        state.round,
        state.phase,
        state.visited,
        state.rods,
        stack,
        state.jump,
        state.round_scores,
    )


class AlphaBetaAgent:
    """Mole Hill alpha-beta; ``seconds`` is the hard budget per decision, at most
    ``max_seconds``."""

    name = "alphabeta"

    def __init__(
        self,
        seed: int | None = None,
        *,
        seconds: float = 1.0,
        max_seconds: float | None = None,
        node_limit: int | None = None,
        max_depth: int = 64,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        # The search is deterministic (ties go to the engine's first action); the seed only
        # feeds the general MCTS agent it defers to in other games.
        self._elsewhere = MCTSAgent(seed)
        self.seconds = capped(seconds, max_seconds)
        self.node_limit = node_limit
        self.max_depth = max_depth
        self.clock = clock
        self.nodes = 0
        self.depth_reached = 0
        self._deadline = 0.0
        self._table: dict[Key, Entry] = {}
        self._values: dict[Key, float] = {}  # evaluations, shared by ordering and leaves

    def interjects(self, game: Game[object]) -> bool:
        """Only elsewhere: Mole Hill never lets a seat choose whether to act."""
        return game.slug != "mole-hill"

    def interjection(self, view: SeatView) -> Action | None:
        """Seated at The Mole, where acting may be optional (TM-26): as the general search
        decides."""
        return self._elsewhere.interjection(view)

    def act(self, view: SeatView) -> Action:
        if view.game.slug != "mole-hill":
            # A host may seat this agent at any table; elsewhere the general search plays,
            # rather than an error that would stall the table.
            return self._elsewhere.act(view)
        if len(view.legal_actions) == 1 or view.sample_state is None:
            return view.legal_actions[0]
        # Perfect information (MH-28): the "sample" is the position itself, a private copy.
        root = view.sample_state(random.Random(0))
        assert isinstance(root, MoleHillState)
        return self.search(root)

    def search(self, root: MoleHillState) -> Action:
        """The best action for the seat to move in ``root`` within the budget."""
        # A full collection over a large table can pause for a noticeable part of a second,
        # past the deadline; the search makes no reference cycles, so it may wait until after.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._search(root)
        finally:
            if collecting:
                gc.enable()

    def _search(self, root: MoleHillState) -> Action:
        self._deadline = self.clock() + self.seconds
        self.nodes = 0
        self.depth_reached = 0
        # Last decision's tables go now, inside the budget (freeing them takes a moment).
        self._table.clear()
        self._values.clear()
        seat = rules.seat_to_move(root)
        legal = root.legal_actions(seat)
        best = legal[0]
        for depth in range(1, self.max_depth + 1):
            try:
                value, action = self._root(root, depth)
            except OutOfTime:
                break
            if action is not None:
                best = action
            self.depth_reached = depth
            if abs(value) >= WIN / 2:
                break  # the result is forced either way; deeper search cannot change it
        return best

    def _root(self, root: MoleHillState, depth: int) -> tuple[float, Action | None]:
        seat = rules.seat_to_move(root)
        value = self._negamax(root, seat, depth, -2 * WIN, 2 * WIN, root.round)
        entry = self._table.get(_key(root))
        return value, entry.best if entry is not None else None

    def _tick(self) -> None:
        """Count one unit of work (a node or a child made); stop when the budget is spent."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfTime
        # Every unit: reading the clock costs far less than the clone, apply and evaluation.
        if self.clock() >= self._deadline:
            raise OutOfTime

    def _negamax(
        self,
        state: MoleHillState,
        seat: int,
        depth: int,
        alpha: float,
        beta: float,
        round_number: int,
    ) -> float:
        """The value of ``state`` for ``seat``: the seat to move, or at a leaf where nobody or
        the same seat moves next (the match or the round is over) the parent mover's opponent,
        as negamax needs."""
        self._tick()
        key = _key(state)
        if depth == 0 or state.phase == rules.OVER or state.round != round_number:
            return (1.0 if seat == 0 else -1.0) * self._evaluate(state, key)
        entry = self._table.get(key)
        first: Action | None = None
        if entry is not None:
            first = entry.best
            if entry.depth >= depth:
                if entry.bound == EXACT:
                    return entry.value
                if entry.bound == LOWER:
                    alpha = max(alpha, entry.value)
                elif entry.bound == UPPER:
                    beta = min(beta, entry.value)
                if alpha >= beta:
                    return entry.value
        start_alpha = alpha
        best_value = -3 * WIN
        best_action: Action | None = None
        for action, child in self._ordered_children(state, seat, first):
            value = -self._negamax(child, 1 - seat, depth - 1, -beta, -alpha, round_number)
            if value > best_value:
                best_value, best_action = value, action
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        bound = UPPER if best_value <= start_alpha else LOWER if best_value >= beta else EXACT
        self._table[key] = Entry(depth, best_value, bound, best_action)
        return best_value

    def _evaluate(self, state: MoleHillState, key: Key) -> float:
        value = self._values.get(key)
        if value is None:
            value = self._values[key] = evaluate(state)
        return value

    def _ordered_children(
        self, state: MoleHillState, seat: int, first: Action | None
    ) -> list[tuple[Action, MoleHillState]]:
        """Children best-first by the evaluation, the table's best move ahead of all.

        The gardener's rods are limited to edges near the stack: a rod far from the mole
        changes nothing for several moves, and 110 rods a ply would leave no time to look ahead.
        """
        legal = state.legal_actions(seat)
        if state.phase == rules.ROD:
            near = _NEAR_EDGES[state.path[-1]]
            close: list[Action] = [a for a in legal if isinstance(a, Rod) and a.edge in near]
            legal = close or legal
        children: list[tuple[float, int, Action, MoleHillState]] = []
        sign = 1.0 if seat == 0 else -1.0
        for index, action in enumerate(legal):
            self._tick()
            child = state.clone()
            child.apply(seat, action)
            score = 2 * WIN if action == first else sign * self._evaluate(child, _key(child))
            children.append((-score, index, action, child))
        children.sort(key=lambda item: (item[0], item[1]))
        return [(action, child) for _, _, action, child in children]
