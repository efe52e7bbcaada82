"""Discs, bonus moves, layer removal and the end: MC-8, MC-15 … MC-25, MC-27, MC-30."""

from __future__ import annotations

import pytest

from molehaven.core.conformance import playout_states
from molehaven.games.maulwurf_company import GAME
from tests.games.maulwurf_company.helpers import apply_all, legal, moles_of, outcomes, position

FULL = {"flip 1": 1 / 6, "flip 2": 2 / 6, "flip 3": 2 / 6, "flip 4": 1 / 6}

# Brown, rotation 0: holes +2+0 -2+2 +0-2, specials +2+1 -3+1 +1-3. Seat 0 fills two holes.
BROWN_BONUS = {0: "+2+0 -2+2 +0+1 +0-3", 1: "+3-3 -1-1"}
BROWN_BONUS_MOVES_WITH_2 = [
    "move +0-3 e", "move +0-3 sw", "move +0-3 se", "move +0+1 e", "move +0+1 ne",
    "move +0+1 nw", "move +0+1 w", "move +0+1 sw", "move +0+1 se",
]  # fmt: skip


def test_mc_8_reshuffle_comes_before_the_bonus_choice() -> None:
    """MC-8, MC-15: the sixth disc lands on a special field; the discs are face down again
    before the bonus choice, so the bonus flip has the full distribution. Two of three holes
    full do not remove the layer."""
    state = position(BROWN_BONUS, layer="brown", face_down={0: "2"})
    apply_all(state, "c flip 2")
    assert legal(state, 0) == BROWN_BONUS_MOVES_WITH_2
    apply_all(state, "0 move +0+1 e")
    observation = state.observation(None)
    assert observation["phase"] == "bonus" and observation["layer"] == "brown"
    assert observation["face_up"][0] == []  # type: ignore[index]
    assert observation["face_down"][0] == {"1": 1, "2": 2, "3": 2, "4": 1}  # type: ignore[index]
    apply_all(state, "0 bonus")
    assert outcomes(state) == pytest.approx(FULL)


def test_mc_21_a_bonus_move_that_fills_the_last_hole_removes_the_layer() -> None:
    """MC-21, MC-22/23: the bonus move may use another mole, may not land on a special
    (+0-3 e) and, filling +0-2, clears brown; seat 1 is out and seat 0 wins alone."""
    state = position(BROWN_BONUS, layer="brown", face_down={0: "2 1"})
    apply_all(state, "c flip 2, 0 move +0+1 e, 0 bonus")
    assert outcomes(state) == {"flip 1": 1.0}
    apply_all(state, "c flip 1")
    assert state.observation(None)["bonus_move"] is True
    assert legal(state, 0) == [
        "move +0-3 sw", "move +0-3 se", "move +2+1 ne", "move +2+1 w", "move +2+1 sw",
    ]  # fmt: skip
    apply_all(state, "0 move +0-3 se")
    observation = state.observation(None)
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert observation["layer"] == "blue" and observation["out"] == [False, True]
    assert moles_of(state, 0) == ["-2+2", "+0-2", "+2+0"]
    assert observation["face_up"][0] == []  # type: ignore[index]


def test_mc_21_no_legal_bonus_move_spends_the_disc() -> None:
    """MC-21, MC-13, MC-8: from the special -3+1 a 4 could only land on the special +1-3 or
    run into seat 1's mole: the bonus disc is spent, the discs reshuffle, the turn ends."""
    state = position({0: "-3+3", 1: "-1+1 +3-3"}, layer="brown", face_down={0: "2 4"})
    apply_all(state, "c flip 2")
    assert legal(state, 0) == ["move -3+3 e", "move -3+3 nw"]
    apply_all(state, "0 move -3+3 nw")
    assert legal(state, 0) == ["bonus", "decline"]
    apply_all(state, "0 bonus, c flip 4")
    observation = state.observation(None)
    assert observation["current"] == 1 and observation["phase"] == "flip"
    assert observation["turns"] == 1 and observation["bonus_move"] is False
    assert observation["face_up"][0] == []  # type: ignore[index]
    assert moles_of(state, 0) == ["-3+1"]


