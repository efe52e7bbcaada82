"""The authority's part in a cluster: which process changes a table, and replicas elsewhere.

A mixin of ``Authority`` (``server/cluster.py`` explains the cluster). Without a cluster every
table is this process's own and nothing here does anything. With one, a change to a table that
another process owns is forwarded to that process (``_route``), and a notice that a table
changed, holding its new events and seats, brings this process's replica up to date
(``apply_notice``; from the database, ``refresh``, when a notice was missed) before its own
watchers are sent what they may now see.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from typing import TYPE_CHECKING, Any

from molehaven.core.errors import MolehavenError
from molehaven.server.cluster import Cluster, OwnerGone
from molehaven.server.db import Database
from molehaven.server.lobby import service as lobby_store
from molehaven.server.lobby.models import ABANDONED, OPEN, OVER, RUNNING, TableRow
from molehaven.server.matches import service as event_store
from molehaven.server.matches.chat import read_chat
from molehaven.server.matches.models import EventRow
from molehaven.server.matches.refusals import Publisher, Rejected
from molehaven.server.matches.service import NewEvent
from molehaven.server.matches.table import HUMAN, ChatLine, LiveTable, SeatSlot

log = logging.getLogger("molehaven.server")

ROUTED = True  # what ``_route`` answers for a forwarded change that returns nothing


class Replication:
    db: Database
    publisher: Publisher
    cluster: Cluster | None
    live: dict[str, LiveTable]
    _finished: OrderedDict[str, LiveTable]
    _building: dict[str, asyncio.Lock]  # replicas being read from the database

    if TYPE_CHECKING:  # provided by Authority and Lifecycle

        def _build(
            self, row: TableRow, events: list[EventRow], chat: Sequence[ChatLine] = ()
        ) -> LiveTable: ...
        def _remember_finished(self, table: LiveTable) -> None: ...
        async def _resume(self, table: LiveTable) -> None: ...
        def watch_away(self, table: LiveTable, seat: int) -> None: ...
        async def require(self, table_id: str) -> LiveTable: ...
        async def join(
            self, table_id: str, *, seat: int, name: str, host: str | None = None
        ) -> str: ...
        async def leave(
            self, table_id: str, *, seat: int, token: str | None, host: str | None
        ) -> None: ...
        async def add_bots(
            self, table_id: str, *, seats: list[int] | None, agent: str, host: str | None
        ) -> None: ...
        async def start(self, table_id: str, *, host: str | None) -> None: ...
        async def act(
            self,
            table: LiveTable,
            *,
            seat: int,
            holder: str | None,
            text: str,
            version: int | None,
        ) -> None: ...
        async def resign(self, table: LiveTable, *, seat: int, holder: str | None) -> None: ...
        async def reclaim(self, table: LiveTable, seat: int) -> None: ...

    def _owns(self, table_id: str) -> bool:
        """Whether this process may change the table (always, outside a cluster)."""
        return self.cluster is None or table_id in self.cluster.owned

    def _changed(
        self, table: LiveTable, first: int | None = None, events: Sequence[NewEvent] = ()
    ) -> None:
        """Tell this process's watchers, and the other processes, that the table changed
        (``events``, numbered from ``first``, were just stored)."""
        self.publisher.publish(table)
        if self.cluster is None:
            return
        first = table.version if first is None else first
        self.cluster.announce(
            {
                "table": table.id,
                "first": first,
                "events": [[event.seat, event.action] for event in events],
                "seats": [
                    [s.kind, s.name, s.agent, s.token_hash, s.stand_in, s.resigned]
                    for s in table.seats
                ],
                "status": table.status,
                "clock_deadline": table.clock_deadline,
                "touched_at": table.touched_at,
                "final": table.final,
                "rematch": table.rematch,
                "host_seat": table.host_seat,
            }
        )
        if table.status not in (OPEN, RUNNING):
            self.cluster.let_go(table.id)  # nothing left to own

    async def _route(self, op: str, table_id: str, **args: Any) -> object | None:
        """``None`` if this process is to carry out ``op`` itself; otherwise forward it to
        the table's owner and return the owner's answer (``ROUTED`` for no value).

        A table nobody owns (a new process, or its owner died and the lease lapsed) is
        claimed here. A request the owner received but did not answer in time is not sent
        again: it may have been applied, so the client hears ``unavailable`` and the
        update, if any, reaches it as usual.

        Raises:
            Rejected: the owner refused the change (its code and words), or no owner answered.
        """
        cluster = self.cluster
        if cluster is None or self._owns(table_id):
            return None
        give_up = time.monotonic() + 2 * cluster.lease_seconds + 1.0
        while time.monotonic() < give_up:
            owner = await cluster.owner(table_id)
            if owner is None or owner == cluster.node:
                if await cluster.claim(table_id):
                    await self.take_over(table_id)
                    return None
                continue
            try:
                answer = await cluster.call(owner, {"op": op, "table": table_id, "args": args})
            except OwnerGone:  # its process is gone; its lease lapses soon
                await asyncio.sleep(0.2)
                continue
            except TimeoutError:
                raise Rejected(
                    "unavailable", "the table's server did not answer; try again", status=503
                ) from None
            if answer.get("not_owner"):
                await asyncio.sleep(0.05)
                continue
            error = answer.get("error")
            if error is not None:
                raise Rejected(str(error["code"]), str(error["message"]), status=error["status"])
            replica = self.in_memory(table_id)
            caught_up = replica is not None and replica.version >= int(answer["version"])
            if op != "act" or not caught_up:  # the owner's notice usually came first
                await self.refresh(table_id)  # so this process's next answer shows the change
            value = answer.get("value")
            return ROUTED if value is None else value
        raise Rejected("unavailable", "the table's server is not reachable; try again", status=503)

    async def serve_request(self, request: dict[str, Any]) -> dict[str, Any]:
        """Carry out a change another process forwarded for a table this one owns."""
        table_id = str(request["table"])
        if not self._owns(table_id):
            return {"not_owner": True}
        op, args = str(request["op"]), dict(request["args"])
        try:
            value: object = None
            if op == "join":
                value = await self.join(table_id, **args)
            elif op == "leave":
                await self.leave(table_id, **args)
            elif op == "add_bots":
                await self.add_bots(table_id, **args)
            elif op == "start":
                await self.start(table_id, **args)
            else:
                table = await self.require(table_id)
                if op == "act":
                    await self.act(table, **args)
                elif op == "resign":
                    await self.resign(table, **args)
                elif op == "reclaim":
                    await self.reclaim(table, **args)
                else:
                    raise Rejected("bad-request", f"unknown operation {op!r}", status=400)
        except Rejected as refusal:
            return {
                "error": {
                    "code": refusal.code,
                    "message": refusal.message,
                    "status": refusal.status,
                }
            }
        except MolehavenError as error:
            return {"error": {"code": "bad-request", "message": str(error), "status": 422}}
        changed = self.in_memory(table_id)
        return {"value": value, "version": changed.version if changed is not None else 0}

    async def apply_notice(self, notice: dict[str, Any]) -> None:
        """Another process changed a table: bring this replica up to date from the notice
        (its events and seats), or from the database if this replica missed a notice. A
        replica nobody here watches is dropped instead; it is rebuilt from the database when
        someone connects, so a process replays only the tables it serves."""
        table_id = str(notice["table"])
        building = self._building.get(table_id)
        if building is not None:  # a replica read before this change: wait, then catch up
            async with building:
                pass
        table = self.in_memory(table_id)
        if table is None:
            return
        if not self._owns(table_id) and not self.publisher.watched(table_id):
            self.live.pop(table_id, None)
            self._finished.pop(table_id, None)
            return
        first, events = int(notice["first"]), notice["events"]
        async with table.lock:
            if table.version > first + len(events):
                return  # an older notice than what this replica has
            if table.version >= first:
                for seat, text in events[table.version - first :]:
                    table.replay(seat, text)
                table.seats = [SeatSlot(*slot) for slot in notice["seats"]]
                table.status = str(notice["status"])
                table.clock_deadline = notice["clock_deadline"]
                table.touched_at = float(notice["touched_at"])
                table.final = notice["final"]
                table.rematch = notice.get("rematch")
                table.host_seat = notice.get("host_seat")
                self._place(table)
                caught_up = True
            else:
                caught_up = False
        if caught_up:
            self.publisher.publish(table)
        else:  # a notice went missing: read what is new
            await self.refresh(table_id)

    def in_memory(self, table_id: str) -> LiveTable | None:
        """The table with that id if this process holds it now (never read back)."""
        return self.live.get(table_id) or self._finished.get(table_id)

    @contextlib.asynccontextmanager
    async def _reading(self, table_id: str) -> AsyncIterator[None]:
        """Hold the lock of a table being read from the database: one read at a time, and
        notices that arrive meanwhile wait for it (``apply_notice``); the lock goes with
        the last holder."""
        building = self._building.setdefault(table_id, asyncio.Lock())
        try:
            async with building:
                yield
        finally:
            if not building.locked() and self._building.get(table_id) is building:
                del self._building[table_id]

    async def refresh(self, table_id: str) -> LiveTable | None:
        """Catch this process's replica of a table up with the database (building it if it
        has none) and send its watchers what changed. Expired tables are dropped."""
        if len(table_id) > 16:
            return None
        table = self.in_memory(table_id)
        if table is None:
            # Notices that arrive while the replica is read wait for it (``apply_notice``),
            # so a change committed just after the read is not lost.
            async with self._reading(table_id):
                table = self.in_memory(table_id)
                if table is None:
                    row, events, chat = await self._read_whole(table_id)
                    if row is None or row.status not in (OPEN, RUNNING, OVER, ABANDONED):
                        return None
                    table = await asyncio.to_thread(self._build, row, events, chat)
                    self._place(table)
                    return table
        async with table.lock:  # one refresh at a time reads, so a later one reads later rows
            row, events = await self._read(table_id, since=table.version)
            if row is None or row.status not in (OPEN, RUNNING, OVER, ABANDONED):
                self.live.pop(table_id, None)  # expired meanwhile
                return None
            for event in events:
                if event.number != table.version:
                    continue  # applied meanwhile by a refresh that ran first
                table.replay(event.seat, event.action)
            table.seats = [SeatSlot.of_row(s) for s in row.seats]
            table.status = row.status
            table.clock_deadline = row.clock_deadline
            table.touched_at = row.updated_at
            table.final = dict(row.result) if row.result is not None else None
            table.rematch = row.rematch
            table.host_seat = row.host_seat
            self._place(table)
        self.publisher.publish(table)
        return table

    async def _read_whole(
        self, table_id: str
    ) -> tuple[TableRow | None, list[EventRow], list[ChatLine]]:
        """A table's row, its whole log and its chat's last lines, in one read."""
        async with self.db.read() as session:
            row = await lobby_store.get_table(session, table_id)
            if row is None:
                return None, [], []
            events = list(await event_store.load_events(session, table_id))
            return row, events, await read_chat(session, table_id)

    async def _read(self, table_id: str, *, since: int) -> tuple[TableRow | None, list[EventRow]]:
        async with self.db.read() as session:
            row = await lobby_store.get_table(session, table_id)
            if row is None:
                return None, []
            return row, list(await event_store.load_events(session, table_id, since=since))

    def _place(self, table: LiveTable) -> None:
        """Keep a replica with the live tables, the finished ones, or (expired) neither."""
        if table.status in (OPEN, RUNNING):
            self.live[table.id] = table
            return
        self.live.pop(table.id, None)
        if table.is_over:
            self._remember_finished(table)

    async def take_over(self, table_id: str) -> None:
        """This process now owns the table: catch up from the log and resume it."""
        table = await self.refresh(table_id)
        if table is None or table.status not in (OPEN, RUNNING):
            if self.cluster is not None:
                self.cluster.let_go(table_id)  # it ended meanwhile: nothing to own
            return
        log.warning("cluster: this process now owns table %s (its owner is gone)", table_id)
        if table.is_running:
            await self._resume(table)

    async def lease_lost(self, table_id: str) -> None:
        """Another process owns the table now: stop its clock, bots and away timers here."""
        table = self.live.get(table_id)
        if table is None:
            return
        for task in list(table.tasks):
            task.cancel()

    async def presence_changed(self, table_id: str) -> None:
        """Someone connected or left through another process: watchers here see it, and the
        owner times the absence of seats nobody is connected to any more."""
        table = self.live.get(table_id)
        if table is None:
            return
        self.publisher.publish_presence(table)
        if not self._owns(table_id) or not table.is_running:
            return
        connected = self.publisher.connected_seats(table_id)
        timed = {task.get_name() for task in table.tasks}
        for seat, slot in enumerate(table.seats):
            away = slot.kind == HUMAN and not slot.stand_in and seat not in connected
            if away and f"away-{seat}" not in timed:
                self.watch_away(table, seat)

    def connections_changed(self, table_id: str, seats: frozenset[int], host: bool) -> None:
        """The seats connected to a table through this process, or whether its host is,
        changed: tell the others."""
        if self.cluster is not None:
            self.cluster.announce_presence(table_id, seats, host)

    async def live_ids(self) -> list[str]:
        """Every open or running table, from the database (some have no replica here)."""
        async with self.db.read() as session:
            return await lobby_store.live_table_ids(session)
