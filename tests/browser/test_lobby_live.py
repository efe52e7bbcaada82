"""The lobby is honest about which tables are alive, and a finished table about where its
players went: a newcomer does not sit down to wait for people who left.

The lobby's own tests give it fixed lists (``serve_lobby``): they make no table, and share
their process's server (``draws_only``)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.pages import LAPTOP, PHONE, open_page
from tests.server.live_server import LiveServer


def person(seat: int, name: str, *, here: bool) -> dict[str, Any]:
    seat_of = {"seat": seat, "kind": "human", "name": name, "label": name, "agent": None}
    return {**seat_of, "connected": here}


def empty(seat: int) -> dict[str, Any]:
    return {"seat": seat, "kind": "empty", "name": "", "label": f"seat {seat}", "agent": None}


def summary(table_id: str, status: str, seats: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    """A table as ``GET /api/tables`` lists it."""
    return {
        "id": table_id,
        "game": "mole-hill",
        "title": "Mole Hill",
        "players": len(seats),
        "status": status,
        "version": 0,
        "seats": seats,
        "updated_at": 0,
        "result": None,
        "host_seat": 0,
        "present": sum(bool(seat.get("connected")) for seat in seats),
        "seen_ago": None,
        "moved_ago": None,
        "deserted": False,
        **more,
    }


def lobby_of(tick: int) -> dict[str, Any]:
    """Four tables, their ages ``tick`` seconds older at the ``tick``-th refresh."""
    return {
        "open": [
            # The server lists those with someone here first, the deserted last.
            summary("rinhere", "open", [person(0, "Rin", here=True), empty(1)], seen_ago=0),
            summary(
                "bobleft", "open", [person(0, "Bob", here=False), empty(1)], seen_ago=30 + tick
            ),
            summary(
                "molehill",
                "open",
                [person(0, "Rin", here=False), empty(1)],
                seen_ago=720 + tick,
                deserted=True,
            ),
        ],
        "running": [
            summary(
                "stuck",
                "running",
                [person(0, "Gus", here=False), person(1, "Hal", here=False)],
                version=6,
                seen_ago=2400 + tick,
                moved_ago=2400 + tick,
            ),
        ],
        "over": [],
    }


def serve_lobby(page: Page) -> None:
    ticks = iter(range(1000))
    page.route("**/api/tables", lambda route: route.fulfill(json=lobby_of(next(ticks))))

    def mine(route: Route) -> None:  # "Your tables" asks for the deserted one by id
        (table,) = [t for t in lobby_of(0)["open"] if t["id"] == "molehill"]
        route.fulfill(json=table)

    page.route("**/api/tables/molehill", mine)


@pytest.mark.draws_only
def test_the_lobby_says_who_is_here_and_folds_the_tables_nobody_is_at(
    browser: Browser, server: LiveServer
) -> None:
    """Rin is at her table; Bob left his half a minute ago; nobody has been at the third for
    12 minutes; a running game has not moved for 40. Before, the lobby listed all three
    alike ("Join · Mole Hill · 1 free · Rin, —") and the game as "Watch · 6 moves". This
    browser sits at the deserted one: it stays under "Your tables" too."""
    for viewport in (LAPTOP, PHONE):
        page = open_page(browser, f"{server.url}/api/games", viewport=viewport)
        serve_lobby(page)
        page.evaluate(
            "() => localStorage.setItem('molehaven.seat.molehill',"
            " JSON.stringify({seat: 0, token: 'x', since: Date.now()}))"
        )
        page.goto(f"{server.url}/")
        mine = page.locator("#my-tables li[data-table]")
        expect(mine).to_have_attribute("data-table", "molehill")
        expect(mine.locator("a")).to_have_text("Return")
        open_tables = page.locator("#open-tables li[data-table]")
        expect(open_tables).to_have_count(2)
        rin, bob = open_tables.nth(0), open_tables.nth(1)
        expect(rin).to_have_attribute("data-table", "rinhere")
        expect(rin.locator(".who")).to_have_text("Rin (host, here), —")
        expect(rin.locator('[data-presence="here"] .dot.on')).to_have_count(1)
        expect(rin.locator(".muted")).to_have_text("2 players · 1 free")
        expect(bob.locator(".who")).to_have_text("Bob (host, away), —")
        expect(bob.locator(".muted")).to_have_text("2 players · 1 free · nobody here now")
        # The deserted table is apart, folded, its players' absence said.
        fold = page.locator("#deserted")
        expect(fold.locator("summary")).to_have_text(
            "1 open table nobody has been at for a few minutes"
        )
        expect(fold).not_to_have_attribute("open", "")
        deserted = page.locator("#deserted-tables li[data-table]")
        expect(deserted).to_be_hidden()
        fold.locator("summary").click()
        expect(deserted).to_have_attribute("data-table", "molehill")
        expect(deserted.locator("a")).to_have_text("Return")
        expect(deserted.locator(".muted")).to_have_text(
            "2 players · 1 free · nobody here for 12 min"
        )
        running = page.locator("#running-tables li[data-table]")
        expect(running.locator(".muted")).to_have_text(
            "2 players · 6 moves · last move 40 min ago · nobody here for 40 min"
        )
        assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_a_refresh_leaves_a_list_alone_while_its_ages_stay_in_the_same_minute(
    browser: Browser, server: LiveServer
) -> None:
    """The ages the server sends change every second; a list redrawn at each refresh would
    take the keyboard's focus from its buttons."""
    page = open_page(browser, f"{server.url}/api/games")
    serve_lobby(page)
    page.goto(f"{server.url}/")
    join = page.locator('#open-tables li[data-table="bobleft"] a')
    join.focus()
    page.wait_for_timeout(4500)  # one refresh: Bob's table 31 s without anyone, not 30
    expect(join).to_be_focused()
    assert page.evaluate("() => document.activeElement.isConnected")
    assert page.errors == []  # type: ignore[attr-defined]


