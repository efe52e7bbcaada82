"""``MoleParkGame``: the Mole Park rules behind the core ``Game`` interface."""

from __future__ import annotations

from dataclasses import dataclass

from molehaven.core import Action, Game, GameInfo, JSONValue, option
from molehaven.core.action_space import ActionSpace
from molehaven.games.mole_park.actions import action_space
from molehaven.games.mole_park.data import (
    CARDS_PER_STAND,
    CROWN_STARS,
    DIE_HINTS,
    DIE_NAMES,
    DIE_TITLES,
    FACES,
    FULL_DECK,
    HOLES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRIZE,
    PRIZE_HINT_HIGHEST,
    STAND_ALIASES,
    STAND_KEYS,
    STAND_NAMES,
    STAND_VALUES,
    VALUES,
    face_name,
)
from molehaven.games.mole_park.notation import parse_action
from molehaven.games.mole_park.state import MoleParkState, new_state

# Rules section 10: at most 71 actions per round, 1 for setup and 113 for a Showdown.
ACTIONS_PER_ROUND = 71
SETUP_AND_SHOWDOWN = 114


@dataclass(frozen=True, slots=True)
class MoleParkOptions:
    prize_value: str = option(
        "full",
        choices=("full", "highest"),
        help="what won prizes add to a total: all of them, or only the highest (MP-8)",
    )
    round_limit: int = option(
        50, minimum=1, maximum=1000, help="the game ends after this round if nobody won (MP-35)"
    )
    hand_limit: int = option(
        5, minimum=1, maximum=20, help="most moles a hand may keep after whacking (MP-20)"
    )


class MoleParkGame(Game[MoleParkOptions]):
    """Mole Park: Whack and Win! Whack moles, win prizes, go for King Mole's Crown."""

    info = GameInfo(
        slug="mole-park",
        title="Mole Park: Whack and Win!",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        has_chance=True,
        has_clock=False,
        simultaneous=True,
        perfect_information=False,
        summary="Secretly pick a die each round: whack moles from five holes or cash them in "
        "for prizes, until someone goes for the Crown at 40 stars.",
    )
    options_type = MoleParkOptions

    def initial_state(self) -> MoleParkState:
        options = self.options
        state = new_state(
            self.players,
            highest_only=options.prize_value == "highest",
            round_limit=options.round_limit,
            hand_limit=options.hand_limit,
        )
        return state._bind(self)

    @classmethod
    def public_data(cls) -> dict[str, JSONValue]:
        """The printed components a table draws: each die's faces and what it is for, the
        prize stands and the mole deck (rules section 2), from ``data``."""
        return {
            "dice": [
                {"key": key, "title": title, "faces": [face_name(f) for f in faces], "hint": hint}
                for key, title, faces, hint in zip(
                    DIE_NAMES, DIE_TITLES, FACES, DIE_HINTS, strict=True
                )
            ],
            # A table's observation names its ``prize_value``; the prize die's words follow it.
            "prize_hints": {"full": DIE_HINTS[PRIZE], "highest": PRIZE_HINT_HIGHEST},
            "stands": [
                {"key": key, "name": name, "alias": alias, "value": value}
                for key, name, alias, value in zip(
                    STAND_KEYS, STAND_NAMES, STAND_ALIASES, STAND_VALUES, strict=True
                )
            ],
            "cards_per_stand": CARDS_PER_STAND,
            "holes": HOLES,
            "crown_stars": CROWN_STARS,
            "mole_deck": {
                str(value): count for value, count in zip(VALUES, FULL_DECK, strict=True)
            },
        }

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.players)

    def max_length(self) -> int:
        return ACTIONS_PER_ROUND * self.options.round_limit + SETUP_AND_SHOWDOWN

    def action_space(self) -> ActionSpace:
        return action_space(self.players)