def test_mc_20_the_bonus_is_optional() -> None:
    """MC-20: ``decline`` ends the turn (counted once); the discs are untouched."""
    state = position({0: "-3+3", 1: "-1+1 +3-3"}, layer="brown", face_down={0: "2 4"})
    apply_all(state, "c flip 2, 0 move -3+3 nw, 0 decline")
    observation = state.observation(None)
    assert observation["current"] == 1 and observation["turns"] == 1
    assert observation["face_down"][0] == {"1": 0, "2": 0, "3": 0, "4": 1}  # type: ignore[index]


def test_mc_19_without_special_fields_nothing_happens_on_them() -> None:
    """MC-19: special_fields = false: no specials on any layer, landing on +2+1 ends the turn."""
    state = position(BROWN_BONUS, layer="brown", face_down={0: "2"}, special_fields=False)
    assert state.observation(None)["specials"] == []
    apply_all(state, "c flip 2, 0 move +0+1 e")
    assert state.is_chance() and state.observation(None)["current"] == 1
    with_specials = position({0: "+0+0"}, layer="red").observation(None)
    assert with_specials["specials"] == ["-2+1", "-1-1", "-1+2", "+1-2", "+1+1", "+2-1"]
    assert position({0: "+0+0"}).observation(None)["specials"] == []


THREE_ON_BROWN = {0: "+2+0 +0+0", 1: "-2+2 +3-3", 2: "-3+0 +1+1"}


def test_mc_15_to_mc_18_removal_drops_and_eliminates() -> None:
    """MC-15, MC-16, MC-17, MC-18, MC-23: seat 0 fills the third brown hole; the moles in
    holes drop to the same points of blue, seat 2 is out, two seats remain so nobody wins yet,
    and seat 1 plays next; seat 2 is skipped from then on."""
    state = position(THREE_ON_BROWN, players=3, layer="brown", face_down={0: "2"})
    apply_all(state, "c flip 2")
    assert legal(state, 0) == ["move +0+0 ne", "move +0+0 nw", "move +0+0 w", "move +0+0 se"]
    apply_all(state, "0 move +0+0 nw")
    observation = state.observation(None)
    assert not state.is_terminal()
    assert "end_reason" not in observation  # only once the game is over
    assert observation["layer"] == "blue" and observation["out"] == [False, False, True]
    assert observation["moles"] == {"-2+2": 1, "+0-2": 0, "+2+0": 0}
    assert observation["current"] == 1 and observation["turns"] == 1
    apply_all(state, "c flip 1")
    assert legal(state, 1) == ["move -2+2 ne"]
    apply_all(state, "1 move -2+2 ne")
    assert state.observation(None)["current"] == 0
    assert state.legal_actions(2) == []


def test_mc_18_after_a_removal_play_skips_the_seats_that_are_out() -> None:
    """MC-18: seat 1 clears brown; seat 2 is out, so seat 0 plays next."""
    moles = {1: "+2+0 +0+0", 0: "-2+2 +3-3", 2: "-3+0 +1+1"}
    state = position(moles, players=3, layer="brown", current=1, face_down={1: "2"})
    apply_all(state, "c flip 2, 1 move +0+0 nw")
    observation = state.observation(None)
    assert observation["layer"] == "blue" and observation["current"] == 0
    assert observation["out"] == [False, False, True]


@pytest.mark.parametrize("players", [2, 3])
def test_mc_22_the_golden_shovel_wins_at_once(players: int) -> None:
    """MC-22: a 1 from the middle of a ray enters the centre hole; the mover wins alone."""
    mover = players - 1
    moles = {mover: "+0+1", (mover + 1) % players: "-2+0 +2-2"}
    state = position(moles, players=players, layer="blue", current=mover, face_down={mover: "1"})
    apply_all(state, "c flip 1")
    assert legal(state, mover) == ["move +0+1 nw", "move +0+1 se"]
    apply_all(state, f"{mover} move +0+1 nw")
    assert state.is_terminal()
    expected = [0.0] * players
    expected[mover] = 1.0
    assert state.returns() == expected and state.scores() == expected
    assert state.observation(None)["winners"] == [mover]
    assert state.observation(None)["end_reason"] == "a mole reached the golden shovel"


