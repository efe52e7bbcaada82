"""Mole Park's words at any option value: a round limit of one (MP-35) reads "up to 1 round",
not "up to 1 rounds"."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.browser.pages import open_table
from tests.server.live_server import LiveServer


def test_mp_35_a_round_limit_of_one_reads_as_one_round(
    browser: Browser, server: LiveServer
) -> None:
    """MP-35 ``round_limit=1``: before the start the status line said "up to 1 rounds"."""
    page = open_table(browser, server, "mole-park", options={"round_limit": 1})
    status = page.locator("[data-board] .mp-status")
    expect(status).to_have_text(re.compile(r"^Not started yet · up to 1 round(?!s)"))
    assert page.errors == []  # type: ignore[attr-defined]
