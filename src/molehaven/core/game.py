"""The game API every Molehaven game implements: ``GameInfo``, ``Game``, ``State``, ``Action``.

A ``Game`` is a rule set with its player count and options fixed; it makes the initial
``State`` and parses action text. A ``State`` is mutable plain data: ``apply`` checks an action
and then changes the state, ``clone`` copies it cheaply. Rules never draw random numbers: at a
chance node the state lists its outcomes with probabilities and whoever drives the game picks
one and applies it as seat ``CHANCE``. Real-time events (a round clock) are applied as seat
``CLOCK``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final, Generic, Self, TypeAlias, TypeVar, cast

from molehaven.core.action_space import ActionSpace
from molehaven.core.errors import IllegalActionError, OptionsError
from molehaven.core.options import OptionSpec, build_options, option_specs, options_to_dict

Seat: TypeAlias = int
CHANCE: Final[Seat] = -1
CLOCK: Final[Seat] = -2

JSONValue: TypeAlias = (
    str | int | float | bool | Sequence["JSONValue"] | Mapping[str, "JSONValue"] | None
)
Observation: TypeAlias = dict[str, JSONValue]

RECORD_FORMAT: Final = 1
_LISTED_IN_ERRORS: Final = 12


class Action(ABC):
    """One action of a game; ``str(action)`` is its canonical notation.

    Concrete actions are frozen, slotted dataclasses, so equal texts mean equal actions and
    actions can be dictionary keys.
    """

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str: ...


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Facts about a game that do not depend on its options (OpenSpiel's ``GameType``)."""

    slug: str
    title: str
    min_players: int
    max_players: int
    has_chance: bool
    has_clock: bool
    simultaneous: bool
    perfect_information: bool
    summary: str
    # Some seats in ``to_move()`` may act but need not (``State.awaited`` lists the others):
    # drivers and environments must let them wait.
    optional_movers: bool = False
    # Whether ``scores()`` counts points. A game without points (Die Maulwurf Company, MC-30)
    # scores 1 for each winner and 0 for the others: readers should not show that as points.
    keeps_points: bool = True

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    @property
    def player_counts_text(self) -> str:
        """``2`` or ``2-8``: the counts as an error names them."""
        low, high = self.min_players, self.max_players
        return str(low) if low == high else f"{low}-{high}"


OptionsT = TypeVar("OptionsT", covariant=True)
HistoryNode: TypeAlias = "tuple[HistoryNode, Seat, Action] | None"


