"""A table's life beyond its moves: resigning, a bot standing in for an absent person (and
the person reclaiming the seat), open tables that expire and games that end abandoned.

A mixin of ``Authority``: it uses the authority's storage, locks and bot driver, declared below.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine, Mapping
from typing import TYPE_CHECKING, Any

from molehaven.agents import AgentFactory
from molehaven.core import Seat
from molehaven.core.game import JSONValue
from molehaven.server.db import Database
from molehaven.server.lobby import service as lobby_store
from molehaven.server.lobby.models import ABANDONED, OPEN, RUNNING
from molehaven.server.matches.refusals import Publisher, Rejected
from molehaven.server.matches.table import BOT, HUMAN, LiveTable, SeatSlot
from molehaven.server.settings import Settings

log = logging.getLogger("molehaven.server")

EXPIRED = "expired"  # an open table nobody waited at in time; not listed, never resumed


class Lifecycle:
    db: Database
    agents: Mapping[str, AgentFactory]
    settings: Settings
    publisher: Publisher
    live: dict[str, LiveTable]

    if TYPE_CHECKING:  # provided by Authority

        async def _save_seat(self, table: LiveTable, seat: Seat, slot: SeatSlot) -> None: ...
        def _wake_bots(self, table: LiveTable) -> None: ...
        def _spawn(self, table: LiveTable, work: Coroutine[Any, Any, None], name: str) -> None: ...
        def _arm_clock(self, table: LiveTable) -> None: ...
        def _remember_finished(self, table: LiveTable) -> None: ...
        def _changed(self, table: LiveTable) -> None: ...
        def _owns(self, table_id: str) -> bool: ...
        async def _route(self, op: str, table_id: str, **args: Any) -> object | None: ...

    # ------------------------------------------------------------ resign, away, reclaim

    async def resign(self, table: LiveTable, *, seat: Seat, holder: str | None) -> None:
        """The seat's person gives up: a bot plays the seat to the end (BGA's "zombie"
        mode, since no rulebook here says what a resignation means). The token stops
        holding the seat at once; the seat keeps its hash only so that its person may still
        ask to play again (``Authority.rematch``)."""
        if await self._route("resign", table.id, seat=seat, holder=holder) is not None:
            return
        async with table.lock:
            if not table.is_running:
                raise Rejected("not-running", "the game is not running")
            self._check_holder(table, seat, holder)
            slot = table.seats[seat]
            agent = self._stand_in_agent(table)
            await self._save_seat(
                table, seat, SeatSlot(BOT, slot.name, agent, slot.token_hash, resigned=True)
            )
        self._wake_bots(table)

    async def reclaim(self, table: LiveTable, seat: Seat) -> None:
        """The seat's person is back: the bot standing in for them stops."""
        if await self._route("reclaim", table.id, seat=seat) is not None:
            return
        async with table.lock:
            slot = table.seats[seat]
            if slot.kind == HUMAN and slot.stand_in:
                await self._save_seat(
                    table, seat, SeatSlot(HUMAN, slot.name, None, slot.token_hash)
                )

    def watch_away(self, table: LiveTable, seat: Seat) -> None:
        """After ``away_seconds`` without a connection, a bot stands in for the seat (timed
        by the table's owner: in a cluster, the process holding its lease)."""
        if table.is_over or not self._owns(table.id):
            return
        name = f"away-{seat}"
        for task in [t for t in table.tasks if t.get_name() == name]:
            task.cancel()  # an earlier absence that ended must not cut this one short
        self._spawn(table, self._away_check(table, seat), name)

    async def _away_check(self, table: LiveTable, seat: Seat) -> None:
        await asyncio.sleep(table.away_seconds)
        async with table.lock:
            slot = table.seats[seat]
            if (
                not table.is_running
                or slot.kind != HUMAN
                or slot.stand_in
                or seat in self.publisher.connected_seats(table.id)
            ):
                return
            agent = self._stand_in_agent(table)
            stand_in = SeatSlot(HUMAN, slot.name, agent, slot.token_hash, stand_in=True)
            await self._save_seat(table, seat, stand_in)
        log.info("table %s: a %s bot stands in for seat %s", table.id, agent, seat)
        self._wake_bots(table)

    def _stand_in_agent(self, table: LiveTable) -> str:
        """The table's bot: the agent of its bots if it has any, else the easy level.

        Not the random agent: at a table of people it played an away or resigned person's
        seat at random, and in The Mole a random seat calls a vote or guesses the location
        whenever it may (TM-26), ending the round for everyone. The easy level acts where
        acting is optional only when it judges that better than waiting, and takes
        milliseconds."""
        for slot in table.seats:
            if slot.kind == BOT and slot.agent is not None and slot.agent in self.agents:
                return slot.agent
        for fallback in ("easy", "random"):
            if fallback in self.agents:
                return fallback
        return next(iter(self.agents))

    def _check_holder(self, table: LiveTable, seat: Seat, holder: str | None) -> None:
        if not 0 <= seat < len(table.seats) or not table.seats[seat].holds(holder):
            raise Rejected("seat-revoked", "your token no longer holds that seat", status=403)

    # ------------------------------------------------------------ expiry and abandonment

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping tables failed; trying again later")

    async def sweep(self, now: float | None = None) -> None:
        """Expire open tables nobody has been at for ``open_table_seconds`` (``_forsaken``)
        and end as abandoned (record kept) running tables nobody touched for
        ``abandon_seconds``, or none of whose people was connected for
        ``unattended_seconds``."""
        now = time.time() if now is None else now
        for table in [t for t in self.live.values() if self._owns(t.id)]:
            idle = now - table.touched_at
            if table.is_open and self._forsaken(table, now):
                await self._end(table, EXPIRED, None)
            elif table.is_running and idle > self.settings.abandon_seconds:
                hours = self.settings.abandon_seconds / 3600
                summary = (
                    f"Abandoned: nobody played for {hours:g} hours, so the game ended"
                    " without a winner. Its record is kept."
                )
                await self._end(table, ABANDONED, {"winners": [], "summary": summary})
            elif table.is_running and self._unattended(table, now):
                minutes = self.settings.unattended_seconds / 60
                summary = (
                    f"Abandoned: none of its players was at the table for {minutes:g} minutes,"
                    " so the game ended without a winner. Its record is kept."
                )
                await self._end(table, ABANDONED, {"winners": [], "summary": summary})

    def _forsaken(self, table: LiveTable, now: float) -> bool:
        """Whether nobody has been at an open table for ``open_table_seconds``: none of its
        seated people nor its host (seated or not, who may wait there for friends for an
        hour) is connected, and the last of them left (or its seats changed) that long ago.

        In a cluster the owner counts the connections every process announced; those through
        its own sockets it always knows, so a table is never expired under someone connected
        to its owner."""
        if self.publisher.someone_here(table.id):
            table.present_at = now
            return False
        seen = max(table.touched_at, table.present_at, self.publisher.last_seen(table.id) or 0.0)
        return now - seen > self.settings.open_table_seconds

    def _unattended(self, table: LiveTable, now: float) -> bool:
        """Whether none of the table's people has been connected for ``unattended_seconds``
        (sweeps note when one was; a table's first sweep counts as seeing one)."""
        people = {seat for seat, slot in enumerate(table.seats) if slot.kind == HUMAN}
        if not table.attended_at or people & self.publisher.connected_seats(table.id):
            table.attended_at = now
            return False
        return now - table.attended_at > self.settings.unattended_seconds

    async def _end(
        self, table: LiveTable, status: str, result: dict[str, JSONValue] | None
    ) -> None:
        async with table.lock:
            if table.status not in (OPEN, RUNNING):
                return
            async with self.db.write() as session:
                await lobby_store.set_status(
                    session, table_id=table.id, status=status, result=result
                )
            table.status = status
            table.final = result
            table.clock_deadline = None
            self._arm_clock(table)
            self.live.pop(table.id, None)
            if status == ABANDONED:
                self._remember_finished(table)
            self._changed(table)
            table.changed.set()
