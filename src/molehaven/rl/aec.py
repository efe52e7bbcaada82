"""The PettingZoo AEC (agent-environment-cycle) environment of a Molehaven game.

Agents are ``seat_0 … seat_{n-1}``; an action is an index into ``game.action_space()``; an
observation is ``{"observation": float32 tensor, "action_mask": int8 mask}``, built when asked
for (``observe``/``last``), for that agent only. Where several seats may act at once (Mole
Park's die choice, The Mole's votes) the AEC env asks them one at a time, round-robin from the
seat after the last one that acted; the engine hides each choice from the others until all
are in, so asking in turn reveals nothing. Where seats may act but need not (The Mole: anyone
may nominate while the asker asks, TM-26), the action space has one more index, the wait
action (``env.wait_index``, the last index), legal exactly for those seats: a wait is a step
(rewards 0) that passes the turn on, and each such seat is asked once per position, before the
seat play waits for (``table.next_asked``). Rewards are the game's returns at the end
(``1/k`` to each of ``k`` winners) and 0 before; an episode is truncated after ``max_steps``
steps (default: the game's ``max_length()``, times the player count for a game with the wait
action, since each engine action may follow up to ``players - 1`` waits).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from molehaven.core.action_space import as_index
from molehaven.rl.base import RENDER_MODES, TableEnv
from molehaven.rl.table import ObsDict, episode_over


class MolehavenAEC(TableEnv, AECEnv[str, ObsDict, int]):
    """A Molehaven game as a PettingZoo ``AECEnv``; see the module docstring."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "name": "molehaven",
        # One seat acts at a time: PettingZoo's ``aec_to_parallel`` would step every agent
        # at once; the Parallel env (``parallel_env``) is the one for simultaneous play.
        "is_parallelizable": False,
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
        self._set_table(slug, players, render_mode, max_steps, options, waits_are_steps=True)
        self._steps = 0
        self._last_seat = -1
        self.reset()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``seed`` (a non-negative int; NumPy ints pass) reseeds chance, so
        equal seeds and equal actions give equal episodes; ``None`` goes on drawing from the
        current generator. ``options`` is accepted for PettingZoo and ignored: game options
        are fixed when the env is made.

        Raises:
            TypeError: ``seed`` is not an integer (a float or a string is not hashed into one).
            ValueError: ``seed`` is negative.
        """
        self.table.reset(seed)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._last_seat = -1
        self.agent_selection = self._next_agent()

    def observe(self, agent: str) -> ObsDict:
        """The agent's ``{"observation": tensor, "action_mask": mask}`` now (built on demand)."""
        return self.table.observe(self.seats[agent])

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an index; ``None`` once the agent is done). The
        wait action (where the agent's mask allows it) applies nothing and passes the turn on.

        Raises:
            TypeError: the action is not an integer (a float or a string is not rounded or
                parsed).
            IndexError: no action has that index.
            IllegalActionError: the action is not legal for the agent now (see its mask).
            ResetNeeded: the episode is over and every agent has left (``reset()``).
        """
        if not self.agents:
            # Without this, the finished episode's last selected agent fails as a KeyError.
            raise episode_over()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: pass an action index, not None")
        seat = self.seats[agent]
        self.table.act(seat, as_index(action))
        self._last_seat = seat
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        state = self.table.state
        if state.is_terminal():
            returns = state.returns()
            self.rewards = {a: returns[self.seats[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            return
        # Before the end every reward is 0 (set at reset), so there is nothing to accumulate.
        if self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            return
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        return self.possible_agents[self.table.next_seat(self._last_seat)]
