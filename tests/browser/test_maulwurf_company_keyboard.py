"""Die Maulwurf Company from the keyboard alone: the layer is one Tab stop whose targets and
moles the arrow keys reach by their place on screen, each named by its row and place as well as
its notation; the focus stays on the layer when the board is drawn again (after the player's
move, after the others'), rather than falling back to the page's top, and a focused target
shows a ring around it for the keyboard's focus only. Fixed positions (every layer in rotation
0, seat 0 starts), the board drawn alone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from molehaven.core import State
from tests.browser.pages import LAPTOP, draw_again, evaluated, open_page, seen_by
from tests.browser.test_maulwurf_company_table import DRAW_RUNNING
from tests.games.maulwurf_company.helpers import (
    ALL_ROTATIONS_ZERO,
    apply_all,
    legal,
    new_game,
    position,
)
from tests.server.live_server import LiveServer

pytestmark = pytest.mark.draws_only

NAMES = ["Ann", "Bea"]
ANN = 0
# What has the focus, and whether its ring shows (the layer's one ring, drawn last).
FOCUSED = """(() => {
    const node = document.activeElement;
    const layer = node.closest ? node.closest("svg.mc-layer") : null;
    const ring = layer && node !== layer ? layer.querySelector(":scope > .mc-focus-ring") : null;
    return {
        body: node === document.body,
        action: node.dataset ? node.dataset.action ?? null : null,
        mole: node.dataset ? node.dataset.mole ?? null : null,
        name: node.getAttribute("aria-label"),
        pressed: node.getAttribute("aria-pressed"),
        layer: Boolean(node.closest && node.closest("svg.mc-layer")),
        prompt: node.matches(".mc-prompt"),
        visible: node.matches(":focus-visible"),
        ring: ring ? getComputedStyle(ring).visibility : null,
    };
})()"""
DRAW = DRAW_RUNNING.replace("return null;", f"return {FOCUSED};")


def draw(page: Page, state: State, *, pending: bool = False) -> dict[str, object]:
    assert f"return {FOCUSED};" in DRAW, "draw_alone's result changed"
    return draw_again(page, DRAW, seen_by(state, ANN, NAMES), pending=pending)


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
    page.keyboard.press("ArrowRight")  # the second target (the layer is one Tab stop)
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


# Whether the key help under the layer shows (hidden, it is kept for a screen reader as a
# 1-pixel box).
KEYS_SHOWN = """() => {
    const keys = document.getElementById("mc-keys");
    return Boolean(keys) && keys.getBoundingClientRect().width > 100;
}"""


def keys(page: Page, *pressed: str) -> dict[str, object]:
    for key in pressed:
        page.keyboard.press(key)
    return focused(page)


def test_maulwurf_company_placing_is_one_tab_stop_and_the_arrows_follow_the_rows(
    browser: Browser, server: LiveServer
) -> None:
    """Placing a mole: each of the 78 free points was a Tab stop of its own, in the order of
    the game's point list (from -5+0, the left end of the middle row), the side panels 78
    presses away, each named "place a mole on +1-4". Now the layer is one Tab stop, at the top
    row's first point; the arrows move along a row and to the nearest point in the row above
    or below; Home and End go to the first and the last; a target says its row, its place
    from the left and what is there. The key help shows for the keyboard, not after a click."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP)
    state = apply_all(new_game(2), [*ALL_ROTATIONS_ZERO, "c start 0"])
    draw(page, state)
    assert not page.evaluate(KEYS_SHOWN)
    page.focus("#to-lobby")  # the last link before the board
    shown = keys(page, "Tab")
    assert shown["action"] == "place +0-5", shown
    assert shown["name"] == "place a mole on +0-5: row 1, point 1 from the left, an empty point"
    assert page.evaluate(KEYS_SHOWN)
    assert not keys(page, "Tab")["layer"], "one Tab leaves the layer"
    assert keys(page, "Shift+Tab")["action"] == "place +0-5"
    assert keys(page, "ArrowRight")["action"] == "place +1-5"
    # Below +1-5 lie +0-4 and +1-4, as near: Down takes the right one, Up comes back.
    shown = keys(page, "ArrowDown")
    assert shown["action"] == "place +1-4", shown
    assert shown["name"] == (
        "place a mole on +1-4: row 2, point 3 from the left, an empty point next to a hole"
    )
    assert keys(page, "ArrowDown")["action"] == "place +0-3"  # straight below +1-5
    assert keys(page, "ArrowUp", "ArrowUp")["action"] == "place +1-5"
    assert keys(page, "ArrowLeft")["action"] == "place +0-5"
    assert keys(page, "End")["action"] == "place +0+5"  # the bottom row's last
    assert keys(page, "Home")["action"] == "place +0-5"
    assert keys(page, "End")["name"] == (
        "place a mole on +0+5: row 11, point 6 from the left, an empty point"
    )
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.clicked") == ["place +0+5"]
    # A click on a target focuses it, with no key help.
    page.locator('[data-board] [data-action="place -5+0"]').click()
    assert focused(page)["name"] == (
        "place a mole on -5+0: row 6, point 1 from the left, an empty point"
    )
    assert not page.evaluate(KEYS_SHOWN)
    assert page.errors == []  # type: ignore[attr-defined]


