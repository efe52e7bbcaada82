"""Die Maulwurf Company from the keyboard alone: the focus stays on the layer when the board
is drawn again (after the player's move, after the others'), rather than falling back to the
page's top, and a focused target shows a ring around it for the keyboard's focus only. Fixed
positions (every layer in rotation 0, seat 0 starts), the board drawn alone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from molehaven.core import State
from tests.browser.pages import LAPTOP, draw_again, evaluated, open_page
from tests.browser.test_maulwurf_company_table import DRAW_RUNNING
from tests.games.maulwurf_company.helpers import ALL_ROTATIONS_ZERO, apply_all, legal, new_game
from tests.server.live_server import LiveServer

pytestmark = pytest.mark.draws_only

NAMES = ["Ann", "Bea"]
ANN = 0
# What has the focus, and whether its ring shows.
FOCUSED = """(() => {
    const node = document.activeElement;
    const ring = node.querySelector ? node.querySelector(".mc-focus-ring") : null;
    return {
        body: node === document.body,
        action: node.dataset ? node.dataset.action ?? null : null,
        prompt: node.matches(".mc-prompt"),
        visible: node.matches(":focus-visible"),
        ring: ring ? getComputedStyle(ring).visibility : null,
    };
})()"""
DRAW = DRAW_RUNNING.replace("return null;", f"return {FOCUSED};")


def draw(page: Page, state: State, *, pending: bool = False) -> dict[str, object]:
    assert f"return {FOCUSED};" in DRAW, "draw_alone's result changed"
    seen = [state.observation(ANN), sorted(legal(state, ANN)), ANN, NAMES]
    return draw_again(page, DRAW, seen, pending=pending)


def focused(page: Page) -> dict[str, object]:
    return evaluated(page, FOCUSED)


def test_maulwurf_company_keeps_the_focus_on_the_layer_with_a_ring_on_the_target(
    browser: Browser, server: LiveServer
) -> None:
    """Each redraw replaced the focused target: the focus fell back to the page's <body>, a
    screen reader went back to the page's top and the next Tab started there; a focused
    target had no outline, only a slightly bolder mark. Now the focus stays on the same
    target while the others move, goes to the prompt while the table waits, and to the first
    target when it is Ann's turn again; a blue ring shows around it, for the keyboard only."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP)
    state = apply_all(new_game(2), [*ALL_ROTATIONS_ZERO, "c start 0"])
    draw(page, state)
    page.focus("#to-lobby")  # the last link before the board
    for _ in range(10):
        page.keyboard.press("Tab")
        if focused(page)["action"]:
            break
    page.keyboard.press("Tab")  # the second target
    shown = focused(page)
    action = shown["action"]
    assert str(action).startswith("place "), shown
    assert shown["visible"] and shown["ring"] == "visible", shown

    # Drawn again as it is (an update of the others' seats): the same target keeps the focus.
    assert draw(page, state)["action"] == action
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.clicked") == [action]
    # Placed: Bea places next, and the prompt, which says so, has the focus.
    apply_all(state, f"0 {action}")
    shown = draw(page, state)
    assert shown["prompt"] and not shown["body"], shown
    # Bea placed: the focus comes to Ann's first target, its ring shown.
    apply_all(state, f"1 {min(legal(state, 1))}")
    shown = draw(page, state)
    assert str(shown["action"]).startswith("place ") and shown["ring"] == "visible", shown
    page.screenshot(path="/tmp/m/mc-focus-1280.png")

    # A click focuses a target as well, without the keyboard's ring.
    page.locator("[data-board=maulwurf-company] svg [data-action]").last.click()
    assert focused(page)["action"] and focused(page)["ring"] == "hidden", focused(page)
    assert page.errors == []  # type: ignore[attr-defined]
