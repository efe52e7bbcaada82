"""Die Maulwurf Company: a move that must take a mole out of its hole says why (MC-11)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from molehaven.core import State
from tests.browser.pages import PHONE, draw_alone, open_page, resize
from tests.browser.test_maulwurf_company_table import (
    BOARD,
    DESKTOP,
    NAMES,
    SLUG,
    draw,
    sideways_red,
)
from tests.games.maulwurf_company.helpers import apply_all
from tests.games.maulwurf_company.test_examples import example_6_state
from tests.server.live_server import LiveServer

# What the turn line above the table asks (the board module's turn()).
ASKED = draw_alone(SLUG, "board.turn({observation, legal}).asked").replace(
    "seats};", 'seats, status: "running"};'
)
LEAVE = "so one must leave its hole: click a ringed mole, then a white target 4 steps away."


def last_resort() -> State:
    """Rules example 7 (MC-11): on brown, seat 0's 4 moves no mole outside a hole (each line
    is blocked or leaves the layer), so its only move takes the mole on +2+0 out of its hole."""
    state = apply_all(example_6_state(sole_survivor="plays_on"), "0 move -2-1 e")
    apply_all(state, ["c flip 4", "0 move -3+0 e", "c flip 2", "0 move +1-1 e", "c flip 2",
                      "0 move +0-3 se", "c flip 1", "0 move +1+0 e", "c flip 4"])  # fmt: skip
    assert [str(action) for action in state.legal_actions(0)] == ["move +2+0 w"]
    return state


@pytest.mark.draws_only
def test_a_mole_that_must_leave_its_hole_is_explained(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """In a 4-player game the only moves offered took saved moles out of their holes, ringed
    like any mole that may move, and the prompt said only 'Click one of your ringed moles':
    it read as the page's mistake. When every move offered starts in a hole, the prompt and
    the turn line now say that no mole outside a hole can go that far and the disc must be
    used, so a mole has to leave its hole; on an ordinary move they do not."""
    state = last_resort()
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=DESKTOP)
    for viewport in (DESKTOP, PHONE):
        resize(page, viewport)
        draw(page, state, 0)
        prompt = page.locator(f"{BOARD} .mc-prompt")
        expect(prompt).to_contain_text("No mole of yours outside a hole can go 4 steps")
        expect(prompt).to_contain_text(LEAVE)
        expect(page.locator(f"{BOARD} [data-action]")).to_have_count(1)
        expect(page.locator(f'{BOARD} .mc-mole.selected[data-at="+2+0"]')).to_have_count(1)
        size = f"{viewport['width']}x{viewport['height']}"
        page.screenshot(path=str(tmp_path / f"maulwurf-company-last-resort-{size}.png"))
    seen = state.observation(0)
    asked = page.evaluate(ASKED, [seen, ["move +2+0 w"], 0, NAMES[:2]])
    assert "no mole outside a hole can go 4 steps, so one must leave its hole" in asked

    ordinary, _, _ = sideways_red()
    draw(page, ordinary, 0)
    expect(page.locator(f"{BOARD} .mc-prompt")).to_contain_text("Your disc shows 1.")
    expect(page.locator(f"{BOARD} .mc-prompt")).not_to_contain_text("hole")
    legal = sorted(str(action) for action in ordinary.legal_actions(0))
    asked = page.evaluate(ASKED, [ordinary.observation(0), legal, 0, NAMES[:4]])
    assert asked == "Move one of your moles 1 step in a straight line."
    assert page.evaluate("() => window.clicked") == []
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)
