"""Levels of play: easy, medium and hard for every game, each a named agent with a budget.

``LEVELS`` maps a game to its three levels. A level names an agent and the seconds it may
think per decision; ``hard`` may name agents written for one game (``alphabeta`` for Mole
Hill, ``belief`` for The Mole): while no agent of that name is registered in ``AGENTS`` the
level falls back to the next name in its list, so registering one plugs it in.

``make_agent`` builds any registered agent with an optional time budget, which the arena's
``--budget`` uses; the level agents (``easy``, ``medium``, ``hard``) choose their game's
agent when they first see a view.

A budget (``seconds``) replaces an agent's own; a cap (``max_seconds``, the server's
``bot_seconds``) only shortens it, so each level keeps its own pace wherever it plays.

Where a turn is several decisions (Mole Majority), a level's ``follow_up`` spreads its time
over a turn: the first decision of a turn thinks ``seconds``, each later one of the same turn
that share of them (``clock.turn_share``). A budget or a cap then sets the first decision's
seconds and the later ones take their share of it.
"""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass

from molehaven.agents.base import Agent, SeatView, interjects
from molehaven.agents.clock import capped, check_follow_up
from molehaven.agents.greedy import GreedyAgent
from molehaven.agents.mcts import MCTSAgent
from molehaven.core import Action, Game

LEVEL_NAMES = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Level:
    """Agents to try in order (the first registered one plays) and its seconds per decision;
    with ``follow_up`` below 1, the seconds of a turn's first decision, each later decision
    of the turn thinking that share of them; ``rollout_depth``, the informed search's playout
    length at this level (``None``: the game's ``PLAYOUTS``)."""

    agents: tuple[str, ...]
    seconds: float
    follow_up: float = 1.0
    rollout_depth: int | None = None

    def __post_init__(self) -> None:
        check_follow_up(self.follow_up)


@dataclass(frozen=True, slots=True)
class Playouts:
    """How the informed search plays out a game: the chance of a random step, and how many
    choices before the evaluation scores the position."""

    epsilon: float
    depth: int
    prior_visits: int = 4


_DEFAULT_LEVELS = {
    "easy": Level(("greedy",), 0.1),
    "medium": Level(("informed",), 0.3),
    "hard": Level(("informed",), 1.0),
}
LEVELS: dict[str, dict[str, Level]] = {
    "mole-hill": {**_DEFAULT_LEVELS, "hard": Level(("alphabeta", "informed"), 1.0)},
    # Hard thinking three times longer on medium's search measured no stronger; on playouts
    # of two choices its time deepens the tree instead, and it beats medium (docs/agents.md,
    # "Short playouts for hard").
    "maulwurf-company": {
        **_DEFAULT_LEVELS,
        "hard": Level(("informed",), 1.0, rollout_depth=2),
    },
    # Mole Park's search (``informed``) measured no stronger than greedy; weighing greedy's
    # look ahead over many more sampled worlds is (docs/agents.md).
    "mole-park": {
        **_DEFAULT_LEVELS,
        "medium": Level(("flat",), 0.3),
        "hard": Level(("flat",), 1.0),
    },
    # A Mole Majority turn is several decisions (a card, then moves, stacks, end turn: about
    # four to search): the first gets the level's seconds, each later one half of them
    # (docs/agents.md, "Mole Majority's time per turn"). Hard's playouts are short, as in
    # Die Maulwurf Company, and for the same reason.
    "mole-majority": {
        **_DEFAULT_LEVELS,
        "medium": Level(("informed",), 0.3, follow_up=0.5),
        "hard": Level(("informed",), 1.0, follow_up=0.5, rollout_depth=2),
    },
    # The Mole's answers count only in what the others come to believe, which its evaluation
    # weighs (a seat's suspicion) and the informed search's random playouts drown: as a spy
    # it answered as at random (2026-11-29). Greedy's weighing over more worlds does not.
    "the-mole": {
        **_DEFAULT_LEVELS,
        "medium": Level(("flat",), 0.3),
        "hard": Level(("belief", "informed"), 1.0),
    },
}

