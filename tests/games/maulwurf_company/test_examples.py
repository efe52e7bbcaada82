"""Every worked example of section 11 of ``shared/rules/maulwurf-company.md``, step by step.

The examples form one two-player game with every layer in rotation 0; later examples continue
from earlier ones, so each builds on the position the previous one ends in.
"""

from __future__ import annotations

import pytest

from molehaven.core import CHANCE, IllegalActionError, State
from tests.games.maulwurf_company.helpers import (
    apply_all,
    example_setup,
    legal,
    moles_of,
    outcomes,
    position,
)

FULL = {"flip 1": 1 / 6, "flip 2": 2 / 6, "flip 3": 2 / 6, "flip 4": 1 / 6}

EXAMPLE_2 = [
    "c flip 1", "0 move +3-3 sw", "c flip 1", "1 move -5+3 e", "c flip 2", "0 move +4+0 w",
    "c flip 2", "1 move -5+5 nw", "c flip 2", "0 move +0-4 se", "c flip 2", "1 move -5+3 ne",
    "c flip 3", "0 move -5+0 e", "c flip 3", "1 move -4+3 e", "c flip 3", "0 move -5+1 ne",
    "c flip 3", "1 move -3+1 nw",
]  # fmt: skip
EXAMPLE_2_AFTER_RESHUFFLE = [
    "c flip 4", "1 move -3-2 se", "c flip 1", "0 move +1+2 w", "c flip 2", "1 move -3+2 ne",
    "c flip 2", "0 move -4+4 ne", "c flip 2", "1 move -2-3 sw", "c flip 2", "0 move +4-4 se",
    "c flip 4", "1 move -1+0 nw", "c flip 3", "0 move -1+5 ne", "c flip 1", "1 move -3+5 ne",
]  # fmt: skip
EXAMPLE_3 = ["c flip 3", "1 move -4-1 se", "c flip 3", "1 move -1-4 e"]
SEAT_0_ON_RED = "-2-2 -2+0 -2+2 +0-2 +0+0 +0+2 +2-2 +2+0 +2+2 +4-2".split()


def example_2_state() -> State:
    state = example_setup()
    apply_all(state, EXAMPLE_2)
    apply_all(state, ["c flip 4", "0 move +0+4 nw"])
    apply_all(state, EXAMPLE_2_AFTER_RESHUFFLE)
    return state


def example_3_state() -> State:
    return apply_all(example_2_state(), EXAMPLE_3)


def test_example_1_straight_lines_passing_blocking_landing() -> None:
    """Example 1 (MC-3, MC-9, MC-10): a 3 from the opening position."""
    state = example_setup()
    assert moles_of(state, 0) == sorted_points("-5+0 -5+1 -4+4 -1+5 +0-4 +0+4 +1+2 +3-3 +4-4 +4+0")
    assert state.to_move() == [] and state.is_chance()
    assert outcomes(state) == pytest.approx(FULL)
    apply_all(state, "c flip 3")
    moves = legal(state, 0)
    for text in ("move -5+0 e", "move +0-4 e", "move +0+4 nw"):
        assert text in moves
    for text in ("move -5+1 se", "move +4-4 sw", "move -5+0 ne", "move -5+0 w"):
        assert text not in moves
        with pytest.raises(IllegalActionError):
            state.apply(0, text)
    after = state.clone()
    apply_all(after, "0 move +0-4 e")
    assert "+3-4" in moles_of(after, 0) and "+2-4" not in moles_of(after, 0)
    four = example_setup()
    apply_all(four, "c flip 4")
    assert "move +4+0 w" in legal(four, 0)
    apply_all(four, "0 move +4+0 w")
    assert "+0+0" in moles_of(four, 0)


def sorted_points(text: str) -> list[str]:
    """Points in listing order: by q, then r."""

    def key(name: str) -> tuple[int, int]:
        return int(name[:2]), int(name[2:])

    return sorted(text.split(), key=key)


