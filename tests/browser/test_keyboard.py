"""Playing with the keyboard alone (Tab, Shift+Tab, the arrows, Enter): Mole Hill's board is one
Tab stop whose targets the arrows reach, named as a screen reader says them; the focus stays
where it was when a board is drawn again, rather than falling back to the page's top."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from molehaven.core import State
from tests.browser.pages import draw_alone, evaluated, open_page, open_table, sit
from tests.browser.test_mole_park_table import julian_picks_the_last_die, legal_for
from tests.games.mole_hill.helpers import new_game, play
from tests.server.live_server import LiveServer

# What has the focus: its move, its name, or what else it is.
FOCUSED = """(() => {
    const node = document.activeElement;
    return {
        action: node.dataset ? node.dataset.action ?? null : null,
        name: node.getAttribute("aria-label"),
        board: node.matches("svg[data-board]"),
        body: node === document.body,
        text: (node.textContent || "").trim().slice(0, 60),
    };
})()"""
DRAW_HILL = draw_alone("mole-hill", FOCUSED)
DRAW_PARK = draw_alone("mole-park", FOCUSED)
NAMES = ["Ann", "Bob"]


FOCUS_ACTION = """(action) => document.querySelector(
    `[data-board] [data-action="${CSS.escape(action)}"]`).focus()"""


def focused(page: Page) -> dict[str, object]:
    return evaluated(page, FOCUSED)


def open_hill(browser: Browser, server: LiveServer) -> Page:
    """The "no such table" page, ready to draw Mole Hill's board alone (its styles are the
    page's own, app.css: ``draw_alone`` waits for no stylesheet)."""
    return open_page(browser, f"{server.url}/tables/no-such-table")


def hill(state: State, seat: int) -> list[object]:
    return [state.observation(seat), legal_for(state, seat), seat, NAMES]


@pytest.mark.draws_only
def test_mole_hills_board_is_one_tab_stop_and_the_arrows_move_on_it(
    browser: Browser, server: LiveServer
) -> None:
    """The mole places its stack: each of the 63 squares was a Tab stop of its own, from a1
    on, named "place a1", and the side panels 63 presses away. Now the board is one Tab stop,
    at the centre, named as a square is said ("e4, the centre"); the arrows move on it, a ring
    marks the square, Enter plays it, and the next Tab leaves the board."""
    page = open_hill(browser, server)
    page.evaluate(DRAW_HILL, hill(new_game(), 0))
    page.focus("#to-lobby")  # the last link before the board
    page.keyboard.press("Tab")
    assert focused(page)["action"] == "place e4" and focused(page)["name"] == "e4, the centre"
    page.keyboard.press("Tab")
    assert focused(page)["action"] is None and not focused(page)["board"], focused(page)
    page.keyboard.press("Shift+Tab")
    assert focused(page)["action"] == "place e4", focused(page)
    for key in ("ArrowRight", "ArrowRight", "ArrowUp", "ArrowLeft"):
        page.keyboard.press(key)
    assert focused(page)["action"] == "place f5" and focused(page)["name"] == "f5"
    page.keyboard.press("Home")
    assert focused(page)["name"] == "a7", focused(page)
    page.keyboard.press("End")
    assert focused(page)["name"] == "i1", focused(page)
    page.keyboard.press("ArrowUp")
    assert focused(page)["name"] == "i2", focused(page)
    ring = page.locator("[data-board] .mh-focus-ring")
    expect(ring).to_have_attribute("visibility", "visible")
    square = page.locator('[data-board] [data-action="place i2"]').bounding_box()
    drawn = ring.bounding_box()
    assert square and drawn and abs(drawn["x"] - square["x"]) < 8, (square, drawn)
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.clicked") == ["place i2"]
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_mole_hills_key_help_shows_for_the_keyboard_not_for_a_tap(
    browser: Browser, server: LiveServer
) -> None:
    """The line on Mole Hill's arrow keys showed whenever the board held the focus, so also
    after a tap or a click on a square: a phone player read about keys they do not have. It
    shows for the keyboard's focus only."""
    page = open_hill(browser, server)
    page.evaluate(DRAW_HILL, hill(new_game(), 0))
    # Hidden, it is kept for screen readers as a 1-pixel box.
    shown = "() => document.getElementById('mh-keys').getBoundingClientRect().width > 100"
    page.locator('[data-board] [data-action="place e4"]').click()
    assert page.evaluate("() => document.activeElement.dataset.action") == "place e4"
    assert page.evaluate("() => window.clicked") == ["place e4"]
    assert not page.evaluate(shown)
    page.focus("#to-lobby")
    page.keyboard.press("Tab")
    assert focused(page)["action"] == "place e4", focused(page)
    assert page.evaluate(shown)


