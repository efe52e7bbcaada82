"""Mole Majority's table at the end of a game and after its setup: a phone shows the final
meadow whole (and the empty one before the start), a laptop keeps it on the screen when the
game ends in view, your hand shows once, the tile pile shows
only the tiles still to come and steps aside once nothing is drawn from it, and Home Tokens
held keep a player's board to three lines at four players on a laptop. Every position is
fixed (built from the engine, drawn alone or shown on a live table)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from molehaven.core import CHANCE, JSONValue, State
from molehaven.core.describe import name_seats
from molehaven.server.matches.story import result_of
from tests.browser.pages import (
    NEXT_FRAMES,
    PHONE,
    EndingSocket,
    draw_alone,
    fill_bots_and_start,
    open_page,
    open_table,
    resize,
)
from tests.browser.test_mole_majority_table import (
    BOARD,
    DESK,
    on_the_screen,
    open_a_fixed_table,
    snap,
)
from tests.games.mole_majority.helpers import S3_HAND_OTHERS, apply_all, deal, legal, new_game, s2
from tests.server.live_server import LiveServer

DRAW = draw_alone("mole-majority", "null")
NAMES = ["Ann", "Bea", "Cy", "Di"]
LAPTOP_SHORT = {"width": 1366, "height": 768}


def first_choices(state: State, until: str) -> State:
    """Every chance outcome and choice the first offered, until the phase named ``until``."""
    while state.observation(None)["phase"] != until:
        if state.is_chance():
            state.apply(CHANCE, state.chance_outcomes()[0][0])
        else:
            seat = state.to_move()[0]
            state.apply(seat, min(str(action) for action in state.legal_actions(seat)))
    return state


def ann_holds_home_tokens(**options: object) -> State:
    """Four players set up by the first of every choice; Ann (seat 0) dealt Number 2, 2+1, 3,
    4 and a Cave-In. She caves in on her first turn (a Home Token worth 2), draws a second
    Cave-In, the others play Number 2, and she caves in again (a token worth 3): her bonus
    phase, End turn alone offered. With ``turn_limit=5`` her End turn ends the game."""
    state = first_choices(new_game(4, **options), "deal")
    deal(state, [("two", "twoplus", "three", "four", "cavein"), *[S3_HAND_OTHERS] * 3])
    for token in ("token 2", "token 3"):
        apply_all(state, "0: play cavein")
        state.apply(0, min(action for action in legal(state) if action.startswith("cave ")))
        state.apply(CHANCE, token)
        if token == "token 3":
            break
        state.apply(0, "end")
        state.apply(CHANCE, "card cavein")
        for seat in (1, 2, 3):
            apply_all(state, f"{seat}: play two, {seat}: end")
            while state.is_chance():
                state.apply(CHANCE, state.chance_outcomes()[0][0])
    assert legal(state) == {"end"}, legal(state)
    return state


def game_over() -> State:
    state = ann_holds_home_tokens(turn_limit=5)
    state.apply(0, "end")
    assert state.is_terminal()
    return state


def log_of(state: State, names: list[str]) -> list[JSONValue]:
    """``state``'s moves as the move log's entries (``n``, ``seat``, ``text``, ``describe``),
    every one shown."""
    replayed = state.game.initial_state()
    log: list[JSONValue] = []
    for number, (seat, action) in enumerate(state.history()):
        words = name_seats(replayed.describe_action(seat, action, None), names)
        log.append({"n": number, "seat": seat, "text": str(action), "describe": words})
        replayed.apply(seat, action)
    return log


# Where what the play column and the side column hold ends, and the meadow's edges, on the
# screen (the columns themselves stretch to the longer one's height).
COLUMNS = f"""() => {{
    const meadow = document.querySelector("{BOARD} svg.mm-meadow").getBoundingClientRect();
    const end = (column) => Math.max(...[...document.querySelector(column).children]
        .map(node => node.getBoundingClientRect().bottom));
    return {{
        play: end(".play"),
        side: end(".side"),
        top: meadow.top,
        bottom: meadow.bottom,
        arriving: document.querySelector("#outcome").classList.contains("arrives"),
    }};
}}"""


def test_a_game_ending_in_view_leaves_the_final_meadow_on_the_screen(
    browser: Browser, server: LiveServer
) -> None:
    """At a laptop's 1280 x 800 the meadow is drawn as tall as the screen leaves below its
    top, which the board measures again when the page changes size. When the game ends in
    view, the result box unfolds above the board; with the Moves panel beside it longer than
    the board's column (a whole game's moves), the page kept its height meanwhile, the meadow
    kept the top measured before, and the final meadow's foot lay 16 px below the screen
    (fresh-clone CI, 2026-11-29). Four players, Ann's End turn ending the game by its turn
    limit, with the moves so far in the log."""
    before = ann_holds_home_tokens(turn_limit=5)
    page = open_table(
        browser, server, "mole-majority", players=4, viewport=DESK, options={"turn_limit": 5}
    )
    fill_bots_and_start(page)
    wire = EndingSocket(page, before.observation(0), ["end"], log=log_of(before, NAMES))
    expect(page.locator("#log li").first).to_be_attached()
    over = game_over()
    wire.the_end(over.observation(0), result_of(over, NAMES))
    expect(page.locator("#table")).to_have_attribute("data-status", "over")
    expect(page.locator("#outcome")).not_to_have_class(re.compile(r"\barrives\b"))
    page.evaluate(NEXT_FRAMES)
    seen = page.evaluate(COLUMNS)
    assert seen["side"] > seen["play"], seen  # the page's height is the side column's
    assert seen["top"] >= 0 and seen["bottom"] <= DESK["height"], seen
    assert page.errors == []  # type: ignore[attr-defined]


# The meadow's window on a phone: its zoom, the button's words, whether it scrolls, and
# whether every tile lies inside it.
WINDOW = f"""() => {{
    const board = document.querySelector("{BOARD}");
    const view = board.querySelector(".mm-meadow-window");
    const frame = view.getBoundingClientRect();
    const inside = [...view.querySelectorAll("[data-hex]")].every(tile => {{
        const box = tile.getBoundingClientRect();
        return box.left >= frame.left - 1 && box.right <= frame.right + 1
            && box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1;
    }});
    return {{
        whole: board.querySelector(".mm-board-box").classList.contains("whole"),
        button: board.querySelector(".mm-zoom").textContent,
        scrolls: view.scrollWidth > view.clientWidth || view.scrollHeight > view.clientHeight,
        inside,
        tiles: view.querySelectorAll("[data-hex]").length,
    }};
}}"""


@pytest.mark.draws_only
def test_at_the_end_a_phone_shows_the_whole_meadow(browser: Browser, server: LiveServer) -> None:
    """On a phone the meadow is drawn large in a window that scrolls, for tapping; a finished
    game kept it so, and the final position was seen a corner at a time until "Show the whole
    meadow" was tapped. At the end, and at a replay's last step, it now opens whole (the
    button offers to zoom in); while the game goes on it still opens near. Fixed positions:
    four players, Ann's second Cave-In turn; then the game ended by its turn limit."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    playing = ann_holds_home_tokens()
    page.evaluate(DRAW, [playing.observation(0), ["end"], 0, NAMES])
    seen = page.evaluate(WINDOW)
    assert not seen["whole"] and seen["scrolls"], seen
    over = game_over().observation(0)
    for replaying in (False, True):
        page.evaluate(DRAW, [over, [], 0, NAMES, replaying])
        seen = page.evaluate(WINDOW)
        assert seen["whole"] and not seen["scrolls"], (replaying, seen)
        assert seen["inside"] and seen["tiles"] == 19, (replaying, seen)
        assert seen["button"] == "Zoom in on the meadow", seen
        snap(page, f"end-phone{'-replay' if replaying else ''}")
    page.locator(f"{BOARD} .mm-zoom").click()
    seen = page.evaluate(WINDOW)
    assert not seen["whole"] and seen["scrolls"], seen
    assert page.errors == []  # type: ignore[attr-defined]


