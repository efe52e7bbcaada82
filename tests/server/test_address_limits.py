"""What one client (one address) may take of a server: tables, sockets and the others'
attention. Each limit is checked here with a small value; the test helpers raise them for
every other test, which all run from one address."""

from __future__ import annotations

import contextlib
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from molehaven.server.limits import SITE_SHARE, SITE_WATCH_SHARE, AddressLimiter, address_group
from molehaven.server.settings import Settings
from tests.server.helpers import fill_bots, hello, new_table, running_app, sit, start


def test_the_defaults_limit_every_address() -> None:
    defaults = Settings(database_url="sqlite://")
    assert defaults.max_tables_per_address == 8
    assert defaults.max_connections_per_address == 32
    assert defaults.max_watchers_per_address == 8
    assert defaults.socket_rate_burst == 20
    assert not defaults.bot_only_tables


def test_one_address_hosts_a_few_tables_at_a_time(sqlite_url: str) -> None:
    with running_app(sqlite_url, max_tables_per_address=3) as client:
        for _ in range(3):
            new_table(client, "mole-hill")
        refused = client.post("/api/tables", json={"game": "mole-hill"})
        assert refused.status_code == 429
        assert refused.json()["code"] == "too-many-tables"
        # What the host can do about it: "leave one" was no way out of a running table.
        assert refused.json()["detail"] == (
            "you already host 3 tables still open or being played; finish or resign one,"
            " or wait: a table nobody is at closes by itself within 30 minutes"
        )


def test_bots_alone_do_not_start(sqlite_url: str) -> None:
    with running_app(sqlite_url, bot_only_tables=False) as client:
        table_id, host = new_table(client, "mole-hill")
        fill_bots(client, table_id, host)
        refused = client.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
        assert refused.status_code == 409
        assert refused.json()["code"] == "no-person"
        people = new_table(client, "mole-hill")
        sit(client, people[0], 0, "Ann")
        fill_bots(client, *people)
        start(client, *people)  # one person is enough


def _refused_with(client: TestClient, table_id: str) -> int:
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/tables/{table_id}") as socket,
    ):
        socket.receive_json()
    return closed.value.code


def test_one_address_holds_a_few_sockets(sqlite_url: str) -> None:
    with running_app(sqlite_url, max_connections_per_address=2) as client:
        table_id, _host = new_table(client, "mole-hill")
        url = f"/ws/tables/{table_id}"
        with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
            hello(first, None)
            hello(second, None)
            assert _refused_with(client, table_id) == 4430
        with client.websocket_connect(url) as again:  # closed sockets free their places
            assert hello(again, None)["type"] == "snapshot"


def _from(client: TestClient, address: str) -> TestClient:
    """A client of the same running app (the same event loop) from another address."""
    other = TestClient(client.app, client=(address, 50000))
    other.portal = client.portal
    return other


def test_one_address_takes_a_few_of_a_tables_watching_places_and_seats_always_get_in(
    sqlite_url: str,
) -> None:
    # Found in a review: two addresses' sockets (32 each) took all 64 places to watch a
    # table, and nobody else could watch it.
    with running_app(sqlite_url, max_watchers_per_address=2) as client:
        table_id, _host = new_table(client, "mole-hill")
        ann = sit(client, table_id, 0, "Ann")
        url = f"/ws/tables/{table_id}"
        home = _from(client, "2a02:8071:6:5::1")
        neighbour = _from(client, "2a02:8071:6:5::2")  # the same /64: one client
        stranger = _from(client, "203.0.113.9")
        with (
            home.websocket_connect(url) as first,
            home.websocket_connect(url) as second,
            neighbour.websocket_connect(url) as third,
            stranger.websocket_connect(url) as elsewhere,
            neighbour.websocket_connect(url) as seated,
        ):
            for socket in (first, second):
                assert hello(socket, None)["data"]["you"] is None
            third.send_json({"type": "hello", "data": {"token": None}})
            refused = third.receive_json()
            assert refused["type"] == "error"
            assert refused["data"]["code"] == "too-many-watchers"
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == 4430
            assert hello(elsewhere, None)["data"]["you"] is None  # others still watch
            assert hello(seated, ann)["data"]["you"] == 0  # a seat's person is never refused
        with home.websocket_connect(url) as again:  # closed sockets free their places
            assert hello(again, None)["data"]["you"] is None


def test_one_address_opens_sockets_at_a_bounded_rate(sqlite_url: str) -> None:
    with running_app(sqlite_url, socket_rate_burst=3, socket_rate_per_second=0.001) as client:
        table_id, _host = new_table(client, "mole-hill")
        for _ in range(3):
            with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
                hello(socket, None)
        assert _refused_with(client, table_id) == 4430


