"""The Mole's sentences about a player, said to that player: "You accuse Bea of being the
Mole", "Ann accuses you…", not "Ann (you) accuses Bea…"; lists of names keep the mark."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from molehaven.core import State
from tests.browser.pages import PHONE, draw_alone, open_page
from tests.browser.test_the_mole_table import mole_asked_to_answer, mole_pointing, mole_voting
from tests.games.the_mole.helpers import apply_all, legal
from tests.server.live_server import LiveServer

NAMES = ["Ann", "Bea", "Cy", "Dan"]  # P4: Dan (seat 3) is the Mole

# The prompt's title, its tally, this round's votes and the last round's banner.
SHOWN = draw_alone(
    "the-mole",
    """({
    title: document.querySelector("[data-board] .tm-prompt h3").textContent,
    tally: [...document.querySelectorAll("[data-board] .tm-prompt .tm-tally li")]
        .map(line => line.textContent),
    votes: [...document.querySelectorAll("[data-board] .tm-votes li")]
        .map(line => line.textContent),
    banner: document.querySelector("[data-board] .tm-banner")?.textContent ?? null,
})""",
)


def seen(page: Page, state: State, seat: int) -> dict[str, object]:
    shown: dict[str, object] = page.evaluate(
        SHOWN, [state.observation(seat), sorted(legal(state, seat)), seat, NAMES]
    )
    return shown


@pytest.mark.draws_only
def test_the_moles_sentences_about_a_player_are_said_to_them(
    browser: Browser, server: LiveServer
) -> None:
    """Its sentences about a player named them as anyone else, with "(you)": "Ann (you)
    accuses Bea of being the Mole", "Ann (you) points at Dan", "Bea asked Dan" to Bea, "The
    final vote accused Dan (you)… +1 to everyone but Dan (you)". Where the sentence is about
    this seat it now says "you", with the verb to match; the others read it as before, and
    the lists of who has voted keep "(you)"."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    voting = mole_voting()  # Ann (0) accuses Bea (1)
    shown = seen(page, voting, 0)
    assert shown["title"] == "You accuse Bea of being the Mole: your vote", shown
    assert shown["tally"] == ["Not yet voted: Ann (you), Cy, Dan"], shown
    assert seen(page, voting, 1)["title"] == "Ann accuses you of being the Mole"
    assert seen(page, voting, 2)["title"] == "Ann accuses Bea of being the Mole: your vote"

    failed = apply_all(voting.clone(), "0: vote yes, 2: vote no, 3: vote no")
    assert seen(page, failed, 0)["votes"] == ["You accused Bea: failed (1 yes, 2 no)"]
    assert seen(page, failed, 1)["votes"] == ["Ann accused you: failed (1 yes, 2 no)"]
    assert seen(page, failed, 2)["votes"] == ["Ann accused Bea: failed (1 yes, 2 no)"]

    assert seen(page, mole_asked_to_answer(), 1)["title"] == "You asked Dan"  # Dan to answer

    pointing = apply_all(mole_pointing(), "0: point 3, 1: point 3")
    shown = seen(page, pointing, 0)
    assert shown["tally"] == ["Pointed: Bea", "Not yet pointed: Cy, Dan", "You point at Dan"]

    ended = apply_all(pointing.clone(), "2: point 3, 3: point 0")  # Dan, the Mole, caught
    said = "Round 1 was at the Bakery. The final vote accused {}: the Mole. Points: +1 to {}."
    assert seen(page, ended, 3)["banner"] == said.format("you", "everyone but you")
    assert seen(page, ended, 0)["banner"] == said.format("Dan", "everyone but Dan")
    assert page.errors == []  # type: ignore[attr-defined]
