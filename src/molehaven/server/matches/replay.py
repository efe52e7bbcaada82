"""Replay steps of finished games, computed off the event loop from cached snapshots.

Replaying ``step`` actions from the start costs time in proportion to ``step`` (about 200 ms for
a 10,000-event game), so a finished table's replay keeps a copy of the state every ``every``
steps, built once in a worker thread; a step then costs at most ``every`` actions from the
nearest snapshot. The most recently used books are kept.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from molehaven.core import State
from molehaven.server.matches.table import LiveTable

BOOKS_KEPT = 32


class ReplayBook:
    """A finished game's states every ``every`` steps."""

    def __init__(self, table: LiveTable, every: int) -> None:
        self.every = max(1, every)
        self.history = table.state.history()
        state = table.game.initial_state()
        self.snapshots: list[State] = [state.clone()]
        for number, (seat, action) in enumerate(self.history, start=1):
            state.apply(seat, action)
            if number % self.every == 0:
                self.snapshots.append(state.clone())

    def at(self, step: int) -> State:
        """The state after ``step`` actions (0 <= step <= len(history))."""
        base = min(step // self.every, len(self.snapshots) - 1)
        state = self.snapshots[base].clone()
        for seat, action in self.history[base * self.every : step]:
            state.apply(seat, action)
        return state


class ReplayLibrary:
    """Replay books by table id, built once each, in a thread."""

    def __init__(self, every: int) -> None:
        self.every = every
        self._books: OrderedDict[str, asyncio.Future[ReplayBook]] = OrderedDict()

    async def state_at(self, table: LiveTable, step: int) -> State:
        pending = self._books.get(table.id)
        if pending is None:
            pending = asyncio.ensure_future(asyncio.to_thread(ReplayBook, table, self.every))
            self._books[table.id] = pending
            while len(self._books) > BOOKS_KEPT:
                self._books.popitem(last=False)
        self._books.move_to_end(table.id)
        try:
            book = await asyncio.shield(pending)
        except Exception:
            self._books.pop(table.id, None)
            raise
        return await asyncio.to_thread(book.at, step)