def test_a_second_tab_of_a_seat_does_not_announce_anything(sqlite_url: str) -> None:
    # Presence is published when the set of connected seats changes, not for every socket:
    # before, one player opening and closing tabs sent every viewer a full update each time.
    with running_app(sqlite_url) as client:
        table_id, _host = new_table(client, "mole-hill")
        ann = sit(client, table_id, 0, "Ann")
        hub: Any = client.app.state.hub  # type: ignore[attr-defined]
        published: list[object] = []
        original = hub.publish
        hub.publish = lambda table, **kw: (published.append(table), original(table, **kw))
        url = f"/ws/tables/{table_id}"
        with client.websocket_connect(url) as first:
            hello(first, ann)
            assert len(published) == 1  # Ann is now connected
            for _ in range(3):
                with client.websocket_connect(url) as extra:
                    hello(extra, ann)
            assert len(published) == 1  # her other tabs changed nothing
        assert len(published) == 2  # her last socket closed: she is away


def test_a_game_none_of_whose_people_is_connected_ends_abandoned(sqlite_url: str) -> None:
    # Sitting down and walking away would leave bots thinking for nobody.
    with running_app(sqlite_url, unattended_seconds=60.0) as client:
        authority: Any = client.app.state.authority  # type: ignore[attr-defined]
        portal: Any = client.portal
        left, watched = [new_table(client, "mole-hill") for _ in range(2)]
        tokens = {}
        for table_id, host in (left, watched):
            tokens[table_id] = sit(client, table_id, 0, "Ann")
            fill_bots(client, table_id, host, agent="easy")
            start(client, table_id, host)
        with client.websocket_connect(f"/ws/tables/{watched[0]}") as socket:
            hello(socket, tokens[watched[0]])
            now = time.time()
            portal.call(authority.sweep, now)  # each table's first look counts as attended
            portal.call(authority.sweep, now + 61)
        statuses = [client.get(f"/api/tables/{t}").json() for t, _host in (left, watched)]
        assert statuses[0]["status"] == "abandoned"
        assert "none of its players was at the table" in statuses[0]["result"]["summary"]
        assert statuses[1]["status"] in ("running", "over")  # Ann was there


def test_the_addresses_of_one_ipv6_network_share_its_limits(sqlite_url: str) -> None:
    # Found in a review: a home or server is given a whole IPv6 /64 and may use any address
    # in it; counted one by one, each fresh address was a fresh quota of tables (and sockets,
    # and requests). Addresses of another /64, and IPv6 addresses that cannot come from the
    # internet (a LAN's link-local and unique-local ones), still count alone.
    with running_app(sqlite_url, max_tables_per_address=1) as client:
        app = client.app

        def create(address: str) -> int:
            other = TestClient(app, client=(address, 50000))
            return other.post("/api/tables", json={"game": "mole-hill"}).status_code

        assert create("2a02:8071:6:5::1") == 201
        for address in ("2a02:8071:6:5::2", "2a02:8071:6:5:a:b:c:d"):
            assert create(address) == 429, address
        assert create("2a02:8071:6:6::1") == 201  # the next /64: another subscriber
        assert create("::ffff:203.0.113.9") == 201
        assert create("203.0.113.9") == 429  # the same IPv4 address, written as IPv6 above
        for lan in ("fe80::1", "fe80::2", "fd00::1", "fd00::2"):
            assert create(lan) == 201, lan


def test_the_64s_of_one_ipv6_site_share_a_wider_rate() -> None:
    """A subscriber given a /56 (256 /64s) may go as fast as SITE_SHARE /64s at once, not
    256 times as fast: once the /56's bucket is empty, a fresh /64 of it is refused too,
    while another /56 and an IPv4 address are not."""
    limiter = AddressLimiter(rate=0.001, burst=2)
    allowed = sum(
        limiter.allows_here(address_group(f"2a02:8071:6:{n:x}::1")) for n in range(SITE_SHARE * 4)
    )
    assert allowed == 2 * SITE_SHARE  # the /56's burst, spread over its /64s
    assert not limiter.allows_here(address_group("2a02:8071:6:ff::1"))
    assert limiter.allows_here(address_group("2a02:8071:6:100::1"))  # the next /56
    assert limiter.allows_here("203.0.113.9")


def test_a_request_the_site_refuses_costs_its_own_64_nothing() -> None:
    """Found in review: the /64's token was taken before the /56 was asked, so a neighbour
    whose site someone else had used up lost their own tokens to requests refused anyway,
    and each refused request from a fresh /64 made a bucket, pushing other clients' out."""
    limiter = AddressLimiter(rate=0.001, burst=1, addresses=SITE_SHARE + 3)
    assert limiter.allows_here("198.51.100.1")
    assert not limiter.allows_here("198.51.100.1")  # throttled, and to stay so
    for n in range(SITE_SHARE):  # one client uses up the /56 from its many /64s
        assert limiter.allows_here(address_group(f"2a02:8071:6:{n:x}::1"))
    neighbour = address_group("2a02:8071:6:ee::1")
    for _ in range(3):
        assert not limiter.allows_here(neighbour)
    for n in range(SITE_SHARE, 200):  # refused from fresh /64s: no bucket made, none lost
        assert not limiter.allows_here(address_group(f"2a02:8071:6:{n:x}::1"))
    assert not limiter.allows_here("198.51.100.1")
    assert neighbour not in limiter._buckets  # refused before a bucket was made for it