@pytest.mark.draws_only
def test_mole_hills_rods_are_named_by_their_squares_and_the_arrows_reach_every_one(
    browser: Browser, server: LiveServer
) -> None:
    """The gardener's first rod: every one of the 110 sides was a Tab stop named "rod d4 e4".
    Now the Tab stop is beside the mole, named "rod between d4 and e4"; the arrows reach every
    rod from it (Left and Right along a row of sides, Up and Down to the next row)."""
    page = open_hill(browser, server)
    state = play("0: place e4")
    legal = legal_for(state, 1)
    page.evaluate(DRAW_HILL, hill(state, 1))
    page.focus("#to-lobby")  # the last link before the board
    page.keyboard.press("Tab")
    assert focused(page)["name"] == "rod between d4 and e4", focused(page)
    page.keyboard.press("ArrowUp")
    assert focused(page)["name"] == "rod between d4 and d5", focused(page)
    page.keyboard.press("ArrowRight")
    assert focused(page)["name"] == "rod between e4 and e5", focused(page)
    page.keyboard.press("ArrowUp")
    assert focused(page)["name"] == "rod between d5 and e5", focused(page)
    seen = {"rod d4 e4"}
    todo = ["rod d4 e4"]
    while todo:
        action = todo.pop()
        for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            # Focused from the page's script, then a real key press: a locator's press waited
            # for the rod to stand still over two frames, 440 times (most of the test's time).
            page.evaluate(FOCUS_ACTION, action)
            page.keyboard.press(key)
            reached = str(focused(page)["action"])
            if reached not in seen:
                seen.add(reached)
                todo.append(reached)
    assert seen == set(legal), sorted(set(legal) - seen)
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_mole_hill_keeps_the_focus_on_the_board_when_it_is_drawn_again(
    browser: Browser, server: LiveServer
) -> None:
    """Every drawing replaced the board, and the focus on a square fell back to the page's
    <body>: after each move, the other side's move and any update, a screen reader was back at
    the page's top. Now the focus stays on the square while it is offered, on the board while
    nothing is, and comes to the square beside the mole when the next move is asked."""
    page = open_hill(browser, server)
    state = play("0: place c3, 1: rod a1 a2")
    page.evaluate(DRAW_HILL, hill(state, 0))
    page.focus("#to-lobby")  # the last link before the board
    page.keyboard.press("Tab")
    page.keyboard.press("ArrowUp")
    chosen = focused(page)["action"]
    assert chosen and str(chosen).startswith("move "), focused(page)
    # The same position drawn again (a chat line, someone's connection): the same square.
    assert page.evaluate(DRAW_HILL, hill(state, 0))["action"] == chosen
    page.keyboard.press("Enter")
    state.apply(0, state.game.parse_action(str(chosen)))
    # The gardener's move: the board keeps the focus, with nothing to offer.
    shown = page.evaluate(DRAW_HILL, hill(state, 0))
    assert shown["board"] and not shown["body"], shown
    state.apply(1, state.game.parse_action("rod h6 h7"))
    # The mole's next move: the focus comes to a square beside it.
    shown = page.evaluate(DRAW_HILL, hill(state, 0))
    assert str(shown["action"]).startswith("move "), shown
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_mole_park_keeps_the_focus_on_its_choice_when_it_is_drawn_again(
    browser: Browser, server: LiveServer
) -> None:
    """Mole Park's table is drawn anew with every update (the others pick their dice while
    this seat chooses): the focus on the Frying Pan fell back to the page's <body>, and the
    next Tab started from the page's top. Now it stays on the Frying Pan; once the die is
    picked it waits on the line that says what the table waits for."""
    page = open_page(browser, f"{server.url}/tables/no-such-table")
    page.emulate_media(reduced_motion="reduce")  # the reveal at rest
    state, seat = julian_picks_the_last_die()
    names = ["Jo", "Jasper", "Julian"]
    drawn = [state.observation(seat), legal_for(state, seat), seat, names]
    page.evaluate(DRAW_PARK, drawn)
    page.locator("[data-board] [data-action='glove']").focus()
    page.keyboard.press("Tab")
    assert focused(page)["action"] == "pan", focused(page)
    assert page.evaluate(DRAW_PARK, drawn)["action"] == "pan"
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.clicked") == ["pan"]
    # On its way: the buttons are disabled, and the focus stays in the table.
    shown = page.evaluate(DRAW_PARK, [*drawn, False, [], None, True])
    assert not shown["body"], shown
    assert page.evaluate("() => document.querySelector('#board').contains(document.activeElement)")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_table_keeps_the_keyboards_focus_after_start_and_on_its_summary(
    browser: Browser, server: LiveServer
) -> None:
    """The Start button, pressed from the keyboard, went away with the host's box and the focus
    fell to the page's top; so did the focus on "Everything this seat sees" whenever the other
    player moved. Now Start leaves the focus on the turn line (the next Tab reaches the board), and
    the summary keeps it. (Two people, no bots.)"""
    ann = open_table(browser, server, "mole-hill")
    bob = open_page(browser, ann.locator("#share").input_value())
    sit(bob, 1, "Bob")
    ann.focus("#fill-bots")
    ann.keyboard.press("Tab")
    assert ann.evaluate("() => document.activeElement.id") == "start"
    ann.keyboard.press("Enter")
    expect(ann.locator("#table")).to_have_attribute("data-status", "running")
    expect(ann.locator("#turn")).to_be_focused()
    ann.keyboard.press("Tab")  # the board's one Tab stop: Ann is the mole
    assert focused(ann)["action"] == "place e4", focused(ann)
    ann.keyboard.press("Enter")
    expect(bob.locator("#table")).to_have_attribute("data-my-turn", "true")
    # Ann reads "Everything this seat sees" while Bob lays a rod.
    ann.locator("[data-board]").focus()
    ann.keyboard.press("Tab")  # the legend
    ann.keyboard.press("Tab")
    summary = ann.locator("#board > details.raw > summary")
    expect(summary).to_be_focused()
    bob.locator('[data-board] [data-action="rod a1 a2"]').click()
    expect(ann.locator("#table")).to_have_attribute("data-my-turn", "true")
    expect(summary).to_be_focused()
    assert ann.errors == [] and bob.errors == []  # type: ignore[attr-defined]
