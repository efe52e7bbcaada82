"""The lobby as a player looking for a game scans it: a finished game's row says who won (why
and the final scores folded under it), a full table waiting for its host says "Watch" and
why, and on a phone a long title wraps beside its row's button, not below it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import LAPTOP, PHONE, open_page
from tests.browser.test_lobby_live import empty, person, summary
from tests.server.live_server import LiveServer

PARK = {"game": "mole-park", "title": "Mole Park: Whack and Win!"}
PARK_OPTIONS = {"prize_value": "full", "round_limit": 50, "hand_limit": 5}
HILL_OPTIONS = {"rounds": 2, "centre_start_jump": True}


def result(lines: list[str], returns: list[float], scores: list[float]) -> dict[str, Any]:
    """A finished game's result as ``molehaven.server.matches.story.result_of`` gives it."""
    best = max(returns)
    winners = [seat for seat, value in enumerate(returns) if value > 0 and value == best]
    return {
        "returns": returns,
        "scores": scores,
        "winners": winners,
        "summary": " ".join(lines),
        "lines": lines,
    }


def gone(seat: int, name: str) -> dict[str, Any]:
    return person(seat, name, here=False)


def lobby() -> dict[str, Any]:
    return {
        "open": [
            summary("free", "open", [person(0, "Ann", here=True), empty(1)], options=HILL_OPTIONS),
            # Every seat taken: the table waits for Ann, its host, to press Start.
            summary(
                "full",
                "open",
                [person(seat, name, here=True) for seat, name in enumerate(("Ann", "Bob", "Cy"))],
                seen_ago=0,
                options=PARK_OPTIONS,
                **PARK,
            ),
        ],
        "running": [
            summary(
                "parkrun",
                "running",
                [person(0, "Gus", here=True), person(1, "Hal", here=True)],
                version=14,
                seen_ago=0,
                moved_ago=5,
                options=PARK_OPTIONS,
                **PARK,
            ),
        ],
        "over": [
            summary(
                "hillover",
                "over",
                [gone(0, "Ann"), gone(1, "Bob")],
                version=42,
                options=HILL_OPTIONS,
                result=result(
                    [
                        "Won by Ann.",
                        "Why: the highest final score (12).",
                        "Final scores: Ann 12, Bob 7.",
                    ],
                    [1, -1],
                    [12, 7],
                ),
            ),
            summary(
                "parkover",
                "over",
                [gone(0, "Ann"), gone(1, "Bob"), gone(2, "Cy")],
                version=130,
                options=PARK_OPTIONS,
                result=result(
                    [
                        "Won by Bob.",
                        "Why: Bob holds King Mole's Crown at the end of round 31.",
                        "Final scores: Ann 40, Bob 55, Cy 38.",
                    ],
                    [-1, 1, -1],
                    [40, 55, 38],
                ),
                **PARK,
            ),
            summary(
                "draw",
                "over",
                [gone(0, "Eve"), gone(1, "Flo")],
                version=20,
                options=HILL_OPTIONS,
                result=result(
                    [
                        "A draw: every seat shares the win.",
                        "Why: they share the highest final score (5).",
                        "Final scores: Eve 5, Flo 5.",
                    ],
                    [1, 1],
                    [5, 5],
                ),
            ),
        ],
    }


def lobby_page(browser: Browser, server: LiveServer, viewport: dict[str, int]) -> Page:
    page = open_page(browser, f"{server.url}/api/games", viewport=viewport)
    page.route("**/api/tables", lambda route: route.fulfill(json=lobby()))
    return page


