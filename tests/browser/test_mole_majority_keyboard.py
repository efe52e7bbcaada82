"""Mole Majority from the keyboard alone: the focus stays on the meadow when the board is
drawn again (after the player's move, after the others'), rather than falling back to the
page's top, and a focused target shows a ring on its own shape for the keyboard's focus only;
the legend stays as open as the player left it.
Fixed positions (the first of every choice), the board drawn alone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from molehaven.core import State
from tests.browser.pages import (
    LAPTOP,
    PHONE,
    draw_again,
    draw_alone,
    evaluated,
    open_page,
    seen_by,
)
from tests.browser.test_mole_majority_end import first_choices
from tests.browser.test_mole_majority_table import ARTIFACTS
from tests.games.mole_majority.helpers import legal, new_game, s2
from tests.server.live_server import LiveServer

pytestmark = pytest.mark.draws_only

NAMES = ["Ann", "Bea"]
BEA = 1
# What has the focus, and how it is drawn: the keyboard's ring (a stroke on the shape) or the
# browser's outline (a rectangle around the shape's box).
FOCUSED = """(() => {
    const node = document.activeElement;
    const style = getComputedStyle(node);
    return {
        body: node === document.body,
        tag: node.tagName.toLowerCase(),
        action: node.dataset ? node.dataset.action ?? null : null,
        prompt: node.matches(".mm-prompt"),
        visible: node.matches(":focus-visible"),
        stroke: style.stroke,
        outline: style.outlineStyle,
    };
})()"""
DRAW = draw_alone("mole-majority", FOCUSED)
RING = "rgb(30, 58, 138)"


def draw(page: Page, state: State, *, pending: bool = False) -> dict[str, object]:
    """Draw ``state`` for Bea, who chooses her Home Base first (the first chance outcomes)."""
    return draw_again(page, DRAW, seen_by(state, BEA, NAMES), pending=pending)


def focused(page: Page) -> dict[str, object]:
    return evaluated(page, FOCUSED)


def test_mole_majority_keeps_the_focus_on_the_meadow_with_a_ring_on_the_hex(
    browser: Browser, server: LiveServer
) -> None:
    """Each redraw replaced the focused place: the focus fell back to the page's <body>, a
    screen reader went back to the page's top and the next Tab started there; a focused free
    place had a black rectangle around its box. Now the focus stays on the same place while
    the others move, goes to the prompt while the move is on its way or the table waits, and
    to the first place offered when it is Bea's turn again; the ring is a blue stroke on the
    hex, for the keyboard only."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP)
    state = first_choices(new_game(2), "base")
    assert state.to_move() == [BEA], state.to_move()
    draw(page, state)
    page.focus("#to-lobby")  # the last link before the board
    for _ in range(10):
        page.keyboard.press("Tab")
        if focused(page)["action"]:
            break
    page.keyboard.press("Tab")  # the second free place
    shown = focused(page)
    action = shown["action"]
    assert str(action).startswith("base "), shown
    assert shown["tag"] == "polygon" and shown["visible"], shown
    assert shown["stroke"] == RING and shown["outline"] == "none", shown

    # Drawn again as it is (an update of the others' seats): the same place keeps the focus.
    assert draw(page, state)["action"] == action
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.clicked") == [action]
    # On its way: the prompt says so and has the focus.
    shown = draw(page, state, pending=True)
    assert shown["prompt"] and not shown["body"], shown
    # Ann chooses hers; then Bea is asked again, and the focus comes to the first choice.
    state.apply(BEA, str(action))
    while state.to_move() != [BEA]:
        if state.is_chance():
            state.apply(-1, state.chance_outcomes()[0][0])
        else:
            seat = state.to_move()[0]
            state.apply(seat, min(legal(state, seat)))
            shown = draw(page, state)
            assert shown["prompt"] and not shown["body"], shown
    shown = draw(page, state)
    assert shown["action"] and shown["visible"], shown

    # A click focuses a place as well, without the keyboard's ring.
    target = page.locator("[data-board=mole-majority] svg [data-action]").last
    target.click()
    assert focused(page)["action"] and not focused(page)["visible"], focused(page)
    assert focused(page)["stroke"] != RING, focused(page)
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    page.screenshot(path="/tmp/m/mm-focus-1280.png")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_legend_stays_open_until_the_player_closes_it(
    browser: Browser, server: LiveServer
) -> None:
    """Each redraw (a move by any player) drew the legend anew, folded: a player reading what
    the meadow's marks mean saw it close at the next move. Now it stays as the player left it,
    open or closed, as The Mole's and Die Maulwurf Company's do, and its line keeps the
    keyboard's focus. Fixed positions: board S2, Ann to play her first card; then with Number
    4 played."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP)
    state = s2()
    names = ["Ann", "Bea"]
    draw_again(page, DRAW, seen_by(state, 0, names))
    legend = page.locator("[data-board=mole-majority] .mm-legend")
    summary = legend.locator("summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(legend.locator("li").first).to_be_visible()
    # Ann plays Number 4: the board is drawn again, the legend open, its line focused.
    state.apply(0, "play four")
    shown = draw_again(page, DRAW, seen_by(state, 0, names))
    assert legend.evaluate("node => node.open"), "the legend folded at the redraw"
    assert shown["tag"] == "summary", shown
    # Closed by the player, it stays closed.
    summary.click()
    expect(legend.locator("li").first).to_be_hidden()
    state.apply(0, "end")
    draw_again(page, DRAW, [state.observation(0), [], 0, names])
    assert not legend.evaluate("node => node.open")
    assert page.errors == []  # type: ignore[attr-defined]


# The keyboard's ring on what has the focus, as wide as it is drawn on the screen: its stroke
# in SVG units times the meadow's scale, unless the stroke keeps its width in pixels.
RING_ON_SCREEN = """(() => {
    const node = document.activeElement;
    const style = getComputedStyle(node);
    const fixed = style.vectorEffect === "non-scaling-stroke";
    return {
        action: node.dataset ? node.dataset.action ?? null : null,
        visible: node.matches(":focus-visible"),
        stroke: style.stroke,
        px: parseFloat(style.strokeWidth) * (fixed ? 1 : node.getScreenCTM().a),
    };
})()"""


def tab_to_the_meadow(page: Page) -> None:
    page.focus("#to-lobby")  # the last link before the board
    for _ in range(10):
        page.keyboard.press("Tab")
        if focused(page)["action"]:
            return
    raise AssertionError(f"no place of the meadow took the focus: {focused(page)}")


def test_on_a_phone_the_focus_ring_on_a_hex_is_as_wide_as_on_a_laptop(
    browser: Browser, server: LiveServer
) -> None:
    """The ring was 4 SVG units wide, scaled with the meadow: 5.8 px on a laptop, but 3.2 px on
    a phone showing the whole meadow (0.79 px a unit), a thin line on the hex hard to tell
    from its edge. It is now 6 px on the screen whatever the meadow's scale, in the whole
    meadow and zoomed in, and still for the keyboard's focus only. Fixed position: Bea to
    choose her Home Base, the board drawn alone at 390 x 844."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    draw(page, first_choices(new_game(2), "base"))
    for view in ("Show the whole meadow", "Zoom in on the meadow"):
        page.get_by_role("button", name=view).click()
        tab_to_the_meadow(page)
        ring = evaluated(page, RING_ON_SCREEN)
        assert str(ring["action"]).startswith("base ") and ring["visible"], (view, ring)
        assert ring["stroke"] == RING, (view, ring)
        assert float(str(ring["px"])) >= 6, (view, ring)
        page.screenshot(path=str(ARTIFACTS / f"phone-focus-ring-{view.split()[0].lower()}.png"))
    # A tap focuses a place without the ring.
    page.locator("[data-board=mole-majority] svg [data-action]").last.click()
    assert not focused(page)["visible"] and focused(page)["stroke"] != RING, focused(page)
    assert page.errors == []  # type: ignore[attr-defined]
