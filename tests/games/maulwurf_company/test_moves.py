"""A turn and its move: MC-3, MC-7, MC-9 … MC-14, MC-28, MC-32, with exact legal move sets."""

from __future__ import annotations

import pytest

from molehaven.core import CHANCE, IllegalActionError, NotationError
from tests.games.maulwurf_company.helpers import (
    apply_all,
    legal,
    moles_of,
    new_game,
    outcomes,
    position,
)

BLUE_RAYS = {0: "+1+0", 1: "+0-2 -2+2"}


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (1, ["move +1+0 e", "move +1+0 w"]),
        (2, ["move +1+0 w"]),
        (3, ["move +1+0 w"]),
    ],
)
def test_mc_3_blue_moves_run_along_the_rays(value: int, expected: list[str]) -> None:
    """MC-3: on the blue star a mole moves only along its own ray line, out or in through the
    centre (here the golden-shovel hole, passed over with 2 and 3); ``+1+0 nw`` would reach
    the star point ``+1-1`` but is no line of the star."""
    state = position(BLUE_RAYS, layer="blue", face_down={0: str(value)})
    apply_all(state, f"c flip {value}")
    assert legal(state, 0) == expected
    with pytest.raises(IllegalActionError):
        state.apply(0, "move +1+0 nw")


def test_mc_3_and_mc_13_no_line_fits_so_the_disc_is_spent() -> None:
    """MC-3, MC-13: a 4 from the middle of a blue ray leaves the star either way: the disc is
    spent, no seat action is asked, the turn counts and passes on."""
    state = position(BLUE_RAYS, layer="blue", face_down={0: "4 1"})
    apply_all(state, "c flip 4")
    observation = state.observation(None)
    assert observation["current"] == 1 and observation["phase"] == "flip"
    assert observation["face_up"] == [[2, 2, 3, 3, 4], []]
    assert observation["turns"] == 1
    assert state.num_actions == 6  # four orientations, start player, the flip
    assert moles_of(state, 0) == ["+1+0"]


def test_mc_3_moves_stay_on_the_layer_mc_9_pass_holes_and_specials() -> None:
    """MC-3, MC-9: on red from -3+1 a 3 goes east over the special -2+1 and the hole -1+1,
    north-east over the special -1-1, south-east over the hole -3+3; north-west, west and
    south-west would leave the radius-4 layer."""
    state = position({0: "-3+1", 1: "+4+0"}, layer="red", face_down={0: "3"})
    apply_all(state, "c flip 3")
    assert legal(state, 0) == ["move -3+1 e", "move -3+1 ne", "move -3+1 se"]
    apply_all(state, "0 move -3+1 e")
    assert moles_of(state, 0) == ["+0+1"]
    assert state.is_chance() and state.observation(None)["current"] == 1  # no bonus for passing


def test_mc_9_a_move_may_land_in_a_hole_or_on_a_special() -> None:
    """MC-9: with a 1 every neighbour is open, the special -2+1 and the hole -3+0 included."""
    state = position({0: "-3+1", 1: "+4+0"}, layer="red", face_down={0: "1"})
    apply_all(state, "c flip 1")
    assert legal(state, 0) == [
        "move -3+1 e", "move -3+1 ne", "move -3+1 nw", "move -3+1 w", "move -3+1 sw",
        "move -3+1 se",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (2, ["move -5+0 e", "move -5+0 ne", "move -5+0 se"]),
        (3, ["move -5+0 ne", "move -5+0 se"]),
        (4, ["move -5+0 ne", "move -5+0 se"]),
    ],
)
def test_mc_10_a_mole_in_a_hole_still_blocks(value: int, expected: list[str]) -> None:
    """MC-10: seat 1's mole in the hole -2+0 can be neither landed on (3) nor jumped (4)."""
    state = position({0: "-5+0", 1: "-2+0 +5+0"}, face_down={0: str(value)})
    apply_all(state, f"c flip {value}")
    assert legal(state, 0) == expected


def test_mc_10_own_moles_block_too() -> None:
    """MC-10: an own mole on the line stops a move as surely as another seat's (-5+0 east);
    north-west and south-west from -4+0 leave the layer."""
    state = position({0: "-5+0 -4+0", 1: "+5+0"}, face_down={0: "2"})
    apply_all(state, "c flip 2")
    assert legal(state, 0) == [
        "move -5+0 ne", "move -5+0 se", "move -4+0 e", "move -4+0 ne", "move -4+0 se",
    ]  # fmt: skip


BROWN_HOLE_EXIT = {0: "+2+0 -3+3", 1: "+0+0 -2+2"}
HOLE_EXITS = [
    "move +2+0 e", "move +2+0 ne", "move +2+0 nw", "move +2+0 w", "move +2+0 sw", "move +2+0 se",
]  # fmt: skip


