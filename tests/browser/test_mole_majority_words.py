"""Mole Majority's drawn table says things in a player's words, read off what the engine
offers and observes: the start of a turn names a Groundskeeper only when one may be played,
the players' boards say what each count is rather than "Moles 6/24", and what just happened
is said to the player it happened to ("You claim f"), and a Convert's preview names whose mole
it turns."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from molehaven.core import State
from tests.browser.pages import PHONE, draw_alone, open_page
from tests.browser.test_mole_majority_table import BOARD, DESK, open_a_fixed_table, snap
from tests.games.mole_majority.helpers import CORE_DRAWS, apply_all, new_game, s2
from tests.server.live_server import LiveServer

# The board drawn alone for one seat; its page's turn line (``turn``) as the result.
DRAW = draw_alone("mole-majority", "board.turn({observation, legal, table, you})")
NAMES = ["Ann", "Bea"]


@pytest.mark.draws_only
def test_the_start_of_a_turn_names_the_groundskeeper_only_when_it_may_be_played(
    browser: Browser, server: LiveServer
) -> None:
    """The prompt at the start of a turn said "(a Groundskeeper: click the roll number on
    it)" whatever the hand held. Now it is worded from the offered actions: a hand without a
    Groundskeeper is asked to play a card or discard; one whose Groundskeeper is offered (a
    Number card beside it) is told how to play it. Fixed positions: board S2, seat 0 to play
    its first card from two hands."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=DESK)
    prompt = page.locator(f"{BOARD} .mm-prompt")
    plain = s2()  # four, three, two, cavein, convert
    legal = sorted(str(action) for action in plain.legal_actions(0))
    assert not any(action.startswith("play keeper") for action in legal)
    asked = page.evaluate(DRAW, [plain.observation(0), legal, 0, NAMES])
    assert asked["asked"] == "Play a card, or discard your hand.", asked
    expect(prompt).to_have_text("Play a card from your hand, or discard your hand and draw 5.")
    expect(prompt).not_to_contain_text("Groundskeeper")
    keeper = s2(hand_0=("keeper1", "two", "three", "four", "cavein"))
    legal = sorted(str(action) for action in keeper.legal_actions(0))
    assert "play keeper1 two" in legal
    page.evaluate(DRAW, [keeper.observation(0), legal, 0, NAMES])
    expect(prompt).to_have_text(
        "Play a card from your hand (a Groundskeeper: click a roll number on it),"
        " or discard your hand and draw 5."
    )
    expect(page.locator(f'{BOARD} [data-action="play keeper1 two"]')).to_have_count(1)
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_the_players_boards_say_what_their_counts_are(browser: Browser, server: LiveServer) -> None:
    """ "Moles 6/24" read like a fraction (six of 24?): it was 6 moles on the board and 24 in
    the seat's supply, and "Cards 5/13" 5 in hand and 13 in the deck. Each count now has its
    words, and no count is written as a fraction, on a laptop and on a phone. Fixed position:
    board S2 dealt, seat 0 to play (30 moles a seat, 6 on the Home Base)."""
    state = s2()
    legal = sorted(str(action) for action in state.legal_actions(0))
    for viewport in (DESK, PHONE):
        page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=viewport)
        page.evaluate(DRAW, [state.observation(0), legal, 0, NAMES])
        rows = page.locator(f"{BOARD} .mm-seats [data-seat-row]")
        expect(rows).to_have_count(2)
        for seat in (0, 1):
            text = " ".join(rows.nth(seat).inner_text().split())
            assert "Moles 6 on board, 24 in supply" in text, text
            assert "Claims left 9" in text and "Cave-Ins left 4" in text, text
            assert "Hand 5" in text and "Deck 13" in text, text
            assert "Home Tokens 0" in text, text
            assert not re.search(r"\d+\s*/\s*\d+", text), text
        snap(page, f"words-boards-{viewport['width']}")
        assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_the_home_token_pool_is_not_counted_with_the_tile_pile(
    browser: Browser, server: LiveServer
) -> None:
    """ "Tile pile: 3 ×2 4 ×3 5 ×3 6 ×3 ? ×13": the green "?" (the face-down Home Tokens in
    the pool, from which a Cave-In takes one) read as 13 more tiles, face down. The pool now
    has its own words beside the pile. Fixed position: board S2 being laid, seat 1 to place
    the first extra tile (no token laid yet: 24 in the pool; 8 tiles drawn, 13 left). (Once
    the meadow is laid the tile pile is no longer shown: test_mole_majority_end.py.)"""
    state = apply_all(new_game(2), f"{CORE_DRAWS}, 1: base r, 0: base b, C: hex 3")
    observation = state.observation(1)
    assert observation["pool"] == 24, observation["pool"]
    legal = sorted(str(action) for action in state.legal_actions(1))
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=DESK)
    page.evaluate(DRAW, [observation, legal, 1, NAMES])
    groups = page.locator(f"{BOARD} .mm-pile .mm-pile-group")
    expect(groups).to_have_count(2)
    expect(groups.nth(0)).to_contain_text("Tile pile:")
    expect(groups.nth(0)).not_to_contain_text("?")
    expect(groups.nth(1)).to_have_text(re.compile(r"^Home Tokens in the pool:\s*\?\s*×24$"))
    assert page.errors == []  # type: ignore[attr-defined]


