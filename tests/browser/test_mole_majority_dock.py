"""Mole Majority played on a phone and on a laptop: on a phone upright, while it is this
seat's turn, what is asked, the buttons and the hand stay at the screen's foot under the
meadow, so that a turn is played without scrolling between the meadow and the hand; beside a
meadow laid wide on a laptop, the column's buttons keep to one line each and the whole hand is
on the screen; and another seat's turn is not told twice."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.pages import PHONE, draw_alone, open_page, resize, seen_by
from tests.browser.test_mole_majority_table import (
    BOARD,
    BOX,
    DESK,
    TABLET_SIDEWAYS,
    laid_wide,
    on_the_screen,
    open_a_fixed_table,
    resize_meadow,
    snap,
)
from tests.games.mole_majority.helpers import apply_all, s2, s3_to_the_turn_limit
from tests.server.live_server import LiveServer

DRAW = draw_alone("mole-majority", "null")
NAMES = ["Ann", "Bea"]

# The page scrolled so that the meadow's window starts at the screen's top, as a player on a
# phone holds it to play: where the window, the bar at the foot (what is asked, the buttons,
# the hand), End turn, the hand's cards and the meadow's offered places are, and for each
# place whether a tap at its middle reaches the meadow (not the bar over it).
AT_THE_MEADOW = f"""() => {{
    const board = document.querySelector("{BOARD}");
    const view = board.querySelector(".mm-meadow-window");
    window.scrollTo(0, 0);
    window.scrollBy(0, view.getBoundingClientRect().top);
    {BOX}
    const end = board.querySelector('[data-action="end"]');
    const places = [...view.querySelectorAll("[data-action], [data-pick]:not(.picked)")];
    return {{
        window: box(view),
        bar: box(board.querySelector(".mm-play-box")),
        prompt: box(board.querySelector(".mm-prompt")),
        end: end && box(end),
        cards: [...board.querySelectorAll(".mm-card")].map(box),
        places: places.map(place => {{
            const {{left, right, top, bottom}} = place.getBoundingClientRect();
            const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
            return {{left, right, top, bottom, meadow: Boolean(hit && view.contains(hit))}};
        }}),
        page_overflow: document.documentElement.scrollWidth - innerWidth,
    }};
}}"""
# The page at its top, as it opens: where the meadow's window and the bar are, and how the
# bar is placed.
AT_THE_TOP = f"""() => {{
    const board = document.querySelector("{BOARD}");
    window.scrollTo(0, 0);
    {BOX}
    return {{
        window: box(board.querySelector(".mm-meadow-window")),
        bar: box(board.querySelector(".mm-play-box")),
        position: getComputedStyle(board.querySelector(".mm-play-box")).position,
    }};
}}"""
# The page has laid itself out for the screen: the bar's height it last measured for the CSS
# (--mm-dock, which the meadow's window leaves free) is the bar's height now (a page that
# measures no bar: at once).
DOCK_MEASURED = f"""() => {{
    const table = document.querySelector("{BOARD}");
    const bar = table.querySelector(".mm-play-box").getBoundingClientRect().height;
    const dock = table.querySelector(".mm-meadow-window").style.getPropertyValue("--mm-dock");
    return dock === "" || dock === `${{Math.ceil(bar)}}px`;
}}"""
SMALL_PHONE = {"width": 375, "height": 667}


def inside(what: dict[str, float], frame: dict[str, float]) -> bool:
    return all(
        [
            what["left"] >= frame["left"],
            what["right"] <= frame["right"],
            what["top"] >= frame["top"],
            what["bottom"] <= frame["bottom"],
        ]
    )


@pytest.mark.draws_only
def test_on_a_phone_a_turn_is_played_with_the_meadow_in_view(
    browser: Browser, server: LiveServer
) -> None:
    """At 390 x 844 a turn was a card played from the hand under the meadow's window, a scroll
    up to the meadow to place, and a scroll down again to End turn; the hand, two cards a row,
    ran below the screen whatever was in view. Now, while it is Ann's turn, what is asked, the
    buttons and the hand stay at the screen's foot, the cards in one row that scrolls
    sideways: with the page at its top the bar is at the screen's foot, over the window; with
    the page at the meadow, a mole picked and its places offered, the prompt, End turn, every
    card's height and the whole window are on the screen, the window above the bar (its last
    row is not under the bar for good), and a tap on an offered place reaches the meadow; the
    same on a 375 x 667 phone. On the others' turns and once the game is over the bar is in
    its place under the meadow. Fixed positions, the board drawn alone: board S2, Ann has
    played Number 4 (moves, breeds, End turn, four cards left)."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    played = apply_all(s2(), "0: play four")
    page.evaluate(DRAW, seen_by(played, 0, NAMES))
    page.locator(f"{BOARD} svg [data-pick^='mole:']").first.click(force=True)
    expect(page.locator(f"{BOARD} svg .picked")).to_have_count(1)
    for screen in (PHONE, SMALL_PHONE):
        resize(page, screen)
        page.wait_for_function(DOCK_MEASURED)
        top = page.evaluate(AT_THE_TOP)
        assert abs(top["bar"]["bottom"] - screen["height"]) <= 1, (screen, top)
        assert top["bar"]["top"] < top["window"]["bottom"], (screen, top)
        seen = page.evaluate(AT_THE_MEADOW)
        assert seen["end"] is not None, seen
        for what in (seen["prompt"], seen["end"], seen["cards"][0], seen["window"]):
            assert on_the_screen(what, screen), (screen, what, seen)
        assert len(seen["cards"]) == 4, seen
        for card in seen["cards"]:
            assert card["top"] >= 0 and card["bottom"] <= screen["height"], (screen, card, seen)
        assert seen["window"]["bottom"] <= seen["bar"]["top"] + 1, (screen, seen)
        view = seen["window"]
        moves = [place for place in seen["places"] if inside(place, view)]
        assert moves, seen
        assert all(place["meadow"] for place in moves), (screen, moves)
        assert seen["page_overflow"] <= 0, (screen, seen)
        snap(page, f"phone-docked-placing-{screen['width']}")
    # A move tapped on the meadow plays.
    page.locator(f"{BOARD} svg.mm-meadow [data-action^='move']").first.click()
    clicked = page.evaluate("() => window.clicked")
    assert len(clicked) == 1 and clicked[0].startswith("move "), clicked
    # Bea's turn, seen by Ann, and the end: the bar is in its place under the meadow's window.
    resize(page, PHONE)
    bea = apply_all(s2(), "0: play four, 0: end, C: card three")
    assert bea.to_move() == [1]
    over = s3_to_the_turn_limit()
    for shown in (seen_by(bea, 0, NAMES), seen_by(over, 0, ["Ann", "Bea", "Cy"])):
        page.evaluate(DRAW, shown)
        top = page.evaluate(AT_THE_TOP)
        assert top["position"] != "sticky", top
        assert top["bar"]["top"] >= top["window"]["bottom"], top
    assert page.errors == []  # type: ignore[attr-defined]