def test_example_2_reshuffle_and_skip() -> None:
    """Example 2 (MC-8, MC-14): the sixth disc is forced; then all six go face down again;
    a seat with every mole in a hole is skipped."""
    state = example_setup()
    apply_all(state, EXAMPLE_2)
    assert state.observation(None)["face_up"] == [[1, 2, 2, 3, 3], [1, 2, 2, 3, 3]]
    assert outcomes(state) == {"flip 4": 1.0}
    apply_all(state, ["c flip 4", "0 move +0+4 nw"])
    assert state.observation(None)["face_up"][0] == []  # type: ignore[index]
    apply_all(state, "c flip 4, 1 move -3-2 se")
    assert outcomes(state) == pytest.approx(FULL)
    apply_all(state, EXAMPLE_2_AFTER_RESHUFFLE[2:])
    assert moles_of(state, 0) == sorted_points(" ".join(SEAT_0_ON_RED))
    holes = state.observation(None)["holes"]
    assert isinstance(holes, list) and set(moles_of(state, 0)) <= set(holes)
    observation = state.observation(None)
    assert observation["current"] == 1 and observation["phase"] == "flip"
    assert outcomes(state) == {"flip 3": 1.0}
    assert observation["face_up"] == [[1, 2, 2, 3], [2, 2, 4, 1]]


def test_example_3_layer_removal() -> None:
    """Example 3 (MC-15, MC-16, MC-18, MC-8): the thirteenth green hole removes green."""
    state = example_2_state()
    apply_all(state, "c flip 3, 1 move -4-1 se")
    assert state.observation(None)["current"] == 1  # seat 0 skipped again (MC-14)
    assert moles_of(state, 1) == sorted_points("-4+2 -2+4 -1-4 -1+3 +1-5 +2-5 +3+2 +5-5 +5-2 +5+0")
    assert outcomes(state) == {"flip 3": 1.0}
    apply_all(state, "c flip 3, 1 move -1-4 e")
    observation = state.observation(None)
    assert observation["layer"] == "red"
    assert observation["layers_below"] == ["brown", "blue"]
    assert moles_of(state, 0) == sorted_points(" ".join(SEAT_0_ON_RED))
    assert moles_of(state, 1) == sorted_points("-4+2 -2+4 +2-4")
    holes = observation["holes"]
    assert isinstance(holes, list) and not set(holes) & set(observation["moles"])  # type: ignore[arg-type]
    assert observation["face_up"][1] == []  # type: ignore[index]
    assert observation["current"] == 0
    assert outcomes(state) == pytest.approx({"flip 3": 0.5, "flip 4": 0.5})


def test_example_4_no_legal_move_spends_the_disc() -> None:
    """Example 4 (MC-13, MC-8): a 4 with no legal move is spent; later the sixth disc is
    spent the same way and the discs are reshuffled."""
    state = example_3_state()
    before = state.num_actions
    apply_all(state, "c flip 4")
    assert state.num_actions == before + 1  # no seat action follows
    observation = state.observation(None)
    assert observation["current"] == 1 and observation["phase"] == "flip"
    assert observation["face_up"][0] == [1, 2, 2, 3, 4]  # type: ignore[index]
    assert outcomes(state) == pytest.approx(FULL)
    apply_all(state, "c flip 2")
    assert legal(state, 1) == [
        "move -4+2 nw", "move -4+2 se", "move -2+4 e", "move -2+4 w", "move +2-4 e",
        "move +2-4 w",
    ]  # fmt: skip
    apply_all(state, "1 move +2-4 w")
    assert outcomes(state) == {"flip 3": 1.0}
    apply_all(state, "c flip 3")
    observation = state.observation(None)
    assert observation["current"] == 1 and observation["face_up"][0] == []  # type: ignore[index]
    apply_all(state, "c flip 3, 1 move +0-4 e")
    assert state.observation(None)["current"] == 0
    assert outcomes(state) == pytest.approx(FULL)


