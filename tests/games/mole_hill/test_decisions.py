"""One or more tests per decision MH-1 … MH-33 of ``shared/rules/mole-hill.md``."""

from __future__ import annotations

import json

import pytest

import molehaven
from molehaven.core import CHANCE, CLOCK, IllegalActionError, OptionsError
from molehaven.games.mole_hill.data import EDGE_COUNT, SQUARE_NAMES
from tests.games.mole_hill.helpers import apply_all, legal, moves, new_game, play


def test_mh_1_exactly_two_players() -> None:
    """MH-1: make raises ValueError for any player count but 2, naming the valid one."""
    for players in (1, 3, 8):
        with pytest.raises(OptionsError, match="takes 2 players"):
            molehaven.make("mole-hill", players=players)
    assert molehaven.make("mole-hill", players=2).players == 2


def test_mh_1_seat_zero_moles_first_then_roles_swap() -> None:
    """MH-1: seat 0 is the mole in round 1 and the gardener in round 2."""
    state = new_game()
    assert state.to_move() == [0]
    assert (state.observation(None)["mole"], state.observation(None)["gardener"]) == (0, 1)
    apply_all(state, "0: place b2, 1: rod a1 b1, 0: move a1, 1: rod a1 a2")
    assert (state.observation(None)["mole"], state.observation(None)["gardener"]) == (1, 0)
    assert state.to_move() == [1]


def test_mh_2_rounds_option() -> None:
    """MH-2: option rounds (default 2, allowed 1 and 2)."""
    assert molehaven.make("mole-hill").options_dict()["rounds"] == 2
    assert molehaven.make("mole-hill", rounds=1).max_length() == 43
    assert molehaven.make("mole-hill").max_length() == 86
    with pytest.raises(OptionsError, match="1, 2"):
        molehaven.make("mole-hill", rounds=3)


def test_mh_3_board_is_nine_files_by_seven_ranks() -> None:
    """MH-3: 63 squares a1 … i7, listed rank by rank (MH-33)."""
    state = new_game()
    names = [str(a).removeprefix("place ") for a in state.legal_actions(0)]
    assert len(names) == 63
    assert names[:10] == ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "a2"]
    assert names[-1] == "i7"
    assert names == list(SQUARE_NAMES)


@pytest.mark.parametrize(
    ("square", "points"),
    [("e7", 2), ("a4", 2), ("i4", 2), ("e1", 2), ("b6", 1), ("h6", 1), ("b2", 1), ("h2", 1),
     ("e4", 0), ("a1", 0), ("c3", 0)],
)  # fmt: skip
def test_mh_4_flowers_and_centre(square: str, points: int) -> None:
    """MH-4: red flowers score 2, white 1, the centre and plain squares nothing."""
    assert play(f"0: place {square}").scores() == [points, 0]


def test_mh_5_pieces_left_counts_visits() -> None:
    """MH-5: pieces_left = 22 − visits; rods_left = 22 − rods."""
    state = play("0: place a1, 1: rod e4 e5, 0: move b1")
    observation = state.observation(None)
    assert observation["pieces_left"] == 20
    assert observation["rods_left"] == 21
    assert observation["visited"] == ["a1", "b1"]


def test_mh_6_first_placement_anywhere_and_flower_scores_at_once() -> None:
    """MH-6: place on any of the 63 squares; a flower scores immediately."""
    assert len(legal(new_game(), 0)) == 63
    assert play("0: place e1").scores() == [2, 0]


def test_mh_7_gardener_must_place_a_rod() -> None:
    """MH-7: the gardener has no pass; its legal actions are all rods."""
    state = play("0: place e4")
    assert all(text.startswith("rod ") for text in legal(state, 1))
    with pytest.raises(ValueError, match="pass"):
        state.game.parse_action("pass")


def test_mh_8_only_interior_edges_hold_rods() -> None:
    """MH-8: 110 interior edges; a border edge cannot even be named."""
    assert EDGE_COUNT == 110
    assert len(legal(play("0: place a1"), 1)) == 110
    game = molehaven.make("mole-hill")
    for text in ("rod e7 e8", "rod i4 j4", "rod a0 a1"):
        with pytest.raises(ValueError, match="not a square"):
            game.parse_action(text)


