"""A move that reaches the table after the game's end (the round's clock ran out, the final
vote or another seat's move ended it as the person clicked) is said once, in a player's
words, quietly under the board: the Game over box above the board already says the game
ended. The server's refusal is played by the test on the table's socket, for a fixed
position, so that the moment comes every time."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from molehaven.server.matches.story import result_of
from tests.browser.pages import (
    PHONE,
    SCROLL_TO_THE_END,
    EndingSocket,
    click_only,
    fill_bots_and_start,
    open_table,
    targets,
)
from tests.browser.test_the_mole_table import bystander_asked_to_answer
from tests.games.the_mole.helpers import apply_all, p4, seat_view
from tests.server.live_server import LiveServer

ENDED = "The game ended before your move arrived."
NOT_RUNNING = {"code": "not-running", "message": "the game is not running"}
NAMES = ["Ann", "random bot 1", "random bot 2", "random bot 3"]


# What the page says, as a person reads it (hidden things left out), and whether the note at
# the screen's foot shows; taken at once, as the note would hide by itself 6 s later.
SAID = """() => ({
    text: document.body.innerText,
    toast: !document.querySelector("#error-toast").hidden,
    notices: document.querySelectorAll("[data-board] .tm-notice").length,
})"""


def check_said_once_and_quietly(page: Page) -> None:
    expect(page.locator("#error")).to_have_text(ENDED)
    expect(page.locator("#error")).to_have_class(re.compile(r"\bquiet\b"))
    said = page.evaluate(SAID)
    assert not said["toast"], said
    assert said["notices"] == 0, said
    assert said["text"].count("before your move arrived") == 1, said["text"]
    assert "not running" not in said["text"], said["text"]
    assert "ended before it arrived" not in said["text"], said["text"]
    color = page.locator("#error").evaluate("node => getComputedStyle(node).color")
    danger = page.evaluate(
        """() => { const probe = document.createElement("p"); probe.className = "error";
            probe.textContent = "x"; document.body.append(probe);
            const color = getComputedStyle(probe).color; probe.remove(); return color; }"""
    )
    assert color != danger, color  # not the red of a refusal


@pytest.mark.bot_delay(60)
@pytest.mark.parametrize("order", ["end, then refusal", "refusal, then end", "stale, then end"])
def test_a_mole_answer_overtaken_by_the_game_s_end_is_said_once_and_quietly(
    browser: Browser, server: LiveServer, order: str
) -> None:
    """A reviewer on a phone clicked as The Mole's final vote ended the game: "the game is not
    running" (the server's words) lay over the board in the note at the screen's foot, stood
    again under the board, and the board said a third time, in a red box, "Your question to
    hard bot 1 was not asked: the game ended before it arrived". Whatever reaches the page
    first, the end or the refusal (or a refusal as stale, the move to be sent again, then the
    end), it is now said once, in a player's words, in plain colour under the board, with
    the Game over box above it."""
    page = open_table(browser, server, "the-mole", players=4, viewport=PHONE)
    fill_bots_and_start(page)
    observation, legal = seat_view(bystander_asked_to_answer(), 0)
    wire = EndingSocket(page, observation, legal)
    answer = page.locator("[data-board] .tm-answer").first
    expect(answer).to_be_enabled()
    answer.click()
    wire.wait_for_the_move(page)
    finished = apply_all(p4(target_score=2), "3: guess bakery")
    assert finished.is_terminal()
    end = (finished.observation(0), result_of(finished, NAMES))
    if order == "end, then refusal":
        wire.the_end(*end)
        wire.refuse_the_move(NOT_RUNNING)
    elif order == "refusal, then end":
        wire.refuse_the_move(NOT_RUNNING)
        wire.the_end(*end)
    else:
        stale = {"code": "stale", "message": "the game moved on (version 9, you sent 8)"}
        wire.refuse_the_move(stale)
        wire.the_end(*end)
    expect(page.locator("#outcome")).to_be_visible()
    expect(page.locator("[data-board] .tm-prompt h3")).to_have_text("The game is over")
    check_said_once_and_quietly(page)
    assert len(wire.moves) == 1  # nothing sent again into the finished game
    page.screenshot(path="test-artifacts/the-mole/move-after-the-end-390.png", full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]


def test_any_game_s_move_refused_as_the_game_is_over_is_said_quietly(
    browser: Browser, server: LiveServer
) -> None:
    """Every game's page: a Mole Hill move refused because the game is no longer running,
    the page not yet told of its end, was told over the board in the server's words ("the
    game is not running") in the note at the screen's foot. It is said in a player's words,
    quietly, under the board, and the board offers its moves again."""
    page = open_table(browser, server, "mole-hill", viewport=PHONE)
    fill_bots_and_start(page)
    wire = EndingSocket(page)
    expect(page.locator("#turn")).to_have_text("Your move")
    # The reload loads the board's module again: until it comes the moves are buttons, which
    # fold away under the board as it comes, and a click on one then was lost (run 93).
    expect(page.locator("[data-board]")).to_be_visible()
    offered = targets(page)
    assert offered
    assert click_only(page, offered[0])
    wire.wait_for_the_move(page)
    page.evaluate(SCROLL_TO_THE_END)  # the line under the board out of view
    wire.refuse_the_move(NOT_RUNNING)
    check_said_once_and_quietly(page)
    assert page.errors == []  # type: ignore[attr-defined]