def test_example_5_bonus_flip_and_bonus_move() -> None:
    """Example 5 (MC-20, MC-21): landing on a special field offers a bonus; the bonus move may
    not land on a special field."""
    seat_0 = "-4+4 -3+0 -2+2 -1+1 +0-2 +0+3 +0+4 +2+0 +2+2 +4-2"
    state = position(
        {0: seat_0, 1: "-3+4 -2+4 +2-3"}, layer="red", current=1, face_down={1: "1 2 2 3 4"}
    )
    holes = set(state.observation(None)["holes"])  # type: ignore[arg-type]
    assert {p for p in seat_0.split() if p in holes} == {"-3+0", "-1+1", "+0+3"}
    apply_all(state, "c flip 3, 1 move -2+4 ne")
    assert "+1+1" in moles_of(state, 1)
    assert legal(state, 1) == ["bonus", "decline"]
    declined = apply_all(state.clone(), "1 decline")
    assert declined.observation(None)["current"] == 0 and declined.is_chance()
    apply_all(state, "1 bonus")
    assert outcomes(state) == pytest.approx({"flip 1": 0.25, "flip 2": 0.5, "flip 4": 0.25})
    apply_all(state, "c flip 4")
    assert legal(state, 1) == ["move -3+4 ne", "move +1+1 nw"]
    normal = position({0: seat_0, 1: "-3+4 -2+4 +1+1 +2-3"}, layer="red", current=1)
    apply_all(normal, "c flip 4")
    assert "move +2-3 sw" in legal(normal, 1)
    with pytest.raises(IllegalActionError):
        state.apply(1, "move +2-3 sw")
    plain = position({0: seat_0, 1: "-3+4 -2+4 +2-3"}, layer="red", current=1, special_fields=False)
    apply_all(plain, "c flip 3, 1 move -2+4 ne")
    assert plain.is_chance() and plain.observation(None)["current"] == 0


EXAMPLE_6_SEAT_0 = "-3+0 -3+3 -2-1 -1+1 +0-3 +0+3 +0+4 +3-3 +3+0 +4-2"


def example_6_state(sole_survivor: str = "wins") -> State:
    state = position(
        {0: EXAMPLE_6_SEAT_0, 1: "-2-2 -1+0 +1+3"},
        layer="red",
        current=0,
        face_down={0: "2 2 3 4"},
        sole_survivor=sole_survivor,
    )
    apply_all(state, "c flip 3")
    return state


def test_example_6_sole_survivor() -> None:
    """Example 6 (MC-23, MC-17): red is cleared and only seat 0 has moles."""
    state = example_6_state()
    assert "move -2-1 e" in legal(state, 0)
    apply_all(state, "0 move -2-1 e")
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0] and state.scores() == [1.0, 0.0]
    observation = state.observation(None)
    assert observation["layer"] == "brown" and observation["out"] == [False, True]
    assert observation["end_reason"] == "no other player has a mole left"
    assert moles_of(state, 0) == sorted_points("+1-1 -1+1 +3+0 +3-3 +0-3 -3+0 -3+3 +0+3")
    on = apply_all(example_6_state(sole_survivor="plays_on"), "0 move -2-1 e")
    assert not on.is_terminal() and on.returns() == [0.0, 0.0]
    assert outcomes(on) == pytest.approx({"flip 2": 2 / 3, "flip 4": 1 / 3})
    apply_all(on, "c flip 4, 0 move -3+0 e")
    assert on.observation(None)["current"] == 0 and on.legal_actions(1) == []


