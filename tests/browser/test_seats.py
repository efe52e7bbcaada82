"""Taking, losing and leaving seats before the start, as friends gathering at a table do."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import PHONE, create_table, open_page
from tests.server.live_server import LiveServer


def sit(page: Page, seat: int, name: str) -> None:
    page.fill("#join-name", name)
    page.click(f'[data-sit="{seat}"]')
    expect(page.locator("#table")).to_have_attribute("data-you", str(seat))


def test_a_removed_player_who_sits_again_is_no_longer_told_they_are_watching(
    browser: Browser, server: LiveServer
) -> None:
    """Bea is removed by the host and sits again: the page said "you are watching" above her
    own seat until a reload. Her own "Leave" is no news to her: no notice says she left."""
    ann = open_page(browser, f"{server.url}/")
    create_table(ann, server, "mole-hill")
    bea = open_page(browser, ann.url, viewport=PHONE)
    sit(bea, 1, "Bea")
    ann.locator('#seats li[data-seat="1"] button', has_text="Remove").click()
    expect(bea.locator("#table")).to_have_attribute("data-you", "")
    expect(bea.locator("#notice")).to_have_text(
        "Seat 1 is no longer yours: the host removed you, or you left it in another tab."
        " You are watching; pick a free seat to play."
    )
    bea.click('[data-sit="1"]')  # her name is still in the box
    expect(bea.locator("#table")).to_have_attribute("data-you", "1")
    expect(bea.locator("#notice")).to_be_hidden()
    expect(bea.locator("#table")).not_to_have_attribute("data-demoted", "true")
    bea.locator('#seats li[data-seat="1"] button', has_text="Leave").click()
    expect(bea.locator("#table")).to_have_attribute("data-you", "")
    expect(bea.locator('[data-sit="1"]')).to_be_visible()
    expect(bea.locator("#notice")).to_be_hidden()
    for page in (ann, bea):
        assert page.errors == []  # type: ignore[attr-defined]
