"""The worked examples of section 11 of ``shared/rules/mole-hill.md``, reproduced exactly."""

from __future__ import annotations

import pytest

from molehaven.core import IllegalActionError
from tests.games.mole_hill.helpers import alternate, apply_all, legal, moves, play


def test_11_1_rod_blocks_a_straight_move_mh_11() -> None:
    """11.1: a rod above c3 blocks move c4; the diagonals b4 and d4 pass by path A."""
    state = play("0: place c3, 1: rod c3 c4")
    assert legal(state, 0) == moves("b2", "b3", "b4", "c2", "d2", "d3", "d4")
    assert legal(state, 1) == set()
    with pytest.raises(IllegalActionError):
        state.apply(0, state.game.parse_action("move c4"))


DIAGONAL_TABLE = [
    ("c3 d3", "g1 h1", True, "b3 b4 c2 c4 d2 d4"),
    ("c4 d4", "g1 h1", True, "b3 b4 c2 c4 d2 d3 d4"),
    ("c3 c4", "g1 h1", True, "b3 b4 c2 d2 d3 d4"),
    ("d3 d4", "g1 h1", True, "b3 b4 c2 c4 d2 d3 d4"),
    ("c3 d3", "d3 d4", True, "b3 b4 c2 c4 d2 d4"),
    ("c3 c4", "c4 d4", True, "b3 b4 c2 d2 d3 d4"),
    ("c3 d3", "c4 d4", False, "b3 b4 c2 c4 d2"),
    ("c3 c4", "d3 d4", False, "b3 b4 c2 d2 d3"),
    ("c3 d3", "c3 c4", False, "b3 b4 c2 d2"),
    ("d3 d4", "c4 d4", False, "b3 b4 c2 c4 d2 d3"),
]


@pytest.mark.parametrize(("rod_x", "rod_y", "d4_legal", "expected"), DIAGONAL_TABLE)
def test_11_2_the_diagonal_dodge_mh_12(
    rod_x: str, rod_y: str, d4_legal: bool, expected: str
) -> None:
    """11.2: a diagonal is legal when path A or path B has both edges free (every row)."""
    state = play(
        f"0: place a1, 1: rod {rod_x}, 0: move b2, 1: rod {rod_y}, 0: move c3, 1: rod h7 i7"
    )
    assert legal(state, 0) == moves(*expected.split())
    assert ("move d4" in legal(state, 0)) is d4_legal


def test_11_2_row_one_d2_uses_path_b_mh_12() -> None:
    """11.2, row 1: move d2 is legal although path A (c3–d3) is blocked: path B is free."""
    state = play("0: place a1, 1: rod c3 d3, 0: move b2, 1: rod g1 h1, 0: move c3, 1: rod h7 i7")
    assert "move d2" in legal(state, 0)


def centre_position() -> str:
    return "0: place e2, 1: rod a1 a2, 0: move e3, 1: rod a2 a3, 0: move e4, 1: rod d4 e4"


def test_11_3_centre_jump_reaches_every_unvisited_square_mh_16() -> None:
    """11.3: after arriving on e4 the mole may move to any of the 60 unvisited squares."""
    state = play(centre_position())
    options = legal(state, 0)
    assert len(options) == 60
    assert {"move d4", "move a7", "move i1"} <= options
    assert not options & {"move e2", "move e3", "move e4"}
    assert state.observation(None)["jump"] is True


def test_11_3_far_jump_then_ordinary_steps_mh_16() -> None:
    """11.3: the jump is used by the far jump to a7; then only ordinary steps."""
    state = play(centre_position() + ", 0: move a7, 1: rod a3 a4")
    assert legal(state, 0) == moves("a6", "b6", "b7")


def test_11_3_a_step_gives_up_the_jump_mh_17() -> None:
    """11.3: an ordinary step instead of a jump loses the jump for good."""
    state = play(centre_position() + ", 0: move f5, 1: rod a3 a4")
    assert legal(state, 0) == moves("e5", "e6", "f4", "f6", "g4", "g5", "g6")


SNAKE = "b7 c7 d7 e7 f7 g7 h7 i7 i6 h6 g6 f6 e6 d6 c6 b6 a6 a5 b5 c5 d5".split()
FAR_RODS = (
    [f"rod {a}1 {b}1" for a, b in zip("abcdefgh", "bcdefghi", strict=True)]
    + [f"rod {a}2 {b}2" for a, b in zip("abcdefgh", "bcdefghi", strict=True)]
    + ["rod a3 b3", "rod b3 c3", "rod c3 d3", "rod d3 e3", "rod e3 f3"]
)


def snake_round(mole: int = 0) -> list[str]:
    return alternate(mole, ["place a7", *[f"move {s}" for s in SNAKE]], FAR_RODS)


def test_11_4_running_out_of_pieces_mh_19_mh_22() -> None:
    """11.4: 22 visits end the round at once; 12 dark + e7 + h6 + b6 = 16 points."""
    assert len(FAR_RODS) == 21
    state = play(snake_round())
    assert state.observation(None)["round"] == 2
    assert state.to_move() == [1]
    assert state.observation(None)["phase"] == "place"
    assert len(legal(state, 1)) == 63
    assert all(text.startswith("place ") for text in legal(state, 1))
    assert state.scores() == [16, 0]
    assert state.observation(None)["visited"] == []
    assert state.observation(None)["rods"] == []


def test_11_4_single_round_game_ends_with_a_win_mh_25() -> None:
    """11.4 with rounds = 1: the game is over, seat 0 wins with 16."""
    state = play(snake_round(), rounds=1)
    assert state.is_terminal()
    assert state.scores() == [16, 0]
    assert state.returns() == [1.0, 0.0]


