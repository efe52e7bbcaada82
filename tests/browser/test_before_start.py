"""A table still gathering its players, as the host sees it: nothing on the page reads as a
game under way, and a seat nobody has taken reads as free, not as a player."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.pages import PHONE, create_table, fill_bots_and_start, open_page
from tests.server.live_server import LiveServer

GAMES = ["mole-hill", "maulwurf-company", "mole-park", "mole-majority", "the-mole"]


def test_the_scores_panel_waits_for_the_start_in_every_game(
    browser: Browser, server: LiveServer
) -> None:
    """Before the start the Scores panel listed a 0 for every seat, the empty ones as "seat 1",
    which read as a game under way with nobody ahead. It now says the scores come with the
    game, in every game that has the panel (Die Maulwurf Company's says how it is won, and
    Mole Majority shows the points on its players' boards instead); once started, the
    scores are listed."""
    page = open_page(browser, f"{server.url}/", viewport=PHONE)
    for game in GAMES:
        create_table(page, server, game)
        scores = page.locator("#scores")
        expect(page.locator("#board [data-board]")).to_have_count(1)
        if game == "mole-majority":
            expect(scores.locator("xpath=ancestor::*[contains(@class,'panel')]")).to_be_hidden()
            continue
        expect(scores).not_to_contain_text("0")
        expect(scores).not_to_contain_text("seat 1")
        if game == "maulwurf-company":
            expect(scores).to_contain_text("No points in this game")
        else:
            expect(scores).to_have_text("Scores appear once the game starts.")
    fill_bots_and_start(page)  # the last one, The Mole: its scores are listed
    expect(page.locator("#scores tr")).to_have_count(3)
    expect(page.locator("#scores")).not_to_contain_text("Scores appear")
    assert page.errors == []  # type: ignore[attr-defined]


def test_mole_parks_empty_seat_reads_as_free(browser: Browser, server: LiveServer) -> None:
    """Among Mole Park's players a seat nobody had taken read "seat 1", like a player of
    that name. It now reads "Seat 1 · free" (the Seats list's number), until someone sits
    there."""
    page = open_page(browser, f"{server.url}/")
    create_table(page, server, "mole-park", players=3)
    cards = page.locator("[data-board] .mp-player .mp-player-name")
    expect(cards).to_have_text(["Ann (you)", "Seat 1 · free", "Seat 2 · free"])
    expect(page.locator("[data-board] .mp-player.free")).to_have_count(2)
    fill_bots_and_start(page)
    expect(page.locator("[data-board] .mp-player.free")).to_have_count(0)
    expect(cards.nth(1)).not_to_contain_text("free")
    expect(cards.nth(1)).to_contain_text("bot")
    assert page.errors == []  # type: ignore[attr-defined]
