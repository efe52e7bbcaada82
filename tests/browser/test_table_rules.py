"""A table names the options it changes from the standard game ("This table's rules"), with
what each does and its standard value, and "How to play" (the standard game) sends a player
there: a house rule is read before the first move, not found out during the game."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.pages import PHONE, open_table, resize
from tests.server.live_server import LiveServer


def test_a_table_with_house_rules_names_each_with_its_standard_value(
    browser: Browser, server: LiveServer
) -> None:
    # MC-11 (hole exit) and MC-19 (special fields) away from their defaults; MC-24 as standard.
    options = {"hole_exit": "any", "special_fields": False, "tournament": False}
    page = open_table(browser, server, "maulwurf-company", options=options)
    panel = page.locator("#table-rules")
    expect(panel).to_be_visible()
    items = panel.locator("li")
    expect(items).to_have_count(2)  # tournament is off by default: not a change
    expect(items.nth(0)).to_contain_text("Hole exit: any.")
    expect(items.nth(0)).to_contain_text("at any time. Standard: last resort.")
    expect(items.nth(0).locator('a[href="/rules/maulwurf-company#MC-11"]')).to_have_count(1)
    expect(items.nth(1)).to_contain_text("Special fields: off.")
    expect(items.nth(1)).to_contain_text("Standard: on.")
    page.locator("#how-to-play summary").click()
    expect(page.locator("#how-to-play-note")).to_have_text(
        "This table changes 2 rules (see “This table's rules” above); the steps below are the"
        " standard game."
    )
    resize(page, PHONE)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_standard_table_shows_no_house_rules(browser: Browser, server: LiveServer) -> None:
    page = open_table(browser, server, "mole-hill", options={"rounds": 2})  # MH-2's default
    expect(page.locator("#how-to-play")).to_be_visible()  # the guide is in
    expect(page.locator("#table-rules")).to_be_hidden()
    page.locator("#how-to-play summary").click()
    expect(page.locator("#how-to-play-note")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]