def test_a_client_cycling_addresses_cannot_wipe_out_the_limits() -> None:
    """The limiter forgets its least recently used buckets when full. It used to forget all
    of them, so one client sending from more addresses than it holds reset everyone's
    limits, including the address it was throttled on."""
    limiter = AddressLimiter(rate=0.001, burst=1, addresses=100)
    assert limiter.allows_here("198.51.100.1")
    assert not limiter.allows_here("198.51.100.1")
    for n in range(500):  # five times what it holds; the throttled one is kept in use
        limiter.allows_here(f"203.0.{n // 256}.{n % 256}")
        assert not limiter.allows_here("198.51.100.1"), n


def test_the_64s_of_one_ipv6_site_share_a_wider_cap_of_tables(sqlite_url: str) -> None:
    """A home given a /56 holds 256 /64s: counted by /64 alone, it could host 256 times a
    client's tables (2,048 at the default 8) and keep them open for as long as its pages
    stayed connected. Its /64s share SITE_SHARE times a client's cap; the next /56 and an
    IPv4 client are not held back by it."""
    with running_app(sqlite_url, max_tables_per_address=1) as client:

        def create(address: str) -> int:
            response = _from(client, address).post("/api/tables", json={"game": "mole-hill"})
            return response.status_code

        for n in range(SITE_SHARE):
            assert create(f"2a02:8071:6:{n:x}::1") == 201, n
        refused = _from(client, "2a02:8071:6:ff::1").post("/api/tables", json={"game": "mole-hill"})
        assert refused.status_code == 429
        assert refused.json()["code"] == "too-many-tables"
        assert "your network" in refused.json()["detail"]
        assert create("2a02:8071:6:100::1") == 201  # the next /56
        assert create("203.0.113.9") == 201


def _watch_from_one_site(held: contextlib.ExitStack, client: TestClient, url: str, n: int) -> None:
    """Watch ``url`` from ``n`` /64s of one /56 (2a02:8071:6::/56), each socket greeted."""
    for network in range(n):
        socket = held.enter_context(
            _from(client, f"2a02:8071:6:{network:x}::1").websocket_connect(url)
        )
        assert hello(socket, None)["type"] == "snapshot"


def test_the_64s_of_one_ipv6_site_share_a_wider_cap_of_sockets(sqlite_url: str) -> None:
    """The same for sockets: a /56's /64s hold SITE_SHARE times a client's sockets between
    them (they held 256 times as many), and a socket closed frees its place."""
    with running_app(sqlite_url, max_connections_per_address=1) as client:
        table_id, _host = new_table(client, "mole-hill")
        url = f"/ws/tables/{table_id}"
        with contextlib.ExitStack() as held:
            _watch_from_one_site(held, client, url, SITE_SHARE)
            assert _refused_with(_from(client, "2a02:8071:6:ff::1"), table_id) == 4430
            with _from(client, "2a02:8071:6:100::1").websocket_connect(url) as next_site:
                assert hello(next_site, None)["type"] == "snapshot"
        with _from(client, "2a02:8071:6:ff::1").websocket_connect(url) as freed:
            assert hello(freed, None)["type"] == "snapshot"


def test_the_64s_of_one_ipv6_site_share_a_few_of_a_tables_watching_places(
    sqlite_url: str,
) -> None:
    """Found in a review: the watchers' cap counted each /64 alone, so eight /64s of one home
    (a /56) filled all 64 places to watch a table and locked everyone else out, its host
    too. A /56 now takes SITE_WATCH_SHARE clients' places, and a place freed is free."""
    with running_app(
        sqlite_url, max_watchers_per_address=1, max_connections_per_address=10
    ) as client:
        table_id, _host = new_table(client, "mole-hill")
        url = f"/ws/tables/{table_id}"
        with contextlib.ExitStack() as held:
            _watch_from_one_site(held, client, url, SITE_WATCH_SHARE)
            with _from(client, "2a02:8071:6:ff::1").websocket_connect(url) as one_more:
                one_more.send_json({"type": "hello", "data": {"token": None}})
                refused = one_more.receive_json()
                assert refused["data"]["code"] == "too-many-watchers"
            with _from(client, "2a02:8071:6:100::1").websocket_connect(url) as next_site:
                assert hello(next_site, None)["type"] == "snapshot"
        with _from(client, "2a02:8071:6:ff::1").websocket_connect(url) as freed:
            assert hello(freed, None)["type"] == "snapshot"
