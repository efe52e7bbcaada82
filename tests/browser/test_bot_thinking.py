"""The turn line while a bot thinks: a hard bot's turn at Mole Majority is many decisions of
about a second each, and "Waiting for hard bot 2" for 10-30 s looked frozen. The line now says
the bot is thinking and for how long, counted by the page (its clock, faked here, from the update
that made it the bot's turn); a person's wait keeps its words."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from molehaven.core import CHANCE, State
from tests.browser.pages import PHONE, fill_bots_and_start, open_table
from tests.browser.pages import show_a_fixed_position as show
from tests.games.mole_majority.helpers import s3
from tests.server.live_server import LiveServer

# The turn line's words, its moving mark's animation and whether the seconds are hidden from
# screen readers (the line is a live region: read once, not every second).
TURN_LINE = """() => {
    const line = document.querySelector("#turn");
    const mark = line.querySelector(".thinking-mark");
    return {
        text: line.textContent,
        animation: mark ? getComputedStyle(mark).animationName : null,
        secondsHidden: line.querySelector(".thinking-seconds")?.getAttribute("aria-hidden") ?? null,
    };
}"""


# The fake clock also runs on with real time after ``install``, so a page slowed by a busy
# machine shows a second or two more than the time the test moved it on by.
SLOW_PAGE_SECONDS = 3
# The line is redrawn every 250 ms, so right after a jump it may show the seconds of the last
# redraw before the jump's end: one less than the jump when the count stood just past a second
# (1.1 s shown as 1, moved on 5 s, last redrawn at 5.9 s: 5). CI saw exactly that.
REDRAW_LAG_SECONDS = 1


def shown_seconds(page: Page) -> int:
    """The seconds the turn line shows (0 before the first second)."""
    said = page.locator("#turn .thinking-seconds").text_content() or ""
    return int(said.removesuffix(" s").strip() or "0")


def bea_to_move() -> State:
    """Rules board S3 dealt, 3 players: Ann (seat 0) discards her hand, so seat 1 is to move."""
    state = s3()
    state.apply(0, "discard")
    while state.is_chance():
        state.apply(CHANCE, state.chance_outcomes()[0][0])
    assert state.to_move() == [1]
    return state


def open_a_bots_turn(
    browser: Browser, server: LiveServer, viewport: dict[str, int], **shown: object
) -> Page:
    """Ann's page at a Mole Majority table of bots, showing seat 1's turn, under a fake clock."""
    page = open_table(browser, server, "mole-majority", players=3, viewport=viewport)
    fill_bots_and_start(page)
    page.clock.install()
    show(page, bea_to_move().observation(0), [], **shown)  # type: ignore[arg-type]
    expect(page.locator("[data-board='mole-majority']")).to_be_visible()
    return page


def test_a_bots_turn_says_it_is_thinking_and_for_how_long(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """The turn line said only "Waiting for random bot 2" however long the bot took. It now
    says "Random bot 2 is thinking…" with a turning mark and, from a second on, the seconds
    the page has waited; from 20 s on, "still thinking"."""
    for viewport, width in ((None, 1280), (PHONE, 390)):
        page = open_a_bots_turn(browser, server, viewport or {"width": 1280, "height": 900})
        turn = page.locator("#turn")
        expect(turn).to_have_text(re.compile(r"^Random bot 2 is thinking…( \d+ s)?$"))
        before = shown_seconds(page)
        page.clock.run_for(5_000)
        expect(turn).to_have_text(re.compile(r"^Random bot 2 is thinking… \d+ s$"))
        assert (
            before + 5 - REDRAW_LAG_SECONDS <= shown_seconds(page) <= before + 5 + SLOW_PAGE_SECONDS
        )
        shown = page.evaluate(TURN_LINE)
        assert shown["animation"] == "thinking-turns", shown
        assert shown["secondsHidden"] == "true", shown
        page.screenshot(path=str(tmp_path / f"bot-thinking-{width}.png"))
        before = shown_seconds(page)
        page.clock.run_for(16_000)
        expect(turn).to_have_text(re.compile(r"^Random bot 2 is still thinking… \d+ s$"))
        assert (
            before + 16 - REDRAW_LAG_SECONDS
            <= shown_seconds(page)
            <= before + 16 + SLOW_PAGE_SECONDS
        )
        page.screenshot(path=str(tmp_path / f"bot-still-thinking-{width}.png"))
        assert page.errors == []  # type: ignore[attr-defined]
    # The mark holds still for a person who asked for less motion.
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(TURN_LINE)["animation"] == "none"
    print("screenshots in", tmp_path)


def test_a_persons_turn_keeps_its_words(browser: Browser, server: LiveServer) -> None:
    """Only a bot is said to be thinking: a person's turn still reads "Waiting for Bea"."""
    bea = {"kind": "human", "name": "Bea", "label": "Bea", "agent": None, "connected": True}
    page = open_a_bots_turn(browser, server, PHONE, seats={1: bea})
    turn = page.locator("#turn")
    expect(turn).to_have_text("Waiting for Bea")
    page.clock.run_for(5_000)
    expect(turn).to_have_text("Waiting for Bea")
    expect(turn.locator(".thinking")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]
