"""Mole Majority's drawn table in a real browser: a person plays a whole (short) game against
bots by clicking the meadow, the cards and the named buttons only, never typing notation.

Actions that name two places ("move b1 e2", "cave b-e b-f") are built one click at a time: the
first click picks (``data-pick``), the last carries the whole action; a roll in the direction
not currently chosen needs the direction toggle first.
At every decision the test checks that the clickable things are exactly the seat's legal
actions. Screenshots at 1280 and 390 px (and 768 and 1024 px: tablets; 844 x 390: a phone on
its side) go to ``test-artifacts/mole-majority/``.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import molehaven
from molehaven.core import CHANCE, State
from tests.browser.pages import (
    CHANGED,
    LAPTOP,
    NEXT_FRAMES,
    PHONE,
    UNTIL,
    draw_alone,
    fill_bots_and_start,
    open_page,
    open_table,
    resize,
    show_a_fixed_position,
    status,
    until,
    version,
    wait_for,
)
from tests.games.mole_majority.helpers import (
    CORE_DRAWS,
    S3_HAND_OTHERS,
    apply_all,
    deal,
    new_game,
    s2,
    s3,
    s3_to_the_turn_limit,
    seat_view,
    spaces,
)
from tests.server.live_server import LiveServer

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "mole-majority"
DESK = {"width": LAPTOP["width"], "height": 800}
# A short game (MM-40, MM-49): few turns, few Claim Tokens.
SHORT = {"turn_limit": "8", "claim_tokens": "3"}

BOARD = "[data-board=mole-majority]"
# A page script's ``box(node)``: the node's edges on the screen (put in with {BOX}).
BOX = """const box = (node) => {
        const {left, right, top, bottom} = node.getBoundingClientRect();
        return {left, right, top, bottom};
    };"""
# What the board offers now: whole actions, and first parts of multi-part ones.
OFFERED = f"""() => {{
    const board = document.querySelector('{BOARD}');
    if (!board) return null;
    const all = (selector) => [...board.querySelectorAll(selector)];
    return {{
        actions: all('[data-action]').map(node => node.dataset.action),
        picks: all('[data-pick]').map(node => node.dataset.pick),
        picked: all('.picked').map(node => node.dataset.pick),
    }};
}}"""
MY_TURN = f"""([before, seconds]) => {{
    const table = document.querySelector("#table");
    const moved = () => before === null || ({CHANGED})(before);
    return ({UNTIL})(() => {{
        const offered = ({OFFERED})();
        if (moved() && (table.dataset.status === "over" || (offered && offered.actions.length))) {{
            return {{status: table.dataset.status, version: table.dataset.version}};
        }}
        return null;
    }}, seconds);
}}"""


def create_short_table(page: Page, server: LiveServer) -> str:
    """The lobby's form with the short-game options typed in; returns the table id."""
    page.goto(f"{server.url}/")
    page.wait_for_selector("#game option[value='mole-majority']", state="attached")
    page.select_option("#game", "mole-majority")
    for option, value in SHORT.items():
        page.fill(f"#option-{option}", value)
    page.fill("#name", "Ann")
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/tables/*")
    expect(page.locator("#table")).to_have_attribute("data-you", "0")
    return page.url.rsplit("/", 1)[-1]


# The legal actions the server sent this seat, as the page's generic fallback lists them
# (the record of a hidden-information game is sealed until it ends).
LEGAL_SENT = """() => ({
    version: document.querySelector("#table").dataset.version,
    legal: [...document.querySelectorAll("#legal-list option")].map(option => option.value),
})"""
LISTED = 400  # the fallback lists at most this many


def legal_now(page: Page) -> tuple[int, list[str]]:
    sent: dict[str, object] = page.evaluate(LEGAL_SENT)
    return int(str(sent["version"])), sorted(str(a) for a in sent["legal"])  # type: ignore[attr-defined]


def first_parts(action: str) -> list[str]:
    """The picks that lead to a multi-part action (any one of them starts it)."""
    words = action.split()
    if words[0] == "move":
        return [f"mole:{words[1]}"]
    if words[0] == "roll":  # the mole (when it may move too) or the other roll direction
        return [f"mole:{words[1]}", f"dir:{words[2]}"]
    if words[0] == "cave":
        return [f"edge:{words[1]}", f"edge:{words[2]}"]
    return []


def assert_offers_exactly_the_legal_actions(
    offered: dict[str, list[str]], legal: list[str]
) -> None:
    """Every click target is legal, and every legal action is one click or a pick away."""
    assert set(offered["actions"]) <= set(legal), set(offered["actions"]) - set(legal)
    for action in legal:
        if action not in offered["actions"]:
            assert set(first_parts(action)) & set(offered["picks"]), action
    reachable = {part for action in legal for part in first_parts(action)}
    assert set(offered["picks"]) <= reachable


def snap(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def board_fits(page: Page, viewport: dict[str, int]) -> None:
    """Nothing is wider than the screen: on a phone the meadow is drawn larger than the screen
    inside a window of its own that scrolls; on a laptop all of it is in view unscrolled.
    Measured two frames on: a full-page screenshot (``snap``) lays the page out at its whole
    height and back, and the board measures itself again on the resize (run 80: the meadow's
    foot 2 px below the screen, read before it had)."""
    page.evaluate(NEXT_FRAMES)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= viewport["width"]
    window = page.locator(f"{BOARD} .mm-meadow-window").bounding_box()
    assert window is not None and window["x"] >= 0
    assert window["x"] + window["width"] <= viewport["width"]
    if viewport["width"] >= DESK["width"]:
        meadow = page.locator(f"{BOARD} svg.mm-meadow").bounding_box()
        assert meadow is not None and meadow["width"] <= window["width"]
        assert meadow["y"] >= 0 and meadow["y"] + meadow["height"] <= viewport["height"]


def click_pick(page: Page, part: str) -> None:
    page.locator(f'{BOARD} [data-pick="{part}"]').first.click(force=True, no_wait_after=True)
    expect(page.locator(f'{BOARD} .picked[data-pick="{part}"]')).to_have_count(1)


def click_action(page: Page, action: str) -> None:
    before = version(page)
    page.locator(f'{BOARD} [data-action="{action}"]').first.click(force=True, no_wait_after=True)
    until(page, CHANGED, before)


def choose(rng: random.Random, legal: list[str]) -> str:
    """A person's choice: mostly doing something on the board, ending the turn now and then."""
    busy = [a for a in legal if a not in ("end", "discard", "pass")]
    if busy and rng.random() < 0.85:
        return rng.choice(busy)
    return rng.choice(legal)


def test_a_person_plays_a_whole_mole_majority_game_by_clicking(
    browser: Browser, server: LiveServer
) -> None:
    page = open_page(browser, f"{server.url}/", viewport=DESK)
    table_id = create_short_table(page, server)
    fill_bots_and_start(page)
    rng = random.Random(14)
    before: str | None = None
    played: list[str] = []
    multi_part: list[str] = []
    while True:
        seen = page.evaluate(MY_TURN, [before, 20])
        assert seen is not None, "the page offered nothing and the game did not end"
        if seen["status"] == "over":
            break
        offered = page.evaluate(OFFERED)
        number, legal = legal_now(page)
        if number != int(seen["version"]) or not legal:
            before = None  # a bot moved meanwhile: look again
            continue
        if len(legal) < LISTED:
            assert_offers_exactly_the_legal_actions(offered, legal)
        if not played:  # setup: the free places to choose from
            snap(page, "desk-setup")
        # The turn line above the meadow says what is asked, in words (rules 3-4).
        verbs = {action.split(" ")[0] for action in legal}
        if verbs <= {"base", "place"}:
            expect(page.locator("#asked")).to_have_text(
                re.compile(r"Choose your Home Base\.|Place the drawn [3-6]-space tile\.")
            )
        elif "play" in verbs:
            expect(page.locator("#asked")).to_have_text("Play a card, or discard your hand.")
        action = choose(rng, legal)
        if action not in offered["actions"]:  # built from two clicks
            part = next(p for p in first_parts(action) if p in offered["picks"])
            click_pick(page, part)
            if not multi_part:  # pointing at the last part shows what it would do
                target = page.locator(f'{BOARD} [data-action="{action}"]').first
                target.hover(force=True)
                # Named in words, as the space or button is, not in notation ("move b1 c2").
                label = target.get_attribute("aria-label") or ""
                named = f"{label[:1].upper()}{label[1:]}:"
                expect(page.locator(f"{BOARD} .mm-preview")).to_contain_text(named)
                snap(page, "desk-picked")
                board_fits(page, DESK)
                resize(page, PHONE)
                snap(page, "phone-picked")
                board_fits(page, PHONE)
                resize(page, DESK)
            multi_part.append(action)
        click_action(page, action)
        played.append(action)
        before = seen["version"]
        assert page.locator("#error").inner_text() == "", action
    wait_for(lambda: status(page) == "over")
    expect(page.locator("#result")).not_to_be_empty()
    expect(page.locator(f"{BOARD} .mm-prompt")).to_contain_text("The game is over")
    expect(page.locator(f"{BOARD} .mm-end-hands li")).to_have_count(2)  # every hand is shown
    snap(page, "desk-over")
    board_fits(page, DESK)
    resize(page, PHONE)
    snap(page, "phone-over")
    board_fits(page, PHONE)
    # Every click landed as the very action it carried, in order, and the game was finished.
    record = page.request.get(f"{server.url}/api/tables/{table_id}/record").json()
    assert [a["action"] for a in record["actions"] if a["seat"] == 0] == played
    assert molehaven.replay(record).is_terminal()
    assert any(a.startswith("play") for a in played)
    assert multi_part, played  # at least one action was built from two clicks
    assert page.errors == []  # type: ignore[attr-defined]


# The board drawn alone for one seat: its page's turn line (``turn``) as the result.
DRAW_ALONE = draw_alone("mole-majority", "board.turn({observation, legal, table, you})")


@pytest.mark.draws_only
def test_the_turn_line_names_stacked_cards_as_the_hand_shows_them(
    browser: Browser, server: LiveServer
) -> None:
    """Stacks are told by the cards' titles from the game's guide ("Number 2 +1"), and a
    stacked Convert by what it adds, as its button said; never in notation ("twoplus")."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=DESK)
    state = s2(hand_0=("four", "twoplus", "convert", "two", "three"))
    apply_all(state, "0: play four, 0: stack twoplus, 0: stack convert step")
    legal = sorted(str(action) for action in state.legal_actions(0))
    page.evaluate(DRAW_ALONE, [state.observation(0), legal, 0, ["Ann", "Bea"]])
    line = page.locator(f"{BOARD} .mm-turn-line")
    expect(line).to_contain_text("You played Number 4")  # said to Ann, whose turn it is
    expect(line).to_contain_text("stacked: Number 2 +1, Convert (+1 move or breed)")
    expect(line).not_to_contain_text("twoplus")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_a_seat_that_is_out_is_told_so_for_the_rest_of_the_game(
    browser: Browser, server: LiveServer
) -> None:
    """MM-38 (the rules' example): seat 2 loses its Home Base's last moles and is out while
    the others play on; its prompt and the page's turn line say so, not "Waiting for …"."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    hands = (S3_HAND_OTHERS, ("three", "keeper1", "two", "four", "cavein"), S3_HAND_OTHERS)
    state = s3(hands=hands, turn_limit=7)
    apply_all(state, "0: play two, 0: end, C: card three, 1: play three, 1: end, C: card three")
    apply_all(state, "2: play four, 2: move m1 h1, 2: move m2 h2, 2: move m3 h3")
    apply_all(state, "2: move m4 i1, 2: end, C: card three, 0: play three, 0: end, C: card three")
    apply_all(state, "1: play keeper1 two, 1: roll m5 cw, 1: end, C: card three")
    assert not state.is_terminal() and seat_view(state, 2)["eliminated"]
    names = ["Ann", "Bea", "Cy"]
    told = page.evaluate(DRAW_ALONE, [state.observation(2), [], 2, names])
    assert told == {
        "you": False,
        "text": "You are out of the game",
        "asked": "None of your Claim Tokens is left on the board.",
    }
    prompt = page.locator(f"{BOARD} .mm-prompt")
    expect(prompt).to_contain_text("You are out of the game (none of your Claim Tokens")
    expect(prompt).not_to_contain_text("Waiting")
    snap(page, "phone-out")
    # The others are told what the turn is about (the page's turn line says whose it is).
    assert page.evaluate(DRAW_ALONE, [state.observation(1), [], 1, names]) is None
    expect(prompt).to_have_text("Not your turn: a card is being chosen.")
    assert page.errors == []  # type: ignore[attr-defined]


# The board drawn alone, with what a finger meets at 390 px: every space's size on screen, the
# tap area of each clickable one (its touch ring, else itself), and the meadow's window.
SIZES = f"""() => {{
    const board = document.querySelector("{BOARD}");
    const box = (node) => node.getBoundingClientRect();
    const spaces = [...board.querySelectorAll("[data-space]")];
    const rings = [...board.querySelectorAll(".mm-touch")];
    const tap = (space) => Math.max(box(space).width, ...rings
        .filter(ring => ring.getAttribute("cx") === space.getAttribute("cx")
            && ring.getAttribute("cy") === space.getAttribute("cy"))
        .map(ring => box(ring).width));
    const window = board.querySelector(".mm-meadow-window") || board.querySelector("svg.mm-meadow");
    return {{
        smallest: Math.min(...spaces.map(space => box(space).width)),
        tappable: Math.min(...spaces.filter(space => space.hasAttribute("tabindex")).map(tap)),
        page: document.documentElement.scrollWidth,
        window: {{left: box(window).left, right: box(window).right}},
    }};
}}"""
TURN = draw_alone("mole-majority", "null")


@pytest.mark.draws_only
def test_on_a_phone_the_meadow_spaces_are_big_enough_to_read_and_tap(
    browser: Browser, server: LiveServer
) -> None:
    """At 390 px the whole meadow squeezed into the screen drew its spaces 13 px wide: now it is
    drawn larger, in a window that scrolls sideways, with a button to see it whole. A tap
    beside a mole, not on it, still picks it; a laptop still sees the whole meadow at once."""
    state = s3()
    apply_all(state, "0: play two")
    legal = sorted(str(action) for action in state.legal_actions(0))
    arguments = [state.observation(0), legal, 0, ["Ann", "Bea", "Cy"]]
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    page.evaluate(TURN, arguments)
    sizes = page.evaluate(SIZES)
    assert sizes["smallest"] >= 22, f"a space is {sizes['smallest']:.1f} px wide at 390 px"
    assert sizes["tappable"] >= 40, f"a space takes taps {sizes['tappable']:.1f} px wide"
    assert sizes["page"] <= PHONE["width"]
    assert sizes["window"]["left"] >= 0 and sizes["window"]["right"] <= PHONE["width"]
    snap(page, "phone-near")
    # A finger lands 16 px to the right of one of Ann's moles: it picks the mole, and the
    # board asks where it goes, with the places it may go to in view.
    mole = page.locator(f'{BOARD} [data-pick^="mole:"]').first
    part = mole.get_attribute("data-pick")
    mole.scroll_into_view_if_needed()
    spot = mole.bounding_box()
    assert spot is not None
    page.mouse.click(spot["x"] + spot["width"] / 2 + 16, spot["y"] + spot["height"] / 2)
    expect(page.locator(f'{BOARD} .picked[data-pick="{part}"]')).to_have_count(1)
    destination = page.locator(f"{BOARD} svg.mm-meadow [data-action^='move']").first
    expect(destination).to_be_in_viewport()
    # The whole meadow on demand, and back.
    page.get_by_role("button", name="Show the whole meadow").click()
    window = page.locator(f"{BOARD} .mm-meadow-window").bounding_box()
    meadow = page.locator(f"{BOARD} svg.mm-meadow").bounding_box()
    assert window is not None and meadow is not None and meadow["width"] <= window["width"]
    snap(page, "phone-whole")
    page.get_by_role("button", name="Zoom in on the meadow").click()
    assert page.evaluate(SIZES)["smallest"] >= 22
    # On a laptop nothing changes: the whole meadow, no zoom button.
    resize(page, DESK)
    page.evaluate(TURN, arguments)
    page.locator(f"{BOARD} svg.mm-meadow").evaluate("meadow => meadow.scrollIntoView()")
    board_fits(page, DESK)
    expect(page.get_by_role("button", name="Show the whole meadow")).to_have_count(0)
    snap(page, "desk-near")
    assert page.errors == []  # type: ignore[attr-defined]


# The meadow's window on a phone scrolled to ``where`` (0 its left end, 1 its right end): its
# box and its frame's (the box the shades are drawn in), and which of the two shades shows.
SHADES = f"""async where => {{
    const view = document.querySelector("{BOARD} .mm-meadow-window");
    view.scrollLeft = where * (view.scrollWidth - view.clientWidth);
    view.dispatchEvent(new Event("scroll"));
    const frame = view.parentElement;
    const shown = (side) => {{
        const style = getComputedStyle(frame, side);
        return style.content !== "none" && style.display !== "none" && style.opacity === "1";
    }};
    await new Promise(resolve => setTimeout(resolve, 400));  // the shades fade in 0.2 s
    {BOX}
    return {{
        scrolls: view.scrollWidth - view.clientWidth,
        view: box(view), frame: box(frame),
        left: shown("::before"), right: shown("::after"),
    }};
}}"""


@pytest.mark.draws_only
def test_on_a_phone_the_meadows_window_is_shaded_where_more_lies_beyond(
    browser: Browser, server: LiveServer
) -> None:
    """At 390 x 844 the meadow's window scrolls sideways (the meadow is 639 px wide in 350),
    and its edges cut the tiles like the meadow's end: the window was marked as having more
    beyond a side (markScrollEdges) but nothing was drawn for it there. Now a shade shows on
    each side with more of the meadow beyond it, over the window alone (not the zoom button
    above it), as on a phone on its side."""
    state = apply_all(s3(), "0: play two")
    legal = sorted(str(action) for action in state.legal_actions(0))
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    page.evaluate(TURN, [state.observation(0), legal, 0, ["Ann", "Bea", "Cy"]])
    for where, left, right in ((0, False, True), (0.5, True, True), (1, True, False)):
        seen = page.evaluate(SHADES, where)
        assert seen["scrolls"] > 100, seen
        assert (seen["left"], seen["right"]) == (left, right), (where, seen)
        assert seen["frame"] == seen["view"], seen
    snap(page, "phone-shades")
    assert page.errors == []  # type: ignore[attr-defined]


TABLET_UPRIGHT = {"width": 768, "height": 1024}
TABLET_SIDEWAYS = {"width": 1024, "height": 768}
NUMBER_CARDS = ("two", "three", "four", "twoplus", "cavein")  # each plays alone: move or breed
# What a player sees of the table page unscrolled: the smallest space, the tap area of each
# clickable space (its touch ring), anything wider than the screen, the board or a panel of the
# side column, where the meadow, the hand's card titles and the side column lie, and the screen.
IN_VIEW = f"""() => {{
    window.scrollTo(0, 0);
    const board = document.querySelector("{BOARD}");
    const box = (node) => node.getBoundingClientRect();
    const all = (selector) => [...board.querySelectorAll(selector)].map(box);
    const meadow = box(board.querySelector("svg.mm-meadow"));
    const host = document.querySelector("#board");
    return {{
        space: Math.min(...all("[data-space]").map(space => space.width)),
        rings: all(".mm-touch").map(ring => ring.width),
        page_overflow: document.documentElement.scrollWidth - innerWidth,
        board_overflow: host.scrollWidth - host.clientWidth,
        side_overflow: Math.max(...[...document.querySelectorAll(".side .panel")]
            .map(panel => panel.scrollWidth - panel.clientWidth)),
        meadow: {{top: meadow.top, bottom: meadow.bottom, left: meadow.left, right: meadow.right}},
        titles_bottom: Math.max(...all(".mm-card-title").map(title => title.bottom)),
        side_left: box(document.querySelector(".side")).left,
        scores: {{top: box(board.querySelector(".mm-seats")).top,
            bottom: box(board.querySelector(".mm-seats")).bottom}},
        screen: {{width: innerWidth, height: innerHeight}},
    }};
}}"""


PHONE_SIDEWAYS = {"width": 844, "height": 390}
# The page scrolled so that the meadow's foot is at the screen's foot: where the meadow's foot,
# what is asked and the End turn button are then.
PANEL_AT_MEADOWS_FOOT = f"""() => {{
    const board = document.querySelector("{BOARD}");
    const meadow = board.querySelector("svg.mm-meadow");
    window.scrollBy(0, meadow.getBoundingClientRect().bottom - innerHeight);
    const box = (node) => {{
        const {{top, bottom}} = node.getBoundingClientRect();
        return {{top, bottom}};
    }};
    return {{
        meadow_bottom: meadow.getBoundingClientRect().bottom,
        prompt: box(board.querySelector(".mm-prompt")),
        end: box(board.querySelector('[data-action="end"]')),
    }};
}}"""


def scores_in_view(page: Page) -> None:
    """At 1024 x 768, every player's points are on the first screen, unscrolled."""
    seen = page.evaluate(IN_VIEW)
    assert seen["screen"] == TABLET_SIDEWAYS, seen["screen"]
    assert seen["scores"]["top"] >= 0, seen["scores"]
    assert seen["scores"]["bottom"] <= TABLET_SIDEWAYS["height"], seen["scores"]
    for score in page.locator(f"{BOARD} .mm-seat-score").all_inner_texts():
        assert re.fullmatch(r"\d+ pts", score), score


def click_through_the_setup(page: Page, rng: random.Random) -> None:
    """Choose a Home Base and lay tiles at random until this seat is to play its first card."""
    before: str | None = None
    while True:
        seen = page.evaluate(MY_TURN, [before, 20])
        assert seen is not None and seen["status"] == "running"
        offered = page.evaluate(OFFERED)["actions"]
        if any(action.startswith(("play ", "discard")) for action in offered):
            return
        click_action(page, rng.choice(offered))
        before = seen["version"]


def play_a_number_card(page: Page) -> None:
    """Play a card that moves or breeds, with a real click on it (nothing may cover it);
    a hand without one is discarded (or the turn passed) and the next turn awaited."""
    for _ in range(5):
        card = page.locator(
            ", ".join(f'{BOARD} .mm-card[data-action="play {name}"]' for name in NUMBER_CARDS)
        )
        before = version(page)
        if card.count():
            card.first.click()
            until(page, CHANGED, before)
            return
        offered = page.evaluate(OFFERED)["actions"]
        click_action(page, "discard" if "discard" in offered else "pass")
        seen = page.evaluate(MY_TURN, [str(before), 20])
        assert seen is not None and seen["status"] == "running"
    raise AssertionError("five hands without a Number card")


# The page has laid itself out for the screen's size: the meadow's top it last measured for the
# CSS (--mm-top, which sizes the meadow to the screen's height below it) is where the meadow
# starts now. The page measures it on the window's resize event, which Chromium fires with the
# next frame: set_viewport_size returns before it, and a page measured at once was laid out
# with the top measured for the screen before (at 1024 x 768 after 768 x 1024, 179 px for 161).
MEADOW_TOP = f"""() => {{
    const table = document.querySelector("{BOARD}");
    const meadow = table && table.querySelector("svg.mm-meadow");
    if (!meadow) return {{marked: "no meadow", now: null}};
    const top = Math.round(meadow.getBoundingClientRect().top + window.scrollY);
    return {{marked: meadow.style.getPropertyValue("--mm-top"), now: `${{top}}px`}};
}}"""


def resize_meadow(page: Page, viewport: dict[str, int]) -> None:
    """The screen turns to ``viewport``, and the page has laid itself out for it, the meadow
    sized for the room below its top."""
    resize(page, viewport)
    try:
        page.wait_for_function(f"() => (top => top.marked === top.now)(({MEADOW_TOP})())")
    except PlaywrightTimeoutError:
        seen = page.evaluate(MEADOW_TOP)
        raise AssertionError(f"at {viewport} the page kept the meadow's old top: {seen}") from None


def show_ann(page: Page, state: State) -> None:
    """The live table on ``page`` shows Ann (seat 0) the fixed position ``state``, offering
    her its legal actions."""
    legal = sorted(str(action) for action in state.legal_actions(0))
    show_a_fixed_position(page, state.observation(0), legal)
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "true")


def test_a_tap_on_a_card_and_on_a_space_plays_on_a_tablet(
    browser: Browser, server: LiveServer
) -> None:
    """On a tablet on its side a plain tap (no force: nothing may cover it) on a card, then on
    the meadow's first clickable space, plays, in a live game against a bot."""
    page = open_page(browser, f"{server.url}/", viewport=TABLET_SIDEWAYS)
    create_short_table(page, server)
    fill_bots_and_start(page)
    click_through_the_setup(page, random.Random(5))
    play_a_number_card(page)
    # The first clickable space: a breed, or one of this seat's moles to move.
    spaces = f"{BOARD} svg [data-space][data-action], {BOARD} svg [data-space][data-pick]"
    target = page.locator(spaces).first
    action, part = target.get_attribute("data-action"), target.get_attribute("data-pick")
    before = version(page)
    target.click()
    if action is not None:
        until(page, CHANGED, before)
    else:
        expect(page.locator(f'{BOARD} .picked[data-pick="{part}"]')).to_have_count(1)
    assert page.locator("#error").inner_text() == ""
    assert page.errors == []  # type: ignore[attr-defined]


def test_on_a_tablet_and_a_laptop_the_meadow_is_large_and_the_hand_in_view(
    browser: Browser, server: LiveServer
) -> None:
    """At 768 and 1024 px the meadow shared the board's width with the hand (at 1024 also the
    page's with the seats and chat) and drew its spaces 15-19 and 13-17 px across, at 1280 px
    16-20: now 25 px, touch rings 40 px (on a screen too short to show the meadow whole, down to
    22 and 36 px). The hand goes beside the meadow where the board has room for both (1024,
    1280 px; at 1024 the seats and chat go under the board), under it where not (768 px):
    either way the whole meadow and the hand's cards are on the screen unscrolled, and nothing
    is wider than the screen. At 1024 x 768 the players' points are in view too (at the top of
    the panel; under the meadow they were below the first screen), and a phone on its side
    (844 x 390) keeps the panel in view wherever the page is scrolled in the meadow.
    Fixed positions on a live table, each screen measured once the page has laid itself out
    for it: Ann to choose her Home Base; board S2, Ann to play her first card from five
    different ones; then with Number 4 played, the meadow offering moves and breeds. (Measured
    in a game against a random bot, the test failed now and then: a meadow laid five tiles
    wide at 1280 x 800 leaves the panel beside it one card wide, and five long cards reached
    below the screen.)"""
    page = open_page(browser, f"{server.url}/", viewport=TABLET_SIDEWAYS)
    create_short_table(page, server)
    fill_bots_and_start(page)
    show_ann(page, apply_all(new_game(2), f"{CORE_DRAWS}, 1: base r"))
    # The players' points are in view on a tablet on its side from the start: beside the
    # meadow, at the top of the panel (they were under the meadow, below the first screen).
    expect(page.locator(f"{BOARD} .mm-seats [data-seat-row]")).to_have_count(2)
    resize_meadow(page, TABLET_SIDEWAYS)
    scores_in_view(page)
    show_ann(page, s2())
    expect(page.locator(f"{BOARD} .mm-card-title")).to_have_count(5)
    for viewport in (TABLET_UPRIGHT, TABLET_SIDEWAYS, DESK):
        resize_meadow(page, viewport)
        seen = page.evaluate(IN_VIEW)
        width = viewport["width"]
        # 25 px, or down to 22 where the screen is too short to show the meadow whole below
        # its top.
        assert seen["space"] >= 22, f"a space is {seen['space']:.1f} px wide at {width} px"
        overflow = [seen[key] for key in ("page_overflow", "board_overflow", "side_overflow")]
        assert max(overflow) <= 0, f"something sticks out at {width} px: {seen}"
        meadow, screen = seen["meadow"], seen["screen"]
        assert meadow["top"] >= 0 and meadow["bottom"] <= screen["height"], (width, seen)
        assert meadow["left"] >= 0 and meadow["right"] <= screen["width"], (width, seen)
        assert seen["titles_bottom"] <= screen["height"], (f"the hand is out at {width}", seen)
        snap(page, f"tablet-{width}-hand")
    # A laptop keeps the seats and chat beside the board; a tablet on its side has them below.
    assert seen["side_left"] >= meadow["right"]
    resize_meadow(page, TABLET_SIDEWAYS)
    seen = page.evaluate(IN_VIEW)
    assert seen["side_left"] < seen["meadow"]["right"], seen
    show_ann(page, apply_all(s2(), "0: play four"))
    expect(page.locator(f"{BOARD} [data-action='end']")).to_have_count(1)
    resize_meadow(page, TABLET_SIDEWAYS)
    seen = page.evaluate(IN_VIEW)
    assert seen["rings"] and min(seen["rings"]) >= 36, seen["rings"]
    scores_in_view(page)
    snap(page, "tablet-1024-meadow")
    # A phone on its side has the panel beside the meadow too, but cannot show the meadow
    # whole: with the page scrolled to the meadow's foot, what is asked and End turn are
    # still in view (they scrolled away with the meadow's top).
    resize_meadow(page, PHONE_SIDEWAYS)
    seen = page.evaluate(IN_VIEW)
    assert seen["space"] >= 22, f"a space is {seen['space']:.1f} px wide at 844 x 390"
    assert seen["rings"] and min(seen["rings"]) >= 36, seen["rings"]
    overflow = [seen[key] for key in ("page_overflow", "board_overflow", "side_overflow")]
    assert max(overflow) <= 0, f"something sticks out at 844 x 390: {seen}"
    at_foot = page.evaluate(PANEL_AT_MEADOWS_FOOT)
    # (scrolled by whole pixels)
    assert at_foot["meadow_bottom"] <= PHONE_SIDEWAYS["height"] + 1, at_foot
    for what in ("prompt", "end"):
        assert at_foot[what]["top"] >= 0, (what, at_foot)
        assert at_foot[what]["bottom"] <= PHONE_SIDEWAYS["height"], (what, at_foot)
    snap(page, "phone-sideways-meadow")
    assert page.errors == []  # type: ignore[attr-defined]


# Every tile's marks (its letter and tag, value, Home Token, last entrant's dot) and every mole
# on it, as boxes on the screen.
MARKS_AND_MOLES = f"""() => {{
    const board = document.querySelector("{BOARD}");
    const box = (node) => {{
        const {{left, top, right, bottom}} = node.getBoundingClientRect();
        return {{left, top, right, bottom}};
    }};
    return [...board.querySelectorAll(".mm-tile")].map(tile => ({{
        hex: tile.dataset.hex,
        marks: [...tile.querySelectorAll(
            ".mm-hex-label, .mm-hex-tag, .mm-value-text, .mm-token, .mm-token-text, .mm-entrant"
        )].map(mark => ({{what: mark.getAttribute("class"), box: box(mark)}})),
        moles: [...board.querySelectorAll(`.mm-mole[data-space^="${{tile.dataset.hex}}"]`)]
            .map(mole => ({{space: mole.dataset.space, box: box(mole)}})),
    }}));
}}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and (b["top"] < a["bottom"])
    )


@pytest.mark.draws_only
def test_no_mole_hides_a_tiles_letter_or_marks(browser: Browser, server: LiveServer) -> None:
    """A tile's letter stood in a gap of its ring of spaces, by its edge, partly under the
    moles beside it (the 6-space Home Base m at 390 and 768 px) and under Home Base borders
    and Cave-Ins, as did the Home Token (a's, under a2): now the letter is on a tag in the
    middle of the tile, with the value, the Home Token and the last entrant's dot, where no
    space reaches. In a game under way, on every screen,
    no mark of a tile with moles touches any of its moles, and every mole is drawn."""
    state = s3()
    apply_all(state, "0: play four, 0: move b1 a1, 0: move b2 a2, 0: move b3 e1, 0: move b4 f1")
    apply_all(state, "0: end, C: card three, 1: play four, 1: move p1 l1, 1: move p2 l2")
    apply_all(state, "1: move p3 k1, 1: move p4 o1, 1: end, C: card two, 2: play four")
    apply_all(state, "2: move m1 n1, 2: move m2 n2, 2: move m3 i1, 2: move m4 h1, 2: end")
    apply_all(state, "C: card two")
    legal = sorted(str(action) for action in state.legal_actions(0))
    observation = state.observation(0)
    board = observation["board"]
    assert isinstance(board, dict)
    counts = {label: sum(owner is not None for owner in spaces(state, label)) for label in board}
    # Tiles of 3, 4, 5 and 6 spaces have moles on them.
    assert {len(spaces(state, label)) for label in board if counts[label]} == {3, 4, 5, 6}
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    for viewport in (PHONE, TABLET_UPRIGHT, TABLET_SIDEWAYS, DESK):
        resize(page, viewport)
        page.evaluate(TURN, [observation, legal, 0, ["Ann", "Bea", "Cy"]])
        tiles = page.evaluate(MARKS_AND_MOLES)
        assert {tile["hex"]: len(tile["moles"]) for tile in tiles} == counts
        hidden = [
            (viewport["width"], tile["hex"], mark["what"], mole["space"])
            for tile in tiles
            for mark in tile["marks"]
            for mole in tile["moles"]
            if overlap(mark["box"], mole["box"])
        ]
        assert not hidden, hidden
        assert all(any("mm-hex-label" in mark["what"] for mark in tile["marks"]) for tile in tiles)
        snap(page, f"marks-{viewport['width']}")
    assert page.errors == []  # type: ignore[attr-defined]


def open_a_fixed_table(
    browser: Browser,
    server: LiveServer,
    viewport: dict[str, int],
    state: State,
    *,
    players: int,
) -> Page:
    """A live table of ``players`` (Ann and random bots) whose page shows Ann (seat 0) the
    fixed position ``state``, offering her its legal actions (the bots play on unseen)."""
    page = open_table(browser, server, "mole-majority", players=players, viewport=viewport)
    fill_bots_and_start(page)
    legal = sorted(str(action) for action in state.legal_actions(0))
    show_a_fixed_position(page, state.observation(0), legal)
    expect(page.locator(f"{BOARD} svg.mm-meadow")).to_be_visible()
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "true")
    return page


PHONES_SIDEWAYS = (
    {"width": 812, "height": 375},  # an iPhone X-class phone on its side
    {"width": 740, "height": 360},
    PHONE_SIDEWAYS,
    {"width": 667, "height": 375},  # an iPhone 8-class phone on its side
    {"width": 640, "height": 360},
)
# A phone on its side, the page scrolled to the meadow's top (``top``) or its foot: where the
# meadow's window, the panel, what is asked and End turn are, the smallest space, whether the
# page scrolls sideways, and the window's sides marked as having more meadow beyond them.
SIDEWAYS = f"""where => {{
    const board = document.querySelector("{BOARD}");
    const meadow = board.querySelector("svg.mm-meadow");
    window.scrollTo(0, 0);
    const edge = where === "top" ? meadow.getBoundingClientRect().top
        : meadow.getBoundingClientRect().bottom - innerHeight;
    window.scrollBy(0, where === "top" ? edge - 4 : edge);
    {BOX}
    const frame = board.querySelector(".mm-meadow-window").parentElement;
    return {{
        window: box(board.querySelector(".mm-meadow-window")),
        panel: box(board.querySelector(".mm-play-box")),
        prompt: box(board.querySelector(".mm-prompt")),
        end: box(board.querySelector('[data-action="end"]')),
        space: Math.min(...[...meadow.querySelectorAll("[data-space]")]
            .map(space => space.getBoundingClientRect().width)),
        page_overflow: document.documentElement.scrollWidth - innerWidth,
        more: ["more-left", "more-right"].filter(side => frame.classList.contains(side)),
    }};
}}"""


def test_a_phone_on_its_side_keeps_the_panel_beside_the_meadow(
    browser: Browser, server: LiveServer
) -> None:
    """On a phone on its side narrower than 844 px (812 x 375, an iPhone X-class phone; 740 x
    360) the board is under 800 px wide, and the panel (what is asked, End turn, the hand) went
    under the meadow: a player scrolled past the whole meadow to act; below 700 px (667 x 375,
    640 x 360) the panel went under a window of the meadow two thirds of the screen high. Now
    it stands beside the meadow and stays in view while the page scrolls through it, as at 844
    x 390: with the page at the meadow's top and at its foot, what is asked and End turn are
    on the screen. The meadow keeps its spaces 22 px across; below 800 px, too narrow for all
    of it beside the panel, its window scrolls sideways, with a shade on the side that has
    more beyond it, and the page itself never does. A live table shows a fixed position (Ann's
    first card played)."""
    state = s3()
    apply_all(state, "0: play two")
    page = open_a_fixed_table(browser, server, PHONE_SIDEWAYS, state, players=3)
    for viewport in PHONES_SIDEWAYS:
        resize(page, viewport)
        width, height = viewport["width"], viewport["height"]
        for where in ("top", "foot"):
            seen = page.evaluate(SIDEWAYS, where)
            assert seen["page_overflow"] <= 0, (width, seen)
            assert seen["space"] >= 22, f"a space is {seen['space']:.1f} px wide at {width} px"
            assert seen["window"]["right"] <= seen["panel"]["left"], (width, seen)
            assert seen["panel"]["right"] <= width, (width, seen)
            for what in ("prompt", "end"):
                assert seen[what]["top"] >= 0, (width, where, what, seen)
                assert seen[what]["bottom"] <= height, (width, where, what, seen)
            snap(page, f"phone-sideways-{width}-{where}")
        # The meadow is cut by its window only where the screen is too narrow for it.
        assert bool(seen["more"]) == (width < 800), (width, seen)
    assert page.errors == []  # type: ignore[attr-defined]


# Where every player's points show on the table page: the page's Scores list (if shown) and
# the players' boards in the panel, each with its place on the screen, whose turn it is marked
# on, and the winners marked.
POINTS_SHOWN = f"""() => {{
    window.scrollTo(0, 0);
    const board = document.querySelector("{BOARD}");
    const scores = document.querySelector("#scores");
    return {{
        scores_list: Boolean(scores && scores.checkVisibility()),
        boards: [...board.querySelectorAll(".mm-seats li")].map(row => {{
            const {{top, bottom}} = row.querySelector(".mm-seat-score").getBoundingClientRect();
            return {{
                text: row.querySelector(".mm-seat-score").innerText, top, bottom,
                active: row.classList.contains("active"),
                won: Boolean(row.querySelector(".won-mark")),
            }};
        }}),
    }};
}}"""


def four_players_dealt() -> State:
    """A 4-player game set up by the first of every choice (tiles, Home Bases, places) and
    dealt: Ann (seat 0) holds five different cards and plays first."""
    state = new_game(4)
    while state.is_chance() or state.to_move() != [0] or not state.observation(0)["hand"]:
        if state.is_chance():
            if str(state.chance_outcomes()[0][0]).startswith("card"):
                hands = [("two", "twoplus", "three", "four", "cavein"), *[S3_HAND_OTHERS] * 3]
                deal(state, hands)
            else:
                state.apply(CHANCE, state.chance_outcomes()[0][0])
            continue
        seat = state.to_move()[0]
        state.apply(seat, min(str(action) for action in state.legal_actions(seat)))
    return state


def test_the_players_points_show_once_beside_the_meadow(
    browser: Browser, server: LiveServer
) -> None:
    """At 1280 x 800 the players' points showed twice: in the page's Scores list beside the
    board and on the players' boards in the panel, under the hand, where a fourth player's
    fell below the first screen. The players' boards are the place players read (the colour
    of each player's moles, whose turn it is, the supplies beside the points): the Scores list
    is gone from a Mole Majority table, and the boards are at the panel's top, as below 1200
    px, every player's points on the first screen, whose turn it is marked. The list marked
    the winners at the end: the boards do now (and the result box above the board says who
    won). Fixed positions: 4 players, Ann's first card played; the end of a 3-player game."""
    state = apply_all(four_players_dealt(), "0: play two")
    page = open_a_fixed_table(browser, server, DESK, state, players=4)
    seen = page.evaluate(POINTS_SHOWN)
    assert not seen["scores_list"], seen
    assert [row["text"] for row in seen["boards"]] == ["6 pts"] * 4, seen
    for row in seen["boards"]:
        assert row["top"] >= 0 and row["bottom"] <= DESK["height"], seen
    assert [row["active"] for row in seen["boards"]] == [True, False, False, False], seen
    snap(page, "desk-points")
    # The end of a game whose turn limit is reached: the winners are marked on their boards.
    over = s3_to_the_turn_limit()
    observation = over.observation(0)
    assert observation["winners"] == [1, 2], observation["winners"]
    page.goto(f"{server.url}/tables/no-such-table")
    page.evaluate(TURN, [observation, [], 0, ["Ann", "Bea", "Cy"]])
    seen = page.evaluate(POINTS_SHOWN)
    assert [row["won"] for row in seen["boards"]] == [False, True, True], seen
    assert [row["active"] for row in seen["boards"]] == [False] * 3, seen
    snap(page, "desk-points-over")
    assert page.errors == []  # type: ignore[attr-defined]


# What a laptop shows unscrolled: every card of the hand, every player's points, the meadow,
# End turn (if offered), each with its box; the smallest space and touch ring; anything wider
# than the screen.
FIRST_SCREEN = f"""() => {{
    window.scrollTo(0, 0);
    const board = document.querySelector("{BOARD}");
    {BOX}
    const all = (selector) => [...board.querySelectorAll(selector)].map(box);
    const end = board.querySelector('[data-action="end"]');
    return {{
        cards: all(".mm-card"),
        points: all(".mm-seat-score"),
        meadow: box(board.querySelector("svg.mm-meadow")),
        end: end && box(end),
        space: Math.min(...all("[data-space]").map(space => space.right - space.left)),
        rings: all(".mm-touch").map(ring => ring.right - ring.left),
        page_overflow: document.documentElement.scrollWidth - innerWidth,
    }};
}}"""


def on_the_screen(what: dict[str, float], screen: dict[str, int]) -> bool:
    return (
        what["top"] >= 0
        and what["left"] >= 0
        and what["bottom"] <= screen["height"]
        and what["right"] <= screen["width"]
    )


def test_with_four_players_a_laptop_shows_the_whole_hand(
    browser: Browser, server: LiveServer
) -> None:
    """At 1280 x 800 with four players the players' boards at the top of the panel beside the
    meadow (four rows of three lines) pushed the hand down: with five different cards the last
    one's title reached the screen's foot, the card 53 px below it (at 1366 x 768, 85 px).
    The boards now go across the top of the board, one beside the other, and the panel holds
    what is asked and the hand: every card, every player's points, End turn and the whole
    meadow are on the first screen, spaces at least 22 px and touch rings 36. Fixed positions
    on a live 4-player table: Ann to play her first card from five different ones; then with
    Number 2 played (End turn and a card to stack offered, four cards left)."""
    page = open_a_fixed_table(browser, server, DESK, four_players_dealt(), players=4)
    played = apply_all(four_players_dealt(), "0: play two")
    for state in (None, played):
        if state is not None:
            legal = sorted(str(action) for action in state.legal_actions(0))
            show_a_fixed_position(page, state.observation(0), legal)
            expect(page.locator(f"{BOARD} [data-action='end']")).to_have_count(1)
        for screen in (DESK, {"width": 1366, "height": 768}):
            resize(page, screen)
            seen = page.evaluate(FIRST_SCREEN)
            width = screen["width"]
            assert len(seen["cards"]) == (5 if state is None else 4), seen
            for what in (*seen["cards"], *seen["points"], seen["meadow"]):
                assert on_the_screen(what, screen), (width, what, seen)
            assert len(seen["points"]) == 4, seen
            assert (seen["end"] is None) == (state is None), seen
            if seen["end"]:
                assert on_the_screen(seen["end"], screen), (width, seen)
                assert seen["rings"] and min(seen["rings"]) >= 36, (width, seen["rings"])
            assert seen["space"] >= 22, f"a space is {seen['space']:.1f} px wide at {width} px"
            assert seen["page_overflow"] <= 0, (width, seen)
            snap(page, f"desk-4-players-{width}-{'played' if state else 'start'}")
    assert page.errors == []  # type: ignore[attr-defined]


def test_opened_on_ones_move_the_moves_as_buttons_fold_under_the_board(
    browser: Browser, server: LiveServer
) -> None:
    """The page draws its first view before the board's module has come in, listing the moves
    as buttons; the module's arrival redrew the board but left the list as it was (the moves
    had not changed), so a page opened on one's move showed every move as a button under the
    board (79 here: End turn and 78 moves) until the next one. Now they fold away once the
    board is drawn, as on every later move."""
    state = s3()
    apply_all(state, "0: play two")
    page = open_a_fixed_table(browser, server, DESK, state, players=3)
    expect(page.locator("#action-buttons .moves-fold")).to_have_count(1)
    expect(page.locator("#action-buttons > .action-group")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]


def laid_wide() -> State:
    """Two players whose meadow is five tiles across (h and l, both ends of the middle row,
    laid), dealt; Ann (seat 0) to play her first card from five long ones: both
    Groundskeepers (a roll number offered on each), Convert, Cave-In and Number 2 +1."""
    state = new_game(2)
    apply_all(state, f"{CORE_DRAWS}, 1: base r, 0: base b")
    apply_all(state, "C: hex 3, 1: place m, C: hex 3, 0: place g, C: hex 4, 1: place h")
    apply_all(state, "C: hex 6, 0: place l")
    for value in (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2):
        state.apply(CHANCE, f"token {value}")
    return deal(state, [("keeper1", "keeper2", "convert", "cavein", "twoplus"), S3_HAND_OTHERS])


def test_a_meadow_laid_wide_leaves_the_whole_hand_in_view(
    browser: Browser, server: LiveServer
) -> None:
    """A meadow laid five tiles across took all but 14rem of the board beside it at 1280 x
    800, and the hand, one card a row under the players' boards, ran off the screen: the
    fifth card's title at 896 px, its foot at 987 (1366 x 768 the same; 1024 x 768, two cards
    a row: the last card's foot at 847). The players' boards now go over the meadow, the
    panel beside it keeps two cards a row, laid in two columns: every card whole, every
    player's points and the whole meadow are on the first screen, spaces at least 22 px.
    A fixed position on a live 2-player table."""
    page = open_a_fixed_table(browser, server, DESK, laid_wide(), players=2)
    expect(page.locator(f"{BOARD} .mm-card")).to_have_count(5)
    for screen in (DESK, {"width": 1366, "height": 768}, TABLET_SIDEWAYS):
        resize_meadow(page, screen)
        seen = page.evaluate(FIRST_SCREEN)
        width = screen["width"]
        assert len(seen["points"]) == 2, seen
        for what in (*seen["cards"], *seen["points"], seen["meadow"]):
            assert on_the_screen(what, screen), (width, what, seen)
        assert seen["space"] >= 22, f"a space is {seen['space']:.1f} px wide at {width} px"
        assert seen["page_overflow"] <= 0, (width, seen)
        snap(page, f"wide-meadow-{width}")
    assert page.errors == []  # type: ignore[attr-defined]
