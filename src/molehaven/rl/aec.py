"""The PettingZoo AEC (agent-environment-cycle) environment of a Molehaven game.

Agents are ``seat_0 … seat_{n-1}``; an action is an index into ``game.action_space()``; an
observation is ``{"observation": float32 tensor, "action_mask": int8 mask}``. Where several
seats may act at once (Mole Park's die choice, The Mole's votes) the AEC env asks them one at a
time, round-robin from the seat after the last one that acted; the engine hides each choice from
the others until all are in, so asking in turn reveals nothing. (In The Mole anyone may nominate
while the asker asks; round-robin gives every such seat its turn to act.) Rewards are the game's
returns at the end (``1/k`` to each of ``k`` winners) and 0 before; an episode is truncated
after ``max_steps`` seat actions (default: the game's ``max_length()``).
"""

from __future__ import annotations

import functools
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv

from molehaven.rl.table import ObsDict, Table, agent_name, next_mover


class MolehavenAEC(AECEnv[str, ObsDict, int]):
    """A Molehaven game as a PettingZoo ``AECEnv``; see the module docstring."""

    # PettingZoo reads metadata per instance; each env names its game there.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "human"],
        "name": "molehaven",
        "is_parallelizable": True,
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
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.table = Table(slug, players, options)
        self.render_mode = render_mode
        self.max_steps = max_steps or self.table.game.max_length()
        self.metadata = {**self.metadata, "name": f"molehaven_{slug.replace('-', '_')}"}
        self.possible_agents = [agent_name(seat) for seat in range(self.table.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {a: self.table.observation_space() for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.table.size) for a in self.possible_agents}
        self._steps = 0
        self._last_seat = -1
        self.reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    @functools.cached_property
    def seats(self) -> dict[str, int]:
        """Agent name to seat index."""
        return dict(self._seat)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._last_seat = -1
        self.agent_selection = self._next_agent(self.table.movers())

    def observe(self, agent: str) -> ObsDict:
        return self.table.observe(self._seat[agent])

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an index; ``None`` once the agent is done).

        Raises:
            IllegalActionError: the action is not legal for the agent now (see its mask).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: pass an action index, not None")
        self.table.act(self._seat[agent], int(action))
        self._last_seat = self._seat[agent]
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        state = self.table.state
        if state.is_terminal():
            returns = state.returns()
            self.rewards = {a: returns[self._seat[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            return
        # Before the end every reward is 0 (set at reset), so there is nothing to accumulate.
        if self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            return
        self.agent_selection = self._next_agent(self.table.movers())

    def _next_agent(self, movers: list[int]) -> str:
        return self.possible_agents[next_mover(movers, self._last_seat)]

    def render(self) -> str:
        """The public view as text; ``render_mode="human"`` also prints it."""
        text = self.table.render()
        if self.render_mode == "human":
            print(text)
        return text

    def close(self) -> None:
        pass
