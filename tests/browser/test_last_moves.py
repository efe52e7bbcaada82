"""The last moves above the board. The Moves panel lies under the seats, the chat and the
scores: at 1280 x 800 it began at about y=765, and on a phone far below the board, so the bots'
moves between a player's turns happened out of sight. A strip between the turn line and the
board now shows the others' last moves from the move log, for the boards that do not tell
them themselves. Fixed positions and logs, given to a live table page in place of its game's."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page, expect

import molehaven
from molehaven.core import CHANCE, JSONValue, State, name_seats
from tests.browser.pages import (
    PHONE,
    fill_bots_and_start,
    open_table,
    resize,
    show_a_fixed_position,
    wait_for,
)
from tests.browser.test_fixed_positions import first_decision
from tests.browser.test_maulwurf_company_where import logged_game, mark_of
from tests.server.live_server import LiveServer

LAPTOP_800 = {"width": 1280, "height": 800}
STRIP = "#recent"
LINES = "#recent-list li"


def logged(state: State, names: list[str], seed: int, moves: int) -> list[JSONValue]:
    """Plays ``state`` on with actions chosen by ``seed``, at least ``moves`` of them and on
    until seat 0 is to move, and returns the move log as the server writes it (every line
    public in Mole Hill)."""
    rng = random.Random(seed)
    log: list[JSONValue] = []
    while len(log) < moves or 0 not in state.to_move():
        seat = CHANCE if state.is_chance() else state.to_move()[0]
        if seat == CHANCE:
            action = state.chance_outcomes()[0][0]
        else:
            action = rng.choice(state.legal_actions(seat))
        words = name_seats(state.describe_action(seat, action, None), names)
        log.append({"n": len(log), "seat": seat, "text": str(action), "describe": words})
        state.apply(seat, action)
    return log


def in_first_screen(page: Page, selector: str, height: int) -> bool:
    """Whether ``selector`` shows whole on the first screen, the page unscrolled."""
    page.evaluate("() => window.scrollTo(0, 0)")
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["y"] >= 0 and box["y"] + box["height"] <= height


def test_maulwurfs_last_move_of_the_other_shows_above_the_layer(
    browser: Browser, server: LiveServer
) -> None:
    """Ann's turn at Die Maulwurf Company: Bea's move since her own is on the first screen.
    At 1280 x 800 it is the Moves panel's newest line, beside the layer, and the last moves'
    strip gives way to it (it repeated those lines); the layer still shows whole. On a phone
    it stands in the strip above the layer. The strip's line marks its move on the layer
    while hovered, as the Moves panel's lines do."""
    state, log = logged_game()
    page = open_table(browser, server, "maulwurf-company", players=2, viewport=LAPTOP_800)
    fill_bots_and_start(page)
    legal = sorted(str(action) for action in state.legal_actions(0))
    show_a_fixed_position(page, state.observation(0), legal, log=log)
    expect(page.locator("#log li")).to_have_count(len(log))
    entries = [entry for entry in log if isinstance(entry, dict)]
    beas = [entry for entry in entries if entry["seat"] == 1]
    last = beas[-1]
    words = str(last["describe"])
    assert int(str(last["n"])) > max(int(str(e["n"])) for e in entries if e["seat"] == 0)
    # The Moves panel heads the side column on this game's table, beside the layer
    # (test_maulwurf_fit): its newest line is on the first screen, the strip not shown.
    expect(page.locator(STRIP)).to_be_hidden()
    # (the panel is moved there once the game is drawn, and the log kept at its end)
    wait_for(lambda: in_first_screen(page, "#log li:last-child", 800))
    beas_line = f'#log li[data-n="{last["n"]}"]'
    expect(page.locator(beas_line)).to_contain_text(words.split(",")[0])
    assert in_first_screen(page, beas_line, 800)
    layer = page.locator("[data-board='maulwurf-company'] svg.mc-layer").bounding_box()
    assert layer is not None and layer["y"] + layer["height"] <= 800, layer
    resize(page, PHONE)
    # Two players: one line, the other's move since Ann's own, in full ink.
    expect(page.locator(LINES)).to_have_count(1)
    expect(page.locator(LINES)).to_have_text(words)
    expect(page.locator(LINES)).to_have_class("since")
    assert in_first_screen(page, STRIP, PHONE["height"])
    # Pointed at, the line marks its move on the layer; the mark goes with the pointer.
    page.locator(LINES).hover()
    marked = mark_of(page)
    assert marked is not None and f"from {marked['from']} to {marked['to']}" in words, words
    page.locator("h1").hover()
    assert mark_of(page) is None
    assert page.errors == []  # type: ignore[attr-defined]


