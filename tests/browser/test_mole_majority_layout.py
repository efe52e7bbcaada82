"""Mole Majority's table laid out for playing: beside the meadow on a laptop, the tile pile
and the legend follow the hand into the first screen; on a phone on its side the players'
boards are in the page's own scroll, not in a second scroll inside the panel."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.browser.test_mole_majority_table import (
    BOARD,
    DESK,
    four_players_dealt,
    on_the_screen,
    open_a_fixed_table,
    snap,
)
from tests.games.mole_majority.helpers import apply_all
from tests.server.live_server import LiveServer

# The page unscrolled: where the tile pile, the legend's summary, the hand's cards and the
# meadow are.
PILE_IN_VIEW = f"""() => {{
    window.scrollTo(0, 0);
    const board = document.querySelector("{BOARD}");
    const box = (node) => {{
        const {{left, right, top, bottom}} = node.getBoundingClientRect();
        return {{left, right, top, bottom}};
    }};
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
        page.set_viewport_size(screen)  # type: ignore[arg-type]
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
        page.set_viewport_size(screen)  # type: ignore[arg-type]
        seen = page.evaluate(BOARDS_SIDEWAYS)
        assert seen["inner"] is None, seen
        assert len(seen["boards"]) == 4, seen
        for board in seen["boards"]:
            assert on_the_screen(board, screen), (screen, board, seen)
        assert seen["page_overflow"] <= 0, seen
        snap(page, f"layout-boards-sideways-{screen['width']}")
    assert page.errors == []  # type: ignore[attr-defined]
