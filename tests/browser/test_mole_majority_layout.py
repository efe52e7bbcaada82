"""Mole Majority's table laid out for playing: beside the meadow on a laptop, the tile pile
and the legend follow the hand into the first screen; on a phone on its side the players'
boards are in the page's own scroll, not in a second scroll inside the panel."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.pages import PHONE, draw_alone, open_page, resize, show_a_fixed_position
from tests.browser.test_mole_majority_table import (
    BOARD,
    BOX,
    DESK,
    four_players_dealt,
    laid_wide,
    on_the_screen,
    open_a_fixed_table,
    snap,
)
from tests.games.mole_majority.helpers import apply_all
from tests.server.live_server import LiveServer

DRAW = draw_alone("mole-majority", "null")

# The page unscrolled: where the tile pile, the legend's summary, the hand's cards and the
# meadow are.
PILE_IN_VIEW = f"""() => {{
    window.scrollTo(0, 0);
    const board = document.querySelector("{BOARD}");
    {BOX}
    return {{
        pile: box(board.querySelector(".mm-pile")),
        legend: box(board.querySelector(".mm-legend summary")),
        cards: [...board.querySelectorAll(".mm-card")].map(box),
        meadow: box(board.querySelector("svg.mm-meadow")),
        page_overflow: document.documentElement.scrollWidth - innerWidth,
    }};
}}"""


def test_on_a_laptop_the_tile_pile_and_legend_are_on_the_first_screen(
    browser: Browser, server: LiveServer
) -> None:
    """At 1280 x 800 with four players the tile pile and the legend were under the meadow,
    starting at the screen's foot (the pile at 793-815 px; at 1366 x 768, 761-783). They now
    go in the panel's column under the hand, beside the meadow, and are on the first screen
    with the hand and the whole meadow. Fixed position on a live 4-player table: Ann has
    played Number 2 (End turn, a stack and four cards offered)."""
    state = apply_all(four_players_dealt(), "0: play two")
    page = open_a_fixed_table(browser, server, DESK, state, players=4)
    for screen in (DESK, {"width": 1366, "height": 768}):
        resize(page, screen)
        seen = page.evaluate(PILE_IN_VIEW)
        assert len(seen["cards"]) == 4, seen
        for what in (seen["pile"], seen["legend"], *seen["cards"], seen["meadow"]):
            assert on_the_screen(what, screen), (screen, what, seen)
        # Beside the meadow, not under it.
        assert seen["pile"]["left"] >= seen["meadow"]["right"], seen
        assert seen["page_overflow"] <= 0, seen
        snap(page, f"layout-pile-{screen['width']}")
    assert page.errors == []  # type: ignore[attr-defined]


# A phone on its side: whether the players' boards lie in a box that scrolls of its own (an
# ancestor below the page, scrollable and taller than its window), and, the page scrolled to
# the boards' top, where each board is.
BOARDS_SIDEWAYS = f"""() => {{
    const seats = document.querySelector("{BOARD} .mm-seats");
    let inner = null;
    for (let node = seats.parentElement; node && node !== document.body;
            node = node.parentElement) {{
        const {{overflowY}} = getComputedStyle(node);
        if (["auto", "scroll"].includes(overflowY) && node.scrollHeight > node.clientHeight) {{
            inner = node.className;
        }}
    }}
    window.scrollTo(0, 0);
    window.scrollBy(0, seats.getBoundingClientRect().top - 4);
    const boards = [...seats.querySelectorAll("[data-seat-row]")].map(row => {{
        const {{left, right, top, bottom}} = row.getBoundingClientRect();
        return {{left, right, top, bottom}};
    }});
    return {{inner, boards, page_overflow: document.documentElement.scrollWidth - innerWidth}};
}}"""


def test_on_a_phone_on_its_side_the_players_boards_are_in_the_pages_scroll(
    browser: Browser, server: LiveServer
) -> None:
    """On a phone on its side the players' boards were at the foot of the panel beside the
    meadow, a column that stays in view and scrolls inside the page: after a hand drawn one
    card a row they lay 200-500 px down a column 375 px high, found by a second scroll inside
    the first. They now go under the meadow, side by side across the board, in the page's own
    scroll: no box scrolls around them, and scrolled to, all four are on the screen at once.
    Fixed position on a live 4-player table: Ann has played Number 2."""
    state = apply_all(four_players_dealt(), "0: play two")
    page = open_a_fixed_table(browser, server, {"width": 844, "height": 390}, state, players=4)
    for screen in ({"width": 844, "height": 390}, {"width": 667, "height": 375}):
        resize(page, screen)
        seen = page.evaluate(BOARDS_SIDEWAYS)
        assert seen["inner"] is None, seen
        assert len(seen["boards"]) == 4, seen
        for board in seen["boards"]:
            assert on_the_screen(board, screen), (screen, board, seen)
        assert seen["page_overflow"] <= 0, seen
        snap(page, f"layout-boards-sideways-{screen['width']}")
    assert page.errors == []  # type: ignore[attr-defined]


TABLETS_UPRIGHT = (
    {"width": 768, "height": 1024},
    {"width": 820, "height": 1180},
    {"width": 800, "height": 1280},
)
# The page has laid itself out for the screen (as ``resize_meadow`` waits for, with the room it
# leaves under the meadow too): where the meadow's top and the panel's height are now, and
# what the page last measured of them for the CSS (a page that measures no panel: an empty string).
MEADOW_ROOM = f"""() => {{
    const table = document.querySelector("{BOARD}");
    const meadow = table.querySelector("svg.mm-meadow");
    const play = table.querySelector(".mm-play-box");
    return [
        meadow.style.getPropertyValue("--mm-top"),
        `${{Math.round(meadow.getBoundingClientRect().top + window.scrollY)}}px`,
        meadow.style.getPropertyValue("--mm-below"),
        `${{Math.ceil(play.getBoundingClientRect().height)}}px`,
    ];
}}"""
# The page unscrolled: every card of the hand, with its title and the buttons on it (a
# Groundskeeper's roll numbers, the stacks it offers), End turn, the meadow and its smallest
# space.
HAND_IN_VIEW = f"""() => {{
    window.scrollTo(0, 0);
    const board = document.querySelector("{BOARD}");
    {BOX}
    const all = (selector) => [...board.querySelectorAll(selector)].map(box);
    const end = board.querySelector('[data-action="end"]');
    return {{
        cards: all(".mm-card"),
        titles: all(".mm-card-title"),
        choices: all(".mm-card [data-action]"),
        end: end && box(end),
        meadow: box(board.querySelector("svg.mm-meadow")),
        space: Math.min(...all("[data-space]").map(space => space.right - space.left)),
        page_overflow: document.documentElement.scrollWidth - innerWidth,
    }};
}}"""


def test_on_a_tablet_upright_the_whole_hand_is_in_view(
    browser: Browser, server: LiveServer
) -> None:
    """On a tablet upright the hand is laid in one row under the meadow; at 768 x 1024, with a
    meadow laid five tiles wide and five long cards (two Groundskeepers, their roll numbers on
    them), the last card ended at 1101 px, and with a Groundskeeper played (the roll's
    direction and three stacks offered) at 1100 px: the player scrolled to reach the cards to
    play. Now the meadow leaves the panel room below it (its spaces still at least 22 px), the
    buttons share the hand's heading's row, and a shorter hand spreads its cards: every card,
    its title and its buttons, End turn and the whole meadow are on the first screen at 768 x
    1024, 820 x 1180 and 800 x 1280. Fixed positions on a live 2-player table."""
    start = laid_wide()
    played = apply_all(laid_wide(), "0: play keeper2 twoplus")
    page = open_a_fixed_table(browser, server, TABLETS_UPRIGHT[0], start, players=2)
    for state in (start, played):
        if state is played:
            legal = sorted(str(action) for action in state.legal_actions(0))
            show_a_fixed_position(page, state.observation(0), legal)
            expect(page.locator(f"{BOARD} [data-action='end']")).to_have_count(1)
        for screen in TABLETS_UPRIGHT:
            resize(page, screen)
            page.wait_for_function(
                f"() => (([a, b, c, d]) => a === b && [d, ''].includes(c))(({MEADOW_ROOM})())"
            )
            seen = page.evaluate(HAND_IN_VIEW)
            width = screen["width"]
            assert len(seen["cards"]) == (5 if state is start else 3), seen
            # Roll numbers on both Groundskeepers; then the three stacks, on their cards.
            assert len(seen["choices"]) == (2 if state is start else 3), seen
            assert (seen["end"] is None) == (state is start), seen
            shown = [*seen["cards"], *seen["titles"], *seen["choices"], seen["meadow"]]
            for what in [*shown, *([seen["end"]] if seen["end"] else [])]:
                assert on_the_screen(what, screen), (width, what, seen)
            assert seen["space"] >= 22, f"a space is {seen['space']:.1f} px wide at {width} px"
            assert seen["page_overflow"] <= 0, (width, seen)
            snap(page, f"tablet-upright-{width}-{'played' if state is played else 'start'}")
    assert page.errors == []  # type: ignore[attr-defined]


# Every button of the board and the legend's line: its height and what it says.
CONTROLS = f"""() => [...document.querySelectorAll(
    "{BOARD} button, {BOARD} .mm-legend summary"
)].map(node => ({{text: node.innerText, height: node.getBoundingClientRect().height}}))"""


@pytest.mark.draws_only
def test_on_a_phone_the_buttons_and_the_legend_are_a_finger_high(
    browser: Browser, server: LiveServer
) -> None:
    """At 390 x 844 the board's buttons were 26 px high, the roll numbers on a Groundskeeper
    20 px and the legend's line 16 px, short of a finger's 40 px. Each is now
    at least 40 px high. Fixed positions, the board drawn alone: a meadow laid wide, Ann to
    play her first card (roll numbers on both Groundskeepers, Discard); then a Groundskeeper
    played (the roll's direction, three stacks, End turn)."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    for state in (laid_wide(), apply_all(laid_wide(), "0: play keeper2 twoplus")):
        offered = sorted(str(action) for action in state.legal_actions(0))
        page.evaluate(DRAW, [state.observation(0), offered, 0, ["Ann", "Bea"]])
        controls = page.evaluate(CONTROLS)
        assert len(controls) >= 5, controls
        short = [control for control in controls if control["height"] < 40]
        assert not short, short
        snap(page, f"phone-controls-{len(controls)}")
    assert page.errors == []  # type: ignore[attr-defined]
