"""The PettingZoo Parallel environment of a Molehaven game: every seat that may act now acts in the
same step.

Each step takes an action for every live agent. The actions of the seats in ``state.to_move()``
are applied in seat order; the others' (their masks are all zero) are ignored. Where an earlier
seat's action in the same step makes a later seat's action illegal (in The Mole anyone may
nominate while the asker asks: the first to act wins the race), the later action is dropped and
its agent's info says ``{"dropped": True}``. So Mole Park's die choice and The Mole's votes are
truly simultaneous, and every other phase is a step in which only the one seat to move acts.
Chance is drawn from the env's seeded generator; rewards are the game's returns at the end.
"""

from __future__ import annotations

import functools
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from molehaven.rl.table import ObsDict, Table, agent_name


class MolehavenParallel(ParallelEnv[str, ObsDict, int]):
    """A Molehaven game as a PettingZoo ``ParallelEnv``; see the module docstring."""

    # PettingZoo reads metadata per instance; each env names its game there.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "human"],
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
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.table = Table(slug, players, options)
        self.render_mode = render_mode
        self.max_steps = max_steps or self.table.game.max_length()
        self.metadata = {**self.metadata, "name": f"molehaven_{slug.replace('-', '_')}"}
        self.possible_agents = [agent_name(seat) for seat in range(self.table.players)]
        self.agents = self.possible_agents[:]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {a: self.table.observation_space() for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.table.size) for a in self.possible_agents}
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    @functools.cached_property
    def seats(self) -> dict[str, int]:
        return dict(self._seat)

    def _observations(self) -> dict[str, ObsDict]:
        return {agent: self.table.observe(self._seat[agent]) for agent in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
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
            ValueError: a seat that must act has no action in ``actions``.
            IllegalActionError: an action is not legal for its seat (see the masks).
        """
        movers = self.table.movers()
        missing = [agent_name(seat) for seat in movers if agent_name(seat) not in actions]
        if missing:
            raise ValueError(f"no action for {', '.join(missing)}, who must act now")
        state = self.table.state
        dropped: set[str] = set()
        for position, seat in enumerate(movers):
            agent = agent_name(seat)
            index = int(actions[agent])
            # The first mover's mask was exact, so an illegal action of its raises.
            if position and not self.table.is_legal(seat, index):
                dropped.add(agent)
                continue
            self.table.act(seat, index)
        self._steps += 1
        agents = self.agents
        over = state.is_terminal()
        truncated = not over and self._steps >= self.max_steps
        returns = state.returns() if over else [0.0] * len(self.possible_agents)
        rewards = {agent: returns[self._seat[agent]] for agent in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, truncated)
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {
            agent: {"dropped": True} if agent in dropped else {} for agent in agents
        }
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str:
        """The public view as text; ``render_mode="human"`` also prints it."""
        text = self.table.render()
        if self.render_mode == "human":
            print(text)
        return text

    def close(self) -> None:
        pass
