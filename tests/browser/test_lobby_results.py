"""A finished game's lobby row reads as a player tells it, naming each player once ("Ann beat
Bob"), on one line; its result, once opened, stays open while the lobby redraws its lists."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import LAPTOP, PHONE, open_page
from tests.browser.test_lobby_live import summary
from tests.browser.test_lobby_polish import PARK, gone, result
from tests.server.live_server import LiveServer


def bot(seat: int, agent: str, label: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "bot", "name": f"{agent} bot", "label": label, "agent": agent}


def finished() -> list[dict[str, Any]]:
    easy = [bot(seat, "easy", f"easy bot {seat + 1}") for seat in range(3, 8)]
    return [
        summary(
            "hill",
            "over",
            [gone(0, "Ann"), gone(1, "Bob")],
            version=42,
            options={"rounds": 1, "centre_start_jump": True},
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
            "park",
            "over",
            [gone(0, "Ann"), gone(1, "Bob"), gone(2, "Cy"), *easy],
            version=130,
            result=result(
                ["Won by Bob.", "Why: Bob holds King Mole's Crown at the end of round 31."],
                [-1, 1, -1, -1, -1, -1, -1, -1],
                [40, 55, 38, 12, 30, 20, 9, 31],
            ),
            **PARK,
        ),
        summary(
            "bots",
            "over",
            [bot(0, "hard", "hard bot 1"), gone(1, "Dee"), bot(2, "hard", "hard bot 3")],
            version=88,
            result=result(["Won by hard bot 1.", "Why: the most homes."], [1, -1, -1], [3, 2, 1]),
        ),
        summary(
            "team",
            "over",
            [gone(0, "Ivy"), gone(1, "Jo"), gone(2, "Kai"), bot(3, "medium", "medium bot")],
            version=60,
            result=result(
                ["Won by Ivy, Jo and medium bot.", "Why: found."], [1, 1, -1, 1], [1] * 4
            ),
        ),
        summary(
            "draw",
            "over",
            [gone(0, "Eve"), gone(1, "Flo")],
            version=20,
            result=result(["A draw: every seat shares the win.", "Why: level."], [1, 1], [5, 5]),
        ),
        summary(
            "gaveup",
            "abandoned",
            [gone(0, "Gil"), bot(1, "hard", "hard bot")],
            version=9,
            result={"winners": [], "summary": "Abandoned: nobody played for 24 hours."},
        ),
    ]


def lobby_page(browser: Browser, server: LiveServer, viewport: dict[str, int]) -> Page:
    page = open_page(browser, f"{server.url}/api/games", viewport=viewport)
    lists = {"open": [], "running": [], "over": finished()}
    page.route("**/api/tables", lambda route: route.fulfill(json=lists))
    page.goto(f"{server.url}/")
    return page


@pytest.mark.draws_only
def test_a_finished_row_names_each_player_once(browser: Browser, server: LiveServer) -> None:
    """Before, a row said "won by Ann" and listed "Ann, Bob" beside it, and a row with options
    or a long title took two lines."""
    page = lobby_page(browser, server, LAPTOP)
    rows = page.locator("#over-tables li[data-table]")
    expect(rows.locator(".ending summary")).to_have_text(
        [
            "Ann beat Bob",
            "Bob beat Ann, Cy and 5 easy bots",
            "hard bot 1 beat Dee and hard bot 3",
            "Ivy, Jo and medium bot beat Kai",
            "a draw between Eve and Flo",
            "abandoned: Gil and hard bot",
        ]
    )
    hill = rows.first
    assert hill.inner_text().count("Ann") == 1, hill.inner_text()
    expect(rows.locator(".who")).to_have_count(0)
    for number in range(rows.count()):  # one line: no taller than its button and padding
        row = rows.nth(number)
        button, box = row.locator("a.button").bounding_box(), row.bounding_box()
        assert button and box and box["height"] < button["height"] + 20, (number, box, button)
    # The options that differ from the game's defaults and the game's length are in the
    # fold, under why it ended: on the row they made it two lines.
    expect(hill.locator(".muted")).to_have_count(0)
    hill.locator(".ending summary").click()
    expect(hill.locator(".ending p")).to_have_text(
        [
            "Why: the highest final score (12). Final scores: Ann 12, Bob 7.",
            "Rounds: 1 · 42 moves",
        ]
    )
    assert page.errors == []  # type: ignore[attr-defined]

    phone = lobby_page(browser, server, PHONE)
    expect(phone.locator("#over-tables li[data-table] .ending summary")).to_have_count(6)
    assert phone.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_an_opened_result_stays_open_when_the_list_is_redrawn(
    browser: Browser, server: LiveServer
) -> None:
    """A game finishes while someone reads why another ended: the list of finished games is
    redrawn with it. The fold they opened stays open, and keeps the keyboard's focus. (It
    closed again, the focus gone from the page.)"""
    page = open_page(browser, f"{server.url}/api/games")
    page.clock.install()
    asked = 0

    def just_over(table_id: str, name: str) -> dict[str, Any]:
        return summary(
            table_id,
            "over",
            [gone(0, name), bot(1, "easy", "easy bot")],
            version=30,
            result=result([f"Won by {name}.", "Why: the highest score (3)."], [1, -1], [3, 1]),
        )

    def tables(route: Any) -> None:
        nonlocal asked
        asked += 1
        newer = [just_over("uma", "Uma"), just_over("vic", "Vic")][: asked - 1][::-1]
        over = [*newer, *finished()[:2]]
        route.fulfill(json={"open": [], "running": [], "over": over})

    page.route("**/api/tables", tables)
    page.goto(f"{server.url}/")
    rows = page.locator("#over-tables li[data-table]")
    expect(rows).to_have_count(2)
    park = page.locator('#over-tables li[data-table="park"] .ending')
    park.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(park).to_have_attribute("open", "")
    page.clock.run_for(4_100)  # the next refresh: a game more
    expect(rows).to_have_count(3)
    expect(park).to_have_attribute("open", "")
    expect(park.locator("p").first).to_be_visible()
    expect(park.locator("summary")).to_be_focused()
    # Closed again, it stays closed at the next redraw.
    page.keyboard.press("Enter")
    expect(park).not_to_have_attribute("open", "")
    page.clock.run_for(4_100)
    expect(rows).to_have_count(4)
    expect(park).not_to_have_attribute("open", "")
    assert page.errors == []  # type: ignore[attr-defined]
