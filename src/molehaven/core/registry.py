"""A registry of game classes by slug: ``make``, ``list_games`` and ``replay`` over it.

The registry itself knows no game; ``molehaven.games`` builds the one the package uses from
its explicit list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from molehaven.core.errors import IllegalActionError, NotationError, RecordError, UnknownGameError
from molehaven.core.game import RECORD_FORMAT, Game, GameInfo, State

GameClass = type[Game[object]]


class Registry:
    """Game classes by slug, in the order given."""

    def __init__(self, games: Iterable[GameClass]) -> None:
        self._games: dict[str, GameClass] = {}
        for game in games:
            if game.info.slug in self._games:
                raise ValueError(f"game {game.info.slug!r} registered twice")
            self._games[game.info.slug] = game

    def list_games(self) -> list[str]:
        """The slugs of every registered game, in registry order."""
        return list(self._games)

    def info(self, slug: str) -> GameInfo:
        return self.game_class(slug).info

    def game_class(self, slug: str) -> GameClass:
        """The class registered under ``slug``.

        Raises:
            UnknownGameError: no game has that slug; the message lists the valid slugs.
        """
        if not isinstance(slug, str) or slug not in self._games:
            raise UnknownGameError(f"unknown game {slug!r}; valid: {', '.join(self._games)}")
        return self._games[slug]

    def make(self, slug: str, players: int | None = None, **options: object) -> Game[object]:
        """Create the game ``slug`` for ``players`` seats with the given options.

        Raises:
            UnknownGameError: no such game.
            OptionsError: a bad player count or option, naming the valid choices.
        """
        return self.game_class(slug)(players, **options)

    def replay(self, record: Mapping[str, object]) -> State:
        """Rebuild the state a record describes by applying its actions in order.

        Raises:
            RecordError: a malformed record, or an action that does not parse or is illegal;
                the message names the action's index and text.
        """
        if not isinstance(record, Mapping):
            raise RecordError(f"a record must be a JSON object, got {type(record).__name__}")
        missing = [key for key in ("game", "actions") if key not in record]
        if missing:
            raise RecordError(f"record lacks {', '.join(missing)}")
        version = record.get("format", RECORD_FORMAT)
        if version != RECORD_FORMAT:
            raise RecordError(f"unsupported record format {version!r}; expected {RECORD_FORMAT}")
        options = record.get("options", {})
        if not isinstance(options, Mapping):
            raise RecordError("record 'options' must be an object")
        players = record.get("players")
        if players is not None and not isinstance(players, int):
            raise RecordError("record 'players' must be an int")
        game = self.make(str(record["game"]), players, **dict(options))
        actions = record["actions"]
        if not isinstance(actions, list):
            raise RecordError("record 'actions' must be a list")
        state = game.initial_state()
        for index, entry in enumerate(actions):
            if (
                not isinstance(entry, Mapping)
                or not isinstance(entry.get("seat"), int)
                or not isinstance(entry.get("action"), str)
            ):
                raise RecordError(
                    f"action {index} must be {{'seat': int, 'action': str}}, got {entry!r}",
                    index=index,
                )
            seat = entry["seat"]
            text = entry["action"]
            try:
                state.apply(seat, game.parse_action(text))
            except (NotationError, IllegalActionError) as error:
                raise RecordError(
                    f"action {index} ({text!r} by seat {seat}): {error}", index=index, text=text
                ) from error
        return state
