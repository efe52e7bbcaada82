"""The table page around the board, on screens where every line of height counts."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.pages import LAPTOP, PHONE, create_table, fill_bots_and_start, open_page
from tests.server.live_server import LiveServer

# Where the board begins on the page, and whether the site's tagline shows.
HEAD = """() => ({
    boardTop: document.querySelector("#board").getBoundingClientRect().top + scrollY,
    turnBottom: document.querySelector("#turn").getBoundingClientRect().bottom + scrollY,
    tagline: getComputedStyle(document.querySelector(".tagline")).display !== "none",
})"""


@pytest.mark.parametrize("viewport", [{"width": 667, "height": 375}, {"width": 812, "height": 375}])
def test_a_phone_on_its_side_begins_the_board_in_the_top_third(
    browser: Browser, server: LiveServer, viewport: dict[str, int]
) -> None:
    """On a phone on its side the header, title and turn line took 171 px of 375 before the
    board began (reviewers of two games measured it): they shrink to short single lines there,
    and the turn line still says whose move it is on the first screen."""
    page = open_page(browser, f"{server.url}/", viewport=viewport)
    create_table(page, server, "mole-hill")
    fill_bots_and_start(page)
    expect(page.locator("#turn")).to_have_text("Your move")
    head = page.evaluate(HEAD)
    assert head["boardTop"] <= viewport["height"] / 3, head
    assert head["turnBottom"] <= head["boardTop"], head
    assert not head["tagline"], head
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE])
def test_laptops_and_upright_phones_keep_the_full_header(
    browser: Browser, server: LiveServer, viewport: dict[str, int]
) -> None:
    page = open_page(browser, f"{server.url}/", viewport=viewport)
    create_table(page, server, "mole-hill")
    head = page.evaluate(HEAD)
    assert head["tagline"], head
    page.context.close()
