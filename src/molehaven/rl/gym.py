"""A Gymnasium single-agent environment: one seat learns, Molehaven agents play the others.

>>> from molehaven.rl.gym import SingleSeatEnv
>>> env = SingleSeatEnv("mole-hill", seat=0, opponents="random", rounds=1)
>>> observation, info = env.reset(seed=0)
>>> sorted(observation)
['action_mask', 'observation']

The opponents are built from ``molehaven.agents.AGENTS`` by name (one name for every other
seat, or one per seat) or passed as agents; they see only their ``SeatView``. Chance is drawn
from the env's seeded generator, and opponent agents are seeded from the reset seed. When the
learning seat and others may act at once, seats are asked round-robin from the seat after the
last one that acted (as in the AEC env). Where seats may act but need not (The Mole: anyone
may nominate while the asker asks, TM-26), the action space has the wait action as its last
index (``env.wait_index``), legal exactly for those seats, as in the AEC env: the learning
seat may wait, and each such seat is asked once per position before the seat play waits for.
An opponent agent that decides for itself when to act there (it has ``interjection``, the
convention ``molehaven.sim`` follows, ``agents.base.interjects``: the greedy, belief and level
agents) is asked ``interjection(view)`` and waits on ``None``; an agent without it (``random``,
``mcts``) acts when asked, as it does in the simulator when it is picked. The reward is the
learning seat's return at the end: ``1/k`` if it is one of ``k`` winners, else 0. A learning
step may be a wait, so the default ``max_steps`` is the game's ``max_length()`` times the
player count for a game with the wait action. A game the other seats end before the learning
seat is first asked (The Mole at ``target_score=1``, where the mole may guess at once) is not
an episode: ``reset`` deals the next game instead (``env.skipped`` counts them), so every
episode holds at least one decision.

Importing this module registers every game with Gymnasium (``gym_id``: ``mole-hill`` is
``molehaven/MoleHill-v0``), so ``gymnasium.make`` and ``gymnasium.make_vec`` build these envs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
from gymnasium import spaces

from molehaven.agents import AGENTS, Agent, SeatView
from molehaven.agents.base import interjects
from molehaven.core import Action, Game, OptionsError, Seat
from molehaven.core.action_space import as_index
from molehaven.rl.table import (
    ObsDict,
    Table,
    as_seed,
    check_render_mode,
    episode_over,
    step_limit,
)

Opponents = str | Agent | Sequence[str | Agent]

# Games in a row that may end before the learning seat acts, before ``reset`` gives up.
MAX_SKIPPED = 1000


class SingleSeatEnv(gymnasium.Env[ObsDict, Any]):
    """One seat of a Molehaven game as a Gymnasium env; see the module docstring."""

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012
    # Narrower than Gymnasium's ``Space``: a typed learner reads ``action_space.n`` and
    # ``observation_space["action_mask"]`` without casts.
    action_space: spaces.Discrete
    observation_space: spaces.Dict

    def __init__(
        self,
        slug: str,
        players: int | None = None,
        *,
        seat: Seat = 0,
        opponents: Opponents = "random",
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        check_render_mode(render_mode, self.metadata["render_modes"])
        self.table = Table(slug, players, options)
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise OptionsError(f"seat must be an int 0-{self.table.players - 1}, got {seat!r}")
        if not 0 <= seat < self.table.players:
            raise OptionsError(f"seat must be 0-{self.table.players - 1}, got {seat}")
        self.seat = seat
        self.render_mode = render_mode
        self.max_steps = step_limit(max_steps, self.table.game, waits=self.table.wait is not None)
        self.observation_space = self.table.observation_space()
        self.action_space = spaces.Discrete(self.table.size)
        self._opponent_spec = opponents
        self._opponents: dict[Seat, Agent] = {}
        # The opponents that choose for themselves whether to act where they need not.
        self._interjecting: set[Seat] = set()
        self._set_opponents(self._build_opponents(None))
        self._last_seat: Seat = -1
        self._steps = 0
        # Games the last ``reset`` dealt and skipped: they ended before this seat was asked.
        self.skipped = 0
        # Gymnasium's contract: reset() before the first step and after the end.
        self._running = False

    @property
    def game(self) -> Game[object]:
        """The Molehaven game this env plays (its action space decodes an index:
        ``env.game.action_at(index)``)."""
        return self.table.game

    @property
    def wait_index(self) -> int | None:
        """The wait action's index (the last one), or ``None`` if this game has none."""
        return self.table.wait

    def _set_opponents(self, opponents: dict[Seat, Agent]) -> None:
        self._opponents = opponents
        game = self.table.game
        self._interjecting = (
            {seat for seat, agent in opponents.items() if interjects(agent, game)}
            if self.table.wait is not None
            else set()
        )

    def _build_opponents(self, seed: int | None) -> dict[Seat, Agent]:
        others = [s for s in range(self.table.players) if s != self.seat]
        spec = self._opponent_spec
        chosen = (
            [spec] * len(others)
            if isinstance(spec, str) or not isinstance(spec, Sequence)
            else list(spec)
        )
        if len(chosen) == 1:
            chosen *= len(others)
        if len(chosen) != len(others):
            raise OptionsError(
                f"opponents: give one agent for all {len(others)} other seat(s), or one per"
                f" other seat ({len(others)}); got {len(chosen)}"
            )
        agents: dict[Seat, Agent] = {}
        for offset, (other, entry) in enumerate(zip(others, chosen, strict=True)):
            if isinstance(entry, str):
                factory = AGENTS.get(entry)
                if factory is None:
                    raise OptionsError(f"unknown agent {entry!r}; valid: {', '.join(AGENTS)}")
                agents[other] = factory(None if seed is None else seed + 1 + offset)
            elif callable(getattr(entry, "act", None)) and not isinstance(entry, type):
                agents[other] = entry
            else:
                # A factory (``AGENTS["random"]``) or anything else failed only at the first
                # opponent move, with an error about something else.
                raise OptionsError(
                    f"opponents: each is an agent's name ({', '.join(AGENTS)}) or an agent"
                    f" (e.g. AGENTS['random'](seed), with an act(view) method); got {entry!r}"
                )
        return agents

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Start a new game and play the other seats up to the learning seat's first turn.

        ``seed`` (a non-negative int; NumPy ints pass) reseeds chance and rebuilds the
        opponents named in ``opponents`` with seeds derived from it, so a seeded episode
        replays exactly. Opponents passed as agent objects are used as they are, never
        reseeded: their own randomness is theirs to seed. ``options`` is ignored. Games that
        end before the learning seat is asked are skipped (``skipped``, module docstring).

        Raises:
            RuntimeError: ``MAX_SKIPPED`` games in a row ended before the seat was asked.
        """
        # Gymnasium takes Python ints only: a NumPy integer (a seed drawn with NumPy) is made one.
        seed = as_seed(seed)
        super().reset(seed=seed)
        self.table.reset(seed)
        if seed is not None:
            self._set_opponents(self._build_opponents(seed))
        self.skipped = 0
        while True:
            self._last_seat = -1
            self._steps = 0
            self._play_opponents()
            if not self.table.state.is_terminal():
                break
            # The others ended the game before this seat was asked anything (The Mole at
            # ``target_score=1``: the mole may guess the location first): Gymnasium's reset
            # cannot say an episode is over, and such a game holds no decision to learn from,
            # so the next one is dealt from the same generators (a seeded reset still replays).
            self.skipped += 1
            if self.skipped >= MAX_SKIPPED:
                raise RuntimeError(
                    f"{self.table.game.slug}: {MAX_SKIPPED} games in a row ended before seat"
                    f" {self.seat} was asked to act; these options leave it no decision"
                )
            self.table.reset(None)
        self._running = True
        return self.table.observe(self.seat), {}

    def _play_opponents(self) -> None:
        """Let the other seats act (or wait) until the learning seat is asked or the game
        ends."""
        table = self.table
        state = table.state
        while not state.is_terminal():
            mover = table.next_seat(self._last_seat)
            if mover == self.seat:
                return
            self._last_seat = mover
            agent = self._opponents[mover]
            view = SeatView.of(state, mover)
            wait = table.wait
            if (
                wait is not None
                and mover in self._interjecting
                and mover in table.optional_movers()
            ):
                offer = getattr(agent, "interjection")  # noqa: B009 (checked by interjects)
                chosen: Action | None = offer(view)
                if chosen is None:
                    table.act(mover, wait)
                    continue
            else:
                chosen = agent.act(view)
            state.apply(mover, chosen)
            table.play_chance()

    def step(self, action: int) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        """Apply the learning seat's action (an index; see the mask; the wait action applies
        nothing), then the others'.

        Raises:
            TypeError: the action is not an integer.
            IndexError: no action has that index.
            IllegalActionError: the action is not legal now.
            ResetNeeded: no episode is running (before ``reset()`` or after the end).
        """
        if not self._running:
            raise episode_over()
        self.table.act(self.seat, as_index(action))
        self._last_seat = self.seat
        self._steps += 1
        self._play_opponents()
        state = self.table.state
        over = state.is_terminal()
        reward = state.returns()[self.seat] if over else 0.0
        truncated = not over and self._steps >= self.max_steps
        self._running = not (over or truncated)
        return self.table.observe(self.seat), reward, over, truncated, {}

    def action_masks(self) -> Any:
        """The current legal-action mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self.table.mask(self.seat)

    def render(self) -> str:
        """The public view as text (what a spectator sees); ``render_mode="human"`` also
        prints it."""
        text = self.table.render()
        if self.render_mode == "human":
            print(text)
        return text


def gym_id(slug: str) -> str:
    """The Gymnasium id of game ``slug``'s single-seat env (``mole-hill``:
    ``molehaven/MoleHill-v0``)."""
    return f"molehaven/{''.join(word.capitalize() for word in slug.split('-'))}-v0"


def _register_all() -> None:
    """Every game under its ``gym_id``, so ``gymnasium.make`` builds it (once per process)."""
    from molehaven.games import REGISTRY

    for slug in REGISTRY.list_games():
        if gym_id(slug) not in gymnasium.registry:
            gymnasium.register(
                gym_id(slug), entry_point=f"{__name__}:SingleSeatEnv", kwargs={"slug": slug}
            )


_register_all()
