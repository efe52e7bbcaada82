"""The table chat: what a table's people say to each other, beside the game.

Only seated people speak, under their seat's name (a spectator has no name to speak under);
everyone watching reads. A line is stored before anyone hears it, so a restart loses none,
and a table keeps its last ``CHAT_KEPT`` lines in memory for the snapshot a new connection
gets. Lines are numbered from 0 per table. Chat is speech, not play: it never reaches the
engine, and it is open to everyone who watches, as talk at a real table is (a player who
types a secret gives it away, as one who says it aloud would).

A mixin of ``Authority`` (its storage and locks, declared below). Chat needs no table owner:
in a cluster the process a person is connected to stores their line under the next number
in the database (finished tables have no owner, and "gg" comes after the end), and the other
processes hear it by notice.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from molehaven.core import Seat
from molehaven.server.cluster import Cluster
from molehaven.server.db import Database
from molehaven.server.limits import TokenBucket
from molehaven.server.matches.models import ChatRow
from molehaven.server.matches.refusals import Publisher, Rejected
from molehaven.server.matches.table import ChatLine, LiveTable
from molehaven.server.text import readable

CHAT_LENGTH = 300  # characters in one line
CHAT_KEPT = 100  # lines a table holds in memory and sends to a new connection
# How fast one seat may talk: a few lines at once, then one every two seconds, so that one
# player cannot bury the others' lines (the socket's own limit is for moves, far faster).
CHAT_BURST = 5
CHAT_RATE = 0.5
# Talk after the game ("gg", "again?") has an hour; a finished table is no chat room, and
# its lines would otherwise pile up in the database for as long as anyone kept writing
# (found in a security review). A table holds at most CHAT_MOST lines in all.
CHAT_AFTER_THE_END = 3600.0
CHAT_MOST = 2000
STORE_ATTEMPTS = 3  # numbers tried when other processes store lines of the same table at once


def chat_text(text: str) -> str:
    """A line as it is said: on one line, visible, at most ``CHAT_LENGTH`` characters.

    Raises:
        Rejected: ``bad-chat`` with the reason.
    """
    try:
        line = readable(text, "a chat line")
    except ValueError as error:
        raise Rejected("bad-chat", str(error), status=422) from None
    if len(line) > CHAT_LENGTH:
        raise Rejected(
            "bad-chat", f"a chat line holds at most {CHAT_LENGTH} characters", status=422
        )
    return line


def keep(table: LiveTable, line: ChatLine) -> None:
    """Add a line to the table's memory of its chat, in number order: two processes storing
    lines of one table at once may hear each other's out of order. A repeated notice adds
    nothing."""
    if any(kept.number == line.number for kept in table.chat):
        return
    bisect.insort(table.chat, line, key=lambda kept: kept.number)
    del table.chat[:-CHAT_KEPT]


async def read_chat(session: AsyncSession, table_id: str) -> list[ChatLine]:
    """The table's last ``CHAT_KEPT`` lines, oldest first."""
    query = (
        select(ChatRow)
        .where(ChatRow.table_id == table_id)
        .order_by(ChatRow.number.desc())
        .limit(CHAT_KEPT)
    )
    rows: Sequence[ChatRow] = (await session.scalars(query)).all()
    return [ChatLine(r.number, r.seat, r.name, r.text, r.at) for r in reversed(rows)]


class Talk:
    db: Database
    publisher: Publisher
    cluster: Cluster | None

    if TYPE_CHECKING:  # provided by Authority

        def _check_holder(self, table: LiveTable, seat: Seat, holder: str | None) -> None: ...

        def in_memory(self, table_id: str) -> LiveTable | None: ...

    async def say(self, table: LiveTable, *, seat: Seat, holder: str | None, text: str) -> None:
        """A seated person's line of chat, stored, then sent to everyone watching.

        Raises:
            Rejected: the token no longer holds the seat (403), the line is empty, too long
                or unreadable (422 ``bad-chat``), the seat said ``CHAT_BURST`` lines just
                now (429 ``chat-too-fast``), or the chat is closed: the game ended over
                ``CHAT_AFTER_THE_END`` seconds ago, or the table holds ``CHAT_MOST`` lines
                (409 ``chat-closed``). Nothing is said.
        """
        line_text = chat_text(text)
        async with table.lock:
            self._check_holder(table, seat, holder)
            if table.is_over and time.time() - table.touched_at > CHAT_AFTER_THE_END:
                raise Rejected("chat-closed", "the chat closes an hour after the game ends")
            pace = table.chat_pace.setdefault(seat, TokenBucket(rate=CHAT_RATE, burst=CHAT_BURST))
            if not pace.take():
                raise Rejected(
                    "chat-too-fast", "you are writing faster than the others can read", status=429
                )
            line = await self._store_line(table.id, seat, table.seats[seat].name, line_text)
            keep(table, line)
        self.publisher.chat(table.id, line.public())
        if self.cluster is not None:
            self.cluster.announce_chat(table.id, line.public())

    async def _store_line(self, table_id: str, seat: Seat, name: str, text: str) -> ChatLine:
        """Store a line under the next number the database has for the table. Any process
        may: two that pick the same number at once collide on the key, and the later one
        takes the next."""
        for attempt in range(STORE_ATTEMPTS):
            try:
                async with self.db.write() as session:
                    last = await session.scalar(
                        select(func.max(ChatRow.number)).where(ChatRow.table_id == table_id)
                    )
                    number = 0 if last is None else last + 1
                    if number >= CHAT_MOST:
                        raise Rejected(
                            "chat-closed", f"a table's chat holds at most {CHAT_MOST} lines"
                        )
                    line = ChatLine(number, seat, name, text, time.time())
                    session.add(ChatRow(table_id=table_id, **line.public()))
                return line
            except IntegrityError:
                if attempt + 1 == STORE_ATTEMPTS:
                    raise
        raise AssertionError("unreachable")

    async def chat_heard(self, table_id: str, data: dict[str, Any]) -> None:
        """Another process's table said a line: watchers here hear it too."""
        table = self.in_memory(table_id)
        if table is not None:
            keep(table, ChatLine.of(data))
        self.publisher.chat(table_id, data)
