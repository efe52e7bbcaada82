"""The Mole's guess on a phone: the round's answers reread without scrolling away from the
places and their Guess buttons, and what came of the guess in view once it is made."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.pages import LAPTOP, PHONE, open_page
from tests.browser.test_the_mole_moves import IN_VIEW, draw_for, eight_seat_mole_asked
from tests.browser.test_the_mole_table import ARTIFACTS
from tests.games.the_mole.helpers import apply_all, settled
from tests.server.live_server import LiveServer

NAMES = ["Ann", *(f"random bot {seat}" for seat in range(1, 8))]


@pytest.mark.draws_only
def test_on_a_phone_the_mole_rereads_the_answers_above_the_places(
    browser: Browser, server: LiveServer
) -> None:
    """On a phone (390 x 844) the places come right under the Mole's guess, the round's
    questions and answers below all 16: to reread them before guessing, which is when they
    matter, the Mole scrolled down past the places and back up to the Guess button it
    wanted. Beside the places' heading a toggle, closed at first so that every Guess button
    stays on the screen with the guess's words, opens the round's answers in short right
    above the places, and closes them again."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    draw_for(page, eight_seat_mole_asked(), 0, NAMES)
    page.locator("[data-board] [data-open='guess']").click()
    page.evaluate("() => new Promise(resolve => requestAnimationFrame(resolve))")
    toggle = page.locator("[data-board] .tm-places [data-open='recap']")
    expect(toggle).to_have_text("▸ This round's answers (4)")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    seen = {
        "words": page.evaluate(IN_VIEW, ".tm-interject.mole .tm-step"),
        "not now": page.evaluate(IN_VIEW, ".tm-interject.mole button"),
        "toggle": page.evaluate(IN_VIEW, "[data-open='recap']"),
        "guesses": page.evaluate(IN_VIEW, ".tm-guess"),
    }
    assert seen == {
        "words": [True],
        "not now": [True],
        "toggle": [True],
        "guesses": [True] * 16,
    }, seen

    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    recap = page.locator("[data-board] #tm-recap li")
    talk = page.locator("[data-board] .tm-talk .tm-a-text")
    expect(recap).to_have_count(4)
    expect(recap.locator(".tm-recap-a")).to_have_text(talk.all_inner_texts())
    expect(recap.first.locator(".tm-recap-q")).to_contain_text("random bot 1 → random bot 2: ")
    # Read where the Mole is: the guess's words above, the answers and the first Guess
    # buttons on the same screen.
    seen = {
        "not now": page.evaluate(IN_VIEW, ".tm-interject.mole button"),
        "answers": page.evaluate(IN_VIEW, "#tm-recap li"),
        "first guesses": page.evaluate(IN_VIEW, ".tm-guess")[:3],
    }
    assert seen == {"not now": [True], "answers": [True] * 4, "first guesses": [True] * 3}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "guess-reread-390.png"))

    toggle.click()
    expect(page.locator("[data-board] #tm-recap")).to_have_count(0)
    assert page.evaluate(IN_VIEW, ".tm-guess") == [True] * 16
    # The toggle goes with the guess.
    page.locator("[data-board] [aria-label='Not now: make no guess']").click()
    expect(page.locator("[data-board] [data-open='recap']")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_on_a_wide_screen_the_answers_stay_in_their_column(
    browser: Browser, server: LiveServer
) -> None:
    """At 1280 x 800 the round's questions and answers stand in a column beside the places:
    no second copy of them, and no toggle, while the Mole picks its guess."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP)
    draw_for(page, eight_seat_mole_asked(), 0, NAMES)
    page.locator("[data-board] [data-open='guess']").click()
    expect(page.locator("[data-board] .tm-guess")).to_have_count(16)
    expect(page.locator("[data-board] [data-open='recap']")).to_be_hidden()
    expect(page.locator("[data-board] .tm-talk .tm-exchange")).to_have_count(5)
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_after_its_guess_on_a_phone_the_mole_sees_what_came_of_it(
    browser: Browser, server: LiveServer
) -> None:
    """The Mole guessed on a phone, far down the page at the places (with 8 players 1,100 px
    down), and the next round was drawn with the page left there: the banner saying what
    came of the guess and the Mole's new card were off the screen above, the new round's
    notes in view. Both are now brought into view."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    state = eight_seat_mole_asked()
    draw_for(page, state, 0, NAMES)
    page.locator("[data-board] [data-open='guess']").click()
    page.locator("[data-board] .tm-guess[data-action='guess farm']").click()
    assert page.evaluate("() => window.clicked") == ["guess farm"]
    guessed = settled(apply_all(state, "0: guess farm"))
    assert guessed.observation(0)["round"] == 2
    draw_for(page, guessed, 0, NAMES)
    banner = page.locator("[data-board] .tm-banner")
    expect(banner).to_have_text(
        "Round 1 was at the Bakery. You, the Mole, guessed Farm: wrong. "
        "Points: +1 to everyone but you."
    )
    seen = {part: page.evaluate(IN_VIEW, f".tm-{part}") for part in ("card", "banner")}
    assert seen == {"card": [True], "banner": [True]}, seen
    assert page.errors == []  # type: ignore[attr-defined]
