"""Rules section 7 and MM-45: what a seat cannot see never changes its observation.

Each test builds two games that differ only in something hidden from some viewers (another
seat's hand, the order of a deck, face-down Home Token values) and lists the viewers whose
observation differs."""

from __future__ import annotations

import json
import random

from molehaven.core import State
from tests.games.mole_majority.helpers import (
    TOKENS_A,
    TOKENS_B,
    apply_all,
    hex_view,
    s2,
    s2_with_tokens,
    seat_view,
)


def seen(state: State) -> dict[int | None, str]:
    viewers: list[int | None] = [*range(state.game.players), None]
    return {v: json.dumps(state.observation(v), sort_keys=True) for v in viewers}


def differing_viewers(first: State, second: State) -> set[int | None]:
    a, b = seen(first), seen(second)
    return {viewer for viewer in a if a[viewer] != b[viewer]}


def test_another_seats_hand_is_seen_by_its_owner_only() -> None:
    """Section 7: seat 1 holding keeper2 or twoplus changes only seat 1's view."""
    first = s2(hand_1=("four", "three", "two", "twoplus", "keeper1"))
    second = s2(hand_1=("four", "three", "two", "keeper2", "keeper1"))
    assert differing_viewers(first, second) == {1}


def test_deck_order_is_seen_by_nobody() -> None:
    """Section 7: the same five cards dealt in another order leave every view unchanged."""
    first = s2(hand_1=("four", "three", "two", "twoplus", "keeper1"))
    second = s2(hand_1=("keeper1", "twoplus", "two", "three", "four"))
    assert differing_viewers(first, second) == set()


def test_a_drawn_card_is_seen_by_the_drawer_only() -> None:
    """Section 7: seat 0 drawing ``two`` or ``keeper2`` changes only seat 0's view."""
    games = []
    for card in ("two", "keeper2"):
        state = s2()
        apply_all(state, f"0: play three, 0: end, C: card {card}")
        games.append(state)
    assert differing_viewers(*games) == {0}


def test_face_down_home_tokens_on_the_board_are_seen_by_nobody() -> None:
    """MM-9, section 7: different token values on the board change no observation."""
    assert differing_viewers(s2_with_tokens(TOKENS_A), s2_with_tokens(TOKENS_B)) == set()


def test_a_cave_in_token_is_seen_by_its_taker_only_until_the_end() -> None:
    """MM-27, MM-41: the token after ``cave`` is secret to seat 0; at the end all see it."""
    games = []
    for value in (1, 3):
        state = s2(turn_limit=2)
        apply_all(state, f"0: play cavein, 0: cave a-b b-c, C: token {value}")
        games.append(state)
    assert differing_viewers(*games) == {0}
    for state in games:
        apply_all(state, "0: end, C: card two, 1: play two, 1: end")
    assert differing_viewers(*games) == {0, 1, None}


def test_make_a_home_token_value_is_seen_by_its_taker_only() -> None:
    """MM-28: the value taken by ``home a`` (1 or 3) shows only in seat 0's view."""
    games = []
    for tokens in (TOKENS_A, TOKENS_B):
        state = s2_with_tokens(tokens)
        apply_all(state, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3, 0: end")
        apply_all(state, "C: card two, 1: play two, 1: end, C: card two, 0: play cavein")
        state.apply(0, "home a")
        games.append(state)
    assert differing_viewers(*games) == {0}
    assert [state.observation(0)["my_home_tokens"] for state in games] == [[1], [3]]
    assert seat_view(games[0], 0, viewer=1)["home_tokens"] == 1


def test_mm_45_revealed_tokens_turn_face_up_when_first_claimed() -> None:
    """MM-45: with ``reveal_home_tokens`` the token of a is hidden until seat 0 claims a,
    then public; taken with ``home a`` it stays public; other tokens stay hidden."""
    games = [s2_with_tokens(tokens, reveal_home_tokens=True) for tokens in (TOKENS_A, TOKENS_B)]
    assert differing_viewers(*games) == set()
    for state in games:
        apply_all(state, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3")
    assert [hex_view(state, "a")["token"] for state in games] == [1, 3]
    assert hex_view(games[0], "c")["token"] == "hidden"
    assert differing_viewers(*games) == {0, 1, None}
    for state in games:
        apply_all(state, "0: end, C: card two, 1: play two, 1: end, C: card two")
        apply_all(state, "0: play cavein, 0: home a")
    assert [seat_view(state, 0, viewer=1)["shown_home_tokens"] for state in games] == [[1], [3]]
    assert hex_view(games[0], "a")["token"] == "none"


def test_mm_45_by_default_a_claimed_hexs_token_stays_hidden() -> None:
    """MM-45: without the option, claiming a shows nothing of its token."""
    games = [s2_with_tokens(tokens) for tokens in (TOKENS_A, TOKENS_B)]
    for state in games:
        apply_all(state, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3")
    assert hex_view(games[0], "a")["token"] == "hidden"
    assert differing_viewers(*games) == set()


def test_resample_hidden_keeps_the_view_and_redraws_hands_and_tokens() -> None:
    """Section 7: ``resample_hidden(0)`` keeps seat 0's observation and its own token;
    seat 1's hand (same size, from its hand and deck) and the token lying on a vary over
    samples (a is claimed afterwards with ``reveal_home_tokens`` to read it). For the
    spectator even seat 0's token is redrawn."""
    state = s2(reveal_home_tokens=True)
    apply_all(state, "0: play cavein, 0: cave b-c b-e, C: token 2, 0: end, C: card two")
    apply_all(state, "1: play four, 1: end, C: card three")
    view = json.dumps(state.observation(0), sort_keys=True)
    hands_of_1: set[str] = set()
    tokens_on_a: set[object] = set()
    tokens_of_0: set[str] = set()
    for seed in range(40):
        variant = state.resample_hidden(0, random.Random(seed))
        assert json.dumps(variant.observation(0), sort_keys=True) == view
        hand = variant.observation(1)["hand"]
        assert isinstance(hand, list) and len(hand) == 5
        hands_of_1.add(" ".join(str(card) for card in hand))
        apply_all(variant, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3")
        tokens_on_a.add(hex_view(variant, "a")["token"])
        assert variant.observation(0)["my_home_tokens"] == [2]
        spectated = state.resample_hidden(None, random.Random(seed))
        tokens_of_0.add(json.dumps(spectated.observation(0)["my_home_tokens"]))
    assert len(hands_of_1) > 1
    assert tokens_on_a == {1, 2, 3}
    assert len(tokens_of_0) > 1


def test_resample_hidden_at_the_end_keeps_the_public_hands() -> None:
    """Section 7: once the game is over hands and collected tokens are public, so no
    viewer's observation changes under resampling."""
    state = s2(turn_limit=2)
    apply_all(state, "0: play cavein, 0: cave a-b b-c, C: token 3, 0: end, C: card two")
    apply_all(state, "1: play two, 1: end")
    assert state.is_terminal()
    before = seen(state)
    for seed in range(10):
        for viewer in (0, 1, None):
            assert seen(state.resample_hidden(viewer, random.Random(seed))) == before