def test_before_the_start_a_phone_shows_the_whole_meadow(
    browser: Browser, server: LiveServer
) -> None:
    """Before the start a phone opened the empty meadow near, a few of its 19 free places in
    a window to scroll, though there is nothing to tap until the game starts. A table still
    gathering its players now shows the whole meadow (the button offers to zoom in)."""
    page = open_table(browser, server, "mole-majority", players=3, viewport=PHONE)
    expect(page.locator(f"{BOARD} .mm-slot")).to_have_count(19)
    seen = page.evaluate(WINDOW)
    assert seen["whole"] and not seen["scrolls"], seen
    assert seen["button"] == "Zoom in on the meadow", seen
    inside = page.evaluate(
        f"""() => {{
        const view = document.querySelector("{BOARD} .mm-meadow-window").getBoundingClientRect();
        return [...document.querySelectorAll("{BOARD} .mm-slot")].every(slot => {{
            const box = slot.getBoundingClientRect();
            return box.left >= view.left - 1 && box.right <= view.right + 1
                && box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
        }});
    }}"""
    )
    assert inside, "a free place of the meadow lies outside its window"
    snap(page, "open-phone")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_after_the_game_your_hand_shows_once(browser: Browser, server: LiveServer) -> None:
    """At the end your hand was shown twice: as cards under "Your hand" and in words under
    "Hands at the end". It is now shown once, among every player's hands, as yours; the
    values of every player's Home Tokens are there too. Fixed position: the end of a
    4-player game (turn limit), Ann holding Number 4, 3, 2 and 2 +1 and tokens worth 2 and 3."""
    over = game_over().observation(0)
    assert over["hands"][0] == ["four", "three", "two", "twoplus"], over["hands"]  # type: ignore[index]
    for viewport in (DESK, PHONE):
        page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=viewport)
        page.evaluate(DRAW, [over, [], 0, NAMES])
        board = page.locator(BOARD)
        expect(board.locator(".mm-card")).to_have_count(0)
        expect(board.get_by_text(re.compile(r"^Your hand"))).to_have_count(0)
        hands = board.locator(".mm-end-hands li")
        expect(hands).to_have_count(4)
        ann = r"^Ann \(you\): Number 4, Number 3, Number 2, Number 2 \+1 · Home Tokens\s*2\s*3$"
        expect(hands.nth(0)).to_have_text(re.compile(ann))
        expect(hands.nth(1)).not_to_contain_text("Home Tokens")
        texts = board.locator(".mm-end-hands").inner_text()
        assert texts.count("Number 2 +1") == 1, texts
        snap(page, f"end-hands-{viewport['width']}")
        assert page.errors == []  # type: ignore[attr-defined]


