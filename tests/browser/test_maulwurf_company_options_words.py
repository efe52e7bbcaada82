"""Die Maulwurf Company's table follows its options: without special fields (MC-19) neither the
layers' strip nor the legend shows one, and the words where other games show scores say how
this table's game is won: the last player with moles wins at once or plays on (MC-23), and
a turn limit the table sets (MC-25) is named with its number."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from molehaven.core import JSONValue
from tests.browser.pages import fill_bots_and_start, open_table
from tests.server.live_server import LiveServer

SLUG = "maulwurf-company"
BOARD = "[data-board='maulwurf-company']"
LAPTOP = {"width": 1280, "height": 900}


def started(browser: Browser, server: LiveServer, options: dict[str, JSONValue]) -> Page:
    """A 2-player table at ``options``, a bot beside Ann, started: chance has laid the layers
    (their holes and special fields) and Ann places first."""
    page = open_table(browser, server, SLUG, viewport=LAPTOP, players=2, options=options)
    fill_bots_and_start(page)
    expect(page.locator(f"{BOARD} .mc-stack-layer")).to_have_count(4)
    return page


def legend_lines(page: Page) -> list[str]:
    page.click(f"{BOARD} .mc-legend summary")
    return [line.strip() for line in page.locator(f"{BOARD} .mc-legend li").all_inner_texts()]


def test_mc_19_without_special_fields_no_layer_or_legend_shows_one(
    browser: Browser, server: LiveServer
) -> None:
    """MC-19 ``special_fields=false``: no layer has special fields, so the strip "Layers,
    top to bottom" draws none on red and brown and the legend has no line for one; with the
    standard option both show them."""
    page = started(browser, server, {"special_fields": False})
    expect(page.locator(f"{BOARD} .mc-stack .mc-special")).to_have_count(0)
    assert not [line for line in legend_lines(page) if "special field" in line]
    assert page.errors == []  # type: ignore[attr-defined]

    standard = started(browser, server, {})
    assert standard.locator(f"{BOARD} .mc-stack .mc-special").count() > 0
    assert [line for line in legend_lines(standard) if "special field" in line]
    assert standard.errors == []  # type: ignore[attr-defined]


def test_mc_23_mc_25_how_the_game_is_won_follows_the_tables_options(
    browser: Browser, server: LiveServer
) -> None:
    """MC-23 ``sole_survivor=plays_on``: a player left alone with moles plays on to the golden
    shovel, not wins at once; MC-25 ``max_turns`` set by the table: after that many turns
    everyone still in wins together, with the table's number (one turn is "1 turn")."""
    page = started(browser, server, {"sole_survivor": "plays_on", "max_turns": 60})
    expect(page.locator("#scores")).to_have_text(
        "No points in this game: the first mole to reach the golden shovel wins; a player left"
        " alone with moles plays on to reach it. After 60 turns, everyone still in wins together."
    )
    assert page.errors == []  # type: ignore[attr-defined]

    short = started(browser, server, {"max_turns": 1})
    expect(short.locator("#scores")).to_have_text(
        "No points in this game: the first mole to reach the golden shovel wins; a player left"
        " alone with moles wins at once. After 1 turn, everyone still in wins together."
    )
    assert short.errors == []  # type: ignore[attr-defined]
    # The standard limit (5,000 turns) only stops a game that loops: the turn count names it
    # when it comes near, and this sentence leaves it out.
    standard = started(browser, server, {})
    expect(standard.locator("#scores")).to_have_text(
        "No points in this game: the first mole to reach the golden shovel wins; a player left"
        " alone with moles wins at once."
    )
    assert standard.errors == []  # type: ignore[attr-defined]
