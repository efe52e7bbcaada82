"""A real ``molehaven serve`` process on loopback, for restart tests and browser tests."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.server.helpers import FRESH_LOBBY, ONE_ADDRESS


def own_loopback_address() -> str:
    """A loopback address of a test's own (any 127.x.y.z reaches the servers), so that what
    other tests' clients did from 127.0.0.1, even at the same time, counts apart from it."""
    return f"127.{secrets.randbelow(250) + 1}.{secrets.randbelow(250)}.{secrets.randbelow(250)}"


# What ``molehaven serve`` prints once its port is bound and its app has started.
ANNOUNCED = re.compile(rb"Molehaven: open http://localhost:(\d+)/")


class ForkedServer:
    """A server forked by ``serve_fork``: the part of ``subprocess.Popen`` the tests use. It is
    not this process's child (the forking process reaps it), so it has ended once it is gone,
    or a zombie with no thread left: a killed server's first thread is a zombie while its
    others still exit, holding its port. Its exit status is the forking process's to read:
    ``poll`` and ``wait`` give -1 for any end."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def poll(self) -> int | None:
        try:
            with open(f"/proc/{self.pid}/stat", "rb") as stat:
                state = stat.read().rsplit(b")", 1)[1].split()[0]
            threads = len(os.listdir(f"/proc/{self.pid}/task"))
        except (FileNotFoundError, ProcessLookupError, IndexError):
            return -1
        return -1 if state in (b"Z", b"X") and threads <= 1 else None

    def send_signal(self, signum: int) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def wait(self, timeout: float) -> int:
        deadline = time.monotonic() + timeout
        while (code := self.poll()) is None:
            if time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout)
            time.sleep(0.02)
        return code


class ServerForks:
    """This test process's ``serve_fork`` process, started on first use."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None

    def start(self, argv: list[str], env: dict[str, str], log_path: Path) -> ForkedServer:
        if self.process is None or self.process.poll() is not None:
            command = [sys.executable, "-m", "tests.server.serve_fork"]
            self.process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=CHECKOUT
            )
            atexit.register(self.process.kill)
            assert self.process.stdout is not None
            assert "ready" in json.loads(self.process.stdout.readline())
        assert self.process.stdin is not None and self.process.stdout is not None
        request = {"argv": argv, "env": env, "log": str(log_path)}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return ForkedServer(int(json.loads(self.process.stdout.readline())["pid"]))


CHECKOUT = Path(__file__).resolve().parents[2]
FORKS = ServerForks()


class LiveServer:
    """``molehaven serve`` in a process of its own (forked from ``serve_fork``, or a plain
    child with ``--workers``); ``kill`` is SIGKILL, ``start`` (re)starts it on the same port
    and database.

    The first start lets the server bind a free port itself (``--port 0``) and reads it from
    what the server prints. A port picked here and handed to the child was free only when
    picked: on a machine where other test runs start servers too, another server could take it
    while this one started, answer this one's readiness check, serve a browser test its lobby,
    and stop under it (``net::ERR_CONNECTION_REFUSED`` on the next page, and this server's
    log empty, as it had not started yet). A start is done once this server has said which
    port it holds and answers there."""

    def __init__(
        self,
        database_url: str,
        log_path: Path,
        *,
        bot_delay: float = 0.0,
        rate_per_second: float = 1000.0,
        settings: dict[str, str] | None = None,
        args: list[str] | None = None,
    ) -> None:
        # A test clicks far faster than a person: the WebSocket rate limit (its own tests use
        # the app in process) would only slow long games down.
        self.rate_per_second = rate_per_second
        self.database_url = database_url
        self.port = 0  # known once started
        self.log_path = log_path
        self.bot_delay = bot_delay
        self.process: subprocess.Popen[bytes] | ForkedServer | None = None
        self.settings = settings or {}  # more MOLEHAVEN_* settings, by name without the prefix
        self.args = args or []  # more options of ``molehaven serve``
        self._log_start = 0  # where the log of the latest start begins

    def start(self) -> None:
        self.launch()
        try:
            self.wait_started()
        except BaseException:
            self.stop()  # a server that did not answer in time is not left running
            raise

    def launch(self) -> None:
        """Start the process without waiting for it (``wait_started`` does): servers of a
        cluster start side by side, each taking a few seconds to import and migrate."""
        env = {
            **os.environ,
            "MOLEHAVEN_BOT_DELAY": str(self.bot_delay),
            "MOLEHAVEN_RATE_PER_SECOND": str(self.rate_per_second),
            # One address runs every test: its per-address limits are raised (see helpers).
            **{
                f"MOLEHAVEN_{name.upper()}": "1" if value is True else str(value)
                for name, value in ONE_ADDRESS.items()
            },
            **{f"MOLEHAVEN_{name.upper()}": str(value) for name, value in FRESH_LOBBY.items()},
            **{f"MOLEHAVEN_{name.upper()}": value for name, value in self.settings.items()},
        }
        # A restart keeps the port: the test's pages and sockets come back to it.
        argv = ["serve", "--port", str(self.port), "--database", self.database_url, *self.args]
        with self.log_path.open("ab") as log:
            self._log_start = log.tell()  # what an earlier start logged stays above
            if "--workers" in self.args:  # it spawns processes of its own: a plain child
                command = [sys.executable, "-m", "molehaven.cli.main", *argv]
                self.process = subprocess.Popen(command, env=env, stdout=log, stderr=log)
                return
        self.process = FORKS.start(argv, env, self.log_path)

    def wait_started(self, seconds: float = 90) -> None:
        """Until the server answers. The deadline is generous: it only ends a start that
        failed, and on a loaded 2-core machine a start with ``--workers 2`` took over 30 s."""
        assert self.process is not None, "launch() first"
        deadline = time.monotonic() + seconds
        announced = None
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            if announced is None:
                # Only this server's own words say that the port is its own.
                with self.log_path.open("rb") as log:
                    log.seek(self._log_start)
                    announced = ANNOUNCED.search(log.read())
                if announced is not None:
                    self.port = int(announced[1])
            if announced is not None:
                try:
                    if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
            time.sleep(0.05)
        said = self.log_path.read_text()[-2000:]
        raise RuntimeError(f"server did not start in {seconds:g} s: {said}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


@contextmanager
def running_servers(
    count: int,
    database_url: str,
    log_dir: Path,
    settings: dict[str, str],
    *,
    bot_delay: float = 0.0,
) -> Iterator[list[LiveServer]]:
    """``count`` servers on one database (a cluster, with ``redis`` in ``settings``),
    started, and stopped at the end; each logs to ``server-<n>.log`` in ``log_dir``."""
    servers = [
        LiveServer(
            database_url, log_dir / f"server-{n}.log", bot_delay=bot_delay, settings=settings
        )
        for n in range(count)
    ]
    try:
        for server in servers:
            server.launch()
        for server in servers:  # started side by side, on a busy machine each takes longer
            server.wait_started(90 + 10 * count)
        yield servers
    finally:
        for server in servers:
            server.stop()