def ann_discarded_her_hand() -> State:
    """A 4-player game of one turn: Ann (seat 0), dealt Number 2, 2+1, 3, 4 and a Cave-In,
    discards her whole hand (MM-34), which ends the game with her hand empty."""
    state = first_choices(new_game(4, turn_limit=1), "deal")
    deal(state, [("two", "twoplus", "three", "four", "cavein"), *[S3_HAND_OTHERS] * 3])
    apply_all(state, "0: discard")
    while state.is_chance():
        state.apply(CHANCE, state.chance_outcomes()[0][0])
    assert state.is_terminal()
    return state


@pytest.mark.draws_only
def test_an_empty_hand_at_the_end_reads_as_no_cards_left(
    browser: Browser, server: LiveServer
) -> None:
    """Under "Hands at the end" an empty hand read "Ann (you): no cards", as if a count were
    missing. It reads "no cards left", for you and for the others alike."""
    over = ann_discarded_her_hand()
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    hands = page.locator(f"{BOARD} .mm-end-hands li")
    for seat, ann in ((0, "Ann (you)"), (1, "Ann")):
        page.evaluate(DRAW, [over.observation(seat), [], seat, NAMES])
        expect(hands.nth(0)).to_have_text(f"{ann}: no cards left")
        expect(hands.nth(1)).to_contain_text("Number 4")
    snap(page, "end-hands-empty-390")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_the_tile_pile_shows_what_is_to_come_and_steps_aside_after_setup(
    browser: Browser, server: LiveServer
) -> None:
    """The tile pile listed "3 ×0" beside the tiles left, and stayed on the screen for the
    whole game ("3 ×0 4 ×0 5 ×3 6 ×2"), though no tile is drawn after setup. It now lists
    only the tiles still to come, and once the observation's phase is past the laying of the
    meadow it is gone; the Home Tokens' pool, which a Cave-In draws from, stays. Fixed
    positions: four players, the ring laid by the first of every draw (all six 3-tiles) and
    Di to choose her Home Base; then board S2 dealt."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=DESK)
    laying = first_choices(new_game(4), "base")
    observation = laying.observation(3)
    assert observation["pile"] == {"3": 0, "4": 5, "5": 6, "6": 2}, observation["pile"]
    page.evaluate(DRAW, [observation, sorted(legal(laying, 3)), 3, NAMES])
    pile = page.locator(f"{BOARD} .mm-pile")
    expect(pile.locator(".mm-pile-group").first).to_have_text(
        re.compile(r"^Tile pile:\s*4\s*×5\s*5\s*×6\s*6\s*×2$")
    )
    expect(pile).not_to_contain_text("×0")
    snap(page, "pile-setup")
    dealt = s2()
    page.evaluate(DRAW, [dealt.observation(0), sorted(legal(dealt, 0)), 0, NAMES[:2]])
    expect(pile).not_to_contain_text("Tile pile")
    expect(pile.locator(".mm-mini-hex")).to_have_count(0)
    expect(pile).to_have_text(re.compile(r"^Home Tokens in the pool:\s*\?\s*×13$"))
    assert page.errors == []  # type: ignore[attr-defined]


# The players' boards across the top of the board: each one's lines of counts (the height of
# its counts over that of a one-line count), the meadow's box, the values of Ann's tokens.
BOARD_LINES = f"""() => {{
    window.scrollTo(0, 0);
    const board = document.querySelector("{BOARD}");
    const lines = [...board.querySelectorAll(".mm-seat-stats")].map(stats => {{
        const line = [...stats.querySelectorAll(".mm-stat")].find(
            stat => stat.textContent.startsWith("Hand"));
        return stats.getBoundingClientRect().height / line.getBoundingClientRect().height;
    }});
    const meadow = board.querySelector("svg.mm-meadow");
    const {{left, right, top, bottom}} = meadow.getBoundingClientRect();
    const mine = board.querySelector(".mm-my-tokens");
    return {{lines, meadow: {{left, right, top, bottom}}, mine: mine && mine.innerText}};
}}"""


def test_home_tokens_keep_a_players_board_to_three_lines(
    browser: Browser, server: LiveServer
) -> None:
    """At four players on a laptop the players' boards go across the top of the board, three
    lines of counts each; once Ann held Home Tokens her board said their values, "Home Tokens
    2 (2+3)", which wrapped to a fourth line, and at 1366 x 768 the meadow's foot ended 7 px
    below the screen. The boards now count Home Tokens alone, every board keeps to three
    lines and the meadow is on the screen; the values of Ann's own tokens are under her hand.
    Fixed position on a live 4-player table: Ann's second Cave-In made, End turn offered."""
    page = open_a_fixed_table(browser, server, DESK, ann_holds_home_tokens(), players=4)
    for screen in (DESK, LAPTOP_SHORT):
        resize(page, screen)
        seen = page.evaluate(BOARD_LINES)
        assert len(seen["lines"]) == 4, seen
        assert all(round(lines) <= 3 for lines in seen["lines"]), (screen, seen)
        assert on_the_screen(seen["meadow"], screen), (screen, seen)
        assert seen["mine"] is not None, seen
        assert " ".join(seen["mine"].split()) == "Your Home Tokens: 2 3 5 points at the end", seen
        expect(page.locator(f"{BOARD} [data-seat-row='0']")).to_contain_text("Home Tokens 2")
        snap(page, f"end-tokens-{screen['width']}")
    assert page.errors == []  # type: ignore[attr-defined]
