"""The table page's turn bar on a board that names no prompt of its own (Mole Hill): the page
watches the whole board. The Mole's prompt, which its board names, is tested with its table
(test_the_mole_table.py)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import (
    PHONE,
    create_table,
    fill_bots_and_start,
    open_page,
    play_random_targets_until_over,
)
from tests.server.live_server import LiveServer

SCROLL_TO_THE_END = "() => window.scrollTo(0, document.documentElement.scrollHeight)"
# This seat's move, as the page tells it, and whether the bar shows, in one frame.
MY_MOVE_AND_BAR = """([wanted]) => {
    const table = document.querySelector("#table");
    const bar = document.querySelector("#turn-bar");
    const myMove = table.dataset.myTurn === "true" && table.dataset.status === "running";
    const shown = Boolean(bar && !bar.hidden);
    return myMove && shown === wanted;
}"""
# The focused element: a move on the board (a square to dig to), wholly on the screen.
FOCUS_ON_A_MOVE_IN_VIEW = """() => {
    const node = document.activeElement;
    if (!node || !node.closest("[data-board]") || !node.dataset.action) return false;
    const box = node.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
}"""

# Watches for ``ms`` milliseconds, a look each frame, whether the bar ever shows.
BAR_EVER_SHOWN = """async ms => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
        if (!document.querySelector("#turn-bar").hidden) return true;
        await new Promise(resolve => requestAnimationFrame(resolve));
    }
    return false;
}"""


def wait_for_my_move(page: Page, *, bar_shown: bool) -> None:
    page.wait_for_function(MY_MOVE_AND_BAR, arg=[bar_shown], polling="raf", timeout=30_000)


@pytest.mark.bot_delay(0.3)
def test_the_turn_bar_leads_from_the_chat_to_the_board(
    browser: Browser, server: LiveServer
) -> None:
    """A person reading the page's end on a phone when their move comes saw only the title
    change: a bar now says so, and its button brings the board into view and focuses its
    first move. With the board in view there is no bar; a spectator never sees one, nor does
    the player once the game is over."""
    page = open_page(browser, f"{server.url}/", viewport=PHONE)
    create_table(page, server, "mole-hill", options={"rounds": "1"})
    fill_bots_and_start(page)
    watcher = open_page(browser, page.url, viewport=PHONE)
    page.evaluate(SCROLL_TO_THE_END)
    wait_for_my_move(page, bar_shown=True)
    bar = page.locator("#turn-bar")
    expect(bar).to_contain_text("Your move")
    expect(bar).to_contain_text(page.locator("#asked").inner_text())

    page.get_by_role("button", name="Go to your move").click()
    page.wait_for_function(FOCUS_ON_A_MOVE_IN_VIEW, polling="raf", timeout=5_000)
    wait_for_my_move(page, bar_shown=False)

    # A spectator reading the page's end has no move: no bar.
    watcher.evaluate(SCROLL_TO_THE_END)
    assert not watcher.evaluate(BAR_EVER_SHOWN, 1_500)

    # Played to the end (the match's one round), the page's end shows the result: no bar.
    play_random_targets_until_over(page, random.Random(3))
    page.evaluate(SCROLL_TO_THE_END)
    assert not page.evaluate(BAR_EVER_SHOWN, 1_000)
    assert page.errors == [] and watcher.errors == []  # type: ignore[attr-defined]
