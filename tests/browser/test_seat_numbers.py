"""Seats as people count them: from 1, on every page. The API, records and notation number
seats from 0 (the shared rules); the pages showed those numbers ("0. Rin (you)", "Seat 0 ·
free", "hard bot 2" at the third seat, Die Maulwurf Company's moles marked "0"), which read as
a program's output. Fixed positions, so each test is quick and the same every run."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

import molehaven
from molehaven.core import CHANCE, JSONValue, State
from tests.browser.pages import (
    LAPTOP,
    PHONE,
    create_table,
    fill_bots_and_start,
    open_page,
    resize,
    show_a_fixed_position,
)
from tests.browser.test_maulwurf_company_table import draw
from tests.server.live_server import LiveServer

MAULWURF = "[data-board='maulwurf-company']"


def maulwurf_with_moles_placed() -> State:
    """Three seats, every layer at rotation 0, seat 0 first: two moles each placed (at each
    seat's first legal point), seat 0 to place its third."""
    state = molehaven.make("maulwurf-company", players=3).initial_state()
    for layer in ("blue", "brown", "red", "green"):
        state.apply(CHANCE, state.game.parse_action(f"rotate {layer} 0"))
    state.apply(CHANCE, state.game.parse_action("start 0"))
    for _ in range(6):
        (seat,) = state.to_move()
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.to_move() == [0]
    return state


def the_mole_at_its_first_call() -> State:
    """Four seats, every chance node at its first outcome: the first moment people act, when
    each may nominate another seat for a vote ("nominate 1": a seat number typed)."""
    state = molehaven.make("the-mole", players=4).initial_state()
    while state.is_chance():
        state.apply(CHANCE, state.chance_outcomes()[0][0])
    assert 0 in state.to_move()
    return state


def legal(state: State, seat: int) -> list[str]:
    return [str(action) for action in state.legal_actions(seat)]


def observation(state: State, seat: int) -> dict[str, JSONValue]:
    return dict(state.observation(seat))


def seat_list_numbers(page: Page) -> list[int]:
    """The numbers the Seats list shows before its names (an ordered list's own)."""
    numbers: list[int] = page.evaluate(
        """() => { const list = document.getElementById("seats");
        return [...list.children].map((item, index) => list.start + index); }"""
    )
    return numbers


def test_seats_bots_and_moles_are_numbered_from_1(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """Ann opens a three-seat Die Maulwurf Company table: the lobby says she sits at seat 1,
    the Seats list numbers its seats 1 to 3, the board calls the free ones "Seat 2 · free" and
    "Seat 3 · free"; bots at the second and third seats are "random bot 2" and "random bot
    3"; once moles are on the board, hers read "1" (her swatch's number), the third seat's
    "3". The notation box has no seat to explain (this game's moves name none)."""
    page = open_page(browser, f"{server.url}/")
    sit_label = page.locator("label", has=page.locator("#take-seat"))
    expect(sit_label).to_have_text("sit at the table myself (seat 1)")
    create_table(page, server, "maulwurf-company", players=3)
    assert seat_list_numbers(page) == [1, 2, 3]
    expect(page.locator("#seats > li")).to_contain_text(["Ann (you)", "empty", "empty"])
    names = page.locator(f"{MAULWURF} .mc-seat-name")
    expect(names).to_have_text(["Ann (you)", "Seat 2 · free", "Seat 3 · free"])
    expect(page.locator(f"{MAULWURF} .mc-seats .mc-swatch")).to_have_text(["1", "2", "3"])

    fill_bots_and_start(page)
    seats = page.locator("#seats > li")
    expect(seats).to_contain_text(["Ann (you)", "random bot 2", "random bot 3"])
    state = maulwurf_with_moles_placed()
    show_a_fixed_position(page, observation(state, 0), legal(state, 0))
    expect(names).to_have_text(["Ann (you)", "random bot 2", "random bot 3"])
    assert seat_list_numbers(page) == [1, 2, 3]
    for seat in range(3):
        labels = page.locator(f"{MAULWURF} svg .mc-mole[data-seat='{seat}'] .mc-mole-label")
        expect(labels).to_have_text([str(seat + 1)] * 2)
    expect(page.locator(f"{MAULWURF} .mc-legend li", has_text="seat 1: ")).to_have_count(1)
    expect(page.locator(f"{MAULWURF} .mc-legend li", has_text="seat 0: ")).to_have_count(0)
    expect(page.locator("#notation-seats")).to_be_hidden()
    page.locator("details.raw > summary").click()
    expect(page.locator("details.raw .raw-note")).to_contain_text("seats count from 0 here")
    for viewport in (LAPTOP, PHONE):
        resize(page, viewport)
        page.screenshot(path=str(tmp_path / f"seats-maulwurf-{viewport['width']}.png"))
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)


def test_where_a_seat_is_typed_the_box_says_the_notation_counts_from_0(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """The Mole's notation names seats by number from 0 ("nominate 1"), while the page counts
    from 1: when Ann may nominate, the notation box says which number is whose."""
    page = open_page(browser, f"{server.url}/")
    create_table(page, server, "the-mole", players=4)
    fill_bots_and_start(page)
    state = the_mole_at_its_first_call()
    show_a_fixed_position(page, observation(state, 0), legal(state, 0))
    page.locator("#actions .moves-fold > summary").click()
    expect(page.locator("#notation-seats")).to_have_text(
        "In typed moves seats count from 0: 0 = Ann (you), 1 = random bot 2,"
        " 2 = random bot 3, 3 = random bot 4."
    )
    for viewport in (LAPTOP, PHONE):
        resize(page, viewport)
        page.locator("#notation-form").scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / f"seats-the-mole-{viewport['width']}.png"))
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)


def test_the_maulwurf_legends_mole_is_the_viewers_own(browser: Browser, server: LiveServer) -> None:
    """The legend's "your mole" samples wore the first seat's colour and number whoever looked:
    Cy, at the third seat, read a red "1" as her mole beside her own green "3"s."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP)
    state = maulwurf_with_moles_placed()
    draw(page, state, 2)
    page.locator(f"{MAULWURF} .mc-legend summary").click()
    legend = page.locator(f"{MAULWURF} .mc-legend .mc-mole")
    expect(legend.first).to_be_visible()
    own = page.locator(f"{MAULWURF} svg.mc-layer .mc-mole[data-seat='2']").first
    colour = next(c for c in str(own.get_attribute("class")).split() if c.startswith("seat-"))
    for index in range(legend.count()):
        sample = legend.nth(index)
        assert colour in str(sample.get_attribute("class")).split(), sample.get_attribute("class")
        expect(sample.locator(".mc-mole-label")).to_have_text("3")
    assert page.errors == []  # type: ignore[attr-defined]
