"""``MaulwurfCompanyGame``: the Maulwurf Company rules behind the core ``Game`` interface."""

from __future__ import annotations

from dataclasses import dataclass

from molehaven.core import Action, Game, GameInfo, JSONValue, option
from molehaven.core.action_space import ActionSpace
from molehaven.games.maulwurf_company.actions import action_space
from molehaven.games.maulwurf_company.board_data import board_data
from molehaven.games.maulwurf_company.data import MAX_PLAYERS, MIN_PLAYERS
from molehaven.games.maulwurf_company.notation import parse_action
from molehaven.games.maulwurf_company.state import MaulwurfCompanyState, new_state

# Rules section 10: 4 orientations + 1 start player + at most 24 placements.
SETUP_ACTIONS = 29
ACTIONS_PER_TURN = 5  # flip, move, bonus, flip, move
TOURNAMENT_ACTIONS_PER_TURN = 9  # each flip becomes flip, flip, keep
MAX_TURNS_LIMIT = 10_000  # keeps max_length() finite: a web table or a simulation must end


@dataclass(frozen=True, slots=True)
class MaulwurfCompanyOptions:
    hole_exit: str = option(
        "last_resort",
        choices=("last_resort", "any"),
        help="a mole may leave a hole only when no other mole can move, or at any time (MC-11)",
    )
    special_fields: bool = option(
        True, help="red and brown have special fields that give a bonus disc (MC-19)"
    )
    sole_survivor: str = option(
        "wins",
        choices=("wins", "plays_on"),
        help="the last seat with moles wins at once, or plays on to the golden shovel (MC-23)",
    )
    tournament: bool = option(
        False, help="turn two discs and keep one, as in the German championship (MC-24)"
    )
    max_turns: int = option(
        5000,
        minimum=1,
        maximum=MAX_TURNS_LIMIT,
        help="after this many turns every seat still in wins together (MC-25)",
    )


class MaulwurfCompanyGame(Game[MaulwurfCompanyOptions]):
    """Die Maulwurf Company (Mole in the Hole): dig through four layers to the golden shovel."""

    info = GameInfo(
        slug="maulwurf-company",
        title="Die Maulwurf Company",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        has_chance=True,
        has_clock=False,
        simultaneous=False,
        perfect_information=True,
        summary="Turn a disc, move a mole exactly that far in a straight line into a hole; "
        "when a layer's holes are full only moles in holes dig on, to the golden shovel.",
        keeps_points=False,  # MC-30: a winner scores 1, the others 0
    )
    options_type = MaulwurfCompanyOptions

    def initial_state(self) -> MaulwurfCompanyState:
        options = self.options
        state = new_state(
            self.players,
            any_hole_exit=options.hole_exit == "any",
            special_fields=options.special_fields,
            survivor_wins=options.sole_survivor == "wins",
            tournament=options.tournament,
            max_turns=options.max_turns,
        )
        return state._bind(self)

    @classmethod
    def public_data(cls) -> dict[str, JSONValue]:
        """The printed board: every layer's points, lines, holes and special fields in each
        rotation, and where each point lies on screen, so a page draws it without a copy."""
        return board_data()

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def max_length(self) -> int:
        per_turn = TOURNAMENT_ACTIONS_PER_TURN if self.options.tournament else ACTIONS_PER_TURN
        return SETUP_ACTIONS + per_turn * self.options.max_turns

    def action_space(self) -> ActionSpace:
        return action_space(self.players)
