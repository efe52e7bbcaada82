"""A game that ends while the person is scrolled away from its result (on a phone, down at the
board) is offered at the screen's foot, as their move is: "Won by …" and "Play again" were
off the screen, and nothing said the game had ended (a player's walk, 2026-11-29). The page
does not scroll by itself."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from molehaven.server.matches.story import result_of
from tests.browser.pages import (
    PHONE,
    SCROLL_TO_THE_END,
    EndingSocket,
    fill_bots_and_start,
    open_table,
)
from tests.browser.test_the_mole_table import bystander_asked_to_answer
from tests.games.the_mole.helpers import apply_all, p4, seat_view
from tests.server.live_server import LiveServer

NAMES = ["Ann", "random bot 1", "random bot 2", "random bot 3"]


def test_the_end_is_offered_to_a_person_scrolled_away_from_it(
    browser: Browser, server: LiveServer
) -> None:
    page = open_table(browser, server, "the-mole", players=4, viewport=PHONE)
    fill_bots_and_start(page)
    observation, legal = seat_view(bystander_asked_to_answer(), 0)
    wire = EndingSocket(page, observation, legal)
    expect(page.locator("[data-board] .tm-answer").first).to_be_enabled()
    page.evaluate(SCROLL_TO_THE_END)
    finished = apply_all(p4(target_score=2), "3: guess bakery")
    assert finished.is_terminal()
    wire.the_end(finished.observation(0), result_of(finished, NAMES))
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome).not_to_be_in_viewport()  # the page stayed where the person was
    bar = page.locator("#turn-bar")
    expect(bar).to_be_visible()
    expect(page.locator("#turn-bar-turn")).to_have_text("Game over")
    headline = page.locator("#result .result-headline").inner_text()
    expect(page.locator("#turn-bar-asked")).to_have_text(headline)
    page.locator("#turn-bar-go").click()
    expect(page.locator("#turn-bar-go")).to_be_hidden()
    expect(outcome).to_be_in_viewport()
    # Once seen, the result is not offered again when the person scrolls back down.
    page.evaluate(SCROLL_TO_THE_END)
    page.wait_for_timeout(300)
    expect(bar).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]


def test_an_end_seen_as_it_comes_is_not_offered(browser: Browser, server: LiveServer) -> None:
    page = open_table(browser, server, "the-mole", players=4, viewport=PHONE)
    fill_bots_and_start(page)
    observation, legal = seat_view(bystander_asked_to_answer(), 0)
    wire = EndingSocket(page, observation, legal)
    expect(page.locator("[data-board] .tm-answer").first).to_be_enabled()
    page.evaluate("() => window.scrollTo(0, 0)")
    finished = apply_all(p4(target_score=2), "3: guess bakery")
    wire.the_end(finished.observation(0), result_of(finished, NAMES))
    expect(page.locator("#outcome")).to_be_in_viewport()
    page.wait_for_timeout(300)
    expect(page.locator("#turn-bar")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]
