"""The PettingZoo Parallel environment of a Molehaven game: every seat that may act now acts in the
same step.

Each step takes an action for every live agent. Every action of a seat in ``state.to_move()``
is checked against that seat's mask first (an illegal one raises, nothing applied); then they
are applied in seat order, and the others' (their masks are all zero) are ignored. Where
seats may act but need not (The Mole: anyone may nominate while the asker asks, TM-26), the
action space has one more index, the wait action (``env.wait_index``, the last index), legal
exactly for those seats: a wait applies nothing. The seat play waits for cannot wait, so every
step applies at least one action. Where an earlier seat's action in the same step makes a
later seat's action illegal (the first to nominate wins the race), the later action is dropped
and its agent's info says ``{"dropped": True}``. So Mole Park's die choice and The Mole's votes
are truly simultaneous, and every other phase is a step in which the one seat to move acts,
joined by any optional seat that does not wait. Chance is drawn from the env's seeded
generator; rewards are the game's returns at the end. A step is never only waits, so the
default ``max_steps`` is the game's ``max_length()``. The Parallel API returns every agent's
observation after each step, so each step encodes one tensor per seat (the AEC env encodes
only the acting agent's).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import ParallelEnv

from molehaven.core.action_space import as_index
from molehaven.rl.base import RENDER_MODES, TableEnv
from molehaven.rl.table import ObsDict, agent_name, episode_over


class MolehavenParallel(TableEnv, ParallelEnv[str, ObsDict, int]):
    """A Molehaven game as a PettingZoo ``ParallelEnv``; see the module docstring."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "name": "molehaven",
    }

    def __init__(
        self,
        slug: str,
        players: int | None = None,
        *,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        self._set_table(slug, players, render_mode, max_steps, options, waits_are_steps=False)
        # PettingZoo's Parallel API starts with reset(); until then no episode runs.
        self.agents: list[str] = []
        self._steps = 0

    def _observations(self) -> dict[str, ObsDict]:
        observe, seats = self.table.observe, self.seats
        return {agent: observe(seats[agent]) for agent in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        """Start a new game: every agent's observation and an empty info each. ``seed`` as in
        ``MolehavenAEC.reset`` (a non-negative int, else ``TypeError`` / ``ValueError``)."""
        self.table.reset(seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, ObsDict],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Apply the actions of every seat that may act now.

        Raises:
            ValueError: a seat that must act has no action in ``actions``, or ``actions``
                names an agent that is not in the game.
            TypeError: an action is not an integer.
            IndexError: no action has that index.
            IllegalActionError: an action is not legal for its seat (see the masks).
            ResetNeeded: no episode is running (before ``reset()`` or after the end).
        """
        if not self.agents:
            raise episode_over()
        unknown = sorted(set(actions).difference(self.agents))
        if unknown:
            # A misspelt name would otherwise be ignored like a seat that need not act.
            raise ValueError(f"no agent {', '.join(map(repr, unknown))}; agents: {self.agents}")
        movers = self.table.movers()
        missing = [agent_name(seat) for seat in movers if agent_name(seat) not in actions]
        if missing:
            raise ValueError(f"no action for {', '.join(missing)}, who must act now")
        table = self.table
        chosen: list[tuple[int, str, int]] = []
        for seat in movers:
            agent = agent_name(seat)
            index = as_index(actions[agent])
            # Every mover's mask is exact at the start of the step: check them all before
            # applying any, so that an illegal action (an awaited seat's wait) always raises.
            table.check(seat, index)
            chosen.append((seat, agent, index))
        state = table.state
        start = state.num_actions
        dropped: set[str] = set()
        for seat, agent, index in chosen:
            if index == table.wait:
                continue  # nothing to apply; the seat is asked again next step
            if state.num_actions != start and not table.is_legal(seat, index):
                dropped.add(agent)
                continue
            table.act(seat, index)
        self._steps += 1
        agents = self.agents
        over = state.is_terminal()
        truncated = not over and self._steps >= self.max_steps
        returns = state.returns() if over else [0.0] * len(self.possible_agents)
        rewards = {agent: returns[self.seats[agent]] for agent in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, truncated)
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {
            agent: {"dropped": True} if agent in dropped else {} for agent in agents
        }
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos
