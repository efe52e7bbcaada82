"""What the PettingZoo AEC and Parallel environments share: their table, agents and spaces."""

from __future__ import annotations

from typing import Any

from gymnasium import spaces

from molehaven.core import Game
from molehaven.rl.table import Table, agent_name, check_render_mode, step_limit

RENDER_MODES = ("ansi", "human")


class TableEnv:
    """The setup both PettingZoo environments of a Molehaven game share (a mixin, listed
    before PettingZoo's base class so that its methods are the ones used)."""

    table: Table
    render_mode: str | None
    max_steps: int
    possible_agents: list[str]
    metadata: dict[str, Any]

    def _set_table(
        self,
        slug: str,
        players: int | None,
        render_mode: str | None,
        max_steps: int | None,
        options: dict[str, Any],
        *,
        waits_are_steps: bool,
    ) -> None:
        check_render_mode(render_mode, list(RENDER_MODES))
        self.table = Table(slug, players, options)
        self.render_mode = render_mode
        # The default limit makes room for waits where each is a step of its own (AEC).
        waits = waits_are_steps and self.table.wait is not None
        self.max_steps = step_limit(max_steps, self.table.game, waits=waits)
        # PettingZoo reads metadata per instance; each env names its game there.
        self.metadata = {**self.metadata, "name": f"molehaven_{slug.replace('-', '_')}"}
        self.possible_agents = [agent_name(seat) for seat in range(self.table.players)]
        self.seats: dict[str, int] = {a: seat for seat, a in enumerate(self.possible_agents)}
        # One space object per agent: PettingZoo's tests seed each agent's space.
        agents = self.possible_agents
        self._observation_spaces = {a: self.table.observation_space() for a in agents}
        self._action_spaces = {a: spaces.Discrete(self.table.size) for a in agents}

    # Narrower than PettingZoo's ``Space``: a typed learner reads ``.n`` and ``["action_mask"]``.
    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    def legal_indices(self, agent: str) -> list[int]:
        """The agent's legal action indices now: its mask's ones without scanning the mask
        (Mole Park's 8-player mask has 69,297 entries), in the engine's order of
        ``legal_actions``, then the wait action if the agent may wait (``sorted()`` them for
        ascending). Do not modify the list."""
        return self.table.legal_indices(self.seats[agent])

    @property
    def game(self) -> Game[object]:
        """The Molehaven game this env plays (its action space decodes an index:
        ``env.game.action_at(index)``)."""
        return self.table.game

    @property
    def wait_index(self) -> int | None:
        """The wait action's index (the last one), or ``None`` if this game has none."""
        return self.table.wait

    def render(self) -> str:
        """The public view as text; ``render_mode="human"`` also prints it."""
        text = self.table.render()
        if self.render_mode == "human":
            print(text)
        return text

    def close(self) -> None:
        pass
