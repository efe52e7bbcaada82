"""``TheMoleGame``: The Mole's rules behind the core ``Game`` interface."""

from __future__ import annotations

from dataclasses import dataclass

from molehaven.core import Action, Game, GameInfo, JSONValue, option
from molehaven.core.action_space import ActionSpace
from molehaven.games.the_mole.actions import action_space
from molehaven.games.the_mole.content import LOCATIONS, QUESTIONS
from molehaven.games.the_mole.data import MAX_PLAYERS, MIN_PLAYERS
from molehaven.games.the_mole.notation import parse_action
from molehaven.games.the_mole.state import TheMoleState, new_state

# With question_limit = 0 only a host's clock ends a round: no real bound exists (section 10).
UNBOUNDED = 2**62


@dataclass(frozen=True, slots=True)
class TheMoleOptions:
    target_score: int = option(
        5, minimum=1, maximum=20, help="points that end the game (TM-23, TM-24)"
    )
    question_limit: int = option(
        20,
        minimum=0,
        maximum=200,
        help="answers per round after which time runs out by itself; 0 = only the clock (TM-20)",
    )
    round_seconds: int = option(
        600, minimum=30, maximum=3600, help="length of the host's round timer in seconds (TM-8)"
    )
    free_text: bool = option(True, help='whether answers may be free text, answer "..." (TM-13)')


class TheMoleGame(Game[TheMoleOptions]):
    """The Mole: spies who know the location hunt the one player who does not."""

    info = GameInfo(
        slug="the-mole",
        title="The Mole",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        has_chance=True,
        has_clock=True,
        simultaneous=True,
        perfect_information=False,
        summary="Everyone but the Mole knows where you are: ask and answer questions, vote out "
        "the Mole before time runs out, or, as the Mole, guess the location.",
        optional_movers=True,  # anyone may call a vote while the asker asks (TM-26)
    )
    options_type = TheMoleOptions

    def initial_state(self) -> TheMoleState:
        options = self.options
        state = new_state(
            self.players,
            target_score=options.target_score,
            question_limit=options.question_limit,
            round_seconds=options.round_seconds,
            free_text=options.free_text,
        )
        return state._bind(self)

    @classmethod
    def public_data(cls) -> dict[str, JSONValue]:
        """The printed content (TM-1, TM-2): the Location List with each location's roles, and
        every question card's text with its canned answers, read from the game's own content.

        Which answers fit which locations is public too (section 7) but left out: a page shows
        words, and the ``fits`` lists would triple what every table sends.
        """
        return {
            "locations": [
                {
                    "id": location.id,
                    "name": location.name,
                    "roles": [{"id": role.id, "name": role.name} for role in location.roles],
                }
                for location in LOCATIONS
            ],
            "questions": {
                question.id: {
                    "text": question.text,
                    "answers": [
                        {"id": answer.id, "text": answer.text} for answer in question.answers
                    ],
                }
                for question in QUESTIONS
            },
        }

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.players)

    def max_length(self) -> int:
        """Section 10: (⌊n(T − 1)/2⌋ + 1) rounds of at most n² + 7n + 3Q + 3 actions."""
        n = self.players
        limit = self.options.question_limit
        if limit == 0:
            return UNBOUNDED
        rounds = n * (self.options.target_score - 1) // 2 + 1
        return rounds * (n * n + 7 * n + 3 * limit + 3)

    def action_space(self) -> ActionSpace:
        return action_space(self.players)
