"""A table in memory: its game, seats and the authoritative state.

The state is rebuilt from the stored event log at start-up, so it is never stored itself.
"""

from __future__ import annotations

import asyncio
import hmac
import statistics
from collections import Counter, deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from molehaven.core import Game, JSONValue, Seat, State
from molehaven.server.limits import TokenBucket
from molehaven.server.lobby.models import ABANDONED, OPEN, OVER, RUNNING, SeatRow
from molehaven.server.matches.story import LogEntry, describe
from molehaven.server.text import words

if TYPE_CHECKING:
    from molehaven.server.matches.replay import ReplayBook

EMPTY = "empty"
HUMAN = "human"
BOT = "bot"
# The word that tells people a seat is a bot's: its name ("hard bot") and the table page's
# "(bot)" after any other. A person's name holding it could pass for the house's bot.
BOT_WORD = "bot"
# How long a player who asked to play again counts as at the rematch before their page is
# there: their socket here closes as the page leaves, and the new page's says hello a moment
# later; meanwhile the others would read that they left.
ON_THE_WAY_SECONDS = 10.0


def bot_name(agent: str) -> str:
    """A bot seat's name: its agent's and the word that marks a bot ("hard bot")."""
    return f"{agent} {BOT_WORD}"


def passes_for_a_bot(name: str) -> bool:
    """Whether a person's name would read as a bot's label: it holds the word "bot" in any
    case or form (``text.words``), as "hard bot", "Ann (bot)" and "ｂｏｔ" do; "Robot" and
    "Talbot" do not."""
    return BOT_WORD in words(name)


def seat_labels(names: list[str]) -> list[str]:
    """What a page calls each seat: its player's name, ``seat N`` when empty, and a name
    several seats share with the seat's number added ("hard bot 3" at the third seat).

    These are names people read, so seats count from 1 here, as the page's Seats list
    numbers them; the seat indices of the API, records and notation stay 0-based."""
    plain = [name or f"seat {seat + 1}" for seat, name in enumerate(names)]
    counts = Counter(plain)
    return [f"{name} {seat + 1}" if counts[name] > 1 else name for seat, name in enumerate(plain)]


@dataclass(slots=True)
class SeatSlot:
    """Who sits at one seat. ``token_hash`` is set for a person, ``agent`` for a bot.

    ``stand_in`` marks a person's seat that a bot plays while the person is away (the seat
    stays theirs: their token reclaims it). ``resigned`` marks a bot's seat whose person
    resigned: their token holds it no more, but its hash stays, so that they may still ask
    to play again and sit in their seat there (a rematch does not give it to a bot for good).
    """

    kind: str = EMPTY
    name: str = ""
    agent: str | None = None
    token_hash: str | None = None
    stand_in: bool = False
    resigned: bool = False

    def holds(self, token_hash: str | None) -> bool:
        """Whether a connection that proved ``token_hash`` still holds this seat."""
        if self.kind != HUMAN or not token_hash or not self.token_hash:
            return False
        return hmac.compare_digest(token_hash, self.token_hash)

    @property
    def played_by_bot(self) -> bool:
        return self.kind == BOT or (self.kind == HUMAN and self.stand_in)

    @classmethod
    def of_row(cls, row: SeatRow) -> SeatSlot:
        return cls(
            row.kind,
            row.name,
            row.agent,
            row.token_hash,
            bool(row.stand_in),
            bool(row.resigned),
        )


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line of a table's chat (``matches.chat``)."""

    number: int
    seat: Seat
    name: str
    text: str
    at: float  # epoch seconds

    def public(self) -> dict[str, JSONValue]:
        return {
            "number": self.number,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at": self.at,
        }

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> ChatLine:
        return cls(
            int(data["number"]),
            int(data["seat"]),
            str(data["name"]),
            str(data["text"]),
            float(data["at"]),
        )


class BotPace:
    """How long the bots at a table take to move: the upper median of their thinking over
    the last ``TURNS`` bot moves. Each bot move waits at least that long, so a quick decision
    (a forced move, which a search makes at once) does not stand out among searched ones
    while at least half the recent moves were searched: how long a bot thinks can depend on
    what it holds, as how many legal moves it has. A median, not the longest, so that one slow
    move (the first, which starts a worker process, or a busy machine's) does not slow the
    next eight."""

    TURNS = 8

    def __init__(self) -> None:
        self._recent: deque[float] = deque(maxlen=self.TURNS)

    def note(self, seconds: float) -> float:
        """Count a bot move's thinking; the time every bot move takes for now."""
        self._recent.append(seconds)
        return statistics.median_high(self._recent)


