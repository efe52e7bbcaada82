"""Mole Park's words at any option value: a round limit of one (MP-35) reads "up to 1 round",
not "up to 1 rounds". Screenshots at 1280 and 390 px are saved in the test's ``tmp_path``."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.pages import LAPTOP, PHONE, open_table, resize
from tests.server.live_server import LiveServer


def test_mp_35_a_round_limit_of_one_reads_as_one_round(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """MP-35 ``round_limit=1``: before the start the status line said "up to 1 rounds"."""
    page = open_table(browser, server, "mole-park", options={"round_limit": 1})
    status = page.locator("[data-board] .mp-status")
    expect(status).to_have_text(re.compile(r"^Not started yet · up to 1 round(?!s)"))
    for size in (LAPTOP, PHONE):
        resize(page, size)
        path = tmp_path / f"round-limit-1-{size['width']}.png"
        page.screenshot(path=str(path), full_page=True)
        print(path)
    assert page.errors == []  # type: ignore[attr-defined]
