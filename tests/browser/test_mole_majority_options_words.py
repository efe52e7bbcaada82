"""Mole Majority's words at any option value and in any state: a count of one reads in the
singular ("up to 1 turn", "1 pt", "1 tile"), and the result of a game whose Domain Points
were tied says what broke the tie (MM-42), in the engine's words."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from molehaven.core import JSONValue
from molehaven.server.matches.story import result_of
from tests.browser.pages import (
    draw_alone,
    fill_bots_and_start,
    open_page,
    open_table,
    show_a_fixed_position,
)
from tests.browser.test_mole_majority_end import first_choices
from tests.games.mole_majority.helpers import apply_all, legal, new_game, s2
from tests.server.live_server import LiveServer

BOARD = "[data-board='mole-majority']"
DESK = {"width": 1280, "height": 800}
DRAW = draw_alone("mole-majority", "null")
NAMES = ["Ann", "Bea", "Cy", "Di"]


def test_mm_40_a_turn_limit_of_one_reads_as_one_turn(browser: Browser, server: LiveServer) -> None:
    """MM-40 ``turn_limit=1``: before the start the prompt said "up to 1 turns"."""
    page = open_table(browser, server, "mole-majority", options={"turn_limit": 1})
    expect(page.locator(f"{BOARD} .mm-prompt")).to_have_text("Not started yet · up to 1 turn.")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_one_point_and_one_tile_read_in_the_singular(browser: Browser, server: LiveServer) -> None:
    """A player's board read "1 pts" and the tile pile's "×1" was titled "1 tile(s) of 4
    spaces". The engine's views, with one count set to 1 (a player out of the game with only
    a Home Token worth 1 scores 1 at the end; the pile runs down to one tile of a value)."""
    page = open_page(browser, f"{server.url}/tables/no-such-table")
    laying = first_choices(new_game(4), "base")
    observation = laying.observation(3)
    observation["pile"] = {"3": 0, "4": 1, "5": 6, "6": 2}
    page.evaluate(DRAW, [observation, sorted(legal(laying, 3)), 3, NAMES])
    expect(page.locator(f"{BOARD} .mm-pile-item[title^='1 tile']")).to_have_attribute(
        "title", "1 tile of 4 spaces"
    )
    expect(page.locator(f"{BOARD} .mm-pile-item[title='6 tiles of 5 spaces']")).to_have_count(1)
    over = apply_all(s2(turn_limit=2), "0: play two, 0: end, C: card keeper2, 1: play two, 1: end")
    shown = over.observation(0)
    shown["scores"] = [1.0, 6.0]
    page.evaluate(DRAW, [shown, [], 0, NAMES[:2]])
    expect(page.locator(f"{BOARD} .mm-seat-score")).to_have_text(["1 pt", "6 pts"])
    assert page.errors == []  # type: ignore[attr-defined]


def test_mm_42_the_result_says_how_a_tie_on_points_was_broken(
    browser: Browser, server: LiveServer
) -> None:
    """MM-42: a game ended by its turn limit with both players on 6 Domain Points and 6 moles
    on the board, won on the hand's Number cards (9 against 7). The result read "Why: the turn
    limit is reached. Final scores: Ann 6, random bot 6", a win on equal scores; it now says
    what broke the tie, as the engine's end reason gives it."""
    over = apply_all(s2(turn_limit=2), "0: play two, 0: end, C: card keeper2, 1: play two, 1: end")
    page = open_table(browser, server, "mole-majority", players=2, viewport=DESK)
    fill_bots_and_start(page)
    result: dict[str, JSONValue] = result_of(over, ["Ann", "random bot"])
    show_a_fixed_position(page, over.observation(0), [], result=result)
    expect(page.locator("#table")).to_have_attribute("data-status", "over")
    expect(page.locator("#result")).to_contain_text("Won by random bot.")
    expect(page.locator("#result")).to_contain_text(
        "Why: the turn limit was reached: tied on 6 points and 6 moles on the board;"
        " a higher hand total (9 to 7)."
    )
    expect(page.locator("#result")).to_contain_text("Final scores: Ann 6, random bot 6.")
    # With the tie-break said, the whole meadow stays in view under the result at a laptop's
    # 800 px (the board sizes the meadow to the screen below the result box).
    meadow = page.locator(f"{BOARD} svg.mm-meadow").bounding_box()
    assert meadow is not None and meadow["y"] + meadow["height"] <= DESK["height"], meadow
    assert page.errors == []  # type: ignore[attr-defined]