def test_example_7_leaving_a_hole_as_a_last_resort() -> None:
    """Example 7 (MC-11): only when no mole outside a hole can move may one leave its hole."""
    state = apply_all(example_6_state(sole_survivor="plays_on"), "0 move -2-1 e")
    apply_all(state, ["c flip 4", "0 move -3+0 e", "c flip 2", "0 move +1-1 e", "c flip 2",
                      "0 move +0-3 se", "c flip 1", "0 move +1+0 e"])  # fmt: skip
    assert moles_of(state, 0) == sorted_points("-3+3 -1+1 +0-1 +0+3 +2+0 +3-3 +3-1 +3+0")
    apply_all(state, "c flip 4")
    assert legal(state, 0) == ["move +2+0 w"]
    apply_all(state, "0 move +2+0 w")
    assert "-2+0" in moles_of(state, 0)


def test_example_7_hole_exit_refused_while_another_move_exists() -> None:
    """Example 7, second part (MC-11): on seat 0's seventh turn of Example 2 a 1 must move
    ``+1+2 w``; leaving the hole with ``+2-2 ne`` is legal only with hole_exit = any."""
    prefix = [*EXAMPLE_2, "c flip 4", "0 move +0+4 nw", *EXAMPLE_2_AFTER_RESHUFFLE[:3]]
    for hole_exit, expected in (("last_resort", False), ("any", True)):
        state = example_setup(hole_exit=hole_exit)
        apply_all(state, prefix)
        moves = legal(state, 0)
        assert "move +1+2 w" in moves
        assert ("move +2-2 ne" in moves) is expected


def test_example_8_the_golden_shovel() -> None:
    """Example 8 (MC-22): brown is cleared, three moles reach blue; a 2 from each ray end
    enters the centre and wins."""
    state = apply_all(example_6_state(sole_survivor="plays_on"), "0 move -2-1 e")
    apply_all(state, ["c flip 4", "0 move -3+0 e", "c flip 2", "0 move -1+1 nw", "c flip 2",
                      "0 move -3+3 e", "c flip 3", "0 move -1+3 ne", "c flip 3", "0 move +1-1 sw",
                      "c flip 1", "0 move +0-3 se"])  # fmt: skip
    observation = state.observation(None)
    assert observation["layer"] == "blue" and observation["layers_below"] == []
    assert moles_of(state, 0) == sorted_points("-2+2 +0-2 +2+0")
    apply_all(state, "c flip 2")
    assert legal(state, 0) == ["move -2+2 ne", "move +0-2 se", "move +2+0 w"]
    apply_all(state, "0 move +0-2 se")
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert state.legal_actions(CHANCE) == []


def test_example_9_tournament() -> None:
    """Example 9 (MC-24): two discs turned, one kept; equal values keep one automatically."""
    state = example_setup(tournament=True)
    apply_all(state, "c flip 3")
    assert state.observation(None)["phase"] == "flip2"
    assert outcomes(state) == pytest.approx(
        {"flip 1": 1 / 5, "flip 2": 2 / 5, "flip 3": 1 / 5, "flip 4": 1 / 5}
    )
    apply_all(state, "c flip 1")
    assert legal(state, 0) == ["keep 1", "keep 3"]
    apply_all(state, "0 keep 1, 0 move +3-3 sw")
    assert state.observation(None)["face_down"][0] == {"1": 0, "2": 2, "3": 2, "4": 1}  # type: ignore[index]
    apply_all(state, "c flip 2, c flip 2")
    assert state.to_move() == [1] and state.observation(None)["value"] == 2
    apply_all(state, "1 move -5+3 ne")
    assert outcomes(state) == pytest.approx({"flip 2": 2 / 5, "flip 3": 2 / 5, "flip 4": 1 / 5})


def test_example_10_turn_limit() -> None:
    """Example 10 (MC-25): with max_turns = 2 the game ends after two turns, shared win."""
    state = example_setup(max_turns=2)
    apply_all(state, "c flip 1, 0 move +3-3 sw")
    assert not state.is_terminal()
    apply_all(state, "c flip 1, 1 move -5+3 e")
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5] and state.scores() == [1.0, 1.0]
    assert state.observation(None)["turns"] == 2
