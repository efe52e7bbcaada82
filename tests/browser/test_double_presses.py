"""A button pressed twice while its request is on its way, as an impatient player does: the
second press must not do the thing again (a player's walk, 2026-11-29)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.pages import LAPTOP, PHONE, open_page, open_table
from tests.server.live_server import LiveServer


def held_requests(page: Page, pattern: str) -> list[Route]:
    """POSTs to ``pattern`` held back until the test lets them go (``route.continue_()``),
    so a second press certainly comes while the first is still on its way."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        if route.request.method == "POST":
            held.append(route)
        else:
            route.continue_()

    page.route(pattern, hold)
    return held


def test_a_double_press_on_create_table_makes_one_table(
    browser: Browser, server: LiveServer
) -> None:
    """Both presses made a table: one opened, the other stayed in the lobby with a free seat
    and its host away, for a friend to sit at and wait, and counted against the host's limit."""
    page = open_page(browser, f"{server.url}/", viewport=LAPTOP)
    page.wait_for_selector("#game option[value='mole-hill']", state="attached")
    page.select_option("#game", "mole-hill")
    page.fill("#name", "Ann")
    held = held_requests(page, "**/api/tables")
    create = page.locator("#create-form button[type=submit]")
    create.dblclick()
    expect(create).to_be_disabled()
    page.wait_for_timeout(300)  # a second request would have been sent by now
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_url("**/tables/*")
    expect(page.locator("#table")).to_have_attribute("data-you", "0")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_double_press_on_sit_here_seats_without_a_false_alarm(
    browser: Browser, server: LiveServer
) -> None:
    """The second press found the seat taken, by the very person pressing, and told them
    "Someone else just took seat 2: pick another one." under their own seat."""
    ann = open_table(browser, server, "the-mole", players=3)
    bob = open_page(browser, ann.url, viewport=PHONE)
    bob.fill("#join-name", "Bob")
    held = held_requests(bob, "**/seats/1")
    bob.locator('[data-sit="1"]').dblclick()
    bob.wait_for_timeout(300)
    assert len(held) == 1
    held[0].continue_()
    expect(bob.locator("#table")).to_have_attribute("data-you", "1")
    # The seats drawn again, Bob's with its "Leave".
    expect(bob.locator('#seats li[data-seat="1"] button', has_text="Leave")).to_be_visible()
    expect(bob.locator("#seat-error")).to_have_text("")
    for page in (ann, bob):
        assert page.errors == []  # type: ignore[attr-defined]
