"""Token buckets: the per-connection rate limit on WebSocket messages, and per address ones
for HTTP requests and new sockets.

A single process keeps the per-address buckets in memory. In a cluster (several processes
behind one address, ``server/cluster.py``) each limiter is ``share``d: its buckets live in
Redis, so a client spreading its requests over the processes gets one rate, not one per
process. Should Redis not answer, the process's own buckets count meanwhile.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING, TypeVar

from redis.exceptions import RedisError
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from molehaven.server.cluster import PREFIX

if TYPE_CHECKING:
    import redis.asyncio as aioredis

log = logging.getLogger("molehaven.server")
Answer = TypeVar("Answer")


class TokenBucket:
    """Allows ``burst`` messages at once, refilled at ``rate`` per second.

    >>> now = [0.0]
    >>> bucket = TokenBucket(rate=1.0, burst=2, clock=lambda: now[0])
    >>> [bucket.take(), bucket.take(), bucket.take()]
    [True, True, False]
    >>> now[0] = 1.0
    >>> bucket.take()
    True
    """

    __slots__ = ("_clock", "_last", "_tokens", "burst", "rate")

    def __init__(
        self, *, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def take(self, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens if ``ready``. A cost over the burst is taken from a full
        bucket, which is left in debt: the client waits until it is paid back."""
        if self.ready(cost):
            self._tokens -= cost
            return True
        return False

    def ready(self, cost: float = 1.0) -> bool:
        """Whether ``take(cost)`` would succeed now (taking nothing)."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        return self._tokens >= min(cost, self.burst)


IPV6_NETWORK_BITS = 64  # what one IPv6 subscriber is given at the least
# What one home is usually given: many ISPs hand a subscriber a /56, so a rate limit per /64
# alone let one client use 256 of them. (A /48 often holds hundreds of subscribers, and a
# mobile carrier's devices share large prefixes: counting by /48 would throttle strangers.)
IPV6_SITE_BITS = 56
SITE_SHARE = 16  # a /56 may go as fast as this many /64s at once (a home's devices share it)
# A table's places to watch are few (64 by default): a /56 takes at most as many as two /64s,
# or eight /64s of one home (a review's find) filled them all and locked everyone else out.
SITE_WATCH_SHARE = 2


def client_address(connection: HTTPConnection) -> str:
    """The address per-address limits count by (a request's or a WebSocket's)."""
    return address_group(connection.client.host if connection.client else "unknown")


# The address of the client whose request or WebSocket the code now runs for (``None`` for
# the server's own work: clocks, bots, notices from other processes). Set by ``ReaderAddress``
# so that the authority can pace work a client makes it do deep down (reading an old game
# back from the database) without every route handing the address down.
READER: ContextVar[str | None] = ContextVar("molehaven_reader", default=None)


class ReaderAddress:
    """ASGI middleware: ``READER`` is the client's address (``address_group``) while the
    server handles its request or WebSocket."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        token = READER.set(address_group(client[0] if client else "unknown"))
        try:
            await self.app(scope, receive, send)
        finally:
            READER.reset(token)