@dataclass(eq=False, slots=True)
class LiveTable:
    """One table. Every change of ``state`` happens under ``lock``, after it is stored."""

    id: str
    game: Game[object]
    seats: list[SeatSlot]
    host_token_hash: str
    created_at: float
    status: str = OPEN
    state: State = field(init=False)
    clock_deadline: float | None = None
    away_seconds: float = 180.0
    touched_at: float = 0.0  # when a seat or the game last changed (expiry, abandonment)
    # When one of the table's people was last seen connected (0: not yet checked).
    attended_at: float = 0.0
    # Open: when a sweep last saw someone at it (a seated person or its host), or when this
    # process loaded it at its start (0: neither yet).
    present_at: float = 0.0
    # The address that created the table (this process's memory only): caps tables per host.
    host_address: str | None = None
    final: dict[str, JSONValue] | None = None  # the stored result once finished
    rematch: str | None = None  # the table its players went on to, once it ended
    # The finished table this one is the rematch of (this process's memory only): who comes
    # and goes here is news there too (``Hub.publish_presence``).
    rematch_of: str | None = None
    # The seats whose person asked to play again, and when (``time.monotonic``; this
    # process's memory only): their page is on its way to the rematch.
    rematch_asked: dict[Seat, float] = field(default_factory=dict)
    # The seat the host token's holder took (``Authority.join``), while they keep it: the page
    # names the host. Only where they sit is known: the token itself stays with them.
    host_seat: Seat | None = None
    # The server's ``max_game_length`` when the game's options allow a longer game (the page
    # says so at the open table), else None.
    length_cap: int | None = None
    entries: list[LogEntry] = field(default_factory=list)  # the move log, described
    chat: list[ChatLine] = field(default_factory=list)  # the last lines said (matches.chat)
    chat_pace: dict[Seat, TokenBucket] = field(default_factory=dict)  # each seat's chat rate
    bot_pace: BotPace = field(default_factory=BotPace)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    changed: asyncio.Event = field(default_factory=asyncio.Event)  # wakes the bot driver
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    # A finished game's replay steps come from this, built once (``matches.replay``); it goes
    # when the table does.
    replay_book: asyncio.Future[ReplayBook] | None = None
    # The record as downloaded, with the version it was built at (``routes.record``).
    record_text: tuple[int, bytes] | None = None
    # A long move log's entries as JSON text, per viewer, for the whole views sent at a
    # socket's hello (``views.log_json``): by viewer, whether the game is over, and the names.
    log_texts: dict[tuple[Seat | None, bool, tuple[str, ...]], list[str]] = field(
        default_factory=dict
    )

    def __post_init__(self) -> None:
        self.state = self.game.initial_state()

    @property
    def version(self) -> int:
        """How many events (actions of seats, bots, chance and clock) have been applied."""
        return self.state.num_actions

    @property
    def is_open(self) -> bool:
        return self.status == OPEN

    @property
    def is_running(self) -> bool:
        return self.status == RUNNING

    @property
    def is_over(self) -> bool:
        """Finished: played to the end, or abandoned (the record is kept either way)."""
        return self.status in (OVER, ABANDONED)

    def replay(self, seat: Seat, notation: str) -> None:
        """Apply a stored event (from the log, or another process's notice) and describe
        it in the move log."""
        action = self.game.parse_action(notation)
        self.entries.append(describe(self.state, seat, action))
        self.state.apply(seat, action)

    def bot_seats(self) -> list[Seat]:
        """Seats a bot plays: bots, and people's seats a bot stands in for."""
        return [seat for seat, slot in enumerate(self.seats) if slot.played_by_bot]

    def has_empty_seat(self) -> bool:
        return any(slot.kind == EMPTY for slot in self.seats)

    def names(self) -> list[str]:
        """Each seat's name for descriptions: the player's, else ``seat N``. A name that
        several seats share (three "hard bot"s) gets the seat's number from 1, as the Seats
        list shows it ("hard bot 3"), so that "hard bot 2 asked hard bot 4" says who."""
        return seat_labels([slot.name for slot in self.seats])

    def result(self) -> dict[str, JSONValue] | None:
        return self.final