PLAYOUTS: dict[str, Playouts] = {
    "mole-hill": Playouts(epsilon=1.0, depth=4, prior_visits=10),
    "maulwurf-company": Playouts(epsilon=1.0, depth=16),
    "mole-park": Playouts(epsilon=1.0, depth=24),
    "mole-majority": Playouts(epsilon=1.0, depth=12),
    "the-mole": Playouts(epsilon=1.0, depth=24),
}
DEFAULT_PLAYOUTS = Playouts(epsilon=1.0, depth=16)
INFORMED_SECONDS = 1.0


def budget(seconds: float | None, own: float, max_seconds: float | None) -> float:
    """The seconds an agent may think per decision: ``seconds`` if given, else its ``own``,
    never more than ``max_seconds`` (``None``: no cap)."""
    return capped(own if seconds is None else seconds, max_seconds)


def informed_agent(
    seed: int | None,
    slug: str | None,
    seconds: float,
    follow_up: float = 1.0,
    rollout_depth: int | None = None,
) -> MCTSAgent:
    """ISMCTS with informed playouts, tuned for ``slug``, within ``seconds`` a decision (a
    turn's first, with ``follow_up`` below 1); ``rollout_depth`` replaces the game's."""
    playouts = PLAYOUTS.get(slug or "", DEFAULT_PLAYOUTS)
    return MCTSAgent(
        seed,
        iterations=None,
        seconds=seconds,
        epsilon=playouts.epsilon,
        rollout_depth=playouts.depth if rollout_depth is None else rollout_depth,
        prior_visits=playouts.prior_visits,
        follow_up=follow_up,
    )


class InformedAgent:
    """``informed``: ISMCTS whose playouts are tuned to the game it is playing."""

    name = "informed"

    def __init__(
        self,
        seed: int | None = None,
        *,
        seconds: float | None = None,
        max_seconds: float | None = None,
        follow_up: float = 1.0,
        rollout_depth: int | None = None,
    ) -> None:
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError(f"rollout_depth must be 0 or more, got {rollout_depth}")
        self._seed = seed
        self.seconds = budget(seconds, INFORMED_SECONDS, max_seconds)
        self.follow_up = check_follow_up(follow_up)
        self.rollout_depth = rollout_depth
        self._agent: MCTSAgent | None = None
        self._slug: str | None = None

    def act(self, view: SeatView) -> Action:
        return self._agent_for(view.game).act(view)

    def interjection(self, view: SeatView) -> Action | None:
        return self._agent_for(view.game).interjection(view)

    def _agent_for(self, game: Game[object]) -> MCTSAgent:
        if self._agent is None or self._slug != game.slug:
            self._slug = game.slug
            self._agent = informed_agent(
                self._seed, self._slug, self.seconds, self.follow_up, self.rollout_depth
            )
        return self._agent


def make_agent(
    name: str,
    seed: int | None,
    seconds: float | None = None,
    follow_up: float = 1.0,
    rollout_depth: int | None = None,
) -> Agent:
    """The registered agent ``name``; ``seconds`` (if given) is its budget per decision,
    passed to agents that take one (``random`` and ``greedy`` need none); ``follow_up``
    below 1 makes it a turn's first decision's (``Level.follow_up``), passed likewise to
    agents that share a turn's time (``informed``), as ``rollout_depth`` (if given) is to
    agents whose playouts have a length (``informed``).

    Raises:
        KeyError: no agent of that name is registered.
    """
    from molehaven.agents import AGENTS  # the registry imports this module

    factory = AGENTS[name]
    keywords = _keywords(factory)
    given: dict[str, float] = {}
    if seconds is not None and "seconds" in keywords:
        given["seconds"] = seconds
    if check_follow_up(follow_up) < 1 and "follow_up" in keywords:
        given["follow_up"] = follow_up
    if rollout_depth is not None and "rollout_depth" in keywords:
        given["rollout_depth"] = rollout_depth
    return factory(seed, **given)


