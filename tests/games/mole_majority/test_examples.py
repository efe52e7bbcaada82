"""Every worked example of section 11 of ``shared/rules/mole-majority.md``, action for
action, on the standard boards S2 and S3 of 11.0."""

from __future__ import annotations

import pytest

from molehaven.core import CHANCE
from tests.games.mole_majority.helpers import (
    CORE_DRAWS,
    apply_all,
    board_s2,
    hand,
    hex_view,
    legal,
    legal_of,
    new_game,
    outcomes,
    s2,
    s3,
    seat_view,
    spaces,
)


def test_11_0_board_s2_setup_choices_and_totals() -> None:
    """11.0 (MM-3, MM-5 … MM-10): the first tile node, the Home Base and extra-hex choices,
    the 13 hexes of 57 spaces, the pile and pool left, and the deal order."""
    state = new_game(2)
    assert outcomes(state) == pytest.approx(
        {"hex 3": 6 / 22, "hex 4": 6 / 22, "hex 5": 6 / 22, "hex 6": 4 / 22}
    )
    apply_all(state, CORE_DRAWS)
    assert state.to_move() == [1]
    assert legal(state) == {"base b", "base d", "base g", "base m", "base p", "base r"}
    state.apply(1, "base r")
    assert state.to_move() == [0]
    assert legal(state) == {"base b", "base d", "base g", "base m", "base p"}
    state.apply(0, "base b")
    state.apply(CHANCE, "hex 3")
    assert state.to_move() == [1]
    assert legal(state) == {f"place {p}" for p in "acdgmpqs"}

    state = board_s2(new_game(2))
    board = state.observation(None)["board"]
    assert isinstance(board, dict)
    values = {label: hex_view(state, label)["value"] for label in board}
    assert values == {
        "a": 3,
        "b": 6,
        "c": 6,
        "e": 3,
        "f": 4,
        "i": 5,
        "j": 5,
        "k": 4,
        "n": 3,
        "o": 5,
        "q": 4,
        "r": 6,
        "s": 3,
    }
    assert sum(int(str(value)) for value in values.values()) == 57
    assert state.observation(None)["pile"] == {"3": 2, "4": 3, "5": 3, "6": 3}
    assert state.observation(None)["pool"] == 13
    assert hex_view(state, "b")["token"] == "none"  # Home Bases get no token (MM-9)
    assert hex_view(state, "a")["token"] == "hidden"
    # The deal: one card at a time, seats 0 then 1 (MM-10).
    assert outcomes(state) == pytest.approx(
        {
            "card four": 2 / 18,
            "card three": 4 / 18,
            "card two": 5 / 18,
            "card twoplus": 1 / 18,
            "card cavein": 2 / 18,
            "card convert": 2 / 18,
            "card keeper1": 1 / 18,
            "card keeper2": 1 / 18,
        }
    )
    apply_all(state, "C: card four, C: card keeper1")
    assert hand(state, 0) == ["four"] and hand(state, 1) == ["keeper1"]

    dealt = s2()
    assert hand(dealt, 0) == ["four", "three", "two", "cavein", "convert"]
    assert hand(dealt, 1) == ["four", "three", "two", "twoplus", "keeper1"]
    assert dealt.to_move() == [0]  # MM-1
    assert dealt.scores() == [6.0, 6.0]


def test_11_1_the_seat_with_most_moles_has_majority() -> None:
    """11.1 (MM-18, MM-19, MM-20): f fills 3–1 on seat 1's move; seat 0 claims it."""
    state = s2()
    apply_all(state, "0: play three, 0: move b1 f1, 0: move b2 f2, 0: move b3 f3, 0: end")
    apply_all(state, "C: card two, 1: play four, 1: move r1 o1, 1: move r2 j1")
    assert hex_view(state, "f")["claim"] is None
    state.apply(1, "move r3 f4")
    assert spaces(state, "f") == [0, 0, 0, 1]
    assert hex_view(state, "f")["claim"] == 0
    assert state.scores() == [10.0, 6.0]


