"""``MoleMajorityGame``: the Mole Majority rules behind the core ``Game`` interface."""

from __future__ import annotations

from dataclasses import dataclass

from molehaven.core import Action, Game, GameInfo, JSONValue, option
from molehaven.core.action_space import ActionSpace
from molehaven.games.mole_majority.actions import action_space
from molehaven.games.mole_majority.data import (
    ACTION_BONUS,
    ACTION_STEPS,
    CARD_NAMES,
    CARD_TITLES,
    CAVEIN,
    CONVERT,
    COORDINATES,
    DECK,
    HEX_VALUES,
    KEEPERS,
    LABELS,
    NUMBER_VALUE,
    STACK_BONUS,
    TOKEN_VALUES,
)
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

    @classmethod
    def public_data(cls) -> dict[str, JSONValue]:
        """The printed cards (title, one-line effect as an Action and as a stack), the stacking
        choices of a Convert, and where each board position lies (axial ``q, r``, rules 2.5)."""
        cards: list[JSONValue] = [
            {
                "name": name,
                "title": CARD_TITLES[kind],
                "effect": _action_effect(kind),
                "stack": _stack_effect(kind),
                "number_value": NUMBER_VALUE[kind],
                "in_deck": DECK[kind],
            }
            for kind, name in enumerate(CARD_NAMES)
        ]
        positions: dict[str, JSONValue] = {
            label: [q, r] for label, (q, r) in zip(LABELS, COORDINATES, strict=True)
        }
        return {
            "cards": cards,
            "convert_stacks": dict(_CONVERT_STACKS),
            "positions": positions,
            "hex_values": list(HEX_VALUES),
            "home_token_values": list(TOKEN_VALUES),
        }

    def max_length(self) -> int:
        return (
            SETUP_BASE
            + SETUP_PER_PLAYER * self.players
            + ACTIONS_PER_TURN * self.options.turn_limit
        )

    def action_space(self) -> ActionSpace:
        return action_space(self.players)


# MM-22, MM-23: what a stacked Convert may add, by the word ending ``stack convert …``.
_CONVERT_STACKS = {
    "step": "+1 move or breed",
    "roll": "+1 to the Groundskeeper's roll number",
    "repeat": "+1 conversion",
}


def _breeds(count: int) -> str:
    return f"{count} bonus breed{'s' if count > 1 else ''}"


def _action_effect(kind: int) -> str:
    """One line: what the card does as the turn's Action (rules 4.2)."""
    steps, bonus = ACTION_STEPS[kind], ACTION_BONUS[kind]
    if kind == CONVERT:
        return "Convert one rival mole in your network to yours."
    if kind in KEEPERS:
        return (
            "With a Number card: roll up to its value in moles off a hex (a gap stops it),"
            f" then {_breeds(bonus)}."
        )
    text = f"Move or breed up to {steps} moles"
    if kind == CAVEIN:
        return text + ", then 2 Cave-Ins (+1 Home Token) or Make A Home."
    return text + (f", then {_breeds(bonus)}." if bonus else ".")


def _stack_effect(kind: int) -> str | None:
    """What the card adds when stacked on an Action (MM-22), or None if it cannot stack."""
    if kind == CONVERT:
        return "; ".join(_CONVERT_STACKS.values())
    return f"+{_breeds(STACK_BONUS[kind])}" if STACK_BONUS[kind] else None