def test_mh_9_one_rod_per_edge_and_rods_stay() -> None:
    """MH-9: a second rod on an edge is illegal; rods stay for the round."""
    state = play("0: place e4, 1: rod e4 e5, 0: move a1")
    assert "rod e4 e5" not in legal(state, 1)
    with pytest.raises(IllegalActionError):
        state.apply(1, state.game.parse_action("rod e4 e5"))
    apply_all(state, "1: rod a1 b1, 0: move a2, 1: rod c3 c4")
    assert state.observation(None)["rods"] == ["e4 e5", "a1 b1", "c3 c4"]


def test_mh_10_turns_alternate_mole_then_gardener() -> None:
    """MH-10: place, rod, move, rod, … strictly alternating."""
    state = new_game()
    expected = [0, 1, 0, 1, 0]
    for seat, text in zip(
        expected, ["place a1", "rod h1 i1", "move b2", "rod h2 i2"], strict=False
    ):
        assert state.to_move() == [seat]
        apply_all(state, [f"{seat}: {text}"])
    assert state.to_move() == [0]
    with pytest.raises(IllegalActionError):
        state.apply(1, state.game.parse_action("rod h3 i3"))


def test_mh_11_straight_move_blocked_by_rod_only_on_its_edge() -> None:
    """MH-11: a rod blocks the straight move across its own edge and no other."""
    state = play("0: place e4, 1: rod e4 f4", centre_start_jump=False)
    assert "move f4" not in legal(state, 0)
    assert {"move d4", "move e5", "move e3"} <= legal(state, 0)


def test_mh_11_border_is_never_crossed() -> None:
    """MH-11: from a corner only the three squares on the board are reachable."""
    assert legal(play("0: place a1, 1: rod h7 i7"), 0) == moves("a2", "b1", "b2")


def test_mh_12_one_rod_never_stops_a_diagonal() -> None:
    """MH-12: a single rod on any one of the four edges round the corner leaves the diagonal."""
    for rod in ("e4 f4", "f4 f5", "e4 e5", "e5 f5"):
        state = play(f"0: place e4, 1: rod {rod}", centre_start_jump=False)
        assert "move f5" in legal(state, 0), rod


def test_mh_14_no_revisits_not_even_by_jump() -> None:
    """MH-14: visited squares (the current one included) are never targets, even by a jump."""
    state = play("0: place e3, 1: rod a1 b1, 0: move e4, 1: rod a2 b2")
    options = legal(state, 0)
    assert "move e3" not in options
    assert "move e4" not in options
    assert len(options) == 61


def test_mh_15_the_mole_has_no_pass() -> None:
    """MH-15: a mole with a move must move; no pass action exists."""
    state = play("0: place c3, 1: rod a1 b1")
    assert all(text.startswith("move ") for text in legal(state, 0))


def test_mh_16_jump_ignores_rods_and_scores_flowers() -> None:
    """MH-16: the jump crosses any rods; jumping onto a flower scores it."""
    state = play("0: place e3, 1: rod e3 e4", centre_start_jump=False)
    assert "move e4" not in legal(state, 0)
    state = play("0: place e5, 1: rod a1 b1, 0: move e4, 1: rod d4 e4")
    apply_all(state, "0: move a4")  # red flower, across the board
    assert state.scores() == [2, 0]


def test_mh_17_step_after_the_centre_is_the_same_action_and_ends_the_jump() -> None:
    """MH-17: an adjacent square is `move X` whether or not a rod lies on the way; the jump is
    gone afterwards."""
    state = play("0: place e5, 1: rod a1 b1, 0: move e4, 1: rod e4 f4")
    assert "move f4" in legal(state, 0)
    apply_all(state, "0: move f4, 1: rod a2 b2")
    assert state.observation(None)["jump"] is False
    assert len(legal(state, 0)) <= 8


