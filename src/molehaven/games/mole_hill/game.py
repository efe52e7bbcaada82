"""``MoleHillGame``: the Mole Hill rules behind the core ``Game`` interface."""

from __future__ import annotations

from dataclasses import dataclass

from molehaven.core import Action, Game, GameInfo, option
from molehaven.core.action_space import ActionSpace
from molehaven.games.mole_hill.actions import action_space
from molehaven.games.mole_hill.notation import parse_action
from molehaven.games.mole_hill.state import MoleHillState

ROUND_LENGTH = 43  # 22 mole actions + 21 rods (rules section 10)


@dataclass(frozen=True, slots=True)
class MoleHillOptions:
    rounds: int = option(
        2, choices=(1, 2), help="rounds in the match; the seats swap roles after round 1 (MH-2)"
    )
    centre_start_jump: bool = option(
        True, help="a first placement on the centre e4 grants the centre jump (MH-18)"
    )


class MoleHillGame(Game[MoleHillOptions]):
    """Mole Hill by Reiner Knizia: a mole digs a path, a gardener fences it in."""

    info = GameInfo(
        slug="mole-hill",
        title="Mole Hill",
        min_players=2,
        max_players=2,
        has_chance=False,
        has_clock=False,
        simultaneous=False,
        perfect_information=True,
        summary="Mole against gardener on a 9×7 lawn: dig a long path over flowers, "
        "then swap roles.",
    )
    options_type = MoleHillOptions

    def initial_state(self) -> MoleHillState:
        options = self.options
        return MoleHillState(options.rounds, options.centre_start_jump)._bind(self)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def max_length(self) -> int:
        return ROUND_LENGTH * self.options.rounds

    def action_space(self) -> ActionSpace:
        return action_space(self.players)