def boxed_after_two() -> str:
    return "0: place b2, 1: rod a1 b1, 0: move a1, 1: rod a1 a2"


def test_11_5_bonus_points_with_few_visits_mh_20_mh_22() -> None:
    """11.5: the white flower b2 scores at once; the boxed-in mole ends the round with 1."""
    state = play("0: place b2")
    assert state.scores() == [1, 0]
    apply_all(state, "1: rod a1 b1, 0: move a1, 1: rod a1 a2")
    assert state.to_move() == [1]
    assert state.observation(None)["phase"] == "place"
    assert state.observation(None)["round"] == 2
    assert state.scores() == [1, 0]
    assert state.observation(None)["round_scores"] == [1, 0]


def test_11_6_boxed_in_by_its_own_move_mh_20() -> None:
    """11.6: the mole's own move leaves it stuck: the round ends without a gardener rod."""
    state = play("0: place c1, 1: rod a1 a2, 0: move b1, 1: rod b1 b2")
    assert legal(state, 0) == moves("a1", "c2")
    apply_all(state, "0: move a1")
    assert state.to_move() == [1]
    assert state.observation(None)["phase"] == "place"
    assert state.observation(None)["round"] == 2
    with pytest.raises(IllegalActionError):
        state.apply(1, state.game.parse_action("rod g1 h1"))
    assert state.scores() == [0, 0]


def test_11_6_single_round_zero_is_a_draw_mh_25() -> None:
    """11.6 with rounds = 1: a score of 0 against the gardener's 0 is a draw."""
    state = play("0: place c1, 1: rod a1 a2, 0: move b1, 1: rod b1 b2, 0: move a1", rounds=1)
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5]


TWELVE = "e7 d7 c7 c6 c5 b5 a5 a6 b6 b7 a7".split()
TWELVE_RODS = [
    "rod h1 i1", "rod h2 i2", "rod h3 i3", "rod h4 i4", "rod h5 i5", "rod h6 i6",
    "rod h7 i7", "rod g1 h1", "rod g2 h2", "rod g3 h3", "rod g4 h4",
]  # fmt: skip


def twelve_round(mole: int) -> list[str]:
    return alternate(mole, ["place f7", *[f"move {s}" for s in TWELVE]], TWELVE_RODS)


def test_11_7_running_scores_along_the_way_mh_22_mh_23() -> None:
    """11.7: running scores [0,0] → [2,0] after e7 → [3,0] after b6 → [4,0] → [5,0]."""
    state = play("")
    seen = {}
    for entry in twelve_round(0):
        apply_all(state, [entry])
        seen[entry] = list(state.scores())
    assert seen["0: place f7"] == [0, 0]
    assert seen["0: move e7"] == [2, 0]
    assert seen["0: move b6"] == [3, 0]
    assert seen["0: move b7"] == [4, 0]
    assert seen["0: move a7"] == [5, 0]
    assert state.observation(None)["round"] == 2


def test_11_7_a_drawn_match_mh_24() -> None:
    """11.7: both moles score 5: a draw."""
    state = play(twelve_round(0) + twelve_round(1))
    assert state.is_terminal()
    assert state.scores() == [5, 5]
    assert state.returns() == [0.5, 0.5]


def test_11_7_a_won_match_mh_24() -> None:
    """11.7 variant: round 2 as 11.5 gives seat 1 one point; seat 0 wins 5 to 1."""
    round_two = ["1: place b2", "0: rod a1 b1", "1: move a1", "0: rod a1 a2"]
    state = play(twelve_round(0) + round_two)
    assert state.is_terminal()
    assert state.scores() == [5, 1]
    assert state.returns() == [1.0, 0.0]


def test_11_8_starting_on_the_centre_grants_the_jump_mh_18() -> None:
    """11.8, default: a placement on e4 grants the jump: 62 moves, e5 included."""
    state = play("0: place e4, 1: rod e4 e5")
    assert len(legal(state, 0)) == 62
    assert "move e5" in legal(state, 0)


def test_11_8_centre_start_jump_off_mh_18() -> None:
    """11.8, centre_start_jump = false: an ordinary step; e5 is blocked, d5 and f5 pass."""
    state = play("0: place e4, 1: rod e4 e5", centre_start_jump=False)
    assert legal(state, 0) == moves("d3", "d4", "d5", "e3", "f3", "f4", "f5")


def test_11_9_rod_placement_limits_mh_8_mh_9() -> None:
    """11.9: 110 rods at first; a second rod on e4–e5 is refused and changes nothing."""
    state = play("0: place e4")
    assert len(legal(state, 1)) == 110
    apply_all(state, "1: rod e4 e5, 0: move a1")
    before = (state.observation(None), state.record(), state.scores())
    with pytest.raises(IllegalActionError):
        state.apply(1, state.game.parse_action("rod e4 e5"))
    assert (state.observation(None), state.record(), state.scores()) == before
    assert len(legal(state, 1)) == 109
    assert "rod a1 b1" in legal(state, 1)


def test_11_10_diagonal_past_visited_side_squares_mh_13() -> None:
    """11.10: move c4 from d3 passes visited c3 and d4: only rods block a diagonal."""
    state = play("0: place d4, 1: rod h1 i1, 0: move c3, 1: rod h2 i2, 0: move d3, 1: rod h3 i3")
    assert legal(state, 0) == moves("c2", "c4", "d2", "e2", "e3", "e4")
