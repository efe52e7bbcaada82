"""Replay steps of finished games, computed off the event loop from cached snapshots.

Replaying ``step`` actions from the start costs time in proportion to ``step`` (the book of a
10,000-action game of The Mole took 30-66 ms to build on a busy 2-core machine, a step from
it 0.3 ms: ``benchmarks/replay_books.py``), so a finished table's replay keeps a copy of the
state every ``every`` steps, built once in a worker thread; a step then costs at most
``every`` actions from the nearest snapshot. The book is kept on its table, for as long as
the table stays in memory (``Authority``'s last ``FINISHED_CACHED`` finished games).
"""

from __future__ import annotations

import asyncio

from molehaven.core import State
from molehaven.server.matches.table import LiveTable


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
    """Builds each finished table's replay book once, in a thread, and leaves it on the table
    (``LiveTable.replay_book``).

    Kept there, a book lives exactly as long as its table, and costs about a tenth of the
    table's own memory (1.5 MB beside 16 MB for a 10,000-action game). It used to be one of
    the 32 books used last, while 128 finished tables stay in memory: a client stepping
    through the replays of 33 long games made the server replay a whole log for each
    request (found in a security review). A game that is no longer in memory is read back
    first, which is paced per client (``limits.READER``), and so is its book's build."""

    def __init__(self, every: int) -> None:
        self.every = every

    async def state_at(self, table: LiveTable, step: int) -> State:
        pending = table.replay_book
        if pending is None:  # asked twice at once, it is built once
            pending = asyncio.ensure_future(asyncio.to_thread(ReplayBook, table, self.every))
            table.replay_book = pending
        try:
            book = await asyncio.shield(pending)
        except Exception:
            if table.replay_book is pending:  # the next request tries again
                table.replay_book = None
            raise
        return await asyncio.to_thread(book.at, step)
