"""Mole Park's table read at a glance, drawn from fixed positions of the rules' worked examples:
in a hole, the dice that can reach it apart from the dice that landed there, and the hand left
over at the end not told before the reveal that ends the game."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser.pages import PHONE, draw_alone, open_page, resize
from tests.browser.test_mole_park_endings import lone_crown
from tests.browser.test_mole_park_table import LAPTOP_800, jasper_over_the_limit, legal_for, shoot
from tests.games.mole_park.helpers import apply_all
from tests.games.mole_park.test_examples import lee_and_sam
from tests.server.live_server import LiveServer

# Hole 1 of 11.1's round 5: its "reached by" row (its words, its place, its look) and the dice
# that landed on it (their place, their look), each as drawn.
HOLE_ONE = draw_alone(
    "mole-park",
    """(() => {
    const hole = document.querySelector("[data-board] .mp-hole[data-hole='1']");
    const reach = hole.querySelector(".mp-hit-by");
    const look = node => {
        const style = getComputedStyle(node);
        const box = node.getBoundingClientRect();
        return {top: Math.round(box.top), bottom: Math.round(box.bottom),
                background: style.backgroundColor, border: style.borderTopColor};
    };
    return {
        reach: {...look(reach), words: reach.innerText.trim(),
                icons: reach.querySelectorAll(".mp-icon").length},
        mound: look(hole.querySelector(".mp-mound")),
        landed: [...hole.querySelectorAll(".mp-landed-die")].map(die => ({
            ...look(die), seat: getComputedStyle(die).getPropertyValue("--seat").trim(),
        })),
    };
})()""",
)


@pytest.mark.draws_only
def test_mole_parks_reached_by_dice_read_apart_from_the_dice_that_landed(
    browser: Browser, server: LiveServer
) -> None:
    """In each hole the row of small die icons saying which dice can reach it sat right above
    the tiles of the dice that landed there this round, both white with the same icons: the
    row read as more dice that landed. Now it is worded ("reached by") and sits under the
    hole's number, above the moles, with no white tile; the dice that landed stay below the
    moles, white tiles framed in their players' colours. (11.1 round 5: Jasper and Julian both
    roll hole 1 with the glove, the only die that reaches it.)"""
    state, seat = jasper_over_the_limit()
    names = ["Jo", "Jasper", "Julian"]
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
    page.emulate_media(reduced_motion="reduce")  # the reveal at rest
    for viewport in (LAPTOP_800, PHONE):
        resize(page, viewport)
        shown = page.evaluate(
            HOLE_ONE, [state.observation(seat), legal_for(state, seat), seat, names]
        )
        reach, mound, landed = shown["reach"], shown["mound"], shown["landed"]
        assert " ".join(reach["words"].split()) == "reached by", shown
        assert reach["icons"] == 1, shown  # the glove alone has a 1 (MP-3)
        # Above the moles, away from the dice that landed below them.
        assert reach["bottom"] <= mound["top"], shown
        assert len(landed) == 2 and all(die["top"] >= mound["bottom"] for die in landed), shown
        # No tile of its own, while each landed die is a white tile framed in its seat's colour.
        assert reach["background"] == "rgba(0, 0, 0, 0)", shown
        assert [die["background"] for die in landed] == ["rgb(255, 255, 255)"] * 2, shown
        assert [die["border"] for die in landed] == ["rgb(37, 99, 235)", "rgb(22, 163, 74)"]
        assert [die["seat"] for die in landed] == ["#2563eb", "#16a34a"], shown
    shoot(page, "holes-reached-by")
    assert page.errors == []  # type: ignore[attr-defined]


# The board's parts in order (by their labels) and the hand's title.
PARTS = """({
    parts: [...document.querySelectorAll("[data-board] > section")].map(
        part => part.getAttribute("aria-label")),
    hand: document.querySelector("[data-board] .mp-your-hand h3")?.textContent ?? null,
    playing: document.querySelector("[data-board] .mp-reveal.playing") !== null,
})"""
DRAW_PARTS = draw_alone("mole-park", PARTS)
READ_PARTS = f"() => {PARTS}"


@pytest.mark.draws_only
def test_mole_parks_hand_holds_until_the_reveal_that_ends_the_game_is_done(
    browser: Browser, server: LiveServer
) -> None:
    """11.3 round 8, Lee alone declares and rolls a 6 (MP-22): Sam's {5, 5} are left over. While
    the reveal that ends the game still played, Sam's hand had already moved to the bottom, as
    at the end, yet still titled as a hand in play: the table told the end before the reveal,
    and not even in its end-of-game words. Now the hand stays where and as it was before the
    dice until the reveal is done, then goes last with its end-of-game title."""
    before = apply_all(lee_and_sam(), "0: declare, 1: pass, 1: glove")
    over = lone_crown()
    names = ["Lee", "Sam"]
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)

    shown = page.evaluate(DRAW_PARTS, [before.observation(1), [], 1, names])
    in_play = "Your hand: 2 moles, 10★ (limit 5)"
    assert shown["hand"] == in_play and shown["parts"][0] == "Your hand", shown

    shown = page.evaluate(DRAW_PARTS, [over.observation(1), [], 1, names])
    assert shown["playing"], shown  # the reveal plays (about a second and a half)
    assert shown["hand"] == in_play, shown
    assert shown["parts"][:2] == ["Your hand", "Reveal"], shown

    page.wait_for_function(
        """() => document.querySelector("[data-board] .mp-reveal.playing") === null"""
    )
    shown = page.evaluate(READ_PARTS)
    assert shown["hand"] == "Left in your hand at the end: 2 moles, 10★", shown
    assert shown["parts"][0] == "Reveal" and shown["parts"][-1] == "Your hand", shown
    assert page.errors == []  # type: ignore[attr-defined]
