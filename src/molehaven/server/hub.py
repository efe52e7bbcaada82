"""The socket layer: who watches which table, and sending each of them what it may see.

It knows no game rules (lila-ws): the authority tells it a table changed, and it builds each
connection's message with ``matches.views`` at send time, filtered for that connection's seat.
Every message is a ``{"type", "version", "data"}`` envelope. Each connection has an outbox
drained by its own writer task, so one slow client never holds up the others; a client that
stops reading is dropped and, like any client, reconnects to a full snapshot.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from starlette.websockets import WebSocket

from molehaven.core import Seat
from molehaven.core.game import JSONValue
from molehaven.server.limits import (
    AddressLimiter,
    RedisPatience,
    TokenBucket,
    client_address,
    holders,
)
from molehaven.server.matches.table import HUMAN, ON_THE_WAY_SECONDS, LiveTable
from molehaven.server.matches.views import compact, table_public, viewer_message
from molehaven.server.settings import Settings

if TYPE_CHECKING:
    from molehaven.server.cluster import Cluster

CLOSE_TOO_SLOW = 4008
CLOSE_ABUSE = 1008
SEAT_REVOKED = "seat-revoked"
# The cookie that tells a table's socket its page holds the host token (its path is that
# socket's; it holds a proof made from the token's hash, ``tokens.presence_token``), set with
# the answer that gives the token: the page's hello names a seat, and a host who has not sat
# down holds none, yet is at their table waiting for players.
HOST_COOKIE = "molehaven_host"
# When a seat's last socket closed is kept this long: the lobby only asks whether it was more
# than a few minutes ago (``Settings.deserted_seconds``).
LEFT_KEPT_SECONDS = 3600.0


def envelope(kind: str, version: int | None, data: JSONValue) -> str:
    # Text as it is (UTF-8 on the wire): escaped, a chat line of 300 CJK characters is 1.8 KB.
    return compact({"type": kind, "version": version, "data": data})


@dataclass(eq=False, slots=True)
class Connection:
    """One WebSocket watching one table; ``seat`` is ``None`` for a spectator.

    ``seat`` and ``token_hash`` are who this connection proved to be at hello. They are only a
    cache: the hub checks them against the table's seats before every message it builds, and
    the authority again before every action, so a token that stopped holding the seat (the
    person left or was removed, a bot took the seat) stops counting at once.
    """

    websocket: WebSocket
    table_id: str
    bucket: TokenBucket
    outbox: asyncio.Queue[str | None]
    seat: Seat | None = None
    token_hash: str | None = None
    # the page holds the table's host token (its cookie, ``HOST_COOKIE``): a host who has not
    # sat down yet is still at their table, waiting for players (the lobby's presence)
    host: bool = False
    greeted: bool = False
    sent_version: int = 0  # log entries this client already has
    # whether they are the log as it reads once the game is over (every action public)
    sent_the_end: bool = False
    queued: int = 0  # characters of the messages waiting in ``outbox``
    sending: int = 0  # characters of the message being written to the client
    strikes: int = 0
    address: str = ""  # the client's address, for the per-address socket cap
    # who the connection counts for under a per-address cap, each with its share of the cap
    # (``limits.holders``), worked out once: it is read for every message sent
    shares: list[tuple[str, int]] = field(default_factory=list)
    close_code: int | None = None
    writer: asyncio.Task[None] | None = field(default=None, repr=False)
    # told the characters of each message once it is written (or given up): the hub's count
    # of what its address has pending (``Hub.push``)
    written: Callable[[int], None] = field(default=lambda _size: None, repr=False)

    async def pump(self) -> None:
        """Send queued messages in order until told to stop (``None``)."""
        while True:
            text = await self.outbox.get()
            if text is None:
                break
            self.queued -= len(text)
            self.sending = len(text)
            try:
                await self.websocket.send_text(text)
            finally:
                self.sending = 0
                self.written(len(text))
        if self.close_code is not None:
            await self.websocket.close(self.close_code)


class Hub:
    """Connections by table, and the per-recipient fan-out."""

    def __init__(
        self, settings: Settings, *, elsewhere: Callable[[str], set[Seat]] | None = None
    ) -> None:
        self.settings = settings
        self._by_table: dict[str, set[Connection]] = {}
        self._by_address: Counter[str] = Counter()
        # characters queued or being written to each holder's sockets (``limits.holders``)
        self._pending_bytes: Counter[str] = Counter()
        self._handshakes = AddressLimiter(
            rate=settings.socket_rate_per_second, burst=settings.socket_rate_burst
        )
        # in a cluster: the seats connected to a table through the other processes
        self._elsewhere = elsewhere
        self._cluster: Cluster | None = None
        self._redis = RedisPatience("sockets held elsewhere unknown (%s); counting this process's")
        # table -> when a seated person's socket to it last closed here (the lobby's "away")
        self._left_at: dict[str, float] = {}
        # the tables this process holds, by id (``Authority.in_memory``; set by the app): a
        # finished table's page tells who of its players is at its rematch
        self.tables: Callable[[str], LiveTable | None] = lambda table_id: None

    def share_limits(self, cluster: Cluster) -> None:
        """Count sockets per address with the cluster's other processes: how fast an
        address opens them (in Redis) and how many it holds over every process."""
        self._handshakes.share(cluster.redis, "sockets")
        self._cluster = cluster

    async def admits(self, websocket: WebSocket) -> bool:
        """Whether a new socket from this client's address may open: it holds fewer than
        ``max_connections_per_address`` (over every process of a cluster), its IPv6 site (a
        /56) fewer than ``SITE_SHARE`` times as many, and it has not opened sockets faster
        than allowed."""
        address = client_address(websocket)
        for holder, most in self._holders(address):
            if self._by_address[holder] >= most:
                return False
            if self._by_address[holder] + await self._held_elsewhere(holder) >= most:
                return False
        return await self._handshakes.allow(address)

    def _holders(self, address: str) -> list[tuple[str, int]]:
        """Who a socket from ``address`` counts for, with how many sockets each may hold."""
        return holders(address, self.settings.max_connections_per_address)

    def _held_here(self, address: str) -> Callable[[], int]:
        return lambda: self._by_address.get(address, 0)

    async def _held_elsewhere(self, address: str) -> int:
        """The sockets the address holds through the cluster's other processes; none when
        this process is alone, or when Redis does not answer in time (then each process
        counts its own, as a lone one does)."""
        cluster = self._cluster
        if cluster is None:
            return 0
        held = await self._redis.ask(lambda: cluster.sockets_elsewhere(address))
        return held or 0

    def open(self, websocket: WebSocket, table_id: str) -> Connection:
        connection = Connection(
            websocket,
            table_id,
            TokenBucket(rate=self.settings.rate_per_second, burst=self.settings.rate_burst),
            asyncio.Queue(maxsize=self.settings.outbox_limit),
            address=client_address(websocket),
        )
        connection.shares = holders(connection.address, 1)
        connection.written = lambda size: self._let_go(connection, size)
        for holder, _ in connection.shares:
            self._by_address[holder] += 1
            if self._cluster is not None:
                self._cluster.note_sockets(holder, self._held_here(holder))
        connection.writer = asyncio.get_running_loop().create_task(connection.pump())
        self._by_table.setdefault(table_id, set()).add(connection)
        return connection

    def watchers(self, table_id: str, holder: str | None = None) -> int:
        """Greeted spectators of a table through this process, or only those counted for
        ``holder`` (a client, ``limits.address_group``, or an IPv6 /56 its clients share,
        ``limits.holders``): what the watcher caps count (seated people and sockets that
        have not said hello yet do not)."""
        return sum(
            1
            for c in self._by_table.get(table_id, ())
            if c.greeted
            and c.seat is None
            and (holder is None or any(name == holder for name, _ in c.shares))
        )

    async def close(self, connection: Connection) -> None:
        """Forget a connection and stop its writer."""
        watchers = self._by_table.get(connection.table_id)
        here = connection.greeted and (connection.seat is not None or connection.host)
        if watchers is not None and connection in watchers and here:
            self._note_left(connection.table_id)
        if watchers is not None and connection in watchers:  # counted once, however closed
            for holder, _ in connection.shares:
                self._by_address[holder] -= 1
                if self._by_address[holder] <= 0:
                    del self._by_address[holder]
                if self._cluster is not None:
                    self._cluster.note_sockets(holder, self._held_here(holder))
            watchers.discard(connection)
            if not watchers:
                del self._by_table[connection.table_id]
        if connection.writer is not None:
            if connection.close_code is not None:  # let it send what is queued, then close
                await asyncio.wait({connection.writer}, timeout=2.0)
            connection.writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await connection.writer
        self._let_go(connection, connection.queued)  # what was never sent
        connection.queued = 0

    def _note_left(self, table_id: str) -> None:
        now = time.time()
        self._left_at[table_id] = now
        if len(self._left_at) > 4096:
            old = [t for t, at in self._left_at.items() if now - at > LEFT_KEPT_SECONDS]
            for gone in old:
                del self._left_at[gone]

    def last_seen(self, table_id: str) -> float | None:
        """When a seated person or the host was last connected to the table (epoch seconds):
        now while one is, else when the last one's socket closed, through any process
        (``None``: not in the last hour, as far as this process heard)."""
        if self.someone_here(table_id):
            return time.time()
        times = [self._left_at.get(table_id, 0.0)]
        if self._cluster is not None:
            times.append(self._cluster.seats_left_at.get(table_id, 0.0))
        return max(times) or None

    def host_here(self, table_id: str) -> bool:
        """Whether a page holding the table's host token is connected to it, seated or not,
        through this process or, as far as this one heard, another of the cluster."""
        if self.local_host_here(table_id):
            return True
        return self._cluster is not None and self._cluster.host_elsewhere(table_id)

    def local_host_here(self, table_id: str) -> bool:
        """Whether the table's host is connected to it through this process."""
        return any(c.greeted and c.host for c in self._by_table.get(table_id, ()))

    def someone_here(self, table_id: str) -> bool:
        """Whether a seated person or the host (seated or not) is connected to the table."""
        return bool(self.connected_seats(table_id)) or self.host_here(table_id)

    def lively(self, since: float) -> set[str]:
        """The tables a seated person or the host is connected to now, or was after ``since``
        (epoch seconds), as far as this process knows: the only ones the lobby may list
        before tables that changed more recently. As many as there are sockets and recent
        departures, never every table ever made."""
        found = {
            table_id
            for table_id, connections in self._by_table.items()
            if any(c.greeted and (c.seat is not None or c.host) for c in connections)
        }
        found.update(t for t, at in self._left_at.items() if at > since)
        if self._cluster is not None:
            found.update(t for t, by_node in self._cluster.remote_seats.items() if by_node)
            found.update(t for t, nodes in self._cluster.remote_hosts.items() if nodes)
            found.update(t for t, at in self._cluster.seats_left_at.items() if at > since)
        return found

    def at_rematch(self, table: LiveTable) -> set[Seat]:
        """The seats of a finished table whose person is at its rematch: connected there now,
        or asked for it a moment ago (their page is on its way). Only what this process holds:
        in a cluster, a rematch that no process here replicates tells nothing."""
        if not table.is_over or table.rematch is None:
            return set()
        there = self.tables(table.rematch)
        if there is None:
            return set()
        connected = self.connected_seats(there.id)
        arrived = {
            slot.token_hash
            for seat, slot in enumerate(there.seats)
            if seat in connected and slot.kind == HUMAN and slot.token_hash
        }
        soon = time.monotonic() - ON_THE_WAY_SECONDS
        return {
            seat
            for seat, slot in enumerate(table.seats)
            if (slot.token_hash and slot.token_hash in arrived)
            or (seat in table.rematch_asked and table.rematch_asked[seat] > soon)
        }

    def public(self, table: LiveTable) -> dict[str, JSONValue]:
        """The table's public facts with who is connected now (``views.table_public``)."""
        return table_public(table, self.connected_seats(table.id), self.at_rematch(table))

    def publish_presence(self, table: LiveTable, *, skip: Connection | None = None) -> None:
        """Someone came or went at ``table``: its watchers see it, and so do those of the
        finished table it is the rematch of (their seats say who is at the rematch)."""
        self.publish(table, skip=skip)
        origin = self.tables(table.rematch_of) if table.rematch_of is not None else None
        if origin is not None and origin.rematch == table.id:
            self.publish(origin)

    def watched(self, table_id: str) -> bool:
        """Whether any connection of this process watches the table."""
        return table_id in self._by_table

    def local_seats(self, table_id: str) -> frozenset[Seat]:
        """The seats whose person is connected to the table through this process."""
        return frozenset(
            c.seat for c in self._by_table.get(table_id, ()) if c.greeted and c.seat is not None
        )

    def connected_seats(self, table_id: str) -> set[Seat]:
        seats = set(self.local_seats(table_id))
        if self._elsewhere is not None:
            seats |= self._elsewhere(table_id)
        return seats

    def revalidate(self, table: LiveTable, connection: Connection) -> bool:
        """Demote ``connection`` to a spectator if its token no longer holds its seat; True
        if it was demoted (it is told so, and gets a spectator's full snapshot next)."""
        seat = connection.seat
        if seat is None:
            return False
        if 0 <= seat < len(table.seats) and table.seats[seat].holds(connection.token_hash):
            return False
        connection.seat = None
        connection.token_hash = None
        connection.sent_version = 0
        connection.sent_the_end = False
        self.send_error(
            connection,
            SEAT_REVOKED,
            "your seat is no longer yours (you left, were removed or resigned); you are watching",
            version=table.version,
            ref=None,
        )
        return True

    def push(self, connection: Connection, text: str) -> None:
        """Queue a message for the client. One that does not read is dropped once
        ``outbox_limit`` messages or ``outbox_bytes`` characters wait for it; a message
        alone in the queue always waits, however large (a long game's whole view). So is
        one whose address would have more than ``outbox_bytes_per_address`` characters
        waiting or being written over all its sockets (an IPv6 /56 ``SITE_SHARE`` times
        as many): per socket alone, 512 sockets of a /56 that read nothing held a long
        game's whole view each, a gigabyte (a security review)."""
        if connection.close_code is not None:
            return  # it is being closed: nothing more is sent
        size = len(text)
        over = connection.queued and connection.queued + size > self.settings.outbox_bytes
        if over or connection.outbox.full() or self._address_over(connection, size):
            self._too_slow(connection)
            return
        connection.outbox.put_nowait(text)
        connection.queued += size
        for holder, _ in connection.shares:
            self._pending_bytes[holder] += size

    def _address_over(self, connection: Connection, size: int) -> bool:
        """Whether ``size`` more characters for ``connection`` would take its address (or
        its /56) over its budget. What the address has pending besides the message this
        socket is writing must be nothing (a message alone always goes: a page reconnecting
        to a game longer than the budget gets its view, then the updates behind it) or fit
        with the new one. So an address holds at most its budget and two messages."""
        budget = self.settings.outbox_bytes_per_address
        for holder, share in connection.shares:
            pending = self._pending_bytes[holder] - connection.sending
            if pending > 0 and pending + size > budget * share:
                return True
        return False

    def _let_go(self, connection: Connection, size: int) -> None:
        """``size`` characters for ``connection`` are written, or will never be."""
        for holder, _ in connection.shares:
            left = self._pending_bytes.pop(holder, 0) - size
            if left > 0:
                self._pending_bytes[holder] = left

    def pending_bytes(self, address: str) -> int:
        """Characters queued or being written to the sockets of ``address`` (an
        ``address_group`` or a /56) through this process."""
        return self._pending_bytes.get(address, 0)

    def _too_slow(self, connection: Connection) -> None:
        """Close a client that does not read. What waits for it is let go at once (it would
        stay in memory for as long as the client held the socket open, reading slowly); a
        page that reconnects gets a whole view."""
        while not connection.outbox.empty():
            connection.outbox.get_nowait()
        self._let_go(connection, connection.queued)
        connection.queued = 0
        self.drop(connection, CLOSE_TOO_SLOW)

    def drop(self, connection: Connection, code: int) -> None:
        """Close a connection after what is already queued (or at once if its outbox is full)."""
        connection.close_code = code
        while True:
            try:
                connection.outbox.put_nowait(None)
                return
            except asyncio.QueueFull:
                # a client that does not read loses its backlog
                lost = len(connection.outbox.get_nowait() or "")
                connection.queued -= lost
                self._let_go(connection, lost)

    def send_error(
        self,
        connection: Connection,
        code: str,
        message: str,
        *,
        version: int | None,
        ref: str | None,
    ) -> None:
        """An error for this client only."""
        data: dict[str, JSONValue] = {"code": code, "message": message}
        if ref is not None:
            data["ref"] = ref
        self.push(connection, envelope("error", version, data))

    def send_snapshot(self, connection: Connection, table: LiveTable) -> None:
        text = viewer_message(
            "snapshot",
            table,
            connection.seat,
            history=table.state.history(),
            connected=self.connected_seats(table.id),
            at_rematch=self.at_rematch(table),
        )
        self.push(connection, text)
        connection.sent_version = table.version
        connection.sent_the_end = table.is_over

    def chat(self, table_id: str, line: dict[str, JSONValue]) -> None:
        """A line of the table's chat, to every greeted watcher (everyone may read it)."""
        text = envelope("chat", None, line)
        for connection in self._by_table.get(table_id, ()):
            if connection.greeted:
                self.push(connection, text)

    def publish(self, table: LiveTable, *, skip: Connection | None = None) -> None:
        """Send every greeted watcher of ``table`` (but ``skip``) its view: new log entries
        only, or the whole log when the game is over (every action becomes public) to a
        watcher that does not hold it yet. Once it does, a change of seats or presence sends
        it no log: rebuilding a long game's whole log for every watcher whenever someone came
        or went let one client keep the server busy (a security review)."""
        everyone = [c for c in self._by_table.get(table.id, ()) if c.greeted]
        demoted = {c for c in everyone if self.revalidate(table, c)}
        watchers = [c for c in everyone if c is not skip or c in demoted]
        if not watchers:
            return
        history = table.state.history()
        connected = self.connected_seats(table.id)
        at_rematch = self.at_rematch(table)
        built: dict[tuple[Seat | None, int], str] = {}
        for connection in watchers:
            current = table.is_running or (table.is_over and connection.sent_the_end)
            since = min(connection.sent_version, table.version) if current else 0
            key = (connection.seat, since)
            text = built.get(key)
            if text is None:
                text = built[key] = viewer_message(
                    "snapshot" if since == 0 else "update",
                    table,
                    connection.seat,
                    history=history,
                    since=since,
                    connected=connected,
                    at_rematch=at_rematch,
                )
            self.push(connection, text)
            connection.sent_version = table.version
            connection.sent_the_end = table.is_over
