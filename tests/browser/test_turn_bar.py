"""The table page's turn bar on a board that names no prompt of its own (Mole Hill): the page
watches the whole board. The Mole's prompt, which its board names, is tested with its table
(test_the_mole_table.py)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import (
    PHONE,
    SCROLL_TO_THE_END,
    fill_bots_and_start,
    open_page,
    open_table,
    play_random_targets_until_over,
    show_a_fixed_position,
)
from tests.games.maulwurf_company.helpers import apply_all as mc_apply_all
from tests.games.maulwurf_company.helpers import position as mc_position
from tests.games.mole_majority.helpers import S3_HAND_OTHERS, apply_all, s3
from tests.server.live_server import LiveServer

# This seat's move, as the page tells it, and whether the bar shows, in one frame.
MY_MOVE_AND_BAR = """([wanted]) => {
    const table = document.querySelector("#table");
    const bar = document.querySelector("#turn-bar");
    const myMove = table.dataset.myTurn === "true" && table.dataset.status === "running";
    const shown = Boolean(bar && !bar.hidden);
    return myMove && shown === wanted;
}"""
# The focused element: a move on the board (a square to dig to), wholly on the screen.
FOCUS_ON_A_MOVE_IN_VIEW = """() => {
    const node = document.activeElement;
    if (!node || !node.closest("[data-board]") || !node.dataset.action) return false;
    const box = node.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
}"""

# Watches for ``ms`` milliseconds, a look each frame, whether the bar ever shows.
BAR_EVER_SHOWN = """async ms => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
        if (!document.querySelector("#turn-bar").hidden) return true;
        await new Promise(resolve => requestAnimationFrame(resolve));
    }
    return false;
}"""


def wait_for_my_move(page: Page, *, bar_shown: bool) -> None:
    page.wait_for_function(MY_MOVE_AND_BAR, arg=[bar_shown], polling="raf", timeout=30_000)


@pytest.mark.bot_delay(0.3)
def test_the_turn_bar_leads_from_the_chat_to_the_board(
    browser: Browser, server: LiveServer
) -> None:
    """A person reading the page's end on a phone when their move comes saw only the title
    change: a bar now says so, and its button brings the board into view and focuses its
    first move. With the board in view there is no bar; a spectator never sees one, nor does
    the player once the game is over."""
    page = open_table(browser, server, "mole-hill", options={"rounds": 1}, viewport=PHONE)
    fill_bots_and_start(page)
    watcher = open_page(browser, page.url, viewport=PHONE)
    page.evaluate(SCROLL_TO_THE_END)
    wait_for_my_move(page, bar_shown=True)
    bar = page.locator("#turn-bar")
    expect(bar).to_contain_text("Your move")
    expect(bar).to_contain_text(page.locator("#asked").inner_text())

    page.get_by_role("button", name="Go to your move").click()
    page.wait_for_function(FOCUS_ON_A_MOVE_IN_VIEW, polling="raf", timeout=5_000)
    wait_for_my_move(page, bar_shown=False)

    # A spectator reading the page's end has no move: no bar.
    watcher.evaluate(SCROLL_TO_THE_END)
    assert not watcher.evaluate(BAR_EVER_SHOWN, 1_500)

    # Played to the end (the match's one round), the page's end shows the result: no bar.
    play_random_targets_until_over(page, random.Random(3))
    page.evaluate(SCROLL_TO_THE_END)
    assert not page.evaluate(BAR_EVER_SHOWN, 1_000)
    assert page.errors == [] and watcher.errors == []  # type: ignore[attr-defined]


# --------------------------------------------------------------- boards that name their controls

# Whether ``node`` shows on the screen: its box cut by every clipping box around it (Die
# Maulwurf Company's layer and Mole Majority's meadow scroll in windows of their own).
SHOWS = """(node, whole = false) => {
    let box = node.getBoundingClientRect();
    let top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight);
    let left = Math.max(box.left, 0), right = Math.min(box.right, innerWidth);
    for (let up = node.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const frame = up.getBoundingClientRect();
        top = Math.max(top, frame.top); bottom = Math.min(bottom, frame.bottom);
        left = Math.max(left, frame.left); right = Math.min(right, frame.right);
    }
    if (whole) return bottom - top >= box.height - 1 && right - left >= box.width - 1;
    return bottom - top >= 4 && right - left >= 4;
}"""
# A page scroll at which nothing the board offers shows; with ``board_half`` one where the
# board still fills half the screen (what the page's default rule counts as in view), else
# any. With ``some_shown`` instead one where an offered control shows but the board fills
# less than half the screen. null when there is none.
FIND_SCROLL = f"""([selector, offered, wantShown, boardHalf]) => {{
    const shows = {SHOWS};
    const board = document.querySelector(selector);
    const controls = [...board.querySelectorAll(offered)];
    const end = document.documentElement.scrollHeight - innerHeight;
    const found = [];
    for (let y = 0; y <= end + 20; y += 20) {{
        window.scrollTo(0, Math.min(y, end));
        const box = board.getBoundingClientRect();
        const filled = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
        const half = filled >= Math.min(box.height, innerHeight) / 2;
        // Shown: one control whole (the page counts one half in view); not shown: none at all.
        const anyShown = controls.some(node => shows(node, wantShown));
        if (anyShown === wantShown && (wantShown ? !half : half === boardHalf || !boardHalf))
            found.push(window.scrollY);
    }}
    window.scrollTo(0, 0);
    return found.length ? found[Math.floor(found.length / 2)] : null;
}}"""
FOCUS_ON_AN_OFFERED_CONTROL = f"""([offered]) => {{
    const node = document.activeElement;
    return Boolean(node && node.closest("[data-board]") && node.matches(offered)
        && ({SHOWS})(node));
}}"""

# Waits until the page has not scrolled for ten frames (a smooth scroll is over).
SCROLL_SETTLED = """async () => {
    let still = 0, last = scrollY;
    while (still < 10) {
        await new Promise(resolve => requestAnimationFrame(resolve));
        still = scrollY === last ? still + 1 : 0;
        last = scrollY;
    }
}"""

BOARD_GAMES = {
    # Die Maulwurf Company: the prompt's buttons, the offered targets, the moles that may move.
    "maulwurf-company": ("[data-action]:not([disabled]), [data-mole]", {}),
    # Mole Majority: the meadow's spaces and moles, the hand's cards, the choices, End turn.
    "mole-majority": ("[data-action]:not([disabled]), [data-pick]:not(.picked)", {}),
}


@pytest.mark.bot_delay(0.3)
@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("game", list(BOARD_GAMES))
def test_the_turn_bar_follows_the_offered_controls_on_a_tall_board(
    browser: Browser, server: LiveServer, game: str, width: int
) -> None:
    """On a phone Die Maulwurf Company's layer and Mole Majority's meadow, hand and End turn
    make boards far taller than the screen; the page counted the board in view once it filled
    half the screen, which could be the discs, the seats or a bare stretch of meadow with
    nothing to click. Now the bar shows exactly while none of the offered controls shows,
    "Go to your move" brings one into view and focuses it, and with one in view (however
    little of the board) there is no bar. The same at 1280 x 800, where the page can often
    not be scrolled off every offered control."""
    offered, options = BOARD_GAMES[game]
    board = f"[data-board='{game}']"
    viewport = PHONE if width == 390 else {"width": 1280, "height": 800}
    page = open_table(browser, server, game, options=options, viewport=viewport)
    fill_bots_and_start(page)
    page.wait_for_function(
        f"""() => document.querySelector("#table").dataset.myTurn === "true"
            && document.querySelectorAll("{board} :is({offered})").length > 0""",
        polling="raf",
        timeout=60_000,
    )
    page.wait_for_timeout(300)  # the board's own window settles on its offered controls
    # Nothing offered shows, though half the screen is board: the bar shows.
    y = page.evaluate(FIND_SCROLL, [board, offered, False, True])
    if y is None:  # no such place in this deal: any place where nothing offered shows
        y = page.evaluate(FIND_SCROLL, [board, offered, False, False])
    if y is None:  # a desk's screen where something offered always shows: never a bar
        assert width > 390
        page.evaluate(SCROLL_TO_THE_END)
        assert not page.evaluate(BAR_EVER_SHOWN, 1_000)
        return
    page.evaluate(f"() => window.scrollTo(0, {y})")
    wait_for_my_move(page, bar_shown=True)

    page.get_by_role("button", name="Go to your move").click()
    page.wait_for_function(FOCUS_ON_AN_OFFERED_CONTROL, arg=[offered], polling="raf", timeout=5_000)
    page.evaluate(SCROLL_SETTLED)
    assert page.evaluate(FOCUS_ON_AN_OFFERED_CONTROL, [offered])
    wait_for_my_move(page, bar_shown=False)
    page.screenshot(path=f"test-artifacts/turn-bar-{game}-{width}.png")

    # An offered control shows though little of the board does: no bar.
    y = page.evaluate(FIND_SCROLL, [board, offered, True, False])
    if y is not None:
        page.evaluate(f"() => window.scrollTo(0, {y})")
        assert page.evaluate(MY_MOVE_AND_BAR, [False])
        assert not page.evaluate(BAR_EVER_SHOWN, 1_000)
    assert page.errors == []  # type: ignore[attr-defined]


# Mole Majority on a phone, the page at its top: whether any control the board offers shows,
# and how much of the screen the board fills (the old rule counted the place in view once the
# board filled half of it).
PAGE_AT_THE_TOP = f"""([offered]) => {{
    const shows = {SHOWS};
    const board = document.querySelector("[data-board='mole-majority']");
    window.scrollTo(0, 0);
    const box = board.getBoundingClientRect();
    return {{
        shown: [...board.querySelectorAll(offered)].filter(node => shows(node))
            .map(node => node.dataset.action || node.dataset.pick),
        filled: (Math.min(box.bottom, innerHeight) - Math.max(box.top, 0)) / innerHeight,
    }};
}}"""


def test_the_turn_bar_follows_mole_majoritys_hand_and_end_turn_on_a_phone(
    browser: Browser, server: LiveServer
) -> None:
    """Later in a turn (a card played and its two steps taken) Mole Majority offers only the
    hand's card to stack and End turn. They lay in the panel under the meadow's window, below
    the first screen of a 390 x 844 phone, and with the page at its top the bar showed. They
    now stay at the screen's foot while the board is in view (test_mole_majority_dock.py):
    at the top both show, and no bar. Read at the page's end (the chat, the moves) nothing
    offered shows: the bar shows, "Go to your move" brings an offered control into view and
    focuses it, and then the bar goes. A live 3-player table shows the fixed position."""
    hands = (("two", "twoplus", "three", "four", "cavein"), *[S3_HAND_OTHERS] * 2)
    state = apply_all(s3(hands=hands), "0: play two, 0: move b1 a1, 0: move b2 a2")
    legal = sorted(str(action) for action in state.legal_actions(0))
    assert legal == ["end", "stack twoplus"]
    offered, _ = BOARD_GAMES["mole-majority"]
    page = open_table(browser, server, "mole-majority", players=3, viewport=PHONE)
    fill_bots_and_start(page)
    show_a_fixed_position(page, state.observation(0), legal)
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "true")
    board = page.locator("[data-board='mole-majority']")
    # The stack on its card and End turn, nothing on the meadow.
    expect(board.locator(":is([data-action], [data-pick]:not(.picked))")).to_have_count(2)
    expect(board.locator(".mm-meadow-window :is([data-action], [data-pick])")).to_have_count(0)

    seen = page.evaluate(PAGE_AT_THE_TOP, [offered])
    assert sorted(seen["shown"]) == legal and seen["filled"] >= 0.5, seen
    assert not page.evaluate(BAR_EVER_SHOWN, 1_000)

    page.evaluate(SCROLL_TO_THE_END)
    wait_for_my_move(page, bar_shown=True)
    expect(page.locator("#turn-bar")).to_contain_text("Use your card, then end your turn.")
    page.screenshot(path="test-artifacts/turn-bar-mole-majority-later-390.png")

    page.get_by_role("button", name="Go to your move").click()
    page.wait_for_function(FOCUS_ON_AN_OFFERED_CONTROL, arg=[offered], polling="raf", timeout=5_000)
    page.evaluate(SCROLL_SETTLED)
    assert page.evaluate(FOCUS_ON_AN_OFFERED_CONTROL, [offered])
    wait_for_my_move(page, bar_shown=False)
    assert page.errors == []  # type: ignore[attr-defined]


# Whether one of the controls a board offers shows (with ``whole``: shows whole).
OFFERED_SHOWS = f"""([board, offered, whole]) => [...document.querySelectorAll(
    `${{board}} :is(${{offered}})`)].some(node => ({SHOWS})(node, whole))"""


def test_the_turn_bar_goes_when_a_board_redrawn_by_itself_brings_its_controls_into_view(
    browser: Browser, server: LiveServer
) -> None:
    """A board may redraw itself between the server's updates (Die Maulwurf Company's "Zoom in
    on the layer"), replacing the controls the page watched while they were out of view: the
    browser reports nothing of elements that leave the page unseen, so the bar stayed over
    the controls the redraw brought into view until the next move. Now the page looks again
    whenever the board changes. On a 390 x 844 phone, the whole green layer scrolled just
    above the screen, its zoom button at the top: the bar shows; zoomed in, the layer grows
    down into the screen with an offered mole, and the bar goes."""
    moles = {0: "+2-5 -2+5 +0+0", 1: "+0-5 +5-5 -5+5"}  # Ann's on the top and bottom rows
    state = mc_apply_all(mc_position(moles, layer="green", face_down={0: "1"}), "c flip 1")
    legal = sorted(str(action) for action in state.legal_actions(0))
    offered, _ = BOARD_GAMES["maulwurf-company"]
    board = "[data-board='maulwurf-company']"
    page = open_table(browser, server, "maulwurf-company", viewport=PHONE)
    fill_bots_and_start(page)
    show_a_fixed_position(page, state.observation(0), legal)
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "true")
    page.get_by_role("button", name="Show the whole layer").click()
    zoom = page.get_by_role("button", name="Zoom in on the layer")
    page.evaluate(
        f"""() => window.scrollBy(0, document.querySelector("{board} .mc-zoom")
            .getBoundingClientRect().top - 8)"""
    )
    assert not page.evaluate(OFFERED_SHOWS, [board, offered, False]), "a control shows"
    wait_for_my_move(page, bar_shown=True)
    zoom.click()
    page.wait_for_function(OFFERED_SHOWS, arg=[board, offered, True], polling="raf", timeout=5_000)
    wait_for_my_move(page, bar_shown=False)
    assert page.errors == []  # type: ignore[attr-defined]