@pytest.mark.parametrize(
    ("hole_exit", "expected"),
    [
        ("last_resort", ["move -3+3 e", "move -3+3 nw"]),
        ("any", ["move -3+3 e", "move -3+3 nw", *HOLE_EXITS]),
    ],
)
def test_mc_11_hole_exit_option(hole_exit: str, expected: list[str]) -> None:
    """MC-11: by default the mole in the hole +2+0 stays while -3+3 can move; with
    hole_exit = any it may leave at once."""
    state = position(BROWN_HOLE_EXIT, layer="brown", face_down={0: "1"}, hole_exit=hole_exit)
    apply_all(state, "c flip 1")
    assert legal(state, 0) == expected
    if hole_exit == "last_resort":
        with pytest.raises(IllegalActionError):
            state.apply(0, "move +2+0 e")


def test_mc_11_forced_out_of_a_hole_when_nothing_else_moves() -> None:
    """MC-11, MC-12: with -3+3 boxed in, the duty to move pulls the mole out of its hole."""
    moles = {0: "+2+0 -3+3", 1: "+0+0 -2+2 -2+3 -3+2"}
    state = position(moles, layer="brown", face_down={0: "1"})
    apply_all(state, "c flip 1")
    assert legal(state, 0) == HOLE_EXITS
    apply_all(state, "0 move +2+0 w")
    assert moles_of(state, 0) == ["-3+3", "+1+0"]


def test_mc_12_there_is_no_pass() -> None:
    """MC-12: no pass action exists; in phase move only moves are legal."""
    state = position(BROWN_HOLE_EXIT, layer="brown", face_down={0: "1"})
    apply_all(state, "c flip 1")
    with pytest.raises(NotationError):
        state.game.parse_action("pass")
    for text in ("decline", "bonus", "keep 1"):
        with pytest.raises(IllegalActionError):
            state.apply(0, text)
    assert all(text.startswith("move ") for text in legal(state, 0))


def test_mc_14_a_seat_with_every_mole_in_a_hole_is_skipped() -> None:
    """MC-14, MC-28: seat 1 (both moles in holes) turns no disc; play goes 0 → 2 → 0, and
    only the turns actually played count."""
    moles = {0: "+3-3 -3+0", 1: "+2+0 -2+2", 2: "+1+1"}
    state = position(moles, players=3, layer="brown", face_down={0: "1", 1: "3 4"})
    apply_all(state, "c flip 1")
    assert legal(state, 0) == [
        "move -3+0 e", "move -3+0 ne", "move -3+0 se", "move +3-3 w", "move +3-3 sw",
        "move +3-3 se",
    ]  # fmt: skip
    apply_all(state, "0 move +3-3 w")
    observation = state.observation(None)
    assert observation["current"] == 2 and observation["turns"] == 1
    apply_all(state, "c flip 2, 2 move +1+1 w")
    observation = state.observation(None)
    assert observation["current"] == 0 and observation["turns"] == 2
    assert observation["face_down"][1] == {"1": 0, "2": 0, "3": 1, "4": 1}  # type: ignore[index]
    assert state.legal_actions(1) == []


def test_mc_7_flip_weights_follow_the_face_down_discs() -> None:
    """MC-7: each flip draws among the current seat's face-down discs, weighted by count; the
    seat itself makes no action to flip."""
    state = position({0: "-5+0", 1: "+5+0"}, face_down={0: "2 2 3 4", 1: "1 4"})
    assert outcomes(state) == pytest.approx({"flip 2": 0.5, "flip 3": 0.25, "flip 4": 0.25})
    assert state.to_move() == [] and state.legal_actions(0) == []
    apply_all(state, "c flip 2, 0 move -5+0 e")
    assert outcomes(state) == pytest.approx({"flip 1": 0.5, "flip 4": 0.5})


def test_mc_32_flip_belongs_to_the_current_seat() -> None:
    """MC-32: ``flip v`` carries no seat, is applied by CHANCE only and draws from the
    current seat's discs (seat 1 here)."""
    state = position({0: "-5+0", 1: "+5+0"}, current=1, face_down={0: "4", 1: "1 2"})
    for seat in (0, 1):
        with pytest.raises(IllegalActionError, match="seat"):
            state.apply(seat, "flip 1")
    with pytest.raises(IllegalActionError):
        state.apply(CHANCE, "flip 4")  # seat 0's only disc, not seat 1's
    apply_all(state, "c flip 1")
    assert state.to_move() == [1]
    assert state.observation(None)["face_up"] == [[1, 2, 2, 3, 3], [2, 3, 3, 4, 1]]


def test_mc_28_turns_wrap_round_the_table() -> None:
    """MC-28: after the last seat comes seat 0."""
    state = position({0: "-5+0", 1: "+0-5", 2: "+5+0"}, players=3, current=2)
    apply_all(state, "c flip 1, 2 move +5+0 w")
    assert state.observation(None)["current"] == 0


def test_move_notation_needs_the_seats_own_mole() -> None:
    """Section 4.5 rule 1: a move starts from a mole of the seat to move."""
    state = position({0: "-5+0", 1: "+5+0"}, face_down={0: "1"})
    apply_all(state, "c flip 1")
    for text in ("move +5+0 w", "move +0+0 e", "move +9+9 e"):
        with pytest.raises(IllegalActionError):
            state.apply(0, text)
    with pytest.raises(IllegalActionError):
        new_game().apply(0, "move -5+0 e")
