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


@pytest.mark.parametrize(
    "host",
    [
        "evil.example:80@127.0.0.1",  # user information: a URL parser finds 127.0.0.1
        "evil.example@localhost",
        "localhost/path",
        "localhost:notaport",
        "localhost:99999",
        "localhost:",
        "127.0.0.1?x",
        "127.0.0.1#x",
    ],
)
def test_a_host_header_that_is_not_a_host_and_port_is_refused(host: str) -> None:
    """Found in a security review; browsers never send these, so only scripts are refused."""
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


def test_a_page_of_another_site_cannot_make_changes(sqlite_url: str) -> None:
    # Found in a review: a page of any site may send its visitor's browser to post here
    # without a CORS preflight (a form; fetch with mode "no-cors" and a Blob body, which has
    # no Content-Type and which FastAPI before 0.132, allowed by our dependencies, read as
    # JSON). Through one visitor, the internet could create tables and take seats on a
    # server at their home. Browsers send Origin with every change: another one is refused.
    with running_app(sqlite_url) as client:
        table_id, host = new_table(client, "mole-hill")
        body = b'{"name": "Squatter"}'
        for origin in ("https://evil.example", "http://127.0.0.1:9999", "null"):
            foreign = {"Origin": origin}
            changes = [
                client.post("/api/tables", json={"game": "mole-hill"}, headers=foreign),
                client.post(f"/api/tables/{table_id}/seats/0", content=body, headers=foreign),
                client.post(f"/api/tables/{table_id}/seats/1", json={"name": "X"}, headers=foreign),
                client.post(
                    f"/api/tables/{table_id}/start", headers={**foreign, "X-Host-Token": host}
                ),
            ]
            for refused in changes:
                assert refused.status_code == 403, origin
                assert refused.json()["code"] == "foreign-origin"
            assert client.get(f"/api/tables/{table_id}", headers=foreign).status_code == 200
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert [seat["kind"] for seat in seats] == ["empty", "empty"]
        # this site's own pages (Origin = Host), and clients that send no Origin, still may
        ours = {"Origin": "http://testserver"}
        taken = client.post(f"/api/tables/{table_id}/seats/0", json={"name": "Ann"}, headers=ours)
        assert taken.status_code == 200
        assert (
            client.post(f"/api/tables/{table_id}/seats/1", json={"name": "Bo"}).status_code == 200
        )


def test_a_page_at_the_public_address_may_make_changes_behind_a_proxy(sqlite_url: str) -> None:
    """A proxy on another port may pass on ``Host`` without it (nginx's ``$host``): the page's
    Origin is then the public address, not Host, and its changes are this site's own."""
    public = "https://moles.example:8443"
    with running_app(sqlite_url, public_url=public) as client:
        proxied = {"Host": "moles.example", "Origin": public}
        created = client.post("/api/tables", json={"game": "mole-hill"}, headers=proxied)
        assert created.status_code == 201, created.text
        elsewhere = {"Host": "moles.example", "Origin": "https://moles.example:9999"}
        refused = client.post("/api/tables", json={"game": "mole-hill"}, headers=elsewhere)
        assert refused.json()["code"] == "foreign-origin"


@pytest.mark.parametrize("page", ["/", "/rules/mole-hill", "/tables/nosuchtable"])
def test_pages_link_their_scripts_and_styles_by_path_not_by_the_host_asked_for(
    sqlite_url: str, page: str
) -> None:
    """Found in a security review: every address passes the host check, and the pages built
    absolute links from the request's Host (``<script src="http://6.6.6.6:1234/…">``), which
    a cache that ignores Host could hand to others. Links are paths now."""
    with running_app(sqlite_url) as client:
        answer = client.get(page, headers={"Host": "6.6.6.6:1234"})
        assert answer.headers["content-type"].startswith("text/html")
        assert "/static/css/app.css" in answer.text
        assert "6.6.6.6" not in answer.text
