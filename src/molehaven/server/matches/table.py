"""A table in memory: its game, seats and the authoritative state.

The state is rebuilt from the stored event log at start-up, so it is never stored itself.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from molehaven.core import Game, Seat, State
from molehaven.server.lobby.models import OPEN, OVER, RUNNING

EMPTY = "empty"
HUMAN = "human"
BOT = "bot"


@dataclass(slots=True)
class SeatSlot:
    """Who sits at one seat. ``token_hash`` is set for a person, ``agent`` for a bot."""

    kind: str = EMPTY
    name: str = ""
    agent: str | None = None
    token_hash: str | None = None


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
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    changed: asyncio.Event = field(default_factory=asyncio.Event)  # wakes the bot driver
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

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
        return self.status == OVER

    def bot_seats(self) -> list[Seat]:
        return [seat for seat, slot in enumerate(self.seats) if slot.kind == BOT]

    def has_empty_seat(self) -> bool:
        return any(slot.kind == EMPTY for slot in self.seats)

    def result(self) -> dict[str, list[float]] | None:
        if not self.state.is_terminal():
            return None
        return {"returns": self.state.returns(), "scores": self.state.scores()}