class Game(ABC, Generic[OptionsT]):
    """A rule set with its player count and options fixed.

    Raises:
        OptionsError: ``players`` outside the game's range or of the wrong type, an unknown
            option, or an option value that is not allowed. The message names the valid choices.
    """

    info: ClassVar[GameInfo]
    options_type: ClassVar[type]

    __slots__ = ("options", "players")

    def __init__(self, players: int | None = None, **options: object) -> None:
        self.players: int = self.player_count(players)
        built: object = build_options(self.options_type, options)
        self.options: OptionsT = built  # type: ignore[assignment]

    @classmethod
    def player_count(cls, players: object = None) -> int:
        """``players`` checked against the game's counts (``None``: the minimum).

        Raises:
            OptionsError: not an int, or a count the game is not played by.
        """
        allowed = cls.info.player_counts_text
        if players is None:
            return cls.info.min_players
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionsError(f"players must be an int ({allowed}), got {players!r}")
        if players not in cls.info.player_counts:
            raise OptionsError(f"{cls.info.title} takes {allowed} players, got {players}")
        return players

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        """Every option the game accepts, with its type, default, help and allowed values."""
        return option_specs(cls.options_type)

    def options_dict(self) -> dict[str, bool | int | float | str]:
        """Every option with its value, as stored in records."""
        return options_to_dict(self.options)

    @property
    def slug(self) -> str:
        return self.info.slug

    @abstractmethod
    def initial_state(self) -> State:
        """The state before the first action (often a chance node)."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse action text, case-insensitively and with any run of spaces.

        Raises:
            NotationError: the text is not an action of this game; the message says what was
                expected. Whether the action is legal now is for ``State.apply`` to decide.
        """

    @classmethod
    def public_data(cls) -> dict[str, JSONValue]:
        """The game's printed content that every player may read, as JSON-ready data.

        For example The Mole's question and answer texts, which observations name only by id.
        Hosts send it once so a page can show the words; it never depends on a state.
        """
        return {}

    @abstractmethod
    def max_length(self) -> int:
        """An upper bound on the number of actions in a game, chance and clock included."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            type(self) is type(other)
            and self.players == other.players
            and self.options == other.options
        )

    def __hash__(self) -> int:
        return hash((type(self), self.players, self.options))

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.options_dict().items())
        return f"make({self.slug!r}, players={self.players}{', ' if options else ''}{options})"

    # ---------------------------------------------- a fixed integer action space (RL, OpenSpiel)

    def action_space(self) -> ActionSpace:
        """Every seat action of this game and player count, numbered once (``games/<pkg>/
        actions.py``); chance outcomes and clock events are not in it."""
        raise NotImplementedError(f"{self.slug} does not number its actions")

    def num_distinct_actions(self) -> int:
        """How many seat actions the action space numbers (OpenSpiel's name)."""
        return self.action_space().size

    def action_index(self, action: Action | str) -> int:
        """The index of a seat action (or its notation text) in ``action_space()``.

        Raises:
            NotationError: text that is not an action of this game.
            IllegalActionError: an action with no index (chance, clock, free text).
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        return self.action_space().index(action)

    def action_at(self, index: int) -> Action:
        """The seat action numbered ``index``; raises ``IndexError`` outside the range."""
        return self.action_space().at(index)


class State(ABC):
    """The mutable state of one game in progress.

    Subclasses are slotted dataclasses of plain values and implement the abstract methods;
    this base class does the bookkeeping every game shares: checking an action before it is
    applied, the action history behind ``record()``, and ``clone()``.
    """

    __slots__ = ("_history", "_length", "game")

    game: Game[object]
    _history: HistoryNode
    _length: int

    def _bind(self, game: Game[object]) -> Self:
        """Attach a freshly built state to its game, with an empty history."""
        self.game = game
        self._history = None
        self._length = 0
        return self

    # ----------------------------------------------------------- what each game implements

    @abstractmethod
    def is_terminal(self) -> bool:
        """True once the game is over."""

    @abstractmethod
    def is_chance(self) -> bool:
        """True when the next action is a chance outcome applied by ``CHANCE``."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, every outcome with its probability (positive, summing to 1)."""

    @abstractmethod
    def to_move(self) -> list[Seat]:
        """The seats that may act now, ascending; empty at chance nodes and at the end."""

    @abstractmethod
    def _seat_actions(self, seat: Seat) -> list[Action]:
        """The legal actions of a real seat (``0 <= seat < players``) in this state."""

    @abstractmethod
    def _apply(self, seat: Seat, action: Action) -> None:
        """Change the state by an action already known to be legal."""

    @abstractmethod
    def _copy(self) -> Self:
        """A copy of the game-specific fields, independent of this state."""

    @abstractmethod
    def returns(self) -> list[float]:
        """0 for every seat until the end; then 1/k for each of k winners, 0 for the rest."""

    @abstractmethod
    def scores(self) -> list[float]:
        """The game's own points for each seat, as the rulebook counts them."""

    @abstractmethod
    def _observe(self, viewer: Seat | None) -> Observation:
        """What ``viewer`` may know, as JSON-ready data. ``viewer`` is already checked by
        ``observation``: ``None`` (a spectator, public information only) or a real seat."""

    def _clock_actions(self) -> list[Action]:
        """Clock events a host may apply now; games with a clock override this."""
        return []

    def _is_legal(self, seat: Seat, action: Action) -> bool:
        """Whether a seat in ``to_move()`` may apply ``action``; override for speed or for
        actions that are legal without being listed (free text)."""
        return action in self._seat_actions(seat)

    def _is_chance_outcome(self, action: Action) -> bool:
        """Whether chance, at a chance node, may apply ``action``; override for speed where
        listing the outcomes costs (a long draw pile searched through by bots)."""
        return action in self.legal_actions(CHANCE)

    def _describe(self, seat: Seat, action: Action, viewer: Seat | None) -> str:
        """The words of ``describe_action`` (arguments already checked).

        This default fits perfect-information games: everyone reads the whole action. A game
        with hidden information overrides it; until it does, a viewer reads its own actions,
        the clock's and the public fact that another seat acted or chance decided.
        """
        if seat == CLOCK:
            return f"clock: {action}"
        if self.game.info.perfect_information or (viewer is not None and viewer == seat):
            who = "chance" if seat == CHANCE else f"{{s{seat}}}"
            return f"{who}: {action}"
        return "chance decided something hidden" if seat == CHANCE else f"{{s{seat}}} acted"

    def awaited(self) -> list[Seat]:
        """The seats the game waits for: play goes on only once one of them acts.

        Where several seats may act at once in real time (The Mole: any seat may call a vote
        while the asker asks), the others in ``to_move()`` *may* act but need not. Drivers
        (the simulator, the server's bots) use it to let bots interject only when they want
        to, instead of making whichever seat they pick act. It is for trusted drivers, never
        for an observation. By default every seat in ``to_move()`` is awaited; a game whose
        states await fewer says so in ``GameInfo.optional_movers``.
        """
        return self.to_move()

    def resample_hidden(self, seat: Seat | None, rng: random.Random) -> Self:
        """A state that ``seat`` cannot tell from this one, its hidden parts drawn anew.

        Everything ``seat`` may see is kept, so ``observation(seat)`` is unchanged; everything
        hidden from it (other hands, pile order, others' secret choices) is redrawn with
        ``rng`` among the possibilities the rules allow. Search agents use it to sample what
        they cannot see, and the conformance suite to prove observations leak nothing. The
        copy keeps this state's record, which it no longer matches: never replay it.
        """
        if self.game.info.perfect_information:
            return self.clone()
        raise NotImplementedError(f"{self.game.slug} does not implement resample_hidden")

    def action_reveals(self, seat: Seat, action: Action) -> bool:
        """Whether ``seat``'s own ``action`` may show it something hidden from it now (taking
        a face-down token into its hand), chance aside. The server previews only actions
        that reveal nothing: showing what the action uncovers would let a seat look first.

        By default a hidden-information game answers True for every action (the safe
        answer); a game whose seats' actions mostly reveal nothing overrides it, and
        ``conformance.check_reveals`` proves its False answers by resampling.
        """
        return not self.game.info.perfect_information

    # ----------------------------------------------------------------- shared public API

    def describe_action(self, seat: Seat, action: Action, viewer: Seat | None) -> str:
        """What ``viewer`` may read of ``seat`` applying ``action`` to this state.

        Called on the state *before* the action is applied; ``seat`` is a real seat,
        ``CHANCE`` or ``CLOCK`` and ``viewer`` a real seat or ``None`` (a spectator). Seats are
        written ``{s0}``, ``{s1}``… (``molehaven.core.describe.name_seats`` fills in names)
        and player-written text is escaped with ``describe.quote``.

        The contract (checked by ``conformance.check_descriptions``): a viewer reads its own
        actions and public actions in full, and of a secret only the fact that it happened.
        Any two actions of another seat (or of chance) after which ``observation(viewer)`` is
        the same read the same to ``viewer``, so the log leaks nothing the observation does
        not; in a perfect-information game every viewer reads the same words. Games override
        ``_describe``.

        Raises:
            ValueError: ``viewer`` or ``seat`` is not one of those.
        """
        players = self.game.players
        check_viewer(viewer, players)
        if seat not in (CHANCE, CLOCK) and not _is_seat(seat, players):
            raise ValueError(
                f"{seat!r} is not an acting seat: CHANCE ({CHANCE}), CLOCK ({CLOCK}) or a seat"
                f" 0-{players - 1} of this {players}-player game"
            )
        return self._describe(seat, action, viewer)

    def observation(self, seat: Seat | None = None) -> Observation:
        """What ``seat`` may know, as JSON-ready data; ``None`` is a spectator.

        A seat's observation holds the public information and that seat's own secrets; a
        spectator's holds the public information only. Two states that differ only in what a
        viewer cannot see give that viewer equal observations.

        Raises:
            ValueError: ``seat`` is neither ``None`` nor a real seat ``0 <= seat < players``.
                The pseudo-seats ``CHANCE`` and ``CLOCK`` observe nothing: a host shows chance
                and clock events to people through ``describe_action``, never as a viewer.
                (Without this check a negative seat would index per-seat lists from the end
                and hand out another seat's secrets.)
        """
        check_viewer(seat, self.game.players)
        return self._observe(seat)

    def legal_actions(self, seat: Seat) -> list[Action]:
        """The actions ``seat`` may apply now: for ``CHANCE`` the chance outcomes, for
        ``CLOCK`` the clock events, ``[]`` for a seat that cannot act."""
        if seat == CHANCE:
            return [action for action, _ in self.chance_outcomes()] if self.is_chance() else []
        if seat == CLOCK:
            return [] if self.is_terminal() else self._clock_actions()
        if seat not in self.to_move():
            return []
        return self._seat_actions(seat)

    def check(self, seat: Seat, action: Action) -> None:
        """Raise ``IllegalActionError`` unless ``seat`` may apply ``action`` now.

        The message never names other seats' options: in some games who may act is secret.
        """
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; {action} cannot be played")
        if seat == CHANCE:
            if not self.is_chance():
                raise IllegalActionError(f"chance cannot act now ({action})")
            if not self._is_chance_outcome(action):
                outcomes = self.legal_actions(CHANCE)
                raise IllegalActionError(_not_legal(action, "chance", outcomes))
            return
        if seat == CLOCK:
            events = self._clock_actions()
            if action not in events:
                raise IllegalActionError(_not_legal(action, "the clock", events))
            return
        if not 0 <= seat < self.game.players:
            raise IllegalActionError(
                f"no seat {seat} in a {self.game.players}-player game"
                f" (seats 0-{self.game.players - 1})"
            )
        if seat not in self.to_move() or not self._is_legal(seat, action):
            raise IllegalActionError(_not_legal(action, f"seat {seat}", self.legal_actions(seat)))

    def apply(self, seat: Seat, action: Action | str) -> None:
        """Apply ``action`` for ``seat``, mutating this state.

        ``action`` may also be given as notation text, which is parsed first.

        Raises:
            NotationError: text that is not an action of this game.
            IllegalActionError: the action is not legal for that seat now; the state is
                left unchanged.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        self.check(seat, action)
        self._apply(seat, action)
        self._record(seat, action)

    def _record(self, seat: Seat, action: Action) -> None:
        """Add an applied action to the history (a game's own fast ``apply`` calls this)."""
        self._history = (self._history, seat, action)
        self._length += 1

    def clone(self) -> Self:
        """An independent copy; cheap, because states are small plain data."""
        copy = self._copy()
        copy.game = self.game
        copy._history = self._history  # a shared immutable linked list
        copy._length = self._length
        return copy

    @property
    def num_actions(self) -> int:
        """How many actions have been applied since the initial state."""
        return self._length

    def history(self) -> list[tuple[Seat, Action]]:
        """Every applied action with its seat, oldest first."""
        entries: list[tuple[Seat, Action]] = []
        node = self._history
        while node is not None:
            node, seat, action = node
            entries.append((seat, action))
        entries.reverse()
        return entries

    def actors_newest_first(self) -> Iterator[Seat]:
        """The seat of each applied action (chance and the clock included), newest first:
        who acted is public, so a host or an agent may read it without the actions."""
        node = self._history
        while node is not None:
            node, seat, _ = node
            yield seat

    def record(self) -> dict[str, JSONValue]:
        """The game record: enough to replay this state exactly with ``molehaven.replay``."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game.slug,
            "options": self.game.options_dict(),
            "players": self.game.players,
            "actions": [{"seat": seat, "action": str(action)} for seat, action in self.history()],
        }

    def __getstate__(self) -> dict[str, object]:
        """What ``pickle`` and ``copy.deepcopy`` keep: every attribute, the history as a flat
        tuple. Kept as it is, a linked list one nested tuple deep per action, pickle went down
        it one level per action and gave up with a RecursionError at about a thousand actions
        (OpenSpiel's serialization of a Die Maulwurf Company state: 900 actions pickled, 1,222
        did not)."""
        values: dict[str, object] = dict(getattr(self, "__dict__", {}))
        for cls in type(self).__mro__:
            slots = cls.__dict__.get("__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in ("__dict__", "__weakref__") and hasattr(self, name):
                    values[name] = getattr(self, name)
        values["_history"] = tuple(self.history())
        return values

    def __setstate__(self, values: dict[str, object]) -> None:
        node: HistoryNode = None
        for seat, action in cast("tuple[tuple[Seat, Action], ...]", values["_history"]):
            node = (node, seat, action)
        for name, value in values.items():
            object.__setattr__(self, name, node if name == "_history" else value)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game!r} after {self._length} actions>"


def check_viewer(viewer: object, players: int) -> None:
    """Raise ``ValueError`` unless ``viewer`` is ``None`` or a seat ``0 <= viewer < players``."""
    if viewer is not None and not _is_seat(viewer, players):
        raise ValueError(
            f"{viewer!r} is not a viewer: valid viewers are None (a spectator) and the seats"
            f" 0-{players - 1} of this {players}-player game"
        )


def _is_seat(value: object, players: int) -> bool:
    """A real seat: an int (not a bool) with ``0 <= value < players``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _not_legal(action: Action, who: str, legal: Sequence[Action]) -> str:
    if not legal:
        return f"{who} cannot play {action} now: no action is legal for {who}"
    shown = ", ".join(str(a) for a in legal[:_LISTED_IN_ERRORS])
    more = f", … ({len(legal)} in all)" if len(legal) > _LISTED_IN_ERRORS else ""
    return f"{action} is not legal for {who} now; legal: {shown}{more}"


def winners_returns(players: int, winners: Sequence[Seat]) -> list[float]:
    """Returns for a finished game: ``1/k`` for each of the ``k`` winners, 0 for the rest."""
    share = 1.0 / len(winners)
    result = [0.0] * players
    for seat in winners:
        result[seat] = share
    return result
