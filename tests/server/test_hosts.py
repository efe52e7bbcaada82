"""DNS rebinding: the server answers to IP addresses, local names and its own public name only
(a page on a public domain that rebinds it to 127.0.0.1 passed the Origin = Host check)."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from molehaven.server.hosts import host_allowed
from molehaven.server.settings import Settings
from tests.server.helpers import new_table, running_app

SETTINGS = Settings(
    database_url="sqlite://",
    public_url="https://moles.example.org",
    allowed_hosts=("Play.Example",),
)


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1:8000",
        "192.168.1.5:8080",
        "[::1]:8000",
        "localhost:8000",
        "mypc",
        "raspberrypi.local:8000",
        "moles.example.org",
        "play.example:80",
        None,
    ],
)
def test_addresses_local_names_and_the_servers_own_names_are_answered(host: str | None) -> None:
    assert host_allowed(host, SETTINGS)


@pytest.mark.parametrize(
    "host", ["evil.example", "rebind.evil.example:8000", "moles.example.org.evil.net", "", "[:"]
)
def test_other_domain_names_are_not(host: str) -> None:
    assert not host_allowed(host, SETTINGS)


def test_the_app_refuses_unknown_names_over_http_and_websocket(sqlite_url: str) -> None:
    with running_app(sqlite_url) as client:
        table_id, _host = new_table(client, "mole-hill")
        refused = client.get("/api/games", headers={"Host": "rebind.evil.example:8000"})
        assert refused.status_code == 400
        assert refused.json()["code"] == "unknown-host"
        assert client.get("/api/games", headers={"Host": "127.0.0.1:8000"}).status_code == 200
        evil = {"host": "rebind.evil.example:8000", "origin": "http://rebind.evil.example:8000"}
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect(f"/ws/tables/{table_id}", headers=evil) as socket,
        ):
            socket.receive_json()
        assert closed.value.code == 4403
