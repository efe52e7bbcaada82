"""The Mole's table when the game ends in view: the evidence column, as tall as the screen
below its top, measures that top again once the result box has unfolded above the board, so
the round's last question and answer stay on the screen. The position is fixed (built from the
engine and shown on a live table through its socket)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from molehaven.server.matches.story import result_of
from tests.browser.pages import NEXT_FRAMES, EndingSocket, fill_bots_and_start, open_table
from tests.games.the_mole.helpers import apply_all, asked_in_turn, p4, seat_view
from tests.server.live_server import LiveServer

NAMES = ["Ann", "random bot 1", "random bot 2", "random bot 3"]
DESK = {"width": 1280, "height": 800}
OPTIONS: dict[str, object] = {"question_limit": 40, "target_score": 2}
# Fifteen questions round the table, the last one to Ann (seat 0): more talk than the column
# holds, so the column fills the screen below its top.
TURNS = [(1, 2), (2, 3), (3, 0), (0, 1)] * 3 + [(1, 2), (2, 3), (3, 0)]

# Where the evidence column and the last exchange in it end, and the result box.
SEEN = """() => {
    const board = document.querySelector("[data-board='the-mole']");
    const exchanges = board.querySelectorAll(".tm-exchange");
    return {
        column: board.querySelector(".tm-evidence").getBoundingClientRect().bottom,
        last: exchanges[exchanges.length - 1].getBoundingClientRect().bottom,
        outcome: document.querySelector("#outcome").getBoundingClientRect().height,
        scrolled: scrollY,
    };
}"""


def test_a_game_ending_in_view_keeps_the_last_answer_on_the_screen(
    browser: Browser, server: LiveServer
) -> None:
    """The evidence column's room was measured when the board was drawn, the window resized
    or the page scrolled. When the game ended in view the final board was drawn while the
    result box was still unfolding above it (about 200 px at 1280 x 800): the column kept the
    room of the smaller top and ran 164 px below the screen, the round's last exchange with
    it, until the person scrolled (2026-11-29). Four players, the Mole's right guess ending
    the game at target_score 2 while Ann is asked the fifteenth question."""
    before = asked_in_turn(p4(**OPTIONS), *TURNS)
    page = open_table(browser, server, "the-mole", players=4, viewport=DESK, options=OPTIONS)
    fill_bots_and_start(page)
    wire = EndingSocket(page, *seat_view(before, 0))
    expect(page.locator("[data-board] .tm-answer").first).to_be_enabled()
    over = apply_all(before, "3: guess bakery")
    assert over.is_terminal()
    wire.the_end(over.observation(0), result_of(over, NAMES))
    expect(page.locator("#table")).to_have_attribute("data-status", "over")
    expect(page.locator("#outcome")).not_to_have_class(re.compile(r"\barrives\b"))
    page.evaluate(NEXT_FRAMES)
    seen = page.evaluate(SEEN)
    assert seen["outcome"] > 100 and seen["scrolled"] == 0, seen  # unfolded, page at its top
    assert seen["column"] <= DESK["height"] and seen["last"] <= DESK["height"], seen
    assert page.errors == []  # type: ignore[attr-defined]
