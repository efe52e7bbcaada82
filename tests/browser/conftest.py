"""Browser tests: Playwright for Python driving Debian's Chromium (its headless shell) against
a real ``molehaven serve`` process on loopback."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, expect, sync_playwright

from tests.browser.pages import CHROMIUM, CHROMIUM_ARGS
from tests.server.databases import database_url, postgres_url, sqlite_url
from tests.server.live_server import LiveServer

__all__ = ["database_url", "postgres_url", "sqlite_url"]

# An assertion waits up to 15 s (Playwright's default is 5 s), as page actions do (``open_page``):
# on a loaded 2-core machine a page's answer to a click took longer than 5 s. A waiting
# assertion still returns as soon as it holds, so only a failure takes longer.
expect.set_options(timeout=15_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.timeout(240))


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: scripts/test installs it from Debian")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium-headless-shell)")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(autouse=True)
def close_the_tests_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test's pages are closed after it: the browser serves a whole test process, and
    pages left open kept running (a lobby polling its list, a table's socket calling a stopped
    server back), dozens of them by the end of a run."""
    yield
    if "browser" in request.fixturenames:
        browser: Browser = request.getfixturevalue("browser")
        for context in browser.contexts:
            context.close()


def serve(
    database_url: str, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[LiveServer]:
    """A live server for one test; its bots wait ``bot_delay(seconds)`` if the test is so
    marked, else not at all."""
    marker = request.node.get_closest_marker("bot_delay")
    delay = float(marker.args[0]) if marker else 0.0
    live = LiveServer(database_url, tmp_path / "server.log", bot_delay=delay)
    live.start()
    yield live
    live.stop()
    # Shown by pytest only when the test failed: what the server said meanwhile.
    lines = live.log_path.read_text(errors="replace").splitlines()
    print(f"--- last lines of {live.log_path}", *lines[-40:], sep="\n")


@pytest.fixture(scope="session")
def drawing_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server per test process for the tests marked ``draws_only``."""
    folder = tmp_path_factory.mktemp("drawing-server")
    live = LiveServer(f"sqlite:///{folder / 'molehaven.db'}", folder / "server.log")
    live.start()
    yield live
    live.stop()


@pytest.fixture
def server(sqlite_url: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    # A test that only draws a board for fixed positions (``draw_alone``) reads the server's
    # static files and makes no table: it shares one server, and skips the two seconds each
    # server takes to start (about a minute of the suite).
    if request.node.get_closest_marker("draws_only"):
        yield request.getfixturevalue("drawing_server")
        return
    yield from serve(sqlite_url, tmp_path, request)


@pytest.fixture
def server_on_each_database(
    database_url: str, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[LiveServer]:
    yield from serve(database_url, tmp_path, request)