def address_group(host: str) -> str:
    """What one client is, for the per-address limits: an IPv4 address, or a public IPv6
    address's /64 network. A home or a server is given a whole /64 and may use any address
    in it, so counting IPv6 addresses one by one let one client take a fresh one for every
    table and socket (as friends behind one IPv4 router share an address, one /64 shares
    its limits). Addresses that cannot come from the internet (loopback, link-local,
    unique-local) count one by one, as private IPv4 addresses do.

    >>> address_group("2a02:8071:6:5::1234"), address_group("203.0.113.9")
    ('2a02:8071:6:5::/64', '203.0.113.9')
    >>> address_group("::ffff:203.0.113.9"), address_group("fe80::1"), address_group("unknown")
    ('203.0.113.9', 'fe80::1', 'unknown')
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if not isinstance(address, ipaddress.IPv6Address):
        return host
    if address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    if not address.is_global:
        return host
    return str(ipaddress.ip_network(f"{address}/{IPV6_NETWORK_BITS}", strict=False))


@functools.lru_cache(maxsize=4096)  # asked of every hosted table when one is created
def site_of(group: str) -> str | None:
    """The /56 an IPv6 /64 group (``address_group``) lies in, or ``None`` for anything else.

    >>> site_of("2a02:8071:6:5::/64"), site_of("203.0.113.9")
    ('2a02:8071:6::/56', None)
    """
    if not group.endswith(f"/{IPV6_NETWORK_BITS}"):
        return None
    network = ipaddress.ip_network(group).supernet(new_prefix=IPV6_SITE_BITS)
    return str(network)


def holders(group: str, most: int, share: int = SITE_SHARE) -> list[tuple[str, int]]:
    """Who a client (``address_group``) counts for under a cap of ``most`` things (sockets,
    tables, places to watch a table), with the cap of each: the client itself, and a public
    IPv6 client's /56 (``site_of``), which may hold ``share`` times as many. Counted by /64
    alone, a home given a /56 held 256 times a client's share (found in a security review)."""
    site = site_of(group)
    return [(group, most)] + ([(site, most * share)] if site is not None else [])