def finished_between_ann_and_bob(page: Page, server: LiveServer) -> tuple[str, str, str]:
    """A one-round Mole Hill of Ann and Bob, played out by the bots that stood in for them
    (neither came): its id and their seat tokens."""
    created = page.request.post(
        f"{server.url}/api/tables",
        data={"game": "mole-hill", "options": {"rounds": 1}, "away_seconds": 1},
    ).json()
    table_id, host = created["table"]["id"], created["host_token"]
    tokens = [
        page.request.post(
            f"{server.url}/api/tables/{table_id}/seats/{seat}", data={"name": name}
        ).json()["token"]
        for seat, name in enumerate(("Ann", "Bob"))
    ]
    page.request.post(f"{server.url}/api/tables/{table_id}/start", headers={"X-Host-Token": host})
    deadline = time.monotonic() + 30
    while page.request.get(f"{server.url}/api/tables/{table_id}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the stand-ins did not finish the game"
        time.sleep(0.1)
    return table_id, tokens[0], tokens[1]


def sitting_at(browser: Browser, server: LiveServer, table_id: str, seat: int, token: str) -> Page:
    page = open_page(browser, f"{server.url}/api/games", viewport=PHONE)
    page.evaluate(
        "([id, seat, token]) => localStorage.setItem(`molehaven.seat.${id}`,"
        " JSON.stringify({seat, token, since: Date.now()}))",
        [table_id, seat, token],
    )
    page.goto(f"{server.url}/tables/{table_id}")
    expect(page.locator("#table")).to_have_attribute("data-connection", "live")
    return page


def test_a_friend_who_pressed_play_again_is_at_the_rematch_not_away(
    browser: Browser, server: LiveServer
) -> None:
    """Bob presses "Play again": Ann's finished table said "Bob · away" as his page left, as
    though he had gone. It says he is at the rematch, beside the button to join him."""
    ann = open_page(browser, f"{server.url}/api/games")
    table_id, ann_token, bob_token = finished_between_ann_and_bob(ann, server)
    ann.close()
    ann = sitting_at(browser, server, table_id, 0, ann_token)
    bob = sitting_at(browser, server, table_id, 1, bob_token)
    bob_seat = ann.locator('#seats li[data-seat="1"] [data-presence]')
    expect(bob_seat).to_have_text("connected")
    bob.click("[data-rematch]")
    bob.wait_for_url(lambda url: table_id not in url)
    expect(bob.locator("#table")).to_have_attribute("data-connection", "live")
    expect(bob_seat).to_have_attribute("data-presence", "at-rematch")
    expect(bob_seat).to_have_text("at the rematch")
    expect(ann.locator('#seats li[data-seat="1"] .dot.on')).to_have_count(1)
    expect(ann.locator("[data-rematch]")).to_have_text("Join the rematch")
    assert ann.errors == [] and bob.errors == []  # type: ignore[attr-defined]