@pytest.mark.draws_only
def test_a_finished_games_row_says_who_won_and_folds_why(
    browser: Browser, server: LiveServer
) -> None:
    """Before, each finished row carried the whole result ("Won by Ann. Why: … Final scores:
    …"), two or three lines of it."""
    for viewport in (LAPTOP, PHONE):
        page = lobby_page(browser, server, viewport)
        page.goto(f"{server.url}/")
        rows = page.locator("#over-tables li[data-table]")
        expect(rows).to_have_count(3)
        expect(rows.locator(".ending summary")).to_have_text(
            ["Ann beat Bob", "Bob beat Ann and Cy", "a draw between Eve and Flo"]
        )
        for number in range(3):
            # Read as shown: the fold's words are in the page, hidden.
            assert "Why:" not in rows.nth(number).inner_text()
            for line in rows.nth(number).locator(".ending p").all():
                expect(line).to_be_hidden()
        hill = page.locator('#over-tables li[data-table="hillover"]')
        # Its options are the game's defaults: nothing beside the title but who won.
        expect(hill.locator(".muted")).to_have_count(0)
        why = "Why: the highest final score (12). Final scores: Ann 12, Bob 7."
        expect(hill.locator(".ending summary")).to_have_attribute("title", f"Won by Ann. {why}")
        if viewport is LAPTOP:
            # One line: no taller than its button, with the row's padding.
            button = hill.locator("a.button").bounding_box()
            row = hill.bounding_box()
            assert button and row and row["height"] < button["height"] + 20, (row, button)
        hill.locator(".ending summary").click()
        expect(hill.locator(".ending p")).to_have_text([why, "42 moves"])
        assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_a_full_table_waiting_for_its_host_says_watch(browser: Browser, server: LiveServer) -> None:
    """Before, its button read "Open" under the heading "Open: seats free", though no seat
    was free."""
    page = lobby_page(browser, server, LAPTOP)
    page.goto(f"{server.url}/")
    expect(page.locator("#tables-title + h2")).to_have_text("Open tables")
    full = page.locator('#open-tables li[data-table="full"]')
    expect(full.locator("a")).to_have_text("Watch")
    expect(full.locator(".muted")).to_have_text("3 players · full, waiting for Ann to start")
    expect(page.locator('#open-tables li[data-table="free"] a')).to_have_text("Join")
    assert page.errors == []  # type: ignore[attr-defined]

    # Its host, who sits nowhere (this browser keeps the host's token), comes back to start it.
    host = lobby_page(browser, server, LAPTOP)
    (table,) = [t for t in lobby()["open"] if t["id"] == "full"]
    table = {**table, "host_seat": None}
    host.route("**/api/tables", lambda route: route.fulfill(json={**lobby(), "open": [table]}))
    host.route("**/api/tables/full", lambda route: route.fulfill(json=table))
    host.evaluate("() => localStorage.setItem('molehaven.host.full', 'x')")
    host.goto(f"{server.url}/")
    row = host.locator('#open-tables li[data-table="full"]')
    expect(row.locator("a")).to_have_text("Return")
    expect(row.locator(".muted")).to_have_text("3 players · full, waiting for you to start")
    assert host.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_on_a_phone_a_long_title_wraps_beside_its_rows_button(
    browser: Browser, server: LiveServer
) -> None:
    """Before, "Mole Park: Whack and Win!" went below a "Replay" button on a line of its own,
    and the rows were ragged."""
    page = lobby_page(browser, server, PHONE)
    page.goto(f"{server.url}/")
    rows = page.locator(".tables li[data-table]")
    expect(page.locator("#over-tables li[data-table]")).to_have_count(3)
    starts = set()
    for number in range(rows.count()):
        row = rows.nth(number)
        button = row.locator("a.button").bounding_box()
        title = row.locator("strong").bounding_box()
        assert button and title
        beside = title["x"] >= button["x"] + button["width"]
        assert beside and title["y"] < button["y"] + button["height"], (
            row.get_attribute("data-table"),
            button,
            title,
        )
        starts.add(round(title["x"]))
    assert len(starts) == 1, starts  # every title in one column
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_an_empty_lobby_says_how_to_start_not_none(browser: Browser, server: LiveServer) -> None:
    """On a new server every list is empty, and each said only "none": a newcomer read three
    "none"s beside the form. Each empty list now says what it would hold, and the open one
    how to start a game; a list with a table in it says nothing of the kind."""
    page = open_page(browser, f"{server.url}/api/games", viewport=PHONE)
    page.route(
        "**/api/tables", lambda route: route.fulfill(json={"open": [], "running": [], "over": []})
    )
    page.goto(f"{server.url}/")
    expect(page.locator("#open-tables li")).to_have_text(
        "No open table. Create one, then send friends its link or let bots take the empty seats."
    )
    expect(page.locator("#running-tables li")).to_have_text("No game is being played now.")
    expect(page.locator("#over-tables li")).to_have_text("No finished game to show yet.")
    shown = "#open-tables li, #running-tables li, #over-tables li"
    expect(page.locator(shown, has_text="none")).to_have_count(0)

    full = lobby_page(browser, server, PHONE)
    full.goto(f"{server.url}/")
    expect(full.locator("#over-tables li[data-table]")).to_have_count(3)
    expect(full.locator(shown).and_(full.locator(".empty"))).to_have_count(0)
    assert page.errors == [] and full.errors == []  # type: ignore[attr-defined]
