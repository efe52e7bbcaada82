"""``molehaven serve`` with a database or Redis that does not answer: one line, no address."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from molehaven.cli.main import app
from molehaven.server import Settings, preflight
from molehaven.server.db import backend_urls

runner = CliRunner()


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port that refuses connections: bound here (so nobody else takes it) but
    never listening."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        yield holder.getsockname()[1]


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "molehaven.cli.main", "serve", "--port", "0", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def test_an_unreachable_database_is_one_line_without_the_password(closed_port: int) -> None:
    url = f"postgresql://molehaven:secret@127.0.0.1:{closed_port}/molehaven"
    result = serve("--database", url)
    assert result.returncode == 1
    assert result.stdout == ""  # not even the address: nothing serves there
    assert result.stderr.splitlines() == [
        f"error: cannot connect to the database"
        f" postgresql://molehaven:***@127.0.0.1:{closed_port}/molehaven: connection refused"
    ]


def test_several_processes_check_the_database_first_too(closed_port: int) -> None:
    url = f"postgresql://molehaven:secret@127.0.0.1:{closed_port}/molehaven"
    redis = f"redis://127.0.0.1:{closed_port}/0"
    arguments = ["serve", "--port", "0", "--database", url, "--workers", "2", "--redis", redis]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert "cannot connect to the database" in result.stderr
    assert "secret" not in result.stderr


def test_an_unreachable_redis_is_one_line_without_the_password(
    closed_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The database check is passed over here: Redis is what this test is about.
    monkeypatch.setattr(preflight, "check_database", lambda url: None)
    redis = f"redis://:hidden@127.0.0.1:{closed_port}/0"
    arguments = ["serve", "--port", "0", "--database", "postgresql://u:p@127.0.0.1/db"]
    result = runner.invoke(app, [*arguments, "--workers", "2", "--redis", redis])
    assert result.exit_code == 1
    assert "in your browser" not in result.stdout
    assert result.stderr.strip() == (
        f"error: cannot connect to Redis redis://:***@127.0.0.1:{closed_port}/0: connection refused"
    )


def test_the_address_is_printed_only_once_the_app_has_started(tmp_path: Path) -> None:
    """The checks cannot foresee every failure of the app's startup; when it fails anyway,
    no address was promised. A file that is not a database passes the check (``SELECT 1``
    reads no page of it) and fails the migrations. (In a subprocess: uvicorn run in the
    test's own process rebinds its logging to streams pytest then closes.)"""
    garbage = tmp_path / "molehaven.db"
    garbage.write_bytes(bytes(range(256)) * 16)
    result = serve("--database", f"sqlite:///{garbage}")
    assert result.returncode != 0
    assert "in your browser" not in result.stdout


def test_a_reachable_sqlite_database_passes(tmp_path: Path) -> None:
    preflight.check_database(f"sqlite:///{tmp_path}/new/molehaven.db")


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        (
            'connection failed: connection to server at "127.0.0.1", port 5432 failed: FATAL: '
            ' password authentication failed for user "molehaven"',
            'password authentication failed for user "molehaven"',
        ),
        (
            "failed to resolve host 'nowhere.invalid': [Errno -2] Name or service not known",
            "failed to resolve host 'nowhere.invalid': Name or service not known",
        ),
        ("unable to open database file", "unable to open database file"),
    ],
)
def test_driver_messages_are_cut_to_their_reason(message: str, reason: str) -> None:
    assert preflight._driver_reason(message) == reason


def test_a_plain_path_names_a_sqlite_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--database games.db`` is what a person types for a file: it is made absolute, so a
    worker process started elsewhere finds the same file."""
    monkeypatch.chdir(tmp_path)
    assert Settings.from_env("games.db").database_url == f"sqlite:///{tmp_path}/games.db"
    home = Path.home()
    assert Settings.from_env("~/moles.db").database_url == f"sqlite:///{home}/moles.db"
    url = "postgresql://u:p@127.0.0.1/db"
    assert Settings.from_env(url).database_url == url


def test_a_database_that_is_no_url_is_one_line() -> None:
    result = runner.invoke(app, ["serve", "--port", "0", "--database", "mysql://u@h/db"])
    assert result.exit_code == 2
    assert "unsupported database 'mysql'" in result.stderr
    assert "Traceback" not in result.stderr
    with pytest.raises(ValueError, match="is not a database URL"):
        backend_urls("games.db")


def test_a_port_in_use_is_one_line_in_the_systems_words(tmp_path: Path) -> None:
    """The port another program listens on: the system's reason in lower case, as every other
    command's system errors read ("Address already in use" was printed as it came)."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        database = str(tmp_path / "games.db")
        result = runner.invoke(app, ["serve", "--port", str(port), "--database", database])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"error: cannot listen on 127.0.0.1:{port}: address already in use"
    ]
