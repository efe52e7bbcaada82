"""The Mole's words at any option value: a game to one point (TM-24) and rounds of one
answer (TM-20) read in the singular before the start, not "game to 1 points" and "1
answers"."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.pages import open_table
from tests.server.live_server import LiveServer


def test_tm_20_tm_24_one_point_and_one_answer_read_in_the_singular(
    browser: Browser, server: LiveServer
) -> None:
    """``target_score=1``, ``question_limit=1``, ``round_seconds=30``: the open table's line
    said "game to 1 points" and "Rounds of up to 30 seconds or 1 answers"."""
    options = {"target_score": 1, "question_limit": 1, "round_seconds": 30}
    page = open_table(browser, server, "the-mole", players=3, options=options)
    expect(page.locator("[data-board] .tm-status")).to_have_text(
        "Not started yet · game to 1 pointRounds of up to 30 seconds or 1 answer"
    )
    assert page.errors == []  # type: ignore[attr-defined]