def test_maulwurf_company_moving_selects_a_mole_then_its_target_from_the_keyboard(
    browser: Browser, server: LiveServer
) -> None:
    """Ann turned a 1: her moles on +2-5 (the top row) and -2+5 (the bottom row) may move.
    Each mole and target was a Tab stop, named "select your mole on +2-5" and "move the mole
    on +2-5 to +2-4". Now the layer's one Tab stop is the selected mole, said as selected; the
    arrows reach its targets, each saying its row, place and what is there (a hole), and the
    other mole; Escape goes back from a target to the selected mole; Enter on the other mole
    selects it, and on one of its targets moves it."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP)
    moles = {0: "+2-5 -2+5 +0+0", 1: "+0-5 +5-5 -5+5"}
    state = apply_all(position(moles, layer="green", face_down={0: "1"}), "c flip 1")
    draw(page, state)
    page.focus("#to-lobby")
    shown = keys(page, "Tab")
    assert shown["mole"] == "+2-5" and shown["pressed"] == "true", shown
    assert shown["name"] == "select your mole on +2-5: row 1, point 3 from the left", shown
    assert not keys(page, "Tab")["layer"], "one Tab leaves the layer"
    assert keys(page, "Shift+Tab")["mole"] == "+2-5"
    shown = keys(page, "ArrowDown")  # below it: +1-4 and the hole +2-4, as near; Down goes right
    assert shown["action"] == "move +2-5 se", shown
    assert shown["name"] == "move the mole on +2-5 to +2-4: row 2, point 4 from the left, a hole"
    assert keys(page, "ArrowUp")["mole"] == "+2-5"
    shown = keys(page, "ArrowRight")
    assert shown["action"] == "move +2-5 e", shown
    assert shown["name"] == (
        "move the mole on +2-5 to +3-5: row 1, point 4 from the left, an empty point"
    )
    assert keys(page, "Escape")["mole"] == "+2-5"
    # Down twice: the hole, then the nearest row below with anything offered, the bottom row's
    # mole.
    shown = keys(page, "ArrowDown", "ArrowDown")
    assert shown["mole"] == "-2+5" and shown["pressed"] == "false", shown
    assert shown["name"] == "select your mole on -2+5: row 11, point 4 from the left", shown
    shown = keys(page, "Enter")  # selects it; the focus stays on it
    assert shown["mole"] == "-2+5" and shown["pressed"] == "true", shown
    assert page.evaluate("() => window.clicked") == []
    shown = keys(page, "ArrowUp")
    assert shown["action"] == "move -2+5 nw", shown
    assert shown["name"] == "move the mole on -2+5 to -2+4: row 10, point 4 from the left, a hole"
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.clicked") == ["move -2+5 nw"]
    assert page.errors == []  # type: ignore[attr-defined]
