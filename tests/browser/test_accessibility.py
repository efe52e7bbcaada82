"""Every page passes axe-core's checks (WCAG 2 A and AA, and its best practices): the lobby,
each game's table while it is your move (How to play open), on a laptop and a phone, a
phone's Mole Majority table while the others play, finished tables and a replay. The first
runs found text below 4.5:1 contrast ("Your move" in green), boards' headings that skipped a
level, boxes that scroll without being reachable by the keyboard, the Mole Majority meadow's
buttons inside an image, labels on elements that may not carry one, and a replay's moves
still to come faded to 2.1:1."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from molehaven.core import JSONValue, State
from molehaven.server.matches.story import result_of
from tests.browser.pages import (
    NEXT_TURN,
    PHONE,
    fill_bots_and_start,
    open_page,
    open_table,
    play_random_targets_until_over,
    resize,
    show_a_fixed_position,
)
from tests.browser.test_mole_majority_end import ann_holds_home_tokens, game_over
from tests.games.the_mole.helpers import apply_all, p4
from tests.server.live_server import LiveServer

DESK = {"width": 1280, "height": 800}
AXE = Axe()
# The Mole's random bots may vote or guess whenever they may act: a game to 20 points cannot
# end before the person's first move.
GAMES = [
    ("mole-hill", 2, {}),
    ("maulwurf-company", 3, {}),
    ("mole-park", 4, {}),
    ("mole-majority", 3, {}),
    ("the-mole", 4, {"target_score": 20}),
]


def violations(page: Page) -> list[dict[str, Any]]:
    """What axe-core finds on the page as it stands: each rule broken, with where (at most
    three places a rule) and why, to read in a failure."""
    found = AXE.run(page).response["violations"]
    return [
        {
            "rule": violation["id"],
            "impact": violation["impact"],
            "where": [
                (node["target"], node.get("failureSummary", "")) for node in violation["nodes"][:3]
            ],
        }
        for violation in found
    ]


def test_the_lobby_passes_axe(browser: Browser, server: LiveServer) -> None:
    page = open_page(browser, f"{server.url}/", viewport=DESK)
    page.wait_for_selector("#game option[value='mole-park']", state="attached")
    assert violations(page) == []
    resize(page, PHONE)
    assert violations(page) == []


@pytest.mark.parametrize(("slug", "players", "options"), GAMES)
def test_a_table_at_your_move_passes_axe(
    browser: Browser, server: LiveServer, slug: str, players: int, options: dict[str, JSONValue]
) -> None:
    page = open_table(browser, server, slug, players=players, viewport=DESK, options=options)
    fill_bots_and_start(page)
    seen = page.evaluate(NEXT_TURN, [None, 20])
    assert seen is not None and seen["status"] == "running", seen
    page.locator("#how-to-play summary").click()  # its rules scroll in a box of their own
    expect(page.locator("#how-to-play-body")).to_be_visible()
    assert violations(page) == [], slug
    resize(page, PHONE)
    assert violations(page) == [], slug
    assert page.errors == []  # type: ignore[attr-defined]


def mole_guessed_right() -> State:
    return apply_all(p4(target_score=2), "3: guess bakery")


@pytest.mark.parametrize(
    ("slug", "finished"), [("the-mole", mole_guessed_right), ("mole-majority", game_over)]
)
def test_a_finished_table_passes_axe(
    browser: Browser, server: LiveServer, slug: str, finished: Callable[[], State]
) -> None:
    """The Mole won by the Mole's right guess (the last round's questions and answers) and
    Mole Majority ended by its turn limit (every hand shown): the result box above the
    board."""
    page = open_table(browser, server, slug, players=4, viewport=DESK)
    fill_bots_and_start(page)
    over = finished()
    names = ["Ann", "random bot 2", "random bot 3", "random bot 4"]
    show_a_fixed_position(page, over.observation(0), [], result=result_of(over, names))
    expect(page.locator("#outcome")).to_be_visible()
    # The reload loads the board's module again: checked before it came, the page was seen
    # without its board (fresh-clone run, 2026-11-29).
    expect(page.locator(f"[data-board='{slug}']")).to_be_visible()
    assert violations(page) == []
    resize(page, PHONE)
    assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_mole_majority_on_a_phone_while_the_others_play_passes_axe(
    browser: Browser, server: LiveServer
) -> None:
    """The meadow's window and the hand scroll on a phone; with nothing in them offered (the
    others' turn) a keyboard could not reach them to scroll them. Four players, Ann's turn
    over, Bea to play."""
    page = open_table(browser, server, "mole-majority", players=4, viewport=PHONE)
    fill_bots_and_start(page)
    state = ann_holds_home_tokens()
    state.apply(0, state.game.parse_action("end"))
    show_a_fixed_position(page, state.observation(0), [])
    expect(page.locator("[data-board] .mm-meadow-window")).to_have_attribute("tabindex", "0")
    expect(page.locator("[data-board] .mm-hand")).to_have_attribute("tabindex", "0")
    assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_replay_passes_axe(browser: Browser, server: LiveServer) -> None:
    """A Mole Hill game played to its end, replayed to its middle step: the moves still to
    come in the Moves panel are greyer than those played, and still read."""
    page = open_table(browser, server, "mole-hill", viewport=DESK)
    fill_bots_and_start(page)
    play_random_targets_until_over(page, random.Random(2))
    page.locator("#outcome-replay").click()
    expect(page.locator("#replay")).to_be_visible()
    for _ in range(10):
        page.locator("#replay-next").click()
    expect(page.locator("#log li.future").first).to_be_attached()
    assert violations(page) == []
    resize(page, PHONE)
    assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]