def test_mh_18_centre_start_jump_option() -> None:
    """MH-18: with the default, a first placement on e4 sets the jump; with false, it does not."""
    assert play("0: place e4").observation(None)["jump"] is True
    assert play("0: place e4", centre_start_jump=False).observation(None)["jump"] is False


def test_mh_19_round_ends_after_the_22nd_visit_without_a_rod() -> None:
    """MH-19: after the 22nd visit the round ends; the gardener places no rod."""
    from tests.games.mole_hill.test_examples import snake_round

    entries = snake_round()
    state = play(entries[:-1])
    assert state.observation(None)["pieces_left"] == 1
    apply_all(state, entries[-1:])
    assert state.observation(None)["round"] == 2
    assert state.num_actions == 43


def test_mh_20_round_ends_when_a_rod_takes_the_last_move() -> None:
    """MH-20: a rod that removes the mole's last move ends the round at once."""
    state = play("0: place b2, 1: rod a1 b1, 0: move a1")
    assert legal(state, 0) == set()
    assert legal(state, 1) - {"rod a1 a2"}
    apply_all(state, "1: rod h1 i1")
    assert legal(state, 0) == moves("a2")
    state = play("0: place b2, 1: rod a1 b1, 0: move a1, 1: rod a1 a2")
    assert state.observation(None)["round"] == 2
    assert state.to_move() == [1]


def test_mh_21_pending_jump_is_never_blocked() -> None:
    """MH-21: with a pending jump, rods beside the centre do not matter: every unvisited
    square stays open, so the round cannot end by blocking."""
    state = play("0: place e5, 1: rod d4 e4, 0: move e4, 1: rod e4 e5")
    assert state.observation(None)["jump"] is True
    assert len(legal(state, 0)) == 61
    assert {"move d4", "move e5"} & legal(state, 0) == {"move d4"}


def test_mh_22_round_score_formula() -> None:
    """MH-22: max(0, v − 10) + 2 per red flower + 1 per white flower (snake: 12 + 4 = 16)."""
    from tests.games.mole_hill.test_examples import snake_round

    assert play(snake_round()).observation(None)["round_scores"] == [16, 0]


def test_mh_23_scores_never_decrease_and_gardener_earns_nothing() -> None:
    """MH-23: scores() includes the running round and never goes down."""
    from tests.games.mole_hill.test_examples import snake_round

    state = new_game()
    last = [0.0, 0.0]
    for entry in snake_round():
        apply_all(state, [entry])
        current = state.scores()
        assert current[0] >= last[0]
        assert current[1] == 0
        last = current


SCORES_ONE = ["0: place b2", "1: rod a1 b1", "0: move a1", "1: rod a1 a2"]  # 11.5: 1 point
SCORES_ZERO = ["0: place c1", "1: rod a1 a2", "0: move b1", "1: rod b1 b2", "0: move a1"]  # 11.6


def swap_seats(entries: list[str]) -> list[str]:
    return [f"{1 - int(e[0])}{e[1:]}" for e in entries]


def test_mh_24_higher_total_wins() -> None:
    """MH-24: the higher total wins, whichever seat it is (11.7 covers the draw)."""
    state = play(SCORES_ONE + swap_seats(SCORES_ZERO))
    assert state.is_terminal()
    assert (state.scores(), state.returns()) == ([1, 0], [1.0, 0.0])
    state = play(SCORES_ZERO + swap_seats(SCORES_ONE))
    assert state.is_terminal()
    assert (state.scores(), state.returns()) == ([0, 1], [0.0, 1.0])


def test_mh_25_single_round_mole_wins_with_one_point() -> None:
    """MH-25: in a one-round game the mole wins with at least 1 point."""
    state = play("0: place b2, 1: rod a1 b1, 0: move a1, 1: rod a1 a2", rounds=1)
    assert state.is_terminal()
    assert state.scores() == [1, 0]
    assert state.returns() == [1.0, 0.0]


