"""How Mole Park's table reads when a lot happens at once, drawn from fixed positions built with
the engine: four dice on one hole of an 8-player game on a phone, a run of identical lines in a
reveal, a seat asked twice about the Crown, and the hand left over at the game's end."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from molehaven.core import State
from tests.browser.pages import PHONE, draw_alone, open_page, resize
from tests.browser.test_mole_park_endings import lone_crown
from tests.browser.test_mole_park_table import LAPTOP_800, legal_for, shoot
from tests.games.mole_park.helpers import apply_all, choose, deal, new_game, play_round, roll
from tests.games.mole_park.test_examples import lee_and_sam
from tests.server.live_server import LiveServer

BOTS = ["random bot", *(f"random bot {seat}" for seat in range(1, 8))]

# Per hole: its height and, per die on it, its short tag, its title, whether the full name
# shows and whether the die stays inside its hole; the reveal's lines and this round's; the
# order of the board's parts (by their labels).
SHOWN = draw_alone(
    "mole-park",
    """({
    holes: [...document.querySelectorAll("[data-board] .mp-hole")].map(hole => {
        const box = hole.getBoundingClientRect();
        return {
            height: Math.round(box.height),
            dice: [...hole.querySelectorAll(".mp-landed-die")].map(die => {
                const inner = die.getBoundingClientRect();
                const short = die.querySelector(".mp-landed-short");
                const name = die.querySelector(".mp-landed-name");
                return {
                    tag: short && short.getClientRects().length ? short.textContent : null,
                    title: die.title,
                    name: name && name.getClientRects().length ? name.textContent : null,
                    inside: inner.left >= box.left - 0.5 && inner.right <= box.right + 0.5,
                };
            }),
        };
    }),
    lines: [...document.querySelectorAll("[data-board] .mp-event")].map(line => line.textContent),
    parts: [...document.querySelectorAll("[data-board] > section")].map(
        part => part.getAttribute("aria-label")),
    hand: document.querySelector("[data-board] .mp-your-hand h3")?.textContent ?? null,
})""",
)


def draw(page: Page, state: State, seat: int, names: list[str]) -> dict[str, object]:
    shown: dict[str, object] = page.evaluate(
        SHOWN, [state.observation(seat), legal_for(state, seat), seat, names[: state.game.players]]
    )
    return shown


def crowded_round(discards: int) -> State:
    """8 players (2 moles a hole, MP-11); four rounds all miss, so every hole holds 8, then
    round 5 deals 2 more each. Seats 0-3 all hit hole 3 (glove, pan, mallet, glove), seat 4
    alone hits hole 1 and takes its 10 moles, seats 5 and 6 share hole 2, seat 7 misses
    (MP-18). Seat 4 must then discard five (MP-20); ``discards`` of them are made."""
    state = new_game(8, king=0)
    for _ in range(4):
        play_round(state, [1, 1, 2, 2, 3, 3, 4, 4, 5, 5], " ".join(["x"] * 8))
    deal(state, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5)
    choose(state, "glove pan mallet glove glove glove pan mallet")
    roll(state, "3 3 3 3 1 2 2 x")
    while state.is_chance():  # the shared holes' draws (MP-19): any values will do
        state.apply(-1, str(sorted(str(action) for action, _ in state.chance_outcomes())[0]))
    assert state.to_move() == [4] and state.observation(4)["hand"] is not None
    for _ in range(discards):
        state.apply(4, str(state.legal_actions(4)[0]))
    assert state.to_move() == [4]
    return state


@pytest.mark.draws_only
def test_mole_parks_crowded_holes_stay_compact_on_a_phone(
    browser: Browser, server: LiveServer
) -> None:
    """At 8 players on a phone a die on a hole carried its player's full name, stacked one per
    row: four dice on hole 3 made every hole about 290 px tall. A crowded hole on a phone now
    shows each die as a small tile with a short tag in its player's colour, two to a row, the
    full name in its title; at 1280 px the full names stay."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    page.emulate_media(reduced_motion="reduce")
    state = crowded_round(discards=3)

    shown = draw(page, state, 0, BOTS)
    holes = shown["holes"]
    assert isinstance(holes, list)
    assert [[die["tag"] for die in hole["dice"]] for hole in holes] == [
        ["rb4"],
        ["rb5", "rb6"],
        ["you", "rb1", "rb2", "rb3"],
        [],
        [],
    ], shown
    assert [[die["title"] for die in hole["dice"]] for hole in holes][:3] == [
        ["random bot 4: Boxing Glove"],
        ["random bot 5: Boxing Glove", "random bot 6: Frying Pan"],
        [
            "random bot (you): Boxing Glove",
            "random bot 1: Frying Pan",
            "random bot 2: Giant Mallet",
            "random bot 3: Boxing Glove",
        ],
    ], shown
    assert all(die["inside"] and die["name"] is None for hole in holes for die in hole["dice"])
    assert max(hole["height"] for hole in holes) <= 180, shown  # was 298

    resize(page, LAPTOP_800)
    shown = draw(page, state, 0, BOTS)
    holes = shown["holes"]
    assert isinstance(holes, list)
    assert [die["name"] for die in holes[2]["dice"]] == [
        "random bot (you)",
        "random bot 1",
        "random bot 2",
        "random bot 3",
    ], shown
    shoot(page, "crowded-holes")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_mole_parks_repeated_lines_are_said_once_with_a_count(
    browser: Browser, server: LiveServer
) -> None:
    """A seat over the hand limit discards one mole at a time (MP-20), and the reveal read
    "Random bot 4 discarded a mole" three times in a row. A run of identical lines is one line
    with its count, which grows with the next discard."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
    page.emulate_media(reduced_motion="reduce")
    state = crowded_round(discards=3)
    assert state.observation(0)["events"][-3:] == ["seat 4 discarded a mole"] * 3

    shown = draw(page, state, 0, BOTS)
    assert shown["lines"] == [
        "Random bot 4 took all 10 moles from hole 1",
        "Hole 2: random bot 5, random bot 6 share 10 moles: 5 each, 0 stay",
        "Hole 3: random bot (you), random bot 1, random bot 2, random bot 3 share 10 moles:"
        " 2 each, 2 stay",
        "Random bot 4 discarded 3 moles",
    ], shown

    state.apply(4, str(state.legal_actions(4)[0]))
    shown = draw(page, state, 0, BOTS)
    lines = shown["lines"]
    assert isinstance(lines, list) and lines[-1] == "Random bot 4 discarded 4 moles", shown
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_mole_parks_two_passes_of_one_seat_say_why_there_are_two(
    browser: Browser, server: LiveServer
) -> None:
    """11.5: Lee passes, Sam declares, and the response pass asks Lee again (MP-14): the log
    read "Lee does not go for the Crown" twice, like a line written twice. The answer in the
    response pass now says it came after Sam went for it, and "still" for a second pass; a seat
    asked only after a declaration (11.4's Sam) is said to answer it. Each player reads their
    own declarations as said to them: "You go for the Crown!", not "Sam (you) goes …"."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
    page.emulate_media(reduced_motion="reduce")
    names = ["Lee", "Sam"]

    state = apply_all(lee_and_sam(), "0: pass, 1: declare, 0: pass")
    assert state.observation(1)["events"] == [
        "seat 0 does not go for the Crown",
        "seat 1 goes for the Crown!",
        "seat 0 does not go for the Crown",
    ]
    shown = draw(page, state, 1, names)
    assert shown["lines"][-3:] == [  # type: ignore[index]
        "Lee does not go for the Crown",
        "You go for the Crown!",
        "Lee, asked again once you went for it, still does not go for the Crown",
    ], shown
    shown = draw(page, state, 0, names)
    assert shown["lines"][-3:] == [  # type: ignore[index]
        "You do not go for the Crown",
        "Sam goes for the Crown!",
        "You, asked again once Sam went for it, still do not go for the Crown",
    ], shown

    shown = draw(page, apply_all(lee_and_sam(), "0: declare, 1: pass"), 1, names)
    assert shown["lines"][-2:] == [  # type: ignore[index]
        "Lee goes for the Crown!",
        "You, asked once Lee went for it, do not go for the Crown",
    ], shown
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_mole_parks_leftover_hand_comes_after_the_result_at_the_end(
    browser: Browser, server: LiveServer
) -> None:
    """11.3 with Lee alone declaring and rolling a 6 (MP-22): the game ends with Sam still
    holding {5, 5}, and "Your hand" sat at the top, above the reveal that tells how the game
    ended. At the end the moles left in hand come last, after the reveal and the players."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    page.emulate_media(reduced_motion="reduce")
    state = lone_crown()

    shown = draw(page, state, 1, ["Lee", "Sam"])
    assert shown["parts"] == [
        "Reveal",
        "Mole holes",
        "Prize stands",
        "Players",
        "Your hand",
    ], shown
    assert shown["hand"] == "Left in your hand at the end: 2 moles, 10★", shown
    shoot(page, "over-hand-last")

    # While the game goes on, the hand stays at the top.
    bidding = apply_all(lee_and_sam(), "0: declare, 1: pass")
    shown = draw(page, bidding, 1, ["Lee", "Sam"])
    parts = shown["parts"]
    assert isinstance(parts, list) and parts.index("Your hand") < parts.index("Reveal"), shown
    assert page.errors == []  # type: ignore[attr-defined]
