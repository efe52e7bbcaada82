"""Die Maulwurf Company: the layer and what points at it fit together. On a laptop the Moves
panel's newest lines lay a screen below the layer, so that hovering one marked a move off the
screen; on a phone a tapped line of the log brought its move into view with nothing leading
back to the log; the keyboard's focus ring on a mole was partly covered by the targets beside
it, and the purple band of a move pointed at crossed the mole that made it. Fixed positions:
a live table page shown ``logged_game()``'s position and log, or the board drawn alone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from molehaven.core import JSONValue
from tests.browser.pages import (
    LAPTOP,
    PHONE,
    create_table,
    draw_alone,
    fill_bots_and_start,
    open_page,
    resize,
    seen_by,
    show_a_fixed_position,
)
from tests.browser.test_maulwurf_company_table import BOARD, SLUG
from tests.browser.test_maulwurf_company_where import BOARD_MODULE, logged_game
from tests.server.live_server import LiveServer

# Where an element is on the screen: [left, top, right, bottom], and the screen's size.
BOX = """selector => {
    const node = document.querySelector(selector);
    if (!node) return null;
    const box = node.getBoundingClientRect();
    return [box.left, box.top, box.right, box.bottom];
}"""


def box(page: Page, selector: str) -> list[float]:
    found: list[float] | None = page.evaluate(BOX, selector)
    assert found is not None, f"nothing is {selector}"
    return found


def on_screen(page: Page, selector: str) -> bool:
    left, top, right, bottom = box(page, selector)
    width, height = page.evaluate("() => [innerWidth, innerHeight]")
    return bool(left >= -1 and top >= -1 and right <= width + 1 and bottom <= height + 1)


def open_logged_table(
    browser: Browser,
    server: LiveServer,
    viewport: dict[str, int],
    players: int = 2,
    *,
    touch: bool = False,
) -> tuple[Page, list[JSONValue]]:
    """A live table of Ann and bots whose page shows Ann ``logged_game()``'s position (two
    seats' moles; with more seats, the page's seats panel has their rows) and its log; with
    ``touch``, on a screen tapped with a finger (no pointer left hovering where it tapped)."""
    state, log = logged_game(12)
    if touch:
        page = browser.new_context(viewport=viewport, has_touch=True).new_page()  # type: ignore[arg-type]
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.errors = errors  # type: ignore[attr-defined]
        page.goto(f"{server.url}/")
    else:
        page = open_page(browser, f"{server.url}/", viewport=viewport)
    create_table(page, server, SLUG, players=players)
    fill_bots_and_start(page)
    legal = sorted(str(action) for action in state.legal_actions(0))
    show_a_fixed_position(page, state.observation(0), legal, log=log)
    expect(page.locator("#log li")).to_have_count(len(log))
    expect(page.locator(f"{BOARD} [data-mole]").first).to_be_attached()
    # The board's stylesheet has come (the page lays out its columns for the game with it).
    page.wait_for_function(
        """() => [...document.styleSheets]
            .some(sheet => (sheet.href || '').endsWith('/maulwurf-company.css'))"""
    )
    return page, log


def newest_move(log: list[JSONValue]) -> int:
    moves = [e for e in log if isinstance(e, dict) and str(e["text"]).startswith("move ")]
    return int(str(moves[-1]["n"]))


@pytest.mark.parametrize(
    ("viewport", "players"),
    [({"width": 1280, "height": 800}, 2), ({"width": 1366, "height": 768}, 4)],
    ids=["1280x800", "1366x768-four-seats"],
)
def test_on_a_laptop_the_layer_and_the_newest_moves_show_together(
    browser: Browser, server: LiveServer, viewport: dict[str, int], players: int
) -> None:
    """At 1280 x 800 the Moves panel came under the seats, the chat, How to play and the
    scores: its newest lines 1150 px down the page, the layer scrolled off the screen's top by
    the time they showed. Now, the page at its top, the whole layer and the log's newest line
    are on the screen, and hovering that line marks its move on the layer, on the screen."""
    page, log = open_logged_table(browser, server, viewport, players)
    assert page.evaluate("() => scrollY") == 0
    assert on_screen(page, f"{BOARD} svg.mc-layer"), box(page, f"{BOARD} svg.mc-layer")
    assert on_screen(page, "#log li:last-child"), box(page, "#log li:last-child")
    n = newest_move(log)
    line = f'#log li[data-n="{n}"]'
    assert on_screen(page, line), box(page, line)
    page.locator(line).hover()
    expect(page.locator(f"{BOARD} .mc-pointed-to")).to_have_count(1)
    assert page.evaluate("() => scrollY") == 0
    assert on_screen(page, f"{BOARD} .mc-pointed-to"), box(page, f"{BOARD} .mc-pointed-to")
    assert page.errors == []  # type: ignore[attr-defined]


# Whether the line of the log ``selector`` is on the screen, uncovered (the turn bar rises at
# the screen's foot on the way down).
UNCOVERED = """selector => {
    const line = document.querySelector(selector);
    const box = line.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) return false;
    const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return Boolean(seen) && line.contains(seen);
}"""


def test_on_a_phone_a_button_leads_back_from_the_layer_to_the_line_tapped(
    browser: Browser, server: LiveServer
) -> None:
    """A tap on a line of the Moves panel, screens below the layer, scrolled up to its move on
    the layer, and nothing led back. Now the prompt (the player's choices) is in view with the
    move marked, and beside the words saying which move is marked a button goes back to the
    line, which is then on the screen and not under the turn bar. A line of the last moves'
    strip, just above the layer, stays in view with the mark: no way back is needed there."""
    page, log = open_logged_table(browser, server, PHONE, touch=True)
    n = newest_move(log)
    line = f'#log li[data-n="{n}"]'
    page.locator(line).scroll_into_view_if_needed()
    page.locator(line).tap()
    expect(page.locator(f"{BOARD} .mc-pointed-to")).to_have_count(1)
    assert on_screen(page, f"{BOARD} .mc-pointed-to"), box(page, f"{BOARD} .mc-pointed-to")
    assert not on_screen(page, line)
    assert on_screen(page, f"{BOARD} .mc-prompt"), box(page, f"{BOARD} .mc-prompt")
    back = page.locator(f"{BOARD} .mc-back")
    expect(back).to_be_visible()
    expect(back).to_have_text("↓Back to moves")
    assert on_screen(page, f"{BOARD} .mc-back")
    back.tap()
    page.wait_for_function(UNCOVERED, arg=line, timeout=5000)
    expect(page.locator(line)).to_be_focused()
    # Its move is still marked, and the way back still offered from the layer.
    expect(page.locator(f"{BOARD} .mc-pointed-to")).to_have_count(1)
    expect(back).to_have_count(1)

    # The strip just above the layer: tapped at the page's top, it stays on the screen.
    page.evaluate("() => window.scrollTo(0, 0)")
    strip = "#recent-list li:last-child"
    page.locator(strip).tap()
    expect(page.locator(f"{BOARD} .mc-pointed-to")).to_have_count(1)
    assert on_screen(page, f"{BOARD} .mc-pointed-to"), box(page, f"{BOARD} .mc-pointed-to")
    assert on_screen(page, strip), box(page, strip)
    expect(back).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]


# The layer's paint order and the rings: what is drawn after the focus ring, where the ring
# is and whether it shows; the mole a move pointed at went to, and what of the pointed mark
# is drawn after it; the thick ring's inner edge at the top of its pulse.
PAINTED = """() => {
    const layer = document.querySelector("[data-board='maulwurf-company'] svg.mc-layer");
    const focused = document.activeElement;
    const rings = [...layer.querySelectorAll(".mc-focus-ring")];
    const ring = rings.find(node => getComputedStyle(node).visibility === "visible") || null;
    const drawn = [...layer.querySelectorAll(
        ".mc-mole, .mc-target, .mc-pointed, .mc-pointed-under")];
    const over = ring ? drawn.filter(node => !node.contains(ring)
        && Boolean(ring.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)) : [];
    const line = ring ? ring.querySelector(".mc-focus-line") : null;
    const mark = layer.querySelector(".mc-pointed");
    const mole = mark ? layer.querySelector(`.mc-mole[data-at="${mark.dataset.to}"]`) : null;
    const band = layer.querySelector(".mc-pointed-path");
    const to = layer.querySelector(".mc-pointed-to");
    for (const animation of document.getAnimations()) {
        animation.pause();
        animation.currentTime = 900;  // the top of the pulse (0.9 s each way)
    }
    const style = to ? getComputedStyle(to) : null;
    return {
        focused: focused.dataset.mole ?? null,
        ring: line ? ["cx", "cy", "r"].map(name => line.getAttribute(name)) : null,
        at: focused.dataset.mole ? ["cx", "cy"].map(name => focused.querySelector(".mc-mole-body")
            .getAttribute(name)) : null,
        over: over.map(node => node.getAttribute("class")),
        inHole: mole ? mole.classList.contains("in-hole") : null,
        bandOverMole: Boolean(band && mole
            && (mole.compareDocumentPosition(band) & Node.DOCUMENT_POSITION_FOLLOWING)),
        inner: style ? parseFloat(style.r) - parseFloat(style.strokeWidth) / 2 : null,
    };
}"""
DRAW = draw_alone(SLUG, "null").replace("seats};", 'seats, status: "running"};')
HIGHLIGHT = f"""async ([n, log]) => {{
    const board = await import("{BOARD_MODULE}");
    board.highlightMove(log[n], {{log}});
}}"""


@pytest.mark.draws_only
def test_the_focus_ring_is_drawn_over_the_marks_and_a_mole_pointed_at_stays_readable(
    browser: Browser, server: LiveServer
) -> None:
    """The keyboard's focus ring on a mole was drawn inside the mole: the targets beside it,
    drawn later, covered it where they met, and so did moles drawn later. It is drawn last
    now, over everything, round the focused mole. A line of the log pointed at a move into a
    hole: its purple band ran over the mole that moved, its number purple; the band now lies
    under the moles, and the thick ring's pulse stays clear of the hole (35.5 units) and of
    the dashed ring of a mole that may move (45)."""
    assert 'status: "running"' in DRAW, "draw_alone's table changed"
    state, log = logged_game(12)
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP)
    page.evaluate(DRAW, [*seen_by(state, 0, ["Ann", "Bea"]), False, log])
    moles = state.observation(0)["moles"]
    assert isinstance(moles, dict)
    # The last move into a hole whose mole is still there.
    into_hole = next(
        int(str(e["n"]))
        for e in reversed(log)
        if isinstance(e, dict)
        and (found := re.search(r"from \S+ to (\S+) into a hole", str(e["describe"])))
        and found[1] in moles
    )
    page.evaluate(HIGHLIGHT, [into_hole, log])
    page.focus("#to-lobby")  # the last link before the board
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.mole !== undefined"):
            break
    painted = page.evaluate(PAINTED)
    assert painted["focused"], painted
    assert painted["ring"] is not None and painted["over"] == [], painted
    assert painted["ring"] == [*painted["at"], "58"], painted
    assert painted["inHole"] is True and painted["bandOverMole"] is False, painted
    assert painted["inner"] is not None and painted["inner"] >= 45.5, painted
    assert page.errors == []  # type: ignore[attr-defined]


# Where the keyboard's focus is, in a word: the board, or the side panel it is in, by its
# heading ("Moves", "Seats", "Chat"), or the page's own element.
FOCUS_IN = """() => {
    const node = document.activeElement;
    if (node.closest("[data-board]")) return "board";
    const panel = node.closest(".side > .panel");
    if (panel) return panel.querySelector("h2, summary").textContent.trim();
    return node.id || node.tagName.toLowerCase();
}"""

# The side column's panels in the page's order, each with where its top is on the page.
# The side's panels in view (a hidden one, "This table's rules" at a standard table, has no
# place on the page).
SIDE_PANELS = """() => [...document.querySelectorAll(".side > .panel")]
  .filter(panel => !panel.hidden).map(panel => [
    panel.querySelector("h2, summary").textContent.trim(),
    Math.round(panel.getBoundingClientRect().top + scrollY),
])"""


def tab_stops(page: Page) -> list[str]:
    """Where the Tab key takes the focus from the site's link, stop after stop, until the
    page's last control (the next Tab leaves the page): each place once, in order."""
    page.focus("header .brand")
    places: list[str] = []
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement === document.body"):
            break
        place = page.evaluate(FOCUS_IN)
        if place not in places:
            places.append(place)
    return places


def in_order(places: list[str], *wanted: str) -> bool:
    return all(place in places for place in wanted) and sorted(wanted, key=places.index) == list(
        wanted
    )


def test_on_a_laptop_the_keyboard_goes_from_the_layer_to_the_moves_beside_it(
    browser: Browser, server: LiveServer
) -> None:
    """From 1200 px the Moves panel heads the column beside the layer, but a CSS order drew it
    there: the Tab key went from the board through the seats (Resign, the invite link), the
    chat and How to play before it reached the moves. Now the page holds the panels in the
    order they are seen: from the board the keyboard reaches the moves, then the seats and
    the chat. Below 1200 px the panels go under the board with the moves last, and so does
    the keyboard; back at a laptop's width the moves come first again. (Fails on the old
    page: the seats came before the moves at 1280 px.)"""
    page, _ = open_logged_table(browser, server, {"width": 1280, "height": 800})
    panels = page.evaluate(SIDE_PANELS)
    assert [name for name, _ in panels][:2] == ["Moves", "Seats"], panels
    assert [top for _, top in panels] == sorted(top for _, top in panels), panels
    stops = tab_stops(page)
    assert in_order(stops, "board", "Moves", "Seats", "Chat"), stops

    resize(page, {"width": 1024, "height": 768})
    panels = page.evaluate(SIDE_PANELS)
    assert [name for name, _ in panels][-1] == "Moves", panels
    assert [top for _, top in panels] == sorted(top for _, top in panels), panels
    stops = tab_stops(page)
    assert in_order(stops, "board", "Seats", "Chat", "Moves"), stops

    resize(page, {"width": 1280, "height": 800})
    assert in_order(tab_stops(page), "board", "Moves", "Seats", "Chat")
    # The log, moved about the page, still shows its newest line beside the layer.
    page.evaluate("() => window.scrollTo(0, 0)")
    assert on_screen(page, "#log li:last-child"), box(page, "#log li:last-child")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_last_moves_strip_gives_way_to_the_moves_beside_the_layer(
    browser: Browser, server: LiveServer
) -> None:
    """From 1200 px the Moves panel stands beside the layer, its newest lines on the screen,
    and the last moves' strip above the layer said them again. It is not shown there, and the
    layer takes its room; where the moves are under the board (below 1200 px, a phone) the
    strip stays. (Fails on the old page: the strip showed at 1280 px.)"""
    page, log = open_logged_table(browser, server, {"width": 1280, "height": 800})
    strip = page.locator("#recent")
    expect(strip).to_be_hidden()
    assert on_screen(page, f'#log li[data-n="{newest_move(log)}"]')
    layer = box(page, f"{BOARD} svg.mc-layer")
    assert on_screen(page, f"{BOARD} svg.mc-layer"), layer
    resize(page, {"width": 1024, "height": 768})
    expect(strip).to_be_visible()
    expect(strip.locator("li")).to_have_count(1)
    resize(page, PHONE)
    expect(strip).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]


def test_on_a_phone_a_tapped_line_shows_its_move_with_the_layer_s_bottom_row(
    browser: Browser, server: LiveServer
) -> None:
    """A tap on the Moves panel's newest line, screens below the layer, brought the marked
    move and the prompt into view, but the layer's bottom row ended 15 px below the screen:
    the button back to the moves, which came after the page had scrolled, made the line
    above the layer a finger high. Now the prompt, the mark and the whole layer to its
    bottom edge are on the screen. (Fails on the old page: the layer ended at 859 px on an
    844 px screen.)"""
    page, log = open_logged_table(browser, server, PHONE, touch=True)
    line = f'#log li[data-n="{newest_move(log)}"]'
    page.locator(line).scroll_into_view_if_needed()
    page.locator(line).tap()
    expect(page.locator(f"{BOARD} .mc-back")).to_be_visible()
    # The layer's window, which scrolls sideways: the layer as far as it is seen.
    for shown in (".mc-pointed-to", ".mc-window", ".mc-prompt", ".mc-back"):
        assert on_screen(page, f"{BOARD} {shown}"), (shown, box(page, f"{BOARD} {shown}"))
    assert page.errors == []  # type: ignore[attr-defined]
