"""The helpers that show a board fixed positions (tests/browser/pages.py), for every game: a
board drawn alone (``draw_alone``), and a live table shown a finished game's position
(``show_a_fixed_position``)."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import Browser, Route, expect
from playwright.sync_api import Error as PlaywrightError

import molehaven
from molehaven.core import CHANCE, JSONValue, State
from molehaven.server.matches.story import result_of
from tests.browser.pages import (
    BOARD_TARGETS,
    draw_alone,
    fill_bots_and_start,
    open_page,
    open_table,
    show_a_fixed_position,
    status,
)
from tests.server.live_server import LiveServer

SLUGS = ("maulwurf-company", "mole-hill", "mole-majority", "mole-park", "the-mole")
# Drawn alone: what the board offers to click, and what a click on the first of them sent.
CLICK_THE_FIRST = f"""() => {{
    const offered = [...document.querySelectorAll("{BOARD_TARGETS}")];
    if (offered.length) offered[0].dispatchEvent(new MouseEvent("click", {{bubbles: true}}));
    return {{offered: offered.map(node => node.dataset.action), clicked: window.clicked}};
}}"""


def first_decision(slug: str, players: int) -> tuple[State, int]:
    """The game's first position at which a seat decides (chance's first outcome taken
    whenever chance is to act), and that seat."""
    state = molehaven.make(slug, players).initial_state()
    while state.is_chance() or CHANCE in state.to_move():
        state.apply(CHANCE, state.chance_outcomes()[0][0])
    return state, state.to_move()[0]


def test_draw_alone_knows_every_game() -> None:
    assert sorted(SLUGS) == sorted(molehaven.list_games())


@pytest.mark.draws_only
@pytest.mark.parametrize("slug", SLUGS)
def test_every_games_board_is_drawn_alone(browser: Browser, server: LiveServer, slug: str) -> None:
    """Each board is drawn alone for its game's first decision, offering the seat's legal
    actions (where it offers any at once), and a click on one is kept. Mole Hill, the one
    board without a stylesheet of its own, was waited for forever (the page's link to
    "/static/undefined" never loaded)."""
    players = 3 if slug == "the-mole" else 2
    state, seat = first_decision(slug, players)
    legal = sorted(str(action) for action in state.legal_actions(seat))
    names = ["Ann", "Bea", "Cy"][:players]
    page = open_page(browser, f"{server.url}/tables/no-such-table")
    started = time.monotonic()
    page.evaluate(draw_alone(slug, "null"), [state.observation(seat), legal, seat, names])
    assert time.monotonic() - started < 10
    expect(page.locator(f"[data-board={slug}]").first).to_be_visible()
    # Some boards offer their first actions a pick or a fold away (The Mole's guesses, a
    # Maulwurf Company tile's turns): what is offered at once is legal, and a click is kept.
    seen = page.evaluate(CLICK_THE_FIRST)
    assert set(seen["offered"]) <= set(legal), (seen, legal)
    assert seen["clicked"] == seen["offered"][:1]
    if slug == "mole-hill":  # the mole places its stack on any square
        assert sorted(seen["offered"]) == legal and len(legal) == 63
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_a_board_whose_stylesheet_does_not_come_fails_at_once(
    browser: Browser, server: LiveServer
) -> None:
    """A stylesheet the server does not send ends the drawing with an error naming it, at
    once: it was waited for until the test's own time ran out (four minutes)."""
    state, seat = first_decision("mole-park", 2)
    legal = sorted(str(action) for action in state.legal_actions(seat))
    page = open_page(browser, f"{server.url}/tables/no-such-table")

    def missing(route: Route) -> None:
        route.fulfill(status=404, body="")

    page.route("**/static/css/boards/mole-park.css", missing)
    started = time.monotonic()
    with pytest.raises(PlaywrightError, match=r"css/boards/mole-park\.css did not load"):
        page.evaluate(
            draw_alone("mole-park", "null"), [state.observation(seat), legal, 0, ["A", "B"]]
        )
    assert time.monotonic() - started < 5


def test_a_finished_position_shows_as_a_finished_table(
    browser: Browser, server: LiveServer
) -> None:
    """A finished Mole Hill game shown on a live table (its bot still playing the real game)
    is shown as a finished table is: status "over", the result, nothing asked of anyone and
    no Resign button; it said "running" with an empty result."""
    rng = random.Random(3)
    state = molehaven.make("mole-hill", 2).initial_state()
    while not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    page = open_table(browser, server, "mole-hill")
    fill_bots_and_start(page)
    expect(page.locator("#status")).to_have_text("running")
    result: dict[str, JSONValue] = result_of(state, ["Ann", "random bot"])
    show_a_fixed_position(page, state.observation(0), [], result=result)
    expect(page.locator("[data-board=mole-hill]")).to_be_visible()
    expect(page.locator("#table")).to_have_attribute("data-status", "over")
    expect(page.locator("#status")).to_have_text("over")
    lines = result["lines"]
    assert isinstance(lines, list)
    expect(page.locator("#result")).to_contain_text(str(lines[0]))
    expect(page.locator("#resign-box")).to_be_hidden()
    expect(page.locator("#asked")).to_be_hidden()
    assert status(page) == "over"
    assert page.errors == []  # type: ignore[attr-defined]