def changes_made(moves: str, *more: str) -> list[State]:
    """Board S2 after ``moves``, then after each of ``more`` in turn (a list of positions)."""
    states = [apply_all(s2(), moves)]
    for step in more:
        states.append(apply_all(states[-1].clone(), step))
    return states


@pytest.mark.draws_only
def test_what_just_happened_is_said_to_its_own_player(browser: Browser, server: LiveServer) -> None:
    """ "Just happened" named the player who reads it as anyone else: Ann read "Ann claims f
    (4 points)." and "Bea takes f (4) from Ann.". A line about this seat is now said to its
    own player, "You claim f (4 points).", "Bea takes f (4) from you.", and the others read
    it as before. Fixed positions (rules 11.1, then MM-18): Bea fills f 3–1 for Ann, who
    then leaves it; Bea fills it again and takes it."""
    ann_claims = changes_made(
        "0: play three, 0: move b1 f1, 0: move b2 f2, 0: move b3 f3, 0: end,"
        " C: card two, 1: play four, 1: move r1 o1, 1: move r2 j1",
        "1: move r3 f4",
        "1: end, C: card two, 0: play two, 0: move f1 b1, 0: move f2 b2, 0: end,"
        " C: card two, 1: play three, 1: move o1 f1",
        "1: move j1 f2",
    )
    said = {
        0: ["Bea takes f (4) from you.", "You claim f (4 points)."],
        1: ["You take f (4) from Ann.", "Ann claims f (4 points)."],
    }
    for seat, lines in said.items():
        page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
        for state in ann_claims:
            legal = sorted(str(action) for action in state.legal_actions(seat))
            page.evaluate(DRAW, [state.observation(seat), legal, seat, NAMES])
        expect(page.locator(f"{BOARD} .mm-events li")).to_have_text(lines)
        assert page.errors == []  # type: ignore[attr-defined]


def test_a_convert_s_preview_names_whose_mole_it_turns(
    browser: Browser, server: LiveServer
) -> None:
    """Pointing at a Convert's target previewed "convert f1: converts f1.", as if the space
    were taken, and said nothing of the claims. It now names whose mole turns and that no
    claim changes, the action in words as the space names it, not in notation. Rules 11.8:
    after Ann's Cave-In, Bea moves a mole to f1 and Ann plays Convert, f1 her one target. The
    server's preview (the engine's position after the action) is answered by the test for
    this fixed position."""
    state = s2()
    apply_all(state, "0: play cavein, 0: move b1 a1, 0: cave b-e b-f, C: token 3")
    apply_all(state, "0: end, C: card two, 1: play four, 1: move r1 o1, 1: move r2 j1")
    apply_all(state, "1: move r3 f1, 1: end, C: card two, 0: play convert")
    assert "convert f1" in {str(action) for action in state.legal_actions(0)}
    after = apply_all(state.clone(), "0: convert f1")
    page = open_a_fixed_table(browser, server, DESK, state, players=2)
    preview = {"action": "convert f1", "ends": False, "observation": after.observation(0)}
    page.route("**/preview", lambda route: route.fulfill(json=preview))
    page.locator(f'{BOARD} [data-action="convert f1"]').first.hover(force=True)
    expect(page.locator(f"{BOARD} .mm-preview")).to_have_text(
        "Convert the mole on f1: converts random bot's mole on f1; no claim changes."
    )
    assert page.errors == []  # type: ignore[attr-defined]
