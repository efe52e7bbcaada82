"""MP-40 and rules section 7: what a seat cannot see never changes its observation.

Each test builds two games that differ only in something hidden from some viewers (another
seat's hand, the deck order, a pending die choice, a discarded value) and compares every
viewer's observation."""

from __future__ import annotations

import json
import random

import pytest

from molehaven.core import State
from tests.games.mole_park.helpers import apply_all, deal, new_game, play_round, seat_view


def seen(state: State) -> dict[int | None, str]:
    viewers: list[int | None] = [*range(state.game.players), None]
    return {v: json.dumps(state.observation(v), sort_keys=True) for v in viewers}


def differing_viewers(first: State, second: State) -> set[int | None]:
    a, b = seen(first), seen(second)
    return {viewer for viewer in a if a[viewer] != b[viewer]}


def test_mp_40_another_seats_hand_is_hidden() -> None:
    """MP-40: seat 1 whacks a 1 in one game and a 5 in the other: only seat 1 can tell."""
    games = []
    for value in (1, 5):
        state = new_game(3)
        play_round(state, [value, 2, 2, 2, 2], "x 1 x")
        deal(state, 3, 3, 3, 3, 3)
        games.append(state)
    assert differing_viewers(*games) == {1}


def test_mp_40_split_draws_are_hidden_from_others() -> None:
    """MP-19, MP-40: which face-down moles a split gives is seen by their owners only."""
    games = []
    for draws in (
        "C: draw 2, C: draw 4, C: draw 1, C: draw 5",
        "C: draw 5, C: draw 1, C: draw 4, C: draw 2",
    ):
        state = new_game(3)
        for first in (1, 2, 3, 4):
            play_round(state, [first, 1, 1, 1, 1], "x x x")
        deal(state, 5, 1, 1, 1, 1)
        apply_all(state, "0: glove, 1: glove, 2: glove, C: roll x, C: roll 1, C: roll 1")
        apply_all(state, draws)
        games.append(state)
    assert differing_viewers(*games) == {1, 2}


def test_mp_40_deck_order_and_holes_are_hidden() -> None:
    """MP-40: different deals into the holes change no observation at all."""
    games = []
    for values in ([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]):
        state = new_game(4)
        deal(state, *values)
        games.append(state)
    assert differing_viewers(*games) == set()


def test_mp_40_pending_die_choice_is_hidden_until_reveal() -> None:
    """MP-16, MP-40: seat 1's pan or mallet is seen only by seat 1 until the last choice."""
    games = []
    for die in ("pan", "mallet"):
        state = new_game(3)
        deal(state, 1, 1, 1, 1, 1)
        apply_all(state, f"1: {die}, 0: glove")
        games.append(state)
    assert differing_viewers(*games) == {1}
    assert seat_view(games[0], 1, viewer=0)["die"] == "chosen"
    for state in games:
        state.apply(2, "glove")
    assert differing_viewers(*games) == {0, 1, 2, None}


def test_mp_40_hand_limit_discards_are_hidden() -> None:
    """MP-20, MP-40: others see that seat 0 discarded a mole, not which."""
    games = []
    for value in (1, 2):
        state = new_game(2, hand_limit=1)
        play_round(state, [1, 1, 1, 1, 1], "x x")
        play_round(state, [2, 1, 1, 1, 1], "1 x")
        state.apply(0, f"discard {value}")
        games.append(state)
    assert differing_viewers(*games) == {0}


def test_mp_40_resample_hidden_redraws_only_the_unseen() -> None:
    """MP-40: ``resample_hidden(0)`` keeps seat 0's view and redraws others' hands and their
    pending choices (never ``prize`` for an empty hand); over many samples something
    varies."""
    state = new_game(3)
    play_round(state, [1, 2, 3, 4, 5], "1 2 x")
    deal(state, 1, 2, 3, 4, 5)
    apply_all(state, "1: pan, 2: mallet")
    rng = random.Random(7)
    view = json.dumps(state.observation(0), sort_keys=True)
    hands_of_1: set[str] = set()
    dice_of_2: set[str] = set()
    for _ in range(60):
        variant = state.resample_hidden(0, rng)
        assert json.dumps(variant.observation(0), sort_keys=True) == view
        hands_of_1.add(json.dumps(variant.observation(1)["hand"]))
        die = variant.observation(2)["seats"][2]["die"]  # type: ignore[index, call-overload]
        dice_of_2.add(str(die))
    assert len(hands_of_1) > 1
    assert dice_of_2 == {"glove", "pan", "mallet"}


def test_a_negative_or_out_of_range_viewer_is_refused_not_indexed() -> None:
    """Issue 20: with 3 players ``observation(-1)`` returned seat 2's private hand (Python's
    negative index) and ``observation(3)`` raised IndexError; MP-40 says a hand is its owner's
    only, so every viewer that is not None or a seat is refused."""
    state = new_game(3)
    play_round(state, [1, 2, 3, 4, 5], "1 2 3")  # every seat holds a mole
    for viewer in (-1, -2, 3):
        with pytest.raises(ValueError, match=r"None \(a spectator\) and the seats 0-2"):
            state.observation(viewer)
    assert "hand" not in state.observation(None)
