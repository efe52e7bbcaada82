"""Mole Park's words at any option value: a round limit of one (MP-35) reads "up to 1 round",
not "up to 1 rounds", and the prize die's card and the players' cards say what won prizes add
(MP-8)."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, expect

from molehaven.core import CHANCE, State
from tests.browser.pages import draw_alone, open_page, open_table
from tests.games.mole_park.helpers import legal, new_game, seat_view
from tests.server.live_server import LiveServer


def test_mp_35_a_round_limit_of_one_reads_as_one_round(
    browser: Browser, server: LiveServer
) -> None:
    """MP-35 ``round_limit=1``: before the start the status line said "up to 1 rounds"."""
    page = open_table(browser, server, "mole-park", options={"round_limit": 1})
    status = page.locator("[data-board] .mp-status")
    expect(status).to_have_text(re.compile(r"^Not started yet · up to 1 round(?!s)"))
    assert page.errors == []  # type: ignore[attr-defined]


def choosing_with_prizes_won(**options: object) -> State:
    """Two players, each seat's choices drawn by a seeded generator, chance's from its
    outcomes likewise, until seat 0 has won a prize and is to pick a die with the prize die
    offered."""
    state = new_game(2, **options)
    rng = random.Random(5)
    while not (seat_view(state, 0)["prize_stars"] and "prize" in legal(state, 0)):
        assert not state.is_terminal(), "the game ended before the position came"
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(CHANCE, rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


DIE_WORDS = draw_alone(
    "mole-park",
    """({
        hint: document.querySelector("[data-board] .mp-die-prize .mp-hint").textContent,
        stars: document.querySelector("[data-board] .mp-player-stars").textContent,
    })""",
)


@pytest.mark.draws_only
@pytest.mark.parametrize(
    ("prize_value", "counted", "stars"),
    [
        ("full", "your prizes' stars", "from prizes"),
        ("highest", "your best prize's stars", "from the best prize"),
    ],
)
def test_mp_8_the_prize_die_says_what_won_prizes_add(
    browser: Browser, server: LiveServer, prize_value: str, counted: str, stars: str
) -> None:
    """MP-8: at ``prize_value=highest`` only the best prize won adds to a total; the prize
    die's card said "+ your prizes' stars" and a player's card "6★ from prizes" at every
    table. Both now follow the table's option (the observation's ``prize_value``)."""
    state = choosing_with_prizes_won(prize_value=prize_value)
    page = open_page(browser, f"{server.url}/tables/no-such-table")
    shown = page.evaluate(
        DIE_WORDS, [state.observation(0), sorted(legal(state, 0)), 0, ["Lee", "Sam"]]
    )
    assert counted in shown["hint"], shown
    best = seat_view(state, 0)["prize_stars"]
    assert shown["stars"] == f"{best}★ {stars}", shown
    assert page.errors == []  # type: ignore[attr-defined]
