"""Mole Park's table at and after the Crown's moments, drawn from fixed positions of the rules'
worked examples: the players' bids for the Crown say what came of them, and the sentences the
page builds start with a capital letter when a seat's name (a default bot's) is lower case."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from molehaven.core import State
from tests.browser.pages import PHONE, draw_alone, open_page
from tests.browser.test_mole_park_table import (
    LAPTOP_800,
    julian_picks_the_last_die,
    king_crowns_a_tied_showdown,
    king_orders_a_tie,
    legal_for,
    shoot,
)
from tests.games.mole_park.helpers import apply_all, roll
from tests.games.mole_park.test_examples import (
    lee_and_sam,
    sam_wins_the_showdown,
    showdown_all_miss,
)
from tests.server.live_server import LiveServer

# Per player: its name, its badges, and the line of its cash-in; the prompt, the reveal's and
# this round's lines, and the banner of a tied Showdown's verdict.
SHOWN = draw_alone(
    "mole-park",
    """({
    players: [...document.querySelectorAll("[data-board] .mp-player")].map(player => ({
        name: player.querySelector(".mp-player-name").textContent,
        badges: [...player.querySelectorAll(".mp-badge")].map(badge => badge.textContent),
        total: player.querySelector(".mp-total")?.textContent ?? null,
    })),
    prompt: document.querySelector("[data-board] .mp-prompt p")?.textContent ?? null,
    lines: [...document.querySelectorAll("[data-board] .mp-event")].map(line => line.textContent),
    banner: document.querySelector("[data-board] .mp-verdict-banner")?.textContent.trim() ?? null,
})""",
)
BOTS = ["random bot", "random bot 1", "random bot 2"]


def draw(page: Page, state: State, seat: int, names: list[str]) -> dict[str, object]:
    shown: dict[str, object] = page.evaluate(
        SHOWN, [state.observation(seat), legal_for(state, seat), seat, names[: state.game.players]]
    )
    return shown


def badges(shown: dict[str, object]) -> list[list[str]]:
    players = shown["players"]
    assert isinstance(players, list)
    return [player["badges"] for player in players]


def totals(shown: dict[str, object]) -> list[str | None]:
    players = shown["players"]
    assert isinstance(players, list)
    return [player["total"] for player in players]


def lone_crown() -> State:
    """11.3 round 8, Lee alone declares and rolls a 6: 10 + 30 + 6 = 46, the Crown (MP-22)."""
    state = apply_all(lee_and_sam(), "0: declare, 1: pass, 1: glove")
    roll(state, "6 x")
    assert state.is_terminal() and state.observation(0)["crowned"] == 0
    return state


def lee_misses() -> tuple[State, State]:
    """11.4: Lee declares on {1, 1}, Sam passes; Sam picks a die (Lee's bid still ahead), then
    Lee misses with 38 while Sam, on 36, drafts (MP-22, MP-23)."""
    bidding = apply_all(lee_and_sam(hole_one=1), "0: declare, 1: pass")
    missed = apply_all(bidding.clone(), "1: prize")
    roll(missed, "6 1")
    assert missed.to_move() == [1]
    return bidding, missed


@pytest.mark.draws_only
def test_mole_parks_bids_for_the_crown_say_what_came_of_them(
    browser: Browser, server: LiveServer
) -> None:
    """The Showdown's players kept "going for the Crown!" and their cash-in lines after the end,
    as if the Showdown were still to come, and a seat that passed kept "may go for the Crown"
    to the end. Now the badge says "going for the Crown!" only until the dice tell; then what
    came of it (into the Showdown, lost it, missed), the crowned seat keeps only its won mark,
    and "may go" shows only while the declarations are open."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
    page.emulate_media(reduced_motion="reduce")  # each position's reveal at rest
    names = ["Lee", "Sam"]

    shown = draw(page, lee_and_sam(), 0, names)  # the declarations open: both may declare
    assert badges(shown) == [["may go for the Crown"], ["may go for the Crown"]], shown

    bidding, missed = lee_misses()
    shown = draw(page, bidding, 1, names)  # Sam passed; Lee's bid is still ahead
    assert badges(shown) == [["going for the Crown!"], []], shown
    shown = draw(page, missed, 1, names)  # Lee missed; Sam drafts
    assert badges(shown) == [["missed the Crown"], []], shown
    assert totals(shown) == [
        "cashed in moles 1 1: total 38★, short of the Crown",
        "cashed in moles 5 5: total 36★",
    ], shown

    shown = draw(page, lone_crown(), 1, names)
    assert badges(shown) == [["won King Mole's Crown (+40★)"], []], shown
    assert totals(shown) == ["cashed in moles 5 5: total 46★, enough for the Crown", None], shown

    shown = draw(page, sam_wins_the_showdown(), 0, names)
    assert badges(shown) == [
        ["lost the Showdown"],
        ["won King Mole's Crown (+40★)"],
    ], shown
    assert totals(shown) == [
        "cashed in moles 5 5: total 41★, into the Showdown",
        "cashed in moles 5 5: total 40★, into the Showdown",
    ], shown
    expect(page.locator("[data-board] .mp-players")).not_to_contain_text("going for")
    shoot(page, "over-showdown-bids")

    # Mid-Showdown (a tie King Mole Jo settles): both are in it, not yet lost or won.
    shown = draw(page, king_crowns_a_tied_showdown()[0], 2, ["Lee", "Sam", "Jo"])
    assert badges(shown)[:2] == [["in the Showdown for the Crown"]] * 2, shown
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_mole_parks_sentences_start_with_a_capital_even_for_a_lower_case_bot_name(
    browser: Browser, server: LiveServer
) -> None:
    """Default bot names are lower case ("random bot"), and the page's sentences that start
    with one read "random bot picks …". They now start with a capital letter, in the reveal,
    this round's lines, the prompts and a tied Showdown's verdict, while the names themselves
    stay as they are at the table."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
    page.emulate_media(reduced_motion="reduce")

    passed = apply_all(lee_and_sam(), "0: pass")  # this round so far: "… does not go …"
    shown = draw(page, passed, 1, BOTS)
    assert shown["lines"] == [  # last round's reveal, then this round so far
        "Random bot took all 2 moles from hole 1",
        "You took all 2 moles from hole 2",
        "Random bot does not go for the Crown",
    ], shown

    shown = draw(page, sam_wins_the_showdown(), 0, BOTS)
    lines = shown["lines"]
    assert isinstance(lines, list) and lines, shown
    assert "Random bot 1 wins King Mole's Crown!" in lines, shown
    assert [line for line in lines if not line[0].isupper()] == [], shown
    assert [player["name"] for player in shown["players"]] == [  # type: ignore[union-attr]
        "random bot (you)",
        "random bot 1",
    ], shown

    state, seat = king_orders_a_tie()
    names = ["random bot", "random bot 1", "random bot 2"]
    shown = draw(page, state, seat, names)
    assert str(shown["prompt"]).startswith("Random bot 1, random bot 2 all have 15★."), shown

    state, seat = king_crowns_a_tied_showdown()
    shown = draw(page, state, seat, names)
    assert str(shown["prompt"]).startswith(
        "Random bot and random bot 1 are tied at 4★ in the Showdown."
    ), shown
    over = state.clone()
    over.apply(seat, "crown 0")
    shown = draw(page, over, 1, names)
    assert shown["banner"] == (
        "King Mole random bot 2 picks random bot over you: random bot wins the Crown and the game."
    ), shown

    # King Mole in his own tie (11.7): his name starts the verdict.
    shown = draw(page, showdown_all_miss(lee_and_sam(king=0)), 1, names)
    assert str(shown["banner"]).startswith("Random bot tied at 4★ but, as King Mole,"), shown
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_mole_parks_lines_about_your_own_seat_are_said_to_you(
    browser: Browser, server: LiveServer
) -> None:
    """11.3 to the end: Sam read "Sam (you) goes for the Crown!" and "Sam (you) wins King
    Mole's Crown!" about his own seat. The lines his seat starts are said to him ("You go for
    the Crown!"), Lee's and the lists of names as before; Lee reads his own the same way."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
    page.emulate_media(reduced_motion="reduce")
    shown = draw(page, sam_wins_the_showdown(), 1, ["Lee", "Sam"])
    assert shown["lines"] == [
        "Lee goes for the Crown!",
        "You go for the Crown!",
        "Lee cashes in 5 5 + die 1 + prizes 30 = 41",
        "You cash in 5 5 + die 5 + prizes 25 = 40",
        "Lee reaches 40 with 41",
        "You reach 40 with 40",
        "Showdown for the Crown: Lee, Sam (you); 11 moles cleared, prizes returned",
        "Hole 2: Lee, Lee, Sam (you) share 2 moles: 0 each, 2 stay",
        "You took 4, 4 from hole 4",
        "You took 2, 2 from hole 5",
        "Lee scores 3 in the Showdown",
        "You score 14 in the Showdown",
        "You win King Mole's Crown!",
    ], shown
    shoot(page, "crown-showdown-said-to-you")
    shown = draw(page, sam_wins_the_showdown(), 0, ["Lee", "Sam"])
    lines = shown["lines"]
    assert isinstance(lines, list), shown
    assert lines[:2] == ["You go for the Crown!", "Sam goes for the Crown!"], shown
    assert lines[-3:] == [
        "You score 3 in the Showdown",
        "Sam scores 14 in the Showdown",
        "Sam wins King Mole's Crown!",
    ], shown
    assert page.errors == []  # type: ignore[attr-defined]


# What the board says while this seat waits: its own pick, and whom it waits for.
WAITING = draw_alone(
    "mole-park",
    """({
    pick: document.querySelector("[data-board] .mp-your-pick")?.textContent.trim() ?? null,
    icon: document.querySelector("[data-board] .mp-your-pick .mp-icon")?.classList[1] ?? null,
    waiting: document.querySelector("[data-board] .mp-waiting")?.textContent ?? null,
})""",
)


@pytest.mark.draws_only
def test_mole_parks_own_secret_die_is_said_where_you_wait(
    browser: Browser, server: LiveServer
) -> None:
    """Once this seat had picked its die in secret, the prompt went and nothing near the top
    said which die it picked: only a small icon among the players, a phone's screen below.
    While the others pick, the board now says it beside whom it waits for, and a declarer is
    told it rolls the prize die (MP-15, MP-16)."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    page.emulate_media(reduced_motion="reduce")

    state, _ = julian_picks_the_last_die()  # seats 0 (glove) and 1 (glove) have picked
    for seat in (0, 1):
        shown = page.evaluate(WAITING, [state.observation(seat), [], seat, BOTS])
        assert shown == {
            "pick": "You picked the Boxing Glove. The others see only “chosen” until everyone"
            " has picked.",
            "icon": "mp-icon-glove",
            "waiting": "Waiting for random bot 2 to pick a die",
        }, shown
        pick = page.locator("[data-board] .mp-your-pick")
        assert (pick.bounding_box() or {"y": 9999})["y"] < PHONE["height"]  # on the first screen
    shoot(page, "waiting-own-pick")

    # 11.5: Sam declared, Lee passed twice and picks; Sam's prize die is said.
    state = apply_all(lee_and_sam(), "0: pass, 1: declare, 0: pass")
    shown = page.evaluate(WAITING, [state.observation(1), [], 1, ["Lee", "Sam"]])
    assert shown == {
        "pick": "You go for the Crown: you roll the prize die this round.",
        "icon": "mp-icon-prize",
        "waiting": "Waiting for Lee to pick a die",
    }, shown

    # Not before this seat has picked, nor to a spectator.
    state, seat = julian_picks_the_last_die()
    shown = page.evaluate(WAITING, [state.observation(seat), legal_for(state, seat), seat, BOTS])
    assert shown["pick"] is None, shown
    shown = page.evaluate(WAITING, [state.observation(None), [], None, BOTS])
    assert shown["pick"] is None, shown
    assert page.errors == []  # type: ignore[attr-defined]


# The lines of a tied Showdown and its verdict, for the tie's last lines, with a waiting line.
TIED = draw_alone(
    "mole-park",
    """({
    lines: [...document.querySelectorAll("[data-board] .mp-event")].map(line => line.textContent)
        .filter(line => / tie|Crown!/.test(line)),
    banner: document.querySelector("[data-board] .mp-verdict-banner")?.textContent.trim() ?? null,
    waiting: document.querySelector("[data-board] .mp-waiting-crown")?.textContent.trim() ?? null,
})""",
)


@pytest.mark.draws_only
def test_mole_parks_tied_showdown_is_said_to_the_king_and_the_tied(
    browser: Browser, server: LiveServer
) -> None:
    """A tied Showdown told its own players in the third person: "Jo (you), King Mole, picks
    Lee from the tie…", "King Mole Jo picks Lee over Sam (you)…", "Lee (you) ties for
    the best score…". Where this seat is the King Mole, one of the tied or the one picked,
    the line and the verdict now say "you" and the verb that goes with it; the others still
    read names."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
    page.emulate_media(reduced_motion="reduce")
    names = ["Lee", "Sam", "Jo"]
    tied, king = king_crowns_a_tied_showdown()  # 11.7 with King Mole Jo (seat 2) to pick
    over = tied.clone()
    over.apply(king, "crown 0")

    def seen(state: State, seat: int) -> dict[str, object]:
        shown: dict[str, object] = page.evaluate(
            TIED, [state.observation(seat), legal_for(state, seat), seat, names]
        )
        return shown

    tie = "tie for the best score (4)"
    shown = seen(tied, king)  # Jo is asked: the line says so
    assert shown["lines"] == [
        "Lee goes for the Crown!",
        "Sam goes for the Crown!",
        f"Lee and Sam {tie}: you, King Mole, pick the winner",
    ], shown
    shown = seen(tied, 0)  # Lee waits for Jo
    assert shown["lines"][-1] == f"You and Sam {tie}: Jo, King Mole, picks the winner", shown  # type: ignore[index]
    assert shown["waiting"] == (
        "The Showdown is tied at 4★. King Mole Jo picks the winner of the Crown and the game:"
        " you or Sam."
    ), shown

    shown = seen(over, king)
    assert shown["lines"][-2:] == [  # type: ignore[index]
        "You, King Mole, pick Lee from the tie between Lee and Sam",
        "Lee wins King Mole's Crown!",
    ], shown
    assert shown["banner"] == (
        "You, King Mole, pick Lee over Sam: Lee wins the Crown and the game."
    ), shown
    shown = seen(over, 0)  # the one picked
    assert shown["lines"][-2:] == [  # type: ignore[index]
        "Jo, King Mole, picks you from the tie between you and Sam",
        "You win King Mole's Crown!",
    ], shown
    assert shown["banner"] == (
        "King Mole Jo picks you over Sam: you win the Crown and the game."
    ), shown
    shown = seen(over, 1)  # the one not picked
    assert shown["banner"] == (
        "King Mole Jo picks Lee over you: Lee wins the Crown and the game."
    ), shown
    shoot(page, "crown-tie-said-to-you")

    # King Mole Lee in his own tie (11.7): he loses it, and Sam is told he won.
    own_tie = showdown_all_miss(lee_and_sam(king=0))
    shown = seen(own_tie, 0)
    assert f"You {tie} but, as King Mole, lose the tie" in shown["lines"], shown  # type: ignore[operator]
    assert shown["banner"] == (
        "You tied at 4★ but, as King Mole, lose the tie. Sam wins the Crown and the game."
    ), shown
    shown = seen(own_tie, 1)
    assert "Lee ties for the best score (4) but, as King Mole, loses the tie" in shown["lines"], (
        shown
    )  # type: ignore[operator]
    assert shown["banner"] == (
        "Lee tied at 4★ but, as King Mole, loses the tie. You win the Crown and the game."
    ), shown
    assert page.errors == []  # type: ignore[attr-defined]