# Every button of the controls over the hand: its box and its height against one line's
# (End turn's, or the first's); every card of the hand; the panel's column.
COLUMN = f"""() => {{
    window.scrollTo(0, 0);
    const board = document.querySelector("{BOARD}");
    {BOX}
    const buttons = [...board.querySelectorAll(".mm-controls button")];
    return {{
        buttons: buttons.map(node => ({{text: node.innerText, ...box(node)}})),
        cards: [...board.querySelectorAll(".mm-card")].map(box),
        column: box(board.querySelector(".mm-play-box")),
        page_overflow: document.documentElement.scrollWidth - innerWidth,
    }};
}}"""


def test_beside_a_meadow_laid_wide_the_columns_buttons_keep_to_one_line(
    browser: Browser, server: LiveServer
) -> None:
    """At 1280 x 800, beside a meadow laid five tiles wide with a Groundskeeper played, the
    16rem column's buttons broke in two lines and more ("Stack Convert: +1 to the
    Groundskeeper's roll number", the roll's direction under "Roll:"), and the hand's last card
    ran below the screen. The stacks are now chosen on the cards, the roll's direction is
    named above its two buttons: every button of the column is one line high, inside the
    column, and every card of the hand is on the screen (also at 1366 x 768 and 1024 x
    768). A fixed position on a live 2-player table: Ann has played Groundskeeper +2 with
    Number 2 +1 (the roll's direction, three stacks, End turn)."""
    played = apply_all(laid_wide(), "0: play keeper2 twoplus")
    page = open_a_fixed_table(browser, server, DESK, played, players=2)
    expect(page.locator(f"{BOARD} [data-action='end']")).to_have_count(1)
    for screen in (DESK, {"width": 1366, "height": 768}, TABLET_SIDEWAYS):
        resize_meadow(page, screen)
        seen = page.evaluate(COLUMN)
        width = screen["width"]
        assert len(seen["buttons"]) >= 3, seen
        line = min(button["bottom"] - button["top"] for button in seen["buttons"])
        for button in seen["buttons"]:
            assert button["bottom"] - button["top"] <= line + 1, (width, button, seen)
            assert button["right"] <= seen["column"]["right"] + 1, (width, button, seen)
        assert len(seen["cards"]) == 3, seen
        for card in seen["cards"]:
            assert on_the_screen(card, screen), (width, card, seen)
        assert seen["page_overflow"] <= 0, (width, seen)
        snap(page, f"wide-meadow-keeper-{width}")
    # The stacks are on the cards: Convert's two, Groundskeeper +1's one.
    expect(
        page.locator(f"{BOARD} .mm-card[data-card='convert'] [data-action^='stack']")
    ).to_have_count(2)
    expect(
        page.locator(f"{BOARD} .mm-card[data-card='keeper1'] [data-action^='stack']")
    ).to_have_count(1)
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_another_seats_turn_is_not_told_twice(browser: Browser, server: LiveServer) -> None:
    """The page's turn line above the board names whom the table waits for ("Hard bot 2 is
    thinking… 12 s"), and the board's prompt said it again ("Waiting for hard bot 2."). The
    prompt now says what that turn is about, without the name. Fixed positions: board S2,
    Bea to choose her card, then to use the card she played, seen by Ann."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    prompt = page.locator(f"{BOARD} .mm-prompt")
    bea = apply_all(s2(), "0: play four, 0: end, C: card three")
    page.evaluate(DRAW, seen_by(bea, 0, NAMES))
    expect(prompt).to_have_text("Not your turn: a card is being chosen.")
    apply_all(bea, "1: play three")
    page.evaluate(DRAW, seen_by(bea, 0, NAMES))
    expect(prompt).to_have_text("Not your turn: the card played is being used.")
    expect(page.locator(f"{BOARD} .mm-turn-line")).to_contain_text("Bea played Number 3")
    assert page.errors == []  # type: ignore[attr-defined]


# The page's chat and error pop-ups (as table.html has them), shown: where each is, and
# where the docked bar is.
TOASTS_AND_BAR = f"""() => {{
    const board = document.querySelector("{BOARD}");
    const view = board.querySelector(".mm-meadow-window");
    window.scrollTo(0, 0);
    window.scrollBy(0, view.getBoundingClientRect().top);
    for (const [tag, kind, words] of [["button", "chat-toast", "Bea: your move!"],
                                      ["p", "error-toast", "The server is busy."]]) {{
        const toast = document.createElement(tag);
        toast.className = kind;
        toast.textContent = words;
        document.body.append(toast);
    }}
    {BOX}
    return {{
        bar: box(board.querySelector(".mm-play-box")),
        toasts: [...document.querySelectorAll(".chat-toast, .error-toast")].map(box),
    }};
}}"""


@pytest.mark.draws_only
def test_on_a_phone_the_pop_ups_keep_off_the_docked_bar(
    browser: Browser, server: LiveServer
) -> None:
    """The chat's and the errors' pop-ups come up at the screen's foot (app.css), where the
    docked bar now holds End turn and the cards: for a few seconds a tap meant for a card
    opened the chat. While the bar is docked they come at the screen's top."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    page.evaluate(DRAW, seen_by(apply_all(s2(), "0: play four"), 0, NAMES))
    page.wait_for_function(DOCK_MEASURED)
    seen = page.evaluate(TOASTS_AND_BAR)
    assert len(seen["toasts"]) == 2, seen
    for toast in seen["toasts"]:
        assert on_the_screen(toast, PHONE), seen
        assert toast["bottom"] <= seen["bar"]["top"], seen
    assert page.errors == []  # type: ignore[attr-defined]