def level_agent_name(slug: str, level: str) -> str:
    """The registered agent that plays ``level`` in game ``slug``."""
    from molehaven.agents import AGENTS

    choices = LEVELS.get(slug, _DEFAULT_LEVELS)[level].agents
    return next((name for name in choices if name in AGENTS), choices[-1])


class LevelAgent:
    """``easy``, ``medium`` or ``hard``: picks the game's agent for that level on first use."""

    def __init__(
        self,
        level: str,
        seed: int | None = None,
        seconds: float | None = None,
        max_seconds: float | None = None,
    ):
        if level not in LEVEL_NAMES:
            raise ValueError(f"unknown level {level!r}; valid: {', '.join(LEVEL_NAMES)}")
        self.name = level
        self.seconds = seconds
        self.max_seconds = max_seconds
        self._rng = random.Random(seed)
        self._agent: Agent | None = None
        self._slug: str | None = None

    def act(self, view: SeatView) -> Action:
        return self._agent_for(view.game).act(view)

    def interjects(self, game: Game[object]) -> bool:
        """Whether this level's agent for ``game`` chooses when to interject."""
        return interjects(self._agent_for(game), game)

    def interjection(self, view: SeatView) -> Action | None:
        inner = self._agent_for(view.game)
        offer = getattr(inner, "interjection", None)
        return offer(view) if callable(offer) else None

    def _agent_for(self, game: Game[object]) -> Agent:
        if self._agent is None or self._slug != game.slug:
            self._slug = game.slug
            level = LEVELS.get(self._slug, _DEFAULT_LEVELS)[self.name]
            seconds = budget(self.seconds, level.seconds, self.max_seconds)
            name = level_agent_name(self._slug, self.name)
            self._agent = make_agent(
                name,
                self._rng.getrandbits(63),
                seconds,
                follow_up=level.follow_up,
                rollout_depth=level.rollout_depth,
            )
        return self._agent


def easy(
    seed: int | None = None, *, seconds: float | None = None, max_seconds: float | None = None
) -> LevelAgent:
    return LevelAgent("easy", seed, seconds, max_seconds)


def medium(
    seed: int | None = None, *, seconds: float | None = None, max_seconds: float | None = None
) -> LevelAgent:
    return LevelAgent("medium", seed, seconds, max_seconds)


def hard(
    seed: int | None = None, *, seconds: float | None = None, max_seconds: float | None = None
) -> LevelAgent:
    return LevelAgent("hard", seed, seconds, max_seconds)


def _keywords(factory: object) -> set[str]:
    try:
        return set(inspect.signature(factory).parameters)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return set()


def greedy(seed: int | None = None) -> GreedyAgent:
    """``greedy``: a full one-ply weighing, whatever the budget (it takes milliseconds), so
    its games replay exactly from their seed."""
    return GreedyAgent(seed)


FLAT_SAMPLES = 100_000  # in effect unbounded: the budget ends a flat decision
FLAT_SECONDS = 1.0


def flat(
    seed: int | None = None, *, seconds: float | None = None, max_seconds: float | None = None
) -> GreedyAgent:
    """``flat``: greedy's weighing repeated over as many sampled worlds as ``seconds`` allows
    (flat Monte Carlo over the seat's information set), each world's look ahead as greedy's."""
    agent = GreedyAgent(
        seed, seconds=budget(seconds, FLAT_SECONDS, max_seconds), samples=FLAT_SAMPLES
    )
    agent.name = "flat"
    return agent


def mcts(
    seed: int | None = None, *, seconds: float | None = None, max_seconds: float | None = None
) -> MCTSAgent:
    """``mcts``: the original ISMCTS, 400 iterations of random playouts (or ``seconds``, or
    ``max_seconds``: whichever ends first)."""
    seconds = max_seconds if seconds is None else capped(seconds, max_seconds)
    return MCTSAgent(seed, iterations=400, seconds=seconds)