def test_mc_24_a_lone_face_down_disc_is_simply_kept() -> None:
    """MC-24: with one disc face down the tournament rule turns only that one."""
    state = position({0: "+1+0", 1: "+0-2 -2+2"}, layer="blue", face_down={0: "3"},
                     tournament=True)  # fmt: skip
    apply_all(state, "c flip 3")
    assert state.observation(None)["phase"] == "move"
    assert legal(state, 0) == ["move +1+0 w"]


def test_mc_24_either_disc_may_be_kept_even_a_useless_one() -> None:
    """MC-24, MC-13: keeping the 4 (no legal move on blue) spends it; the 1 goes back face
    down and only the kept disc counts towards the six."""
    state = position({0: "+1+0", 1: "+0-2 -2+2"}, layer="blue", face_down={0: "1 4"},
                     tournament=True)  # fmt: skip
    apply_all(state, "c flip 4")
    assert state.observation(None)["phase"] == "flip2"
    assert outcomes(state) == {"flip 1": 1.0}
    apply_all(state, "c flip 1")
    assert state.observation(None)["pending"] == [4, 1]
    assert legal(state, 0) == ["keep 1", "keep 4"]
    kept_one = apply_all(state.clone(), "0 keep 1")
    assert legal(kept_one, 0) == ["move +1+0 e", "move +1+0 w"]
    apply_all(state, "0 keep 4")
    observation = state.observation(None)
    assert observation["current"] == 1 and observation["face_up"][0] == [2, 2, 3, 3, 4]  # type: ignore[index]
    assert observation["face_down"][0] == {"1": 1, "2": 0, "3": 0, "4": 0}  # type: ignore[index]


def test_mc_24_the_bonus_flip_is_doubled_too() -> None:
    """MC-24: with the tournament rule the bonus flip also turns two discs."""
    state = position(BROWN_BONUS, layer="brown", face_down={0: "2 1 3"}, tournament=True)
    apply_all(state, "c flip 2, c flip 3, 0 keep 2, 0 move +0+1 e, 0 bonus, c flip 1")
    assert state.observation(None)["phase"] == "flip2"
    assert outcomes(state) == {"flip 3": 1.0}
    apply_all(state, "c flip 3")
    assert legal(state, 0) == ["keep 1", "keep 3"]


def test_mc_25_turn_limit_shares_the_win_among_seats_still_in() -> None:
    """MC-25: the removal in the last turn is resolved first (seat 2 out); then the limit
    ends the game and seats 0 and 1 win together."""
    state = position(THREE_ON_BROWN, players=3, layer="brown", face_down={0: "2"}, max_turns=1)
    apply_all(state, "c flip 2, 0 move +0+0 nw")
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5, 0.0] and state.scores() == [1.0, 1.0, 0.0]
    assert state.observation(0)["end_reason"] == (
        "the turn limit was reached: everyone with a mole left shares the win"
    )


def test_mc_27_each_layer_starts_with_more_moles_than_holes() -> None:
    """MC-27, MC-30: in random games a new layer holds exactly as many moles as the last one
    had holes (13, 8, 3), more than its own holes; scores stay 0 until the end."""
    reached = set()
    for players in (2, 3, 4):
        starts: dict[str, int] = {}
        for state in playout_states(GAME(players), seed=players):
            observation = state.observation(None)
            layer = str(observation["layer"])
            moles = observation["moles"]
            assert isinstance(moles, dict)
            if observation["phase"] not in ("orient", "start", "place"):
                starts.setdefault(layer, len(moles))
            if not state.is_terminal():
                assert observation["scores"] == [0.0] * players
        expected = {"green": 2 * 10 if players == 2 else 3 * 7 if players == 3 else 4 * 6}
        expected |= {"red": 13, "brown": 8, "blue": 3}
        assert starts == {layer: expected[layer] for layer in starts}
        reached |= set(starts)
    assert reached == {"green", "red", "brown", "blue"}
