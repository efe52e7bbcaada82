"""A person plays Die Maulwurf Company against a bot on the drawn table, by clicks only.

The board offers exactly the seat's legal actions: places as points, a move as a mole (which
only selects) and then a destination carrying the full legal action, the bonus flip as a
prompt. Screenshots at 1280 and 390 px are saved in the test's ``tmp_path`` (the path is
printed) for people to look at.
"""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

import molehaven
from tests.browser.pages import NEXT_TURN, PHONE, click_only, open_page, version
from tests.server.live_server import LiveServer

SLUG = "maulwurf-company"
DESKTOP = {"width": 1280, "height": 800}
BOARD = "[data-board='maulwurf-company']"
MAX_TURNS = 60


def create_short_table(page: Page, server: LiveServer, max_turns: int) -> str:
    """The lobby's form with a small turn limit (MC-25), so that a game takes seconds."""
    page.goto(f"{server.url}/")
    page.wait_for_selector(f"#game option[value='{SLUG}']", state="attached")
    page.select_option("#game", SLUG)
    page.fill("#option-max_turns", str(max_turns))
    page.fill("#name", "Ann")
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/tables/*")
    expect(page.locator("#table")).to_have_attribute("data-you", "0")
    return page.url.rsplit("/", 1)[-1]


def record_state(page: Page, table_id: str) -> molehaven.core.State:  # type: ignore[name-defined]
    origin = page.url.split("/tables/")[0]
    response = page.request.get(f"{origin}/api/tables/{table_id}/record")
    assert response.ok
    return molehaven.replay(response.json())


def offered_on_board(page: Page) -> list[str]:
    offered: list[str] = page.evaluate(
        f"""() => [...document.querySelectorAll("{BOARD} [data-action]")]
            .map(element => element.dataset.action)"""
    )
    return offered


def destinations(page: Page) -> list[dict[str, object]]:
    found: list[dict[str, object]] = page.evaluate(
        f"""() => [...document.querySelectorAll("{BOARD} .mc-destination")].map(node => ({{
            action: node.dataset.action, hole: node.hasAttribute("data-hole")}}))"""
    )
    return found


def choose_move(page: Page, rng: random.Random) -> tuple[str, set[str]]:
    """Select each movable mole in turn (a click that only selects) and see where it may go;
    return a move into a hole when there is one, else a random one, and every destination
    the board offered."""
    moles = page.locator(f"{BOARD} [data-mole]")
    seen: set[str] = set()
    into_hole: list[str] = []
    for index in range(moles.count()):
        moles.nth(index).click()
        for target in destinations(page):
            seen.add(str(target["action"]))
            if target["hole"]:
                into_hole.append(str(target["action"]))
    choice = rng.choice(into_hole) if into_hole else rng.choice(sorted(seen))
    mole = choice.split(" ")[1]
    page.locator(f'{BOARD} [data-mole="{mole}"]').click()  # select it again before moving
    return choice, seen


def board_fits(page: Page, width: int, height: int) -> None:
    scroll_width = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll_width <= width
    layer = page.locator(f"{BOARD} svg.mc-layer").bounding_box()
    assert layer is not None
    assert layer["x"] >= 0 and layer["x"] + layer["width"] <= width
    assert layer["y"] + layer["height"] <= height, "the board needs scrolling"


def shoot(page: Page, folder: Path, name: str, lifted: bool = False) -> list[Path]:
    """Screenshots at 1280 x 800 and at a 390 px phone, back to the desktop size after."""
    shots = []
    for label, size in (("1280", DESKTOP), ("390", PHONE)):
        page.set_viewport_size(size)  # type: ignore[arg-type]
        page.wait_for_timeout(150)
        if not lifted:
            board_fits(page, size["width"], size["height"])
        path = folder / f"maulwurf-company-{name}-{label}.png"
        page.screenshot(path=str(path), full_page=label == "390")
        shots.append(path)
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]
    return shots


def test_a_person_plays_maulwurf_company_against_a_bot_by_clicking(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    page = open_page(browser, f"{server.url}/", viewport=DESKTOP)
    table_id = create_short_table(page, server, MAX_TURNS)
    page.click("#fill-bots")
    expect(page.locator("#start")).to_be_enabled()
    page.click("#start")
    rng = random.Random(14)
    shots: list[Path] = []
    kinds: set[str] = set()
    before: str | None = None
    lifted_seen = False
    while True:
        seen = page.evaluate(NEXT_TURN, [before, 15])
        assert seen is not None, "the page offered nothing and the game did not end in 15 s"
        if seen["status"] == "over":
            break
        state = record_state(page, table_id)
        if str(state.num_actions) != seen["version"] or 0 not in state.to_move():
            before = None  # the page moved on while we read the record
            continue
        legal = sorted(str(action) for action in state.legal_actions(0))
        phase = page.locator(BOARD).get_attribute("data-phase")
        verb = legal[0].split(" ")[0]
        kinds.add(verb)
        if verb == "move":
            action, offered = choose_move(page, rng)
            assert sorted(offered) == legal  # every legal move, and nothing else, is offered
            if "move" not in {kind for kind in kinds if kind == "move-shot"}:
                kinds.add("move-shot")
                shots += shoot(page, tmp_path, "move")
        else:
            offered_now = sorted(offered_on_board(page))
            assert offered_now == legal, phase  # places, bonus/decline, keep: exactly the legal
            if verb == "bonus":
                action = "bonus"
                expect(page.locator(f"{BOARD} .mc-prompt")).to_contain_text("special field")
                shots += shoot(page, tmp_path, "bonus") if "bonus-shot" not in kinds else []
                kinds.add("bonus-shot")
            else:
                action = rng.choice(legal)
            if verb == "place" and "place-shot" not in kinds:
                kinds.add("place-shot")
                shots += shoot(page, tmp_path, "place")
        if page.locator(BOARD).get_attribute("data-lifting") and not lifted_seen:
            lifted_seen = True
        assert click_only(page, action), action
        before = seen["version"]
        if state.num_actions > 0 and not lifted_seen:
            lifting = page.locator(f"{BOARD}[data-lifting]:not([data-lifting=''])")
            if lifting.count():
                lifted_seen = True
                shots += shoot(page, tmp_path, "lifted", lifted=True)
    final = record_state(page, table_id)
    assert final.is_terminal()
    expect(page.locator(f"{BOARD} .mc-prompt.over")).to_contain_text("Game over")
    shots += shoot(page, tmp_path, "over")
    assert {"place", "move"} <= kinds
    assert version(page) == final.num_actions
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots:", *shots, sep="\n  ")
