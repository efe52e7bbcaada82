"""The Mole from the keyboard alone: the focus stays where the player was when the board is
drawn again (after their move, after the others'), rather than falling back to the page's top,
and the prompt's controls come before the places' notes. Fixed positions (P4: Dan, seat 3, is
the Mole), the board drawn alone."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page

from molehaven.core import State
from tests.browser.pages import LAPTOP, draw_again, draw_alone, evaluated, open_page, seen_by
from tests.browser.test_the_mole_table import mole_asked_to_answer
from tests.games.the_mole.helpers import apply_all, p4
from tests.server.live_server import LiveServer

pytestmark = pytest.mark.draws_only

NAMES = ["Ann", "Bea", "Cy", "Dan"]
DAN = 3
# What has the focus: its move or its part of the board, its words, and in the answer box
# where the caret is.
FOCUSED = """(() => {
    const node = document.activeElement;
    const part = node.closest(".tm-prompt") ? "prompt" : node.closest(".tm-interjections")
        ? "interject" : node.closest(".tm-places") ? "places" : node.closest(".tm-talk")
        ? "talk" : node.closest("[data-board]")
        ? "board" : "page";
    return {
        body: node === document.body,
        part,
        tag: node.tagName.toLowerCase(),
        action: node.dataset ? node.dataset.action ?? null : null,
        text: (node.getAttribute("aria-label") || node.textContent || "").trim().slice(0, 60),
        caret: node.tagName === "TEXTAREA" ? [node.selectionStart, node.selectionEnd] : null,
    };
})()"""
DRAW = draw_alone("the-mole", FOCUSED)


def draw(
    page: Page, state: State, *, pending: bool = False, refusal: str | None = None
) -> dict[str, object]:
    """Draw ``state`` for Dan (again: the board keeps what it remembers, as on a live table),
    the clicks kept; what has the focus then."""
    return draw_again(page, DRAW, seen_by(state, DAN, NAMES), pending=pending, refusal=refusal)


def focused(page: Page) -> dict[str, object]:
    return evaluated(page, FOCUSED)


def settle(state: State) -> State:
    while state.is_chance():  # the asker draws a new card
        state.apply(-1, state.chance_outcomes()[0][0])
    return state


def test_the_mole_keeps_the_focus_on_the_prompt_through_moves_and_redraws(
    browser: Browser, server: LiveServer
) -> None:
    """Each move drew the board anew and the pressed button went with it: the focus fell
    back to the page's <body>, a screen reader went back to the page's top and the next Tab
    started there. Now the focus goes to the prompt's next control, or its heading while the
    move is on its way or the table waits for others; a half-typed answer keeps the focus
    and its caret. The Tab order: the prompt's controls, calling a vote and guessing, the
    questions and answers (a box that scrolls, reached to scroll it), then the places' notes."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP)
    asked = mole_asked_to_answer()  # Bea asks Dan
    draw(page, asked)
    page.focus("#to-lobby")  # the last link before the board
    parts = []
    for _ in range(40):
        page.keyboard.press("Tab")
        parts.append(focused(page)["part"])
        if parts[-1] == "places":
            break
    assert parts[0] == "prompt" and parts[-1] == "places", parts
    assert parts == sorted(parts, key=["prompt", "interject", "talk", "places"].index), parts

    page.focus("#to-lobby")
    page.keyboard.press("Tab")
    assert focused(page)["text"] == "✎ Answer in my own words", focused(page)
    page.keyboard.press("Enter")  # to the answer box
    page.keyboard.type("Near the big wheel")
    for _ in range(6):
        page.keyboard.press("ArrowLeft")
    # Drawn again meanwhile (here: the table refused a vote Dan called before).
    shown = draw(page, asked, refusal="you called your vote this round")
    assert shown["tag"] == "textarea" and shown["caret"] == [12, 12], shown
    page.keyboard.press("Enter")
    answer = f"answer {json.dumps('Near the big wheel')}"
    assert page.evaluate("() => window.clicked") == [answer]
    assert draw(page, asked, pending=True)["tag"] == "textarea"

    # The answer given, Dan asks next: the focus comes to the prompt's first control.
    asking = settle(apply_all(mole_asked_to_answer(), [f"3: {answer}"]))
    shown = draw(page, asking)
    assert shown["part"] == "prompt" and shown["text"] == "Ann", shown
    for _ in range(3):  # past the chips for whom to ask
        page.keyboard.press("Tab")
    card = focused(page)["action"]
    assert str(card).startswith("ask 0 "), focused(page)
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.clicked") == [answer, card]
    # On its way, then asked: the prompt's heading says what the table waits for.
    shown = draw(page, asking, pending=True)
    assert shown["tag"] == "h3" and shown["text"] == "Your turn to ask a question", shown
    waiting = settle(apply_all(asking, f"3: {card}"))
    shown = draw(page, waiting)
    assert shown["tag"] == "h3" and shown["text"] == "You asked Ann", shown

    # Bea calls a vote on Cy: Dan's vote is asked, and the focus comes to its first ballot.
    shown = draw(page, apply_all(waiting, "1: nominate 2"))
    assert str(shown["action"]).startswith("vote "), shown
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_mole_s_choices_lead_the_focus_and_the_legend_keeps_it(
    browser: Browser, server: LiveServer
) -> None:
    """The buttons "Call a vote…" and "Guess the place…" open a choice in their place, and "Not now"
    closes it: the button pressed went away, and the focus to the page's <body>. Now it goes
    to the choice opened (the first player to accuse, the first place to guess) or back to the
    button that opens it. The legend's line lost the focus, and the legend closed, with every
    move at the table; both stay."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP)
    state = p4()  # Bea asks first: Dan may call a vote or guess
    draw(page, state)
    page.focus("#to-lobby")
    page.keyboard.press("Tab")
    assert focused(page)["text"] == "Call a vote…", focused(page)
    page.keyboard.press("Enter")
    assert focused(page)["action"] == "nominate 0", focused(page)
    for _ in range(3):  # Accuse Bea, Accuse Cy, Not now
        page.keyboard.press("Tab")
    assert focused(page)["text"] == "Not now: call no vote", focused(page)
    page.keyboard.press("Enter")
    assert focused(page)["text"] == "Call a vote…", focused(page)
    page.keyboard.press("Tab")
    assert focused(page)["text"] == "Guess the place…", focused(page)
    page.keyboard.press("Enter")
    first = focused(page)
    assert str(first["action"]).startswith("guess "), first
    # Bea asks Cy meanwhile: the same Guess button keeps the focus.
    asked = settle(apply_all(state, "1: ask 2 q2"))
    assert draw(page, asked)["action"] == first["action"]

    page.locator("[data-board] .tm-legend > summary").focus()
    page.keyboard.press("Enter")
    shown = draw(page, settle(apply_all(asked, "2: answer a1")))
    assert shown["text"] == "Legend", shown
    assert page.locator("[data-board] .tm-legend").evaluate("node => node.open")
    assert page.errors == []  # type: ignore[attr-defined]
