"""``MoleMajorityGame``: the Mole Majority rules behind the core ``Game`` interface."""

from __future__ import annotations

from dataclasses import dataclass

from molehaven.core import Action, Game, GameInfo, option
from molehaven.core.action_space import ActionSpace
from molehaven.games.mole_majority.actions import action_space
from molehaven.games.mole_majority.notation import parse_action
from molehaven.games.mole_majority.state import MoleMajorityState, new_state

# Rules section 10: setup takes 14 + 12n actions, a turn at most 23.
SETUP_BASE = 14
SETUP_PER_PLAYER = 12
ACTIONS_PER_TURN = 23


@dataclass(frozen=True, slots=True)
class MoleMajorityOptions:
    turn_limit: int = option(
        400, minimum=1, maximum=10000, help="the game ends after this many turns (MM-40)"
    )
    end_on_empty_supply: bool = option(
        True, help="the game ends when the active seat's mole supply is empty (MM-37)"
    )
    reveal_home_tokens: bool = option(
        False, help="a hex's Home Token turns face up when the hex is first claimed (MM-45)"
    )
    claim_tokens: int = option(
        10, minimum=2, maximum=10, help="Claim Tokens per seat, for shorter games (MM-49)"
    )
    mole_tokens: int = option(
        30, minimum=7, maximum=30, help="Mole Tokens per seat, for shorter games (MM-49)"
    )


class MoleMajorityGame(Game[MoleMajorityOptions]):
    """Mole Majority: spread your tribe's tunnels over a meadow of hexes and hold the most."""

    info = GameInfo(
        slug="mole-majority",
        title="Mole Majority",
        min_players=2,
        max_players=4,
        has_chance=True,
        has_clock=False,
        simultaneous=False,
        perfect_information=False,
        summary="Move, breed and convert moles across a hex meadow; whoever fills a hex with "
        "the most moles claims it. Cave-Ins, Groundskeepers and secret Home Tokens.",
    )
    options_type = MoleMajorityOptions

    def initial_state(self) -> MoleMajorityState:
        options = self.options
        state = new_state(
            self.players,
            turn_limit=options.turn_limit,
            end_on_empty_supply=options.end_on_empty_supply,
            reveal_home_tokens=options.reveal_home_tokens,
            claim_tokens=options.claim_tokens,
            mole_tokens=options.mole_tokens,
        )
        return state._bind(self)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def max_length(self) -> int:
        return (
            SETUP_BASE
            + SETUP_PER_PLAYER * self.players
            + ACTIONS_PER_TURN * self.options.turn_limit
        )

    def action_space(self) -> ActionSpace:
        return action_space(self.players)
