"""What a person does on the pages, as Playwright steps."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.server.live_server import LiveServer

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def open_page(browser: Browser, url: str, viewport: dict[str, int] = LAPTOP) -> Page:
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url)
    return page


def create_table(
    page: Page,
    server: LiveServer,
    game: str,
    *,
    name: str = "Ann",
    options: dict[str, str] | None = None,
) -> str:
    """Fill the lobby's form (taking seat 0) and land on the new table; returns its id."""
    page.goto(f"{server.url}/")
    page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    page.select_option("#game", game)
    for option, value in (options or {}).items():
        page.select_option(f"#option-{option}", value)
    page.fill("#name", name)
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/tables/*")
    expect(page.locator("#table")).to_have_attribute("data-you", "0")
    return page.url.rsplit("/", 1)[-1]


def fill_bots_and_start(page: Page) -> None:
    page.click("#fill-bots")
    expect(page.locator("#start")).to_be_enabled()
    page.click("#start")
    expect(page.locator("#table")).not_to_have_attribute("data-status", "open")


def version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or 0)


def status(page: Page) -> str:
    return page.locator("#table").get_attribute("data-status") or ""


BOARD_TARGETS = "[data-board] [data-action]"
BUTTONS = "#action-buttons > .action-group button[data-action]:not([disabled])"


def targets(page: Page) -> list[str]:
    """The actions this page offers now: on the drawn board, else as buttons."""
    read = "elements => elements.map(element => element.dataset.action)"
    offered: list[str] = page.locator(BOARD_TARGETS).evaluate_all(read)
    if not offered:
        offered = page.locator(BUTTONS).evaluate_all(read)
    return offered


def click_action(page: Page, action: str) -> None:
    before = version(page)
    quoted = action.replace("\\", "\\\\").replace('"', '\\"')  # free text may hold quotes
    target = page.locator(
        f'[data-board] [data-action="{quoted}"], {BUTTONS}[data-action="{quoted}"]'
    )
    try:
        target.first.click(timeout=3_000)
    except PlaywrightTimeoutError:
        return  # the game moved on and the action went away; the caller looks again
    wait_for(lambda: version(page) != before or bool(page.locator("#error").inner_text()))


def wait_for(condition: object, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.02)
    raise AssertionError("the page did not change in time")


def play_first_targets_until_over(page: Page, *, max_actions: int = 5000) -> int:
    """Click the first offered action whenever there is one; returns how many were played."""
    played = 0
    while status(page) != "over":
        offered = targets(page)
        if offered:
            click_action(page, offered[0])
            played += 1
            assert played <= max_actions
        else:
            time.sleep(0.02)
    return played
