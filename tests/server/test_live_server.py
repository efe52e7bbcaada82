"""The live test server (``tests/server/live_server.py``) that browser and restart tests use:
the server a test talks to is the one it started."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from tests.server.live_server import LiveServer


class Impostor(http.server.BaseHTTPRequestHandler):
    """Another run's server, as far as a readiness check can tell: 200 to everything."""

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def impostor_on(port: int) -> Iterator[None]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Impostor)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield
    finally:
        server.shutdown()
        server.server_close()


def test_a_server_whose_port_another_took_is_not_taken_for_started(
    sqlite_url: str, tmp_path: Path
) -> None:
    """A port known free is not a port held: on a machine where other test runs start servers
    too, another took a browser test's port while its server started, answered the readiness
    check and served the test its lobby, then stopped under it (``ERR_CONNECTION_REFUSED``).
    Here another server holds the port when this one restarts on it: the start fails, saying
    why, rather than hand the test someone else's server."""
    live = LiveServer(sqlite_url, tmp_path / "server.log")
    live.start()
    try:
        assert httpx.get(f"{live.url}/api/games", timeout=5).json()["games"]
        port = live.port
        live.kill()
        with impostor_on(port), pytest.raises(RuntimeError, match="server exited"):
            live.start()
    finally:
        live.stop()
