"""Several server processes behind one address: table leases, requests and notices in Redis.

In cluster mode (a Redis URL is set, and every process shares one PostgreSQL database) any
process serves any browser, keeping a replica of each table it owns or serves, rebuilt from the
shared event log. One process at a time *owns* a table: it holds the table's lease, a Redis
key set with ``NX`` and a time to live that the owner keeps renewing. Only the owner changes
the table, drives its bots and arms its clock. Another process forwards a change to the owner
(a request on the owner's channel, answered on its own) and hears of every change from a
notice on the shared channel that carries the new events and seats, which it applies before
telling its watchers.

When a process dies its leases lapse within ``lease_seconds``; the others claim the lapsed
tables, catch up from the event log and resume them (clocks re-armed from their stored
deadlines, bots restarted). An action is acknowledged only after its commit, so nothing
acknowledged is lost, and the event log's version guard refuses a commit from a process that
lost its lease meanwhile. Pub/sub delivers at most once: a notice a process missed is made good
by the next one (a replica that finds a gap reads everything newer from the database).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from molehaven.core import Seat

log = logging.getLogger("molehaven.server")

PREFIX = "molehaven"  # every Molehaven key and channel in Redis starts so
CHANGES = f"{PREFIX}:changes"  # every process hears every notice here
NODES = f"{PREFIX}:nodes"  # a hash: process id -> when it last said it was alive

# Renew the leases a process still holds; returns the keys it no longer holds.
_RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
    if redis.call('get', key) == ARGV[1] then
        redis.call('pexpire', key, ARGV[2])
    else
        table.insert(lost, key)
    end
end
return lost
"""
# Give up a lease only if it is still ours.
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""
# How many open or running tables an address hosts over the cluster (KEYS[1]: a sorted set of
# table ids, each scored by when its lease was last seen); if fewer than ARGV[1], note the new
# one (ARGV[2]). A table drops out once its lease (ARGV[3] .. id) has been missing for ARGV[4]
# seconds: longer than a lapsed lease takes to be claimed again (its owner died) and than a new
# table takes to be stored and leased. Ended tables' leases are released, so they drop out.
# (The lease keys are named in ARGV, not KEYS: fine on the one Redis server a cluster shares.)
_HOSTED = """
local now_s, now_us = unpack(redis.call('time'))
local now = tonumber(now_s) + tonumber(now_us) / 1000000
local seen = redis.call('zrange', KEYS[1], 0, -1, 'withscores')
for i = 1, #seen, 2 do
    local id, since = seen[i], tonumber(seen[i + 1])
    if redis.call('exists', ARGV[3] .. id) == 1 then
        redis.call('zadd', KEYS[1], now, id)
    elseif now - since > tonumber(ARGV[4]) then
        redis.call('zrem', KEYS[1], id)
    end
end
local hosted = redis.call('zcard', KEYS[1])
if hosted < tonumber(ARGV[1]) then
    redis.call('zadd', KEYS[1], now, ARGV[2])
    -- An address that stops creating tables leaves no set behind: two days, then it goes.
    redis.call('expire', KEYS[1], 172800)
end
return hosted
"""
# How many sockets an address holds through the cluster's other processes. KEYS[1]: a hash,
# process -> the sockets it last said it holds for the address; KEYS[2]: the processes
# alive, NODES. Counts of a process unheard of for ARGV[3] seconds (by ARGV[2], the asker's
# clock, as ``_tend`` reads NODES) are dropped: it died holding them. ARGV[1] is the asker,
# which counts its own.
_HELD_ELSEWHERE = """
local held = redis.call('hgetall', KEYS[1])
local total = 0
for i = 1, #held, 2 do
    local node, count = held[i], tonumber(held[i + 1])
    if node ~= ARGV[1] then
        local seen = tonumber(redis.call('hget', KEYS[2], node))
        if seen and tonumber(ARGV[2]) - seen <= tonumber(ARGV[3]) then
            total = total + math.max(0, count)
        else
            redis.call('hdel', KEYS[1], node)
        end
    end
end
return total
"""
SOCKETS_KEY_SECONDS = 2 * 86400  # an address's counts go two days after its last change
# A table's lease may be missing this long beyond three lease times before it stops counting.
HOSTED_SLACK_SECONDS = 10.0


class OwnerGone(Exception):
    """Nobody listens on the owner's channel: its process is gone; its lease will lapse."""


