"""Which address the per-address limits count: ``X-Forwarded-For`` only from a proxy named
with ``--trusted-proxy`` (found in a security review: uvicorn believes it from loopback by
default, so a client of a server behind a same-machine proxy escaped every limit)."""

from __future__ import annotations

from pathlib import Path

import httpx
from typer.testing import CliRunner

from molehaven.cli.main import app
from tests.server.live_server import LiveServer


def hosted_answers(server: LiveServer, forwarded_for: list[str]) -> list[int]:
    """Create one table per header value, each from this loopback client."""
    answers = []
    for claimed in forwarded_for:
        reply = httpx.post(
            f"{server.url}/api/tables",
            json={"game": "mole-hill"},
            headers={"Origin": server.url, "X-Forwarded-For": claimed},
            timeout=10,
        )
        answers.append(reply.status_code)
    return answers


def limited_server(sqlite_url: str, tmp_path: Path, args: list[str]) -> LiveServer:
    return LiveServer(
        sqlite_url,
        tmp_path / "server.log",
        settings={"max_tables_per_address": "2"},
        args=args,
    )


def test_by_default_a_forwarded_for_header_names_no_one(sqlite_url: str, tmp_path: Path) -> None:
    server = limited_server(sqlite_url, tmp_path, [])
    server.start()
    try:
        # Three fresh addresses claimed, one real one: its limit of 2 tables holds.
        assert hosted_answers(server, ["10.9.0.1", "10.9.1.1", "10.9.2.1"]) == [201, 201, 429]
    finally:
        server.stop()


def test_a_trusted_proxy_names_the_client_and_a_client_cannot_name_itself(
    sqlite_url: str, tmp_path: Path
) -> None:
    server = limited_server(sqlite_url, tmp_path, ["--trusted-proxy", "127.0.0.0/8"])
    server.start()
    try:
        # Through the proxy, three clients host a table each.
        assert hosted_answers(server, ["10.9.0.1", "10.9.1.1", "10.9.2.1"]) == [201, 201, 201]
        # One client writing other addresses before its own, as a proxy that appends the
        # client's address passes them on: the last untrusted address is the client.
        spoofed = [f"10.8.{n}.1, 10.7.0.1" for n in range(3)]
        assert hosted_answers(server, spoofed) == [201, 201, 429]
    finally:
        server.stop()


def test_a_trusted_proxy_must_be_an_address_or_a_network() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--trusted-proxy", "proxy.lan"])
    assert result.exit_code == 2
    assert "'proxy.lan' is not an IP address or network" in result.stderr
