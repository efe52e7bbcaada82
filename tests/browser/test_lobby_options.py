"""A lobby row names the options its table plays with that are not the game's defaults, as
the create form names them: a player choosing a table reads what kind of game it is."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect

from tests.browser.pages import open_page
from tests.server.live_server import LiveServer


def test_a_lobby_row_names_the_options_that_are_not_the_games_defaults(
    browser: Browser, server: LiveServer
) -> None:
    made = {}
    for name, options in (
        ("changed", {"rounds": 1, "centre_start_jump": False}),
        ("plain", {}),
    ):
        created = httpx.post(
            f"{server.url}/api/tables", json={"game": "mole-hill", "options": options}
        )
        assert created.status_code == 201, created.text
        made[name] = created.json()["table"]["id"]
    listed = httpx.get(f"{server.url}/api/tables").json()["open"]
    by_id = {summary["id"]: summary for summary in listed}
    # Every option, the defaults included.
    assert by_id[made["changed"]]["options"] == {"rounds": 1, "centre_start_jump": False}
    assert by_id[made["plain"]]["options"] == {"rounds": 2, "centre_start_jump": True}

    page = open_page(browser, f"{server.url}/")
    changed = page.locator(f'#open-tables li[data-table="{made["changed"]}"] .muted')
    expect(changed).to_have_text("2 players · 2 free · Rounds: 1, Centre start jump: off")
    plain = page.locator(f'#open-tables li[data-table="{made["plain"]}"] .muted')
    expect(plain).to_have_text("2 players · 2 free")
    assert page.errors == []  # type: ignore[attr-defined]