class ClusterMember(Protocol):
    """What the cluster asks of the process's authority."""

    async def serve_request(self, request: dict[str, Any]) -> dict[str, Any]:
        """Carry out a change another process forwarded for a table this one owns."""

    async def apply_notice(self, notice: dict[str, Any]) -> None:
        """Another process changed a table; the notice holds the new events and seats."""

    async def presence_changed(self, table_id: str) -> None:
        """Some process's connected seats at a table changed."""

    async def chat_heard(self, table_id: str, data: dict[str, Any]) -> None:
        """A line of a table's chat was said through another process."""

    async def lease_lost(self, table_id: str) -> None:
        """This process no longer owns the table: stop its clock and bots."""

    async def take_over(self, table_id: str) -> None:
        """The table's lease lapsed and this process claimed it: catch up and resume."""

    async def live_ids(self) -> Iterable[str]:
        """Every open or running table."""


def lease_key(table_id: str) -> str:
    return f"{PREFIX}:lease:{table_id}"


def hosted_key(address: str) -> str:
    return f"{PREFIX}:hosted:{address}"


def sockets_key(address: str) -> str:
    return f"{PREFIX}:sockets:{address}"


def _node_channel(node: str) -> str:
    return f"{PREFIX}:node:{node}"


class Cluster:
    """This process's part in the cluster: its id, the leases it holds, what others said."""

    def __init__(self, url: str, *, lease_seconds: float = 5.0, call_seconds: float = 5.0) -> None:
        self.node = secrets.token_hex(6)
        # A bounded pool that waits for a free connection rather than failing when many
        # requests are in flight at once.
        pool = aioredis.BlockingConnectionPool.from_url(
            url, decode_responses=True, max_connections=32, timeout=10
        )
        self.redis: aioredis.Redis = aioredis.Redis(connection_pool=pool)
        # Notices and answers leave in order through one sender, many to a round trip.
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.lease_seconds = lease_seconds
        self.call_seconds = call_seconds
        self.owned: set[str] = set()
        # table -> process -> the seats whose person is connected there
        self.remote_seats: dict[str, dict[str, frozenset[Seat]]] = {}
        # table -> the processes through which its host's page is connected (a host who sits
        # nowhere waits at their table too: the lobby's ``host_here``, and the owner's expiry)
        self.remote_hosts: dict[str, set[str]] = {}
        # table -> when a seat or the host connected through another process last stopped
        # being (the lobby's "away"; ``Hub.last_seen``)
        self.seats_left_at: dict[str, float] = {}
        self._pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._member: ClusterMember | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._background: set[asyncio.Task[Any]] = set()
        self._pubsub: Any = None
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self._hosted = self.redis.register_script(_HOSTED)
        self._held_elsewhere = self.redis.register_script(_HELD_ELSEWHERE)

    # ---------------------------------------------------------------- start and stop

    async def start(self, member: ClusterMember) -> None:
        """Listen for requests and notices, and keep this process's leases alive."""
        self._member = member
        await self.redis.ping()  # a wrong URL fails here, at start-up, with its reason
        self._pubsub = self.redis.pubsub()
        await self._pubsub.subscribe(CHANGES, _node_channel(self.node))
        await self.redis.hset(NODES, self.node, time.time())
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._listen()),
            loop.create_task(self._keep_leases()),
            loop.create_task(self._send_outbox()),
        ]

    async def close(self) -> None:
        for task in [*self._tasks, *self._background]:
            task.cancel()
        for task in [*self._tasks, *self._background]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):  # a clean stop hands its tables on at once
            for table_id in list(self.owned):
                await self._release(keys=[lease_key(table_id)], args=[self.node])
            await self.redis.hdel(NODES, self.node)
            await self.publish({"kind": "presence-gone", "node": self.node})
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        await self.redis.aclose()

    # ------------------------------------------------------------------------- leases

    async def claim(self, table_id: str) -> bool:
        """Take the table's lease if nobody holds it (or this process already does)."""
        key = lease_key(table_id)
        taken = await self.redis.set(key, self.node, nx=True, px=int(self.lease_seconds * 1000))
        if taken or await self.redis.get(key) == self.node:
            self.owned.add(table_id)
            return True
        return False

    async def owner(self, table_id: str) -> str | None:
        owner = await self.redis.get(lease_key(table_id))
        return None if owner is None else str(owner)

    async def note_hosted(self, address: str, table_id: str, most: int) -> int:
        """How many open or running tables ``address`` hosts through all processes; if fewer
        than ``most``, the new table ``table_id`` is noted as one of them (check first,
        then create: the table counts from now on)."""
        grace = 3 * self.lease_seconds + HOSTED_SLACK_SECONDS
        hosted = await self._hosted(
            keys=[hosted_key(address)], args=[most, table_id, lease_key(""), grace]
        )
        return int(hosted)

    async def sockets_elsewhere(self, address: str) -> int:
        """The sockets ``address`` holds through the cluster's other live processes."""
        held = await self._held_elsewhere(
            keys=[sockets_key(address), NODES],
            args=[self.node, time.time(), 3 * self.lease_seconds],
        )
        return int(held)

    def note_sockets(self, address: str, held: Callable[[], int]) -> None:
        """Tell the others how many sockets ``address`` holds through this process now
        (``held()``, read when sent: a write lost or overtaken is mended by the next one),
        in the background: a socket never waits for it."""

        async def note() -> None:
            key, count = sockets_key(address), held()
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    if count > 0:
                        pipe.hset(key, self.node, count)
                        pipe.expire(key, SOCKETS_KEY_SECONDS)
                    else:
                        pipe.hdel(key, self.node)
                    await pipe.execute()
            except (RedisError, OSError):  # Redis is down: the others count without it
                pass

        self._later(note())

    def let_go(self, table_id: str) -> None:
        """Release a finished table's lease (in the background)."""
        if table_id in self.owned:
            self.owned.discard(table_id)
            self._later(self._release(keys=[lease_key(table_id)], args=[self.node]))

    async def _keep_leases(self) -> None:
        """Renew leases, say this process is alive, forget dead processes' connections and
        claim tables whose owner died. Every third of a lease."""
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self._tend()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster: tending leases failed; trying again")

    async def _tend(self) -> None:
        assert self._member is not None
        owned = sorted(self.owned)
        if owned:
            lost = await self._renew(
                keys=[lease_key(t) for t in owned],
                args=[self.node, int(self.lease_seconds * 1000)],
            )
            for key in lost:
                table_id = str(key).rsplit(":", 1)[-1]
                self.owned.discard(table_id)
                log.warning("cluster: lost the lease of table %s", table_id)
                await self._member.lease_lost(table_id)
        now = time.time()
        await self.redis.hset(NODES, self.node, now)
        seen = await self.redis.hgetall(NODES)
        dead = {node for node, at in seen.items() if now - float(at) > 3 * self.lease_seconds}
        if dead:
            await self.redis.hdel(NODES, *dead)
        alive = set(seen) - dead
        for table_id, by_node in list(self.remote_seats.items()):
            gone = [node for node in by_node if node not in alive]
            for node in gone:
                del by_node[node]
            if not by_node:
                del self.remote_seats[table_id]
            if gone:
                self.seats_left_at[table_id] = now
                await self._member.presence_changed(table_id)
        for table_id, nodes in list(self.remote_hosts.items()):
            if nodes - alive:
                self._host_gone(table_id, nodes - alive, now)
        # Only "more than a few minutes ago" is ever asked of these (``Hub.last_seen``).
        for table_id, at in list(self.seats_left_at.items()):
            if now - at > 3600:
                del self.seats_left_at[table_id]
        others = [t for t in await self._member.live_ids() if t not in self.owned]
        if not others:
            return
        owners = await self.redis.mget([lease_key(t) for t in others])
        for table_id, owner in zip(others, owners, strict=True):
            if owner is None and await self.claim(table_id):
                await self._member.take_over(table_id)

    # ---------------------------------------------------------- requests and notices

    async def call(self, owner: str, request: dict[str, Any]) -> dict[str, Any]:
        """Send a request to the owning process and wait for its answer.

        Raises:
            OwnerGone: no process listens on the owner's channel.
            TimeoutError: the owner did not answer within ``call_seconds``.
        """
        request_id = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            message = json.dumps({**request, "id": request_id, "reply": self.node})
            if await self.redis.publish(_node_channel(owner), message) == 0:
                raise OwnerGone(owner)
            return await asyncio.wait_for(future, self.call_seconds)
        finally:
            self._pending.pop(request_id, None)

    async def publish(self, notice: dict[str, Any]) -> None:
        await self.redis.publish(CHANGES, json.dumps({**notice, "node": self.node}))

    def _post(self, channel: str, message: str) -> None:
        self._outbox.put_nowait((channel, message))

    async def _send_outbox(self) -> None:
        """Publish queued notices and answers in order, all that are waiting in one pipeline."""
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 500:
                batch.append(self._outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, message in batch:
                        pipe.publish(channel, message)
                    await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception:  # a lost notice is made good by the next (see the module)
                log.exception("cluster: %d messages could not be published", len(batch))

    def announce(self, notice: dict[str, Any]) -> None:
        """Tell the other processes that a table changed: ``notice`` holds its new events
        (from number ``first``) and its seats and status."""
        self._post(CHANGES, json.dumps({**notice, "kind": "changed", "node": self.node}))

    def announce_chat(self, table_id: str, line: dict[str, Any]) -> None:
        """Tell the other processes that a line was said at a table (stored already)."""
        notice = {"kind": "chat", "table": table_id, "line": line}
        self._post(CHANGES, json.dumps({**notice, "node": self.node}))

    def announce_presence(self, table_id: str, seats: frozenset[Seat], host: bool) -> None:
        """Tell the others which seats are connected to the table through this process, and
        whether its host's page is (every notice says both: the latest replaces the last)."""
        notice = {"kind": "presence", "table": table_id, "seats": sorted(seats), "host": host}
        self._post(CHANGES, json.dumps({**notice, "node": self.node}))

    def host_elsewhere(self, table_id: str) -> bool:
        """Whether the table's host's page is connected to it through another process."""
        return bool(self.remote_hosts.get(table_id))

    def _host_gone(self, table_id: str, nodes: set[str], now: float) -> None:
        """The host's page is no longer connected through ``nodes``."""
        left = self.remote_hosts.get(table_id, set())
        left -= nodes
        if not left:
            self.remote_hosts.pop(table_id, None)
        self.seats_left_at[table_id] = now

    def seats_elsewhere(self, table_id: str) -> set[Seat]:
        """Seats whose person is connected to the table through another process."""
        found: set[Seat] = set()
        for seats in self.remote_seats.get(table_id, {}).values():
            found.update(seats)
        return found

    def _later(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        task.add_done_callback(_log_failure)

    async def _listen(self) -> None:
        assert self._pubsub is not None
        while True:
            try:
                message = await self._pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=1.0
                )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster: Redis subscription failed; listening again")
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                self._dispatch(json.loads(message["data"]))
            except Exception:
                log.exception("cluster: a message could not be handled")

    def _dispatch(self, message: dict[str, Any]) -> None:
        assert self._member is not None
        if "reply" in message:  # a request for this process
            self._later(self._answer(message))
            return
        if "answer" in message:
            future = self._pending.get(str(message["answer"]))
            if future is not None and not future.done():
                future.set_result(message)
            return
        if message.get("node") == self.node:
            return  # our own notice
        kind = message.get("kind")
        if kind == "changed":
            self._later(self._member.apply_notice(message))
        elif kind == "presence":
            table_id = str(message["table"])
            seats = frozenset(int(s) for s in message["seats"])
            by_node = self.remote_seats.setdefault(table_id, {})
            if by_node.get(str(message["node"]), frozenset()) - seats:
                self.seats_left_at[table_id] = time.time()
            if seats:
                by_node[str(message["node"])] = seats
            else:
                by_node.pop(str(message["node"]), None)
            if not by_node:  # kept, the tables ever sat at piled up for the process's life
                del self.remote_seats[table_id]
            node = str(message["node"])
            if message.get("host"):
                self.remote_hosts.setdefault(table_id, set()).add(node)
            elif node in self.remote_hosts.get(table_id, set()):
                self._host_gone(table_id, {node}, time.time())
            self._later(self._member.presence_changed(table_id))
        elif kind == "chat":
            self._later(self._member.chat_heard(str(message["table"]), dict(message["line"])))
        elif kind == "presence-gone":
            node = str(message["node"])
            for table_id, by_node in list(self.remote_seats.items()):
                if by_node.pop(node, None) is not None:
                    self.seats_left_at[table_id] = time.time()
                    self._later(self._member.presence_changed(table_id))
                if not by_node:
                    del self.remote_seats[table_id]
            for table_id, nodes in list(self.remote_hosts.items()):
                if node in nodes:
                    self._host_gone(table_id, {node}, time.time())

    async def _answer(self, request: dict[str, Any]) -> None:
        assert self._member is not None
        try:
            answer = await self._member.serve_request(request)
        except Exception:  # the caller must hear something, but not what went wrong inside:
            # the words reach the client (a database's error may name its tables and values)
            log.exception("cluster: a forwarded request failed")
            words = "the table's server failed to carry this out; try again"
            answer = {"error": {"code": "server-error", "message": words, "status": 500}}
        message = json.dumps({**answer, "answer": request["id"]})
        self._post(_node_channel(str(request["reply"])), message)


def _log_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("cluster task failed", exc_info=task.exception())