def test_mole_hill_shows_the_gardeners_last_rod_and_then_ones_own_move_dimmed(
    browser: Browser, server: LiveServer
) -> None:
    """Mole Hill: on Ann's move the bot's last move since hers shows above the board, on the
    first screen at 1280 x 800 and on a phone. Just after her own move (the bot to play),
    the strip keeps its one line: her move, dimmed, not an empty box the board jumps under."""
    names = ["Ann", "Bea"]  # the log's own names (the page capitalizes a line's first word)
    state = molehaven.make("mole-hill", 2).initial_state()
    log = logged(state, names, 7, 9)
    page = open_table(browser, server, "mole-hill", players=2, viewport=LAPTOP_800)
    fill_bots_and_start(page)
    legal = sorted(str(action) for action in state.legal_actions(0))
    show_a_fixed_position(page, state.observation(0), legal, log=log)
    expect(page.locator("[data-board=mole-hill]")).to_be_visible()
    last = [entry for entry in log if isinstance(entry, dict) and entry["seat"] == 1][-1]
    expect(page.locator(LINES)).to_have_text([str(last["describe"])])
    expect(page.locator(LINES)).to_have_class("since")
    assert in_first_screen(page, STRIP, 800)
    assert not in_first_screen(page, "#log li:last-child", 800)
    box = page.locator(STRIP).bounding_box()
    assert box is not None
    resize(page, PHONE)
    assert in_first_screen(page, STRIP, PHONE["height"])

    # Ann moves: her move is the newest, dimmed, in the same room.
    seat = state.to_move()[0]
    action = state.legal_actions(seat)[0]
    words = name_seats(state.describe_action(seat, action, None), names)
    state.apply(seat, action)
    assert 0 not in state.to_move()
    mine = {"n": len(log), "seat": 0, "text": str(action), "describe": words}
    after = page.context.new_page()
    show_a_fixed_position(after, state.observation(0), [], log=[*log, mine], reload=False)
    after.goto(page.url)
    expect(after.locator(LINES)).to_have_text([words])
    expect(after.locator(LINES)).to_have_class("earlier")
    shown = after.locator(STRIP).bounding_box()
    assert shown is not None and shown["height"] == box["height"]
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("slug", ["mole-majority", "mole-park", "the-mole"])
def test_boards_that_tell_what_just_happened_get_no_strip(
    browser: Browser, server: LiveServer, slug: str
) -> None:
    """Mole Majority's "Just happened", The Mole's thread and Mole Park's reveal and round so
    far tell the last moves on the board: the page adds no second telling of them."""
    players = 3 if slug == "the-mole" else 2
    state, seat = first_decision(slug, players)
    legal = sorted(str(action) for action in state.legal_actions(0)) if seat == 0 else []
    log: list[JSONValue] = [{"n": 0, "seat": 1, "text": "x", "describe": "Bea did something"}]
    page = open_table(browser, server, slug, players=players, viewport=LAPTOP_800)
    fill_bots_and_start(page)
    show_a_fixed_position(page, state.observation(0), legal, log=log)
    expect(page.locator(f"[data-board={slug}]").first).to_be_visible()
    expect(page.locator("#log li")).to_have_count(1)
    expect(page.locator(STRIP)).to_have_count(1)
    expect(page.locator(STRIP)).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]