def test_11_2_a_tie_goes_to_the_last_entrant() -> None:
    """11.2 (MM-19): f fills 2–2; seat 1 moved in last and claims it."""
    state = s2()
    apply_all(state, "0: play two, 0: move b1 f1, 0: move b2 f2, 0: end, C: card two")
    apply_all(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f3")
    state.apply(1, "move r4 f4")
    assert hex_view(state, "f")["claim"] == 1
    assert hex_view(state, "f")["last_entrant"] == 1
    assert state.scores() == [6.0, 10.0]


def test_11_3_a_tie_without_the_last_entrant_goes_to_the_latest_turn() -> None:
    """11.3 (MM-19): j fills 1–2–2 on seat 0's move; seats 1 and 2 tie; counting back from
    seat 0, seat 2 had the latest turn and claims j."""
    state = s3()
    apply_all(state, "0: play two, 0: move b1 e1, 0: end, C: card three")
    apply_all(state, "1: play three, 1: move p1 k1, 1: move p2 j1, 1: move p3 j2, 1: end")
    apply_all(state, "C: card three, 2: play three, 2: move m1 i1, 2: move m2 j3")
    apply_all(state, "2: move m3 j4, 2: end, C: card three, 0: play two, 0: move e1 j5")
    assert spaces(state, "j") == [1, 1, 2, 2, 0]
    assert hex_view(state, "j")["claim"] == 2
    assert state.scores() == [6.0, 6.0, 11.0]


def test_11_4_convert_fills_a_hex_and_majority_is_reassessed() -> None:
    """11.4 (MM-14, MM-29): the CONVERT network of seat 0 is {a b c e f j k}; converting f3
    makes f 3–1 and the claim passes from seat 1 to seat 0."""
    state = s2()
    apply_all(state, "0: play two, 0: move b1 f1, 0: move b2 f2, 0: end, C: card two")
    apply_all(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f3")
    apply_all(state, "1: move r4 f4, 1: end, C: card three")
    assert hand(state, 0) == ["four", "three", "two", "cavein", "convert"]
    state.apply(0, "play convert")
    assert legal_of(state, "convert") == {"convert f3", "convert f4", "convert j1"}
    state.apply(0, "convert f3")
    assert spaces(state, "f") == [0, 0, 0, 1]
    assert hex_view(state, "f")["claim"] == 0
    assert seat_view(state, 1)["claims"] == 9  # seat 1's claim came back to its supply
    assert state.scores() == [10.0, 6.0]
    assert legal(state) == {"end"}


@pytest.mark.parametrize(
    ("roll", "left"),
    [
        ("roll b3 cw", [0, None, None, None, None, 0]),
        ("roll b3 ccw", [0, None, None, 0, None, 0]),
        ("roll b6 cw", [None, None, 0, 0, None, None]),
    ],
)
def test_11_5_the_groundskeeper_stops_at_an_empty_space(roll: str, left: list[int | None]) -> None:
    """11.5 (MM-11, MM-31, MM-32): ROLL NUMBER 4 on b (moles on b1 b3 b4 b6) stops at the
    first gap, wrapping from b6 to b1; b keeps its claim; seat 0 may then breed exactly in
    the empty spaces of b."""
    state = s2()
    apply_all(state, "0: play three, 0: move b2 c1, 0: move b5 c2, 0: end, C: card two")
    state.apply(1, "play keeper1 four")
    assert state.observation(None)["current"]["roll_number"] == 4  # type: ignore[index, call-overload]
    state.apply(1, roll)
    assert spaces(state, "b") == left
    assert hex_view(state, "b")["claim"] == 0
    apply_all(state, "1: end, C: card two, 0: play four")
    empty = {f"breed b{n}" for n, owner in enumerate(left, start=1) if owner is None}
    assert legal_of(state, "breed") == empty


def test_11_6_an_emptied_hex_loses_its_claim_then_elimination_and_decisive_victory() -> None:
    """11.6 (MM-21, MM-38, MM-39): the roll empties b, seat 0's claim returns; at the end of
    the turn seat 0 is eliminated, its moles leave c, seat 1 wins outright; nothing is
    drawn."""
    state = s2()
    apply_all(state, "0: play three, 0: move b4 c1, 0: move b5 c2, 0: move b6 c3, 0: end")
    apply_all(state, "C: card two, 1: play keeper1 four, 1: roll b1 cw")
    assert spaces(state, "b") == [None] * 6
    assert hex_view(state, "b")["claim"] is None
    assert seat_view(state, 0)["claims"] == 10
    assert not state.is_terminal()  # elimination waits for the end of the turn
    state.apply(1, "end")
    assert state.is_terminal() and not state.is_chance()
    assert seat_view(state, 0)["eliminated"] is True
    assert spaces(state, "c") == [None] * 6
    assert state.returns() == [0.0, 1.0]
    assert state.scores() == [0.0, 6.0]


def test_11_7_twoplus_moves_two_then_one_bonus_breed() -> None:
    """11.7 (MM-24, MM-25): after two moves only a breed, the stack and end are legal; the
    bonus breed opens phase BONUS where only end is left."""
    state = s2()
    apply_all(state, "0: play two, 0: end, C: card two")
    apply_all(state, "1: play twoplus, 1: move r1 o1, 1: move r2 o2")
    assert legal(state) == {"breed r1", "breed r2", "stack keeper1", "end"}
    state.apply(1, "breed r1")
    assert state.observation(None)["phase"] == "bonus"
    assert legal(state) == {"end"}


def test_11_8_reach_around_a_cave_in_and_convert_through_it() -> None:
    """11.8 (MM-15, MM-27, MM-29): the cave choices, the token node, moves around the caved
    edges b-e and b-f, and a conversion straight through b-f."""
    state = s2()
    apply_all(state, "0: play cavein, 0: move b1 a1")
    pairs = ["a-b", "b-c", "b-e", "b-f"]
    expected = {f"cave {x} {y}" for i, x in enumerate(pairs) for y in pairs[i + 1 :]}
    assert legal_of(state, "cave") == expected
    state.apply(0, "cave b-e b-f")
    assert outcomes(state) == pytest.approx(
        {"token 1": 4 / 13, "token 2": 4 / 13, "token 3": 5 / 13}
    )
    state.apply(CHANCE, "token 3")
    assert state.observation(0)["my_home_tokens"] == [3]
    assert seat_view(state, 0, viewer=1)["home_tokens"] == 1
    assert "my_home_tokens" not in state.observation(None)
    apply_all(state, "0: end, C: card two, 1: play four, 1: move r1 o1, 1: move r2 j1")
    apply_all(state, "1: move r3 f1, 1: end, C: card two")
    assert state.observation(None)["cave_ins"] == ["b-e", "b-f"]

    moving = state.clone()
    moving.apply(0, "play four")
    moves = legal_of(moving, "move")
    assert {"move b2 e1", "move a1 e1", "move b2 c1"} <= moves
    assert not {"move b2 f2", "move a1 f2", "move b2 j2"} & moves
    with pytest.raises(ValueError, match="not legal"):
        moving.apply(0, "move b2 f2")

    converting = state.clone()
    converting.apply(0, "play convert")
    assert legal_of(converting, "convert") == {"convert f1"}


def test_11_9_a_stacked_convert_adds_a_roll() -> None:
    """11.9 (MM-22, MM-23, MM-31): on a Groundskeeper, Convert stacks as a step or a roll,
    not as a repeat; Number cards never stack; ROLL NUMBER 3 clears b1 b2 b3 of a full b."""
    state = s2(hand_1=("four", "three", "two", "convert", "keeper1"))
    apply_all(state, "0: play two, 0: end, C: card two, 1: play keeper1 two")
    stacks = legal_of(state, "stack")
    assert {"stack convert roll", "stack convert step"} <= stacks
    assert not {"stack convert repeat", "stack three", "stack four"} & stacks
    for text in ("stack convert repeat", "stack three", "stack four"):
        with pytest.raises(ValueError, match=r"not legal|only twoplus"):
            state.apply(1, text)
    state.apply(1, "stack convert roll")
    state.apply(1, "roll b1 cw")
    assert spaces(state, "b") == [None, None, None, 0, 0, 0]


def test_11_10_an_exhausted_hand_goes_on_then_draws_five() -> None:
    """11.10 (MM-33, MM-34, MM-46): the START choices without a convert target; the hand
    runs out after three stacks, the turn goes on with 24 rolls; ROLL NUMBER 4; five draws."""
    state = s2(hand_0=("three", "twoplus", "keeper1", "keeper2", "convert"))
    assert legal(state) == {
        "play three",
        "play twoplus",
        "play keeper1 three",
        "play keeper1 twoplus",
        "play keeper2 three",
        "play keeper2 twoplus",
        "discard",
    }
    apply_all(state, "0: play keeper1 three, 0: stack twoplus, 0: stack keeper2")
    state.apply(0, "stack convert roll")
    assert hand(state, 0) == []
    rolls = {f"roll {h}{n} {d}" for h in "br" for n in range(1, 7) for d in ("cw", "ccw")}
    assert len(rolls) == 24
    assert legal(state) == rolls | {"end"}
    state.apply(0, "roll r1 cw")
    assert spaces(state, "r") == [None, None, None, None, 1, 1]
    state.apply(0, "end")
    for drawn in range(5):
        assert state.is_chance(), f"draw {drawn + 1} of 5"
        assert state.observation(None)["current"]["draws_left"] == 5 - drawn  # type: ignore[index, call-overload]
        state.apply(CHANCE, "card two")
    assert not state.is_chance()
    assert state.to_move() == [1]
    assert hand(state, 0) == ["two"] * 5


def test_11_11_condition_a_last_claim_token() -> None:
    """11.11 (MM-36, MM-49): with two Claim Tokens seat 0 claims a with its last one; the
    game ends only at the end of the turn."""
    state = s2(claim_tokens=2)
    apply_all(state, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3")
    assert hex_view(state, "a")["claim"] == 0
    assert seat_view(state, 0)["claims"] == 0
    assert not state.is_terminal()
    state.apply(0, "end")
    assert state.is_terminal()
    assert state.observation(None)["end_reason"] == "a player has placed their last Claim Token"
    assert state.scores() == [9.0, 6.0]
    assert state.returns() == [1.0, 0.0]


def test_11_11_condition_b_empty_supply_and_moles_on_board_tie_break() -> None:
    """11.11 (MM-37, MM-42): with 8 moles seat 0 empties its supply; 6–6 in points, 8–6 in
    moles on the board: seat 0 wins. With ``end_on_empty_supply=false`` play goes on."""
    actions = "0: play four, 0: move b1 a1, 0: move b2 a2, 0: breed b1, 0: breed b2, 0: end"
    state = apply_all(s2(mole_tokens=8), actions)
    assert state.is_terminal()
    # MM-42: the result says the tie on points was broken, and by what.
    assert state.observation(None)["end_reason"] == (
        "the player whose turn it was has no moles left in supply: tied on 6 points;"
        " more moles on the board (8 to 6)"
    )
    assert state.scores() == [6.0, 6.0]
    assert seat_view(state, 0)["moles_on_board"] == 8
    assert state.returns() == [1.0, 0.0]

    going_on = apply_all(s2(mole_tokens=8, end_on_empty_supply=False), actions)
    assert not going_on.is_terminal()
    assert going_on.is_chance()  # seat 0 draws its card
    assert seat_view(going_on, 0)["moles"] == 0


HAND_SUM_BROKE = "tied on 6 points and 6 moles on the board; a higher hand total (9 to 7)"
HANDS_LEVEL = "tied on 6 points, 6 moles on the board and a hand total of 9: a shared win"


@pytest.mark.parametrize(
    ("drawn", "returns", "tie_break"),
    [("keeper2", [0.0, 1.0], HAND_SUM_BROKE), ("twoplus", [0.5, 0.5], HANDS_LEVEL)],
)
def test_11_11_condition_l_and_the_hand_sum_tie_break(
    drawn: str, returns: list[float], tie_break: str
) -> None:
    """11.11 (MM-40, MM-42, MM-43, MM-44): after two turns the limit ends the game; points
    and moles are level; hand sums 7 against 9 (cavein counts 0), or 9 against 9: a draw.
    The reason says so: the limit, then each tie-break in turn."""
    state = s2(turn_limit=2)
    apply_all(state, f"0: play two, 0: end, C: card {drawn}, 1: play two, 1: end")
    assert state.is_terminal()
    assert state.observation(None)["end_reason"] == f"the turn limit was reached: {tie_break}"
    assert state.scores() == [6.0, 6.0]
    assert state.returns() == returns
    assert state.observation(None)["hands"] == [
        sorted(["four", "three", "cavein", "convert", drawn], key=_card_order),
        ["four", "three", "twoplus", "keeper1"],
    ]


def _card_order(name: str) -> int:
    order = ("four", "three", "two", "twoplus", "cavein", "convert", "keeper1", "keeper2")
    return order.index(name)


def test_11_11_make_a_home_counts_only_at_the_end() -> None:
    """11.11 (MM-28, MM-41): the only Home choice is a (b has no token); after it only end
    is legal; the token's point shows in the score only once the game is over."""
    state = s2(turn_limit=3)
    apply_all(state, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3, 0: end")
    apply_all(state, "C: card two, 1: play two, 1: end, C: card two, 0: play cavein")
    assert legal_of(state, "home") == {"home a"}
    state.apply(0, "home a")
    assert legal(state) == {"end"}
    assert hex_view(state, "a")["token"] == "none"
    assert state.scores() == [9.0, 6.0]
    state.apply(0, "end")
    assert state.is_terminal()
    assert state.scores() == [10.0, 6.0]
    assert state.observation(None)["home_token_values"] == [[1], []]