class AddressLimiter:
    """A token bucket per client address (at most ``addresses`` of them, the least recently
    used forgotten first); ``check`` raises ``Rejected`` (429, with ``Retry-After``) when the
    address is over its rate. A public IPv6 client is counted by its /64
    (``address_group``) and, ``SITE_SHARE`` times as generously, by its /56, so that one
    subscriber given many /64s cannot multiply its rate by them. ``share`` moves the buckets
    to Redis, for every process of a cluster."""

    def __init__(self, *, rate: float, burst: int, addresses: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.addresses = addresses
        # Forgetting the least recently used bucket, not all of them, so that a client
        # cycling through fresh addresses cannot wipe out everyone's limits (its own too).
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()
        self._shared: SharedBuckets | None = None

    def share(self, redis: aioredis.Redis, name: str) -> None:
        """Count in Redis under ``name`` from now on, with every process that shares it."""
        self._shared = SharedBuckets(redis, name, rate=self.rate, burst=self.burst)

    async def allow(self, address: str, cost: float = 1.0) -> bool:
        """Whether ``address`` may make one more request now (taking ``cost`` tokens if so,
        ``TokenBucket.take``): in Redis when shared and Redis answers, else in this process."""
        if self._shared is not None:
            verdict = await self._shared.allows(address, cost)
            if verdict is not None:
                return verdict
        return self.allows_here(address, cost)

    def allows_here(self, address: str, cost: float = 1.0) -> bool:
        """``allow`` in this process's own buckets only (never Redis)."""
        # The site first, and a token taken from both or from neither: a refused request
        # neither drains the client's own bucket nor makes one (which would push another
        # client's out).
        site = site_of(address)
        site_bucket = None if site is None else self._bucket(site, SITE_SHARE)
        if site_bucket is not None and not site_bucket.ready(cost):
            return False
        bucket = self._bucket(address, 1)
        if not bucket.take(cost):
            return False
        if site_bucket is not None:
            site_bucket.take(cost)
        return True

    def _bucket(self, key: str, share: int) -> TokenBucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = TokenBucket(rate=self.rate * share, burst=self.burst * share)
            self._buckets[key] = bucket
            if len(self._buckets) > self.addresses:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket

    def retry_after(self) -> int:
        """Whole seconds until one more request is allowed."""
        return max(1, math.ceil(1.0 / self.rate)) if self.rate > 0 else 60

    async def check(self, request: HTTPConnection) -> None:
        await self.check_address(client_address(request))

    async def check_address(self, address: str, cost: float = 1.0) -> None:
        """Raise ``Rejected`` (429) if ``address`` is over its rate; else take ``cost``
        tokens."""
        from molehaven.server.matches.refusals import Rejected  # the one refusal type

        if not await self.allow(address, cost):
            raise Rejected(
                "rate-limited",
                "too many requests; slow down",
                status=429,
                headers={"Retry-After": str(self.retry_after())},
            )


# Refill a client's bucket and its site's (KEYS: one or two), then take the cost from each, or
# from neither when one has too few: a refused request costs nothing, as in ``AddressLimiter``;
# a cost over the burst is taken from a full bucket, left in debt (``TokenBucket.take``).
# ARGV: per key its rate (tokens a millisecond) and burst, then the cost. Redis's clock, so
# the processes agree on time; an idle bucket expires once it would be full again.
_TAKE = """
local now_s, now_us = unpack(redis.call('time'))
local now = now_s * 1000 + now_us / 1000
local cost = tonumber(ARGV[#ARGV])
local tokens = {}
for i, key in ipairs(KEYS) do
    local rate, burst = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
    local kept = redis.call('hmget', key, 'tokens', 'at')
    local left = tonumber(kept[1]) or burst
    -- A clock stepped back refills nothing until it catches up, but locks nobody out.
    local at = math.min(tonumber(kept[2]) or now, now)
    left = math.min(burst, left + math.max(0, now - at) * rate)
    if left < math.min(cost, burst) then return 0 end
    tokens[i] = left
end
for i, key in ipairs(KEYS) do
    local rate, burst = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
    redis.call('hset', key, 'tokens', tostring(tokens[i] - cost), 'at', tostring(now))
    local full = rate > 0 and math.ceil((burst - tokens[i] + cost) / rate) or 86400000
    redis.call('pexpire', key, full + 1000)
end
return 1
"""

REDIS_TROUBLE_LOG_SECONDS = 60.0  # a Redis outage is logged once a minute, not per request
# A request waits this long for Redis's verdict, then counts in the process: a hung Redis must
# not hold up every change and every new socket.
REDIS_ANSWER_SECONDS = 0.25
# After Redis failed or hung, count in the process this long before asking it again.
REDIS_RETRY_SECONDS = 5.0


class RedisPatience:
    """Asks Redis what a limit counts over the cluster, with little patience: the answer
    within ``REDIS_ANSWER_SECONDS``, else ``None`` (the process counts on its own), and
    ``None`` without asking for ``REDIS_RETRY_SECONDS`` after a failure, which is logged
    (``trouble``, with the error in place of ``%s``) at most once a minute."""

    def __init__(self, trouble: str) -> None:
        self.trouble = trouble
        self._trouble_logged = -math.inf
        self._resting_until = -math.inf

    async def ask(self, question: Callable[[], Awaitable[Answer]]) -> Answer | None:
        if time.monotonic() < self._resting_until:
            return None
        try:
            return await asyncio.wait_for(question(), timeout=REDIS_ANSWER_SECONDS)
        except (RedisError, OSError) as error:  # TimeoutError is an OSError
            now = time.monotonic()
            self._resting_until = now + REDIS_RETRY_SECONDS
            if now - self._trouble_logged >= REDIS_TROUBLE_LOG_SECONDS:
                self._trouble_logged = now
                log.warning(self.trouble, error)
            return None


class SharedBuckets:
    """An ``AddressLimiter``'s buckets in Redis, one hash per client and site under
    ``molehaven:limit:<name>:``; ``allows`` answers ``None`` when Redis fails or does not
    answer within ``REDIS_ANSWER_SECONDS``, and for ``REDIS_RETRY_SECONDS`` after."""

    def __init__(self, redis: aioredis.Redis, name: str, *, rate: float, burst: int) -> None:
        self.prefix = f"{PREFIX}:limit:{name}:"
        self._take = redis.register_script(_TAKE)
        per_ms = rate / 1000.0
        self._client = (per_ms, burst)
        self._site = (per_ms * SITE_SHARE, burst * SITE_SHARE)
        self._redis = RedisPatience("rate limits in Redis failed (%s); counting in this process")

    async def allows(self, address: str, cost: float = 1.0) -> bool | None:
        keys, rates = [self.prefix + address], list(self._client)
        site = site_of(address)
        if site is not None:
            keys.append(self.prefix + site)
            rates += self._site
        args = [*rates, cost]
        taken = await self._redis.ask(lambda: self._take(keys=keys, args=args))
        return None if taken is None else bool(taken)
