"""The board rules: Tunnel Networks and reach, breeding, majority and its ties, claims,
Convert and the Groundskeeper (MM-11, MM-14 … MM-21, MM-29 … MM-32)."""

from __future__ import annotations

import pytest

from molehaven.core import State
from tests.games.mole_majority.helpers import (
    apply_all,
    hex_view,
    legal,
    legal_of,
    s2,
    s3,
    seat_view,
    spaces,
)


def move_targets(state: State, source: str) -> set[str]:
    """The hexes ``source`` may move to now."""
    return {text.split()[2][0] for text in legal_of(state, "move") if text.split()[1] == source}


def test_mm_11_a_counter_clockwise_roll_wraps_from_space_1_to_the_last() -> None:
    """MM-11, MM-31: ROLL NUMBER 2 from b1 counter-clockwise clears b1 and b6."""
    state = s2()
    apply_all(state, "0: play two, 0: end, C: card two, 1: play keeper1 two, 1: roll b1 ccw")
    assert spaces(state, "b") == [None, 0, 0, 0, 0, None]


def test_mm_14_a_claimed_hex_without_own_moles_is_core_for_convert_and_move() -> None:
    """MM-14, MM-20: seat 1 keeps its claim on f after its moles leave (seat 0's remain);
    b and c, next to f only, are in its CONVERT network, and its moles move through f."""
    state = s2(hand_1=("four", "two", "convert", "three", "keeper1"))
    apply_all(state, "0: play two, 0: move b1 f1, 0: move b2 f2, 0: end, C: card two")
    apply_all(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f3")
    apply_all(state, "1: move r4 f4, 1: end, C: card three")
    apply_all(state, "0: play three, 0: move b3 c1, 0: end, C: card two")
    apply_all(state, "1: play two, 1: move f3 j2, 1: move f4 k1, 1: end, C: card three")
    assert spaces(state, "f") == [0, 0, None, None]
    assert hex_view(state, "f")["claim"] == 1
    apply_all(state, "0: play four, 0: end, C: card two")
    converting = state.clone()
    converting.apply(1, "play convert")
    assert legal_of(converting, "convert") == {
        "convert b4",
        "convert b5",
        "convert b6",
        "convert c1",
        "convert f1",
        "convert f2",
    }
    state.apply(1, "play three")
    assert {"b", "c"} <= move_targets(state, "r5")  # r → o → j → f → b or c


def test_mm_15_at_the_start_a_mole_reaches_only_the_hexes_next_to_its_home() -> None:
    """MM-15: seat 0's six moles may go to every empty space of a, c, e and f: 96 moves."""
    state = s2()
    state.apply(0, "play four")
    expected = {
        f"move b{n} {label}{m}"
        for n in range(1, 7)
        for label, size in (("a", 3), ("c", 6), ("e", 3), ("f", 4))
        for m in range(1, size + 1)
    }
    assert legal_of(state, "move") == expected


def test_mm_15_mm_16_a_moved_mole_carries_the_next_ones_further() -> None:
    """MM-15, MM-16: i is out of reach until a mole stands on e; then b2 reaches i and j
    through e, but never n (no Core hex next to it); e1 may go back to b."""
    state = s2()
    state.apply(0, "play four")
    assert move_targets(state, "b2") == {"a", "c", "e", "f"}
    with pytest.raises(ValueError, match="not legal"):
        state.clone().apply(0, "move b2 i1")
    state.apply(0, "move b1 e1")
    assert move_targets(state, "b2") == {"a", "c", "e", "f", "i", "j"}
    assert move_targets(state, "e1") == {"a", "b", "c", "f", "i", "j"}
    assert "move b2 n1" not in legal(state)


def test_mm_17_breed_only_into_own_claimed_hexes_while_the_supply_lasts() -> None:
    """MM-17, MM-49: with one mole in supply seat 0 breeds into b only (not into a, which
    it merely occupies); after that breed no breed is offered though a step is left."""
    state = s2(mole_tokens=7)
    apply_all(state, "0: play three, 0: move b1 a1")
    assert legal_of(state, "breed") == {"breed b1"}
    with pytest.raises(ValueError, match="not legal"):
        state.apply(0, "breed a2")
    apply_all(state, "0: breed b1, 0: move b2 a2")
    assert seat_view(state, 0)["moles"] == 0
    assert hex_view(state, "b")["last_entrant"] == 0
    assert not legal_of(state, "breed")


def test_mm_18_mm_20_a_claim_stays_until_the_hex_fills_again() -> None:
    """MM-18, MM-20: after 11.1 seat 0 holds f; moles leaving do not move the claim; when
    seat 1 fills f again 3–1 the claim passes to seat 1 and seat 0's returns."""
    state = s2()
    apply_all(state, "0: play three, 0: move b1 f1, 0: move b2 f2, 0: move b3 f3, 0: end")
    apply_all(state, "C: card two, 1: play four, 1: move r1 o1, 1: move r2 j1")
    apply_all(state, "1: move r3 f4, 1: end, C: card two")
    assert hex_view(state, "f")["claim"] == 0
    apply_all(state, "0: play two, 0: move f1 b1, 0: move f2 b2, 0: end, C: card two")
    assert spaces(state, "f") == [None, None, 0, 1]
    assert hex_view(state, "f")["claim"] == 0
    apply_all(state, "1: play three, 1: move o1 f1, 1: move j1 f2")
    assert spaces(state, "f") == [1, 1, 0, 1]
    assert hex_view(state, "f")["claim"] == 1
    assert [seat_view(state, s)["claims"] for s in (0, 1)] == [9, 8]
    assert state.scores() == [6.0, 10.0]


def test_mm_19_counting_back_from_the_active_seat_finds_the_latest_turn() -> None:
    """MM-19 rule 3: seat 1 fills j where seats 0 and 2 tie 2–2 above its 1; counting back
    from seat 1, seat 0 comes first and claims j (11.3 shows the other direction)."""
    state = s3()
    apply_all(state, "0: play two, 0: move b1 e1, 0: move b2 j1, 0: end, C: card three")
    apply_all(state, "1: play two, 1: end, C: card three")
    apply_all(state, "2: play three, 2: move m1 i1, 2: move m2 j2, 2: move m3 j3, 2: end")
    apply_all(state, "C: card three, 0: play two, 0: move e1 j4, 0: end, C: card three")
    apply_all(state, "1: play three, 1: move p1 k1, 1: move p2 j5")
    assert spaces(state, "j") == [0, 2, 2, 0, 1]
    assert hex_view(state, "j")["last_entrant"] == 1
    assert hex_view(state, "j")["claim"] == 0
    assert state.scores() == [11.0, 6.0, 6.0]


def test_mm_20_a_winner_without_claim_tokens_leaves_the_hex_unclaimed() -> None:
    """MM-20, MM-49: with two Claim Tokens seat 0 claims a with its last one; filling e in
    the same turn finds it without a token, so e stays unclaimed."""
    state = s2(hand_0=("four", "convert", "convert", "two", "three"), claim_tokens=2)
    apply_all(state, "0: play four, 0: stack convert step, 0: stack convert step")
    apply_all(state, "0: move b1 a1, 0: move b2 a2, 0: move b3 a3")
    assert seat_view(state, 0)["claims"] == 0
    apply_all(state, "0: move b4 e1, 0: move b5 e2, 0: move a1 e3")
    assert spaces(state, "e") == [0, 0, 0]
    assert hex_view(state, "e")["claim"] is None
    assert hex_view(state, "a")["claim"] == 0  # a still has moles: its claim stays


def test_mm_21_a_hex_emptied_by_moves_loses_its_claim_at_once() -> None:
    """MM-21: seat 0 claims a, then moves all three moles out; the claim returns mid-turn."""
    state = s2(hand_0=("three", "three", "two", "four", "cavein"))
    apply_all(state, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3, 0: end")
    apply_all(state, "C: card two, 1: play two, 1: end, C: card two")
    assert hex_view(state, "a")["claim"] == 0
    apply_all(state, "0: play three, 0: move a1 b1, 0: move a2 b2, 0: move a3 b3")
    assert hex_view(state, "a")["claim"] is None
    assert seat_view(state, 0)["claims"] == 9
    assert state.observation(None)["phase"] == "main"


def test_mm_29_convert_needs_a_mole_in_supply_and_marks_the_last_entrant() -> None:
    """MM-29, MM-30: with one mole in supply the first conversion works (f becomes seat 0's
    3–1, last entrant 0); the stacked repeat then finds no mole to place."""
    state = s2(hand_0=("four", "three", "convert", "convert", "two"), mole_tokens=7)
    apply_all(state, "0: play two, 0: move b1 f1, 0: move b2 f2, 0: end, C: card two")
    apply_all(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f3")
    apply_all(state, "1: move r4 f4, 1: end, C: card three, 0: play convert, 0: convert f3")
    assert hex_view(state, "f")["last_entrant"] == 0
    assert hex_view(state, "f")["claim"] == 0
    assert seat_view(state, 0)["moles"] == 0
    assert seat_view(state, 1)["moles"] == 2  # 1 + the converted mole back
    state.apply(0, "stack convert repeat")
    assert not legal_of(state, "convert")
    with pytest.raises(ValueError, match="not legal"):
        state.apply(0, "convert f4")


def test_mm_30_the_second_conversion_may_hit_the_same_hex() -> None:
    """MM-30: after ``convert f3`` the repeat targets f4 and j1 (the network is
    recomputed); converting f4 too leaves seat 1 without moles in f."""
    state = s2(hand_0=("four", "three", "convert", "convert", "two"))
    apply_all(state, "0: play two, 0: move b1 f1, 0: move b2 f2, 0: end, C: card two")
    apply_all(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f3")
    apply_all(state, "1: move r4 f4, 1: end, C: card three, 0: play convert, 0: convert f3")
    assert not legal_of(state, "convert")
    state.apply(0, "stack convert repeat")
    assert legal_of(state, "convert") == {"convert f4", "convert j1"}
    state.apply(0, "convert f4")
    assert spaces(state, "f") == [0, 0, 0, 0]
    assert hex_view(state, "f")["claim"] == 0


def test_mm_31_rolls_are_listed_both_ways_for_every_mole_own_ones_included() -> None:
    """MM-31: after ``play keeper1 four`` seat 1 may roll from any of the 12 moles on the
    board, its own on r included, clockwise or counter-clockwise: 24 rolls."""
    state = s2()
    apply_all(state, "0: play two, 0: end, C: card two, 1: play keeper1 four")
    expected = {f"roll {h}{n} {d}" for h in "br" for n in range(1, 7) for d in ("cw", "ccw")}
    assert legal_of(state, "roll") == expected
    state.apply(1, "roll r3 ccw")
    assert spaces(state, "r") == [None, None, None, 1, 1, None]
    assert seat_view(state, 1)["moles"] == 28
    assert not legal_of(state, "roll")  # one roll per Groundskeeper


def test_mm_32_a_roll_on_a_claimed_hex_never_reassesses() -> None:
    """MM-32, MM-20: rolling f3 clockwise with ROLL NUMBER 3 clears f3, f4 and f1; seat 1
    keeps f's claim though only seat 0's mole is left."""
    state = s2(hand_0=("four", "three", "two", "keeper1", "convert"))
    apply_all(state, "0: play two, 0: move b1 f1, 0: move b2 f2, 0: end, C: card two")
    apply_all(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f3")
    apply_all(state, "1: move r4 f4, 1: end, C: card two")
    assert hex_view(state, "f")["claim"] == 1
    apply_all(state, "0: play keeper1 three, 0: roll f3 cw")
    assert spaces(state, "f") == [None, 0, None, None]
    assert hex_view(state, "f")["claim"] == 1
    assert state.scores() == [6.0, 10.0]