def test_mh_26_board_cleared_and_roles_swapped_between_rounds() -> None:
    """MH-26: no action marks the change; round 2 starts empty with the new mole to place."""
    state = play("0: place b2, 1: rod a1 b1, 0: move a1, 1: rod a1 a2")
    observation = state.observation(None)
    assert observation["visited"] == []
    assert observation["rods"] == []
    assert observation["stack"] is None
    assert observation["jump"] is False
    assert observation["pieces_left"] == 22
    assert state.num_actions == 4


def test_mh_27_no_chance_and_no_clock() -> None:
    """MH-27: never a chance node; CHANCE and CLOCK have no actions and cannot act."""
    state = play("0: place e4")
    assert not state.is_chance()
    assert state.chance_outcomes() == []
    assert state.legal_actions(CHANCE) == []
    assert state.legal_actions(CLOCK) == []
    with pytest.raises(IllegalActionError):
        state.apply(CHANCE, state.game.parse_action("rod a1 b1"))


def test_mh_28_every_viewer_sees_the_same() -> None:
    """MH-28: observation(0) == observation(1) == observation(None), with the required keys."""
    state = play("0: place e4, 1: rod e4 e5, 0: move a1")
    spectator = state.observation(None)
    assert state.observation(0) == spectator == state.observation(1)
    required = {
        "game", "round", "rounds", "mole", "gardener", "phase", "to_move", "stack", "visited",
        "rods", "jump", "pieces_left", "rods_left", "round_scores", "scores",
    }  # fmt: skip
    assert required <= set(spectator)
    assert json.loads(json.dumps(spectator)) == spectator
    assert spectator["stack"] == "a1"
    assert spectator["to_move"] == [1]


def test_mh_30_place_only_first_and_move_only_after() -> None:
    """MH-30: `move` before the placement and `place` after it parse but are illegal."""
    state = new_game()
    with pytest.raises(IllegalActionError):
        state.apply(0, state.game.parse_action("move e4"))
    apply_all(state, "0: place e4, 1: rod a1 b1")
    with pytest.raises(IllegalActionError):
        state.apply(0, state.game.parse_action("place a7"))


def test_mh_31_illegal_actions_leave_everything_unchanged() -> None:
    """MH-31: wrong seat, unlisted action, pseudo-seats and actions after the end all raise
    ValueError and leave observation, record and scores as they were."""
    state = play("0: place b2, 1: rod a1 b1")
    before = (state.observation(None), state.record(), state.scores(), state.to_move())
    attempts = [(1, "rod h1 i1"), (0, "move b2"), (0, "rod c3 c4"), (CLOCK, "move c3")]
    for seat, text in attempts:
        with pytest.raises(IllegalActionError):
            state.apply(seat, state.game.parse_action(text))
        assert (state.observation(None), state.record(), state.scores(), state.to_move()) == before
    over = play("0: place b2, 1: rod a1 b1, 0: move a1, 1: rod a1 a2", rounds=1)
    with pytest.raises(IllegalActionError, match="over"):
        over.apply(0, over.game.parse_action("place e4"))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"turns": 2}, "unknown option 'turns'; valid: rounds, centre_start_jump"),
        ({"rounds": True}, "rounds"),
        ({"rounds": "2"}, "rounds"),
        ({"rounds": 0}, "1, 2"),
        ({"centre_start_jump": 1}, "true or false"),
    ],
)
def test_mh_32_option_validation(options: dict[str, object], message: str) -> None:
    """MH-32: unknown names, bools for ints, wrong types and values raise naming the choices."""
    with pytest.raises(OptionsError, match=message):
        molehaven.make("mole-hill", players=2, **options)


def test_mh_32_record_lists_every_option() -> None:
    """MH-32: record()["options"] always lists both options with their values."""
    record = play("0: place a1", rounds=1).record()
    assert record["options"] == {"rounds": 1, "centre_start_jump": True}


def test_mh_33_rods_listed_by_first_then_second_square() -> None:
    """MH-33: rods in order of their first square, then the second."""
    rods = [str(a) for a in play("0: place e4").legal_actions(1)]
    assert rods[:4] == ["rod a1 b1", "rod a1 a2", "rod b1 c1", "rod b1 b2"]
    assert rods[-1] == "rod h7 i7"
