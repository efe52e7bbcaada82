"""Per-address limits in a cluster: every process counts a client's requests in one Redis
bucket, and the tables it hosts in one Redis set, so spreading them over N processes does not
give it N times the limits (they were counted per process). Without Redis a process counts
its requests on its own."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx
import pytest
import redis
import redis.asyncio as aioredis

from molehaven.server import cluster as cluster_module
from molehaven.server.cluster import Cluster
from molehaven.server.limits import (
    REDIS_ANSWER_SECONDS,
    SITE_SHARE,
    AddressLimiter,
    address_group,
)
from tests.server.helpers import run_apart
from tests.server.live_server import own_loopback_address, running_servers

pytestmark = pytest.mark.timeout(120)


def in_cluster(
    redis_url: str, body: Callable[..., Awaitable[None]], *, count: int, rate: float, burst: int
) -> None:
    """Run ``body`` with ``count`` limiters as the processes of one cluster have them: each
    with its own Redis client, all under one fresh name (tests and runs share no bucket)."""

    async def main() -> None:
        name = f"test-{secrets.token_hex(4)}"
        clients = [aioredis.Redis.from_url(redis_url) for _ in range(count)]
        limiters = []
        for client in clients:
            limiter = AddressLimiter(rate=rate, burst=burst)
            limiter.share(client, name)
            limiters.append(limiter)
        try:
            await body(*limiters)
        finally:
            for client in clients:
                await client.aclose()

    run_apart(main())


def test_processes_share_one_bucket_per_client(redis_url: str) -> None:
    async def body(*limiters: AddressLimiter) -> None:
        answers = [await limiter.allow("203.0.113.9") for limiter in limiters * 3]
        assert sum(answers) == 4  # the burst, once, not once per process
        assert answers[:4] == [True] * 4
        assert await limiters[0].allow("203.0.113.10")  # another client: a bucket of its own

    in_cluster(redis_url, body, count=3, rate=0.001, burst=4)


def test_a_bucket_refills_at_its_rate_in_redis(redis_url: str) -> None:
    async def body(first: AddressLimiter, second: AddressLimiter) -> None:
        assert await first.allow("198.51.100.7")
        assert not await second.allow("198.51.100.7")
        await asyncio.sleep(2.0)  # two tokens' worth at 1 a second; the burst holds one
        assert await second.allow("198.51.100.7")
        assert not await first.allow("198.51.100.7")

    in_cluster(redis_url, body, count=2, rate=1.0, burst=1)


def test_the_64s_of_one_ipv6_site_share_its_rate_across_processes(redis_url: str) -> None:
    """As in one process: a /56's /64s together get SITE_SHARE times one /64's burst."""

    async def body(first: AddressLimiter, second: AddressLimiter) -> None:
        subnets = [address_group(f"2a02:8071:6:{n:x}::1") for n in range(SITE_SHARE * 4)]
        allowed = [await (first, second)[n % 2].allow(group) for n, group in enumerate(subnets)]
        assert sum(allowed) == 2 * SITE_SHARE
        assert not await first.allow(address_group("2a02:8071:6:ee::1"))
        assert await second.allow(address_group("2a02:8071:6:100::1"))  # the next /56

    in_cluster(redis_url, body, count=2, rate=0.001, burst=2)


def test_a_costly_request_takes_its_cost_in_redis_as_in_a_process(redis_url: str) -> None:
    """A read of a long game costs several tokens (``Authority.get``), counted alike in Redis
    and in a process: one that costs more than the burst is taken from a full bucket, which
    it leaves in debt; one that costs less needs that many tokens left."""

    async def body(first: AddressLimiter, second: AddressLimiter) -> None:
        alone = AddressLimiter(rate=0.001, burst=4)
        for limiter in (first, alone):
            assert await limiter.allow("203.0.113.20", cost=3)
            assert not await limiter.allow("203.0.113.20", cost=2)  # one token left
            assert await limiter.allow("203.0.113.21", cost=10)  # over the burst: debt
            assert not await limiter.allow("203.0.113.21")
        assert not await second.allow("203.0.113.21")  # the debt is the cluster's

    in_cluster(redis_url, body, count=2, rate=0.001, burst=4)


def test_a_refused_request_takes_no_token(redis_url: str) -> None:
    """A request its site refuses neither drains its /64 nor makes a bucket for it."""

    async def body(limiter: AddressLimiter) -> None:
        for n in range(SITE_SHARE):  # the site's whole burst, one token from each /64
            assert await limiter.allow(address_group(f"2a02:8071:7:{n:x}::1"))
        fresh = address_group("2a02:8071:7:ee::1")
        assert not await limiter.allow(fresh)
        client = aioredis.Redis.from_url(redis_url)
        try:
            assert limiter._shared is not None
            assert await client.keys(f"{limiter._shared.prefix}{fresh}") == []
        finally:
            await client.aclose()

    in_cluster(redis_url, body, count=1, rate=0.001, burst=1)


def test_without_redis_a_process_counts_on_its_own(caplog: pytest.LogCaptureFixture) -> None:
    """Redis not answering does not open the gates, nor does it refuse everyone: the
    process's own buckets count meanwhile. Redis is asked again only after a rest (each
    failed try costs a request the client's connection retries), and the trouble is logged
    once, not per request."""
    tries = 0

    class Nobody(aioredis.Redis):
        async def evalsha(self, *args: object, **kwargs: object) -> object:
            nonlocal tries
            tries += 1
            raise redis.ConnectionError("nobody at 127.0.0.1:1")

    async def main() -> list[bool]:
        nobody = Nobody(host="127.0.0.1", port=1)
        limiter = AddressLimiter(rate=0.001, burst=2)
        limiter.share(nobody, "nowhere")
        try:
            return [await limiter.allow("192.0.2.1") for _ in range(4)]
        finally:
            await nobody.aclose()

    assert run_apart(main()) == [True, True, False, False]
    assert tries == 1
    assert sum("rate limits in Redis failed" in line for line in caplog.messages) == 1


def test_a_hung_redis_holds_no_request_up(caplog: pytest.LogCaptureFixture) -> None:
    """A Redis that accepts the call and never answers is given REDIS_ANSWER_SECONDS; then
    the process counts on its own and rests from Redis, so the next requests do not wait."""
    tries = 0

    class Hung(aioredis.Redis):
        async def evalsha(self, *args: object, **kwargs: object) -> object:
            nonlocal tries
            tries += 1
            await asyncio.sleep(60)
            return 1

    async def main() -> tuple[list[bool], float]:
        hung = Hung(host="127.0.0.1", port=1)
        limiter = AddressLimiter(rate=0.001, burst=2)
        limiter.share(hung, "hung")
        started = time.monotonic()
        try:
            return [await limiter.allow("192.0.2.2") for _ in range(4)], time.monotonic() - started
        finally:
            await hung.aclose()

    answers, seconds = run_apart(main())
    assert answers == [True, True, False, False]
    assert tries == 1
    assert seconds < REDIS_ANSWER_SECONDS + 2.0  # one wait for Redis, not four; not 60 s
    assert sum("rate limits in Redis failed" in line for line in caplog.messages) == 1


def test_the_tables_an_address_hosts_are_counted_over_the_cluster(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table counts while its lease exists (its owner renews it while it is open or
    running, and releases it when it ends), and for a grace time after its lease was last
    seen: longer than a dead owner's lease takes to be claimed again, so a failover does not
    drop it, and than a new table takes to be stored and leased."""
    monkeypatch.setattr(cluster_module, "HOSTED_SLACK_SECONDS", 0.7)  # grace: 3 x 0.1 + 0.7 s
    address = f"test-{secrets.token_hex(4)}"
    t1, t2, t3, t4, t5 = (f"{address}-{n}" for n in range(1, 6))
    past_grace = 1.5

    async def main() -> None:
        one, other = Cluster(redis_url, lease_seconds=0.1), Cluster(redis_url, lease_seconds=0.1)
        leases = [cluster_module.lease_key(t) for t in (t1, t2, t3, t4, t5)]
        try:
            assert await one.note_hosted(address, t1, 2) == 0  # none yet: t1 is noted
            assert await other.note_hosted(address, t2, 2) == 1
            assert await other.note_hosted(address, t3, 2) == 2  # refused, and not noted
            await one.redis.set(leases[0], "one")  # stored and leased (a lease without expiry:
            await other.redis.set(leases[1], "other")  # nothing renews it in this test)
            await asyncio.sleep(past_grace)
            assert await one.note_hosted(address, t3, 2) == 2  # leased tables go on counting
            await one.redis.delete(leases[0])  # t1's owner died (or t1 ended)
            assert await other.note_hosted(address, t4, 2) == 2  # t1 counts through a failover
            await asyncio.sleep(past_grace)
            assert await other.note_hosted(address, t4, 2) == 1  # t1 is gone: t4 is noted
            await asyncio.sleep(past_grace)
            assert await one.note_hosted(address, t5, 2) == 1  # t2 only: t4 was never stored
        finally:
            await one.redis.delete(cluster_module.hosted_key(address), *leases)
            for cluster in (one, other):
                await cluster.redis.aclose()

    run_apart(main())


@pytest.mark.postgres
def test_a_client_spreading_requests_over_processes_meets_one_limit(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    """Two real ``molehaven serve`` processes of one cluster; one client's table creations
    alternate between them. The cluster lets it host 3 tables, not 3 on each, and refuses
    its changes past one burst of 6, not two."""
    settings = {
        "redis": redis_url,
        "http_rate_burst": "6",
        "http_rate_per_second": "0.01",
        "max_tables_per_address": "3",
    }
    own = own_loopback_address()
    client = httpx.Client(transport=httpx.HTTPTransport(local_address=own), timeout=10)
    store = redis.Redis.from_url(redis_url)
    try:
        with running_servers(2, postgres_url, tmp_path, settings) as servers:
            answers = []
            for n in range(10):
                server = servers[n % 2]
                reply = client.post(
                    f"{server.url}/api/tables",
                    json={"game": "mole-hill"},
                    headers={"Origin": server.url},
                )
                status = reply.status_code
                answers.append(reply.json()["code"] if status == 429 else status)
    finally:
        client.close()
        store.delete(f"molehaven:limit:changes:{own}", f"molehaven:hosted:{own}")
        store.close()
    assert answers == [201] * 3 + ["too-many-tables"] * 3 + ["rate-limited"] * 4, answers
