"""A host who made a table without sitting down waits at it for players: the lobby says so
rather than "nobody here now". On a phone, whose one column puts the tables below the whole
form, the form's top says there are seats to take below."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import LAPTOP, PHONE, open_page
from tests.browser.test_lobby_live import empty, person, summary
from tests.server.live_server import LiveServer


def lobby() -> dict[str, Any]:
    return {
        "open": [
            # The host sits nowhere and is here; Kit sat down and went away.
            summary(
                "hostwaits",
                "open",
                [person(0, "Kit", here=False), empty(1)],
                host_seat=None,
                host_here=True,
                seen_ago=0,
            ),
            # Nobody sits anywhere yet; the host is here.
            summary("allempty", "open", [empty(0), empty(1)], host_seat=None, host_here=True),
            summary("rinhere", "open", [person(0, "Rin", here=True), empty(1)], seen_ago=0),
        ],
        "running": [],
        "over": [],
    }


def serve_lobby(page: Page) -> None:
    page.route("**/api/tables", lambda route: route.fulfill(json=lobby()))


@pytest.mark.draws_only
def test_the_lobby_says_a_host_who_sits_nowhere_is_here(
    browser: Browser, server: LiveServer
) -> None:
    page = open_page(browser, f"{server.url}/api/games")
    serve_lobby(page)
    page.goto(f"{server.url}/")
    waits = page.locator('#open-tables li[data-table="hostwaits"]')
    expect(waits.locator(".muted")).to_have_text("2 players · 1 free · the host is here")
    expect(waits.locator(".who")).to_have_text("Kit (away), —")
    # A table of empty seats says nothing more than "2 free": no line of dashes.
    alone = page.locator('#open-tables li[data-table="allempty"]')
    expect(alone.locator(".muted")).to_have_text("2 players · 2 free · the host is here")
    expect(alone.locator(".who")).to_have_count(0)
    # A host who sits is named on their seat already.
    expect(page.locator('#open-tables li[data-table="rinhere"] .muted')).to_have_text(
        "2 players · 1 free"
    )
    expect(page.locator("#to-tables")).to_be_hidden()  # the tables stand beside the form
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_a_phone_says_above_the_form_that_there_are_seats_to_take_below(
    browser: Browser, server: LiveServer
) -> None:
    page = open_page(browser, f"{server.url}/api/games", viewport=PHONE)
    serve_lobby(page)
    page.goto(f"{server.url}/")
    link = page.locator("#to-tables a")
    expect(link).to_have_text("3 open tables have free seats ↓")
    assert link.bounding_box()["y"] < PHONE["height"] / 2  # type: ignore[index]
    link.click()
    expect(page.locator('#open-tables li[data-table="hostwaits"]')).to_be_in_viewport()
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_host_who_made_a_table_without_sitting_is_at_it_while_its_page_is_open(
    browser: Browser, server: LiveServer
) -> None:
    """The whole way, in a browser: the lobby's form made the table (not sitting down), and
    the table page's socket, which names no seat, carries the host's cookie."""
    page = open_page(browser, f"{server.url}/", viewport=LAPTOP)
    page.wait_for_selector("#game option[value='mole-hill']", state="attached")
    page.uncheck("#take-seat")
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/tables/*")
    expect(page.locator("#table")).to_have_attribute("data-connection", "live")
    table_id = page.url.rsplit("/", 1)[-1]
    listed = page.request.get(f"{server.url}/api/tables").json()["open"]
    (mine,) = [table for table in listed if table["id"] == table_id]
    assert mine["host_here"] and mine["present"] == 0 and mine["seen_ago"] == 0
    page.close()
    watcher = open_page(browser, f"{server.url}/tables/{table_id}")  # another browser
    expect(watcher.locator("#table")).to_have_attribute("data-connection", "live")
    deadline = time.monotonic() + 10  # the server hears of the host page's close a moment later
    while host_here(watcher, server, table_id):
        assert time.monotonic() < deadline, "the watcher counts as the host"
        time.sleep(0.05)


def host_here(page: Page, server: LiveServer, table_id: str) -> bool:
    listed = page.request.get(f"{server.url}/api/tables").json()["open"]
    (table,) = [table for table in listed if table["id"] == table_id]
    here: bool = table["host_here"]
    return here
