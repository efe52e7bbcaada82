"""Every worked example of section 11 of ``shared/rules/mole-park.md``, move for move; 11.1,
11.2 and 11.3 are the rulebook's own examples (Jasper and Julian, Billy, Tommy and Jerry, Lee
and Sam)."""

from __future__ import annotations

import pytest

from molehaven.core import State
from tests.games.mole_park.helpers import (
    apply_all,
    choose,
    deal,
    hand,
    legal,
    new_game,
    outcomes,
    play_round,
    public,
    roll,
    seat_view,
)


def test_11_1_jasper_and_julian_split_hole_1() -> None:
    """11.1 (MP-18, MP-19, MP-20): 5 moles for two dice, 2 each and one stays; Julian holds 6
    and discards one of his choice; holes of 5 flee with 3 players (MP-28)."""
    state = new_game(3, king=0)  # Jo 0, Jasper 1, Julian 2
    play_round(state, [1, 3, 2, 1, 1], "x 3 x")
    assert hand(state, 1) == [2]
    play_round(state, [2, 3, 1, 1, 1], "x x x")
    play_round(state, [3, 3, 1, 1, 1], "x x x")
    play_round(state, [4, 3, 1, 1, 1], "x x 2")
    assert hand(state, 2) == [3, 3, 3, 3]
    deal(state, 5, 1, 1, 1, 1)
    # Nobody may declare: Julian's best case is 0 + 5 x 4 + 6 = 26 < 40 (MP-13).
    assert public(state, "step") == "choose"
    assert state.to_move() == [0, 1, 2]
    choose(state, "glove glove glove")
    roll(state, "x 1 1")
    assert outcomes(state) == {f"draw {v}": pytest.approx(0.2) for v in range(1, 6)}
    apply_all(state, "C: draw 2, C: draw 4, C: draw 1, C: draw 5")
    assert hand(state, 1) == [2, 2, 4]
    assert hand(state, 2) == [1, 3, 3, 3, 3, 5]
    assert state.to_move() == [2]
    assert legal(state, 2) == {"discard 1", "discard 3", "discard 5"}
    with pytest.raises(ValueError, match="not legal"):
        state.apply(2, "discard 2")
    state.apply(2, "discard 1")
    assert hand(state, 2) == [3, 3, 3, 3, 5]
    # Step H: holes 1, 1, 4, 5, 5 moles; holes 4 and 5 flee. Round 6 begins.
    assert public(state, "holes") == [1, 1, 4, 0, 0]
    assert public(state, "round") == 6
    assert state.is_chance() and set(outcomes(state)) <= {f"deal {v}" for v in range(1, 6)}
    deal(state, 4, 1, 1, 1, 1)
    choose(state, "glove glove glove")
    roll(state, "x 1 1")
    assert outcomes(state) == {"draw 3": 0.5, "draw 4": 0.5}


def test_11_2_billy_tommy_and_jerry_draft() -> None:
    """11.2 (MP-23, MP-25): 22 takes 15, 18 takes 10 (the 15 below is face down), 11 gets
    nothing; restock and flee in step H."""
    state = new_game(3, king=0)  # Billy 0, Tommy 1, Jerry 2
    for _ in range(3):
        play_round(state, [5, 3, 2, 1, 1], "x x x")
    play_round(state, [1, 3, 2, 1, 1], "1 2 3")
    assert [hand(state, seat) for seat in range(3)] == [[1, 5, 5, 5], [3, 3, 3, 3], [2, 2, 2, 2]]
    deal(state, 1, 1, 1, 1, 1)
    assert public(state, "step") == "choose"  # nobody eligible: 0 + 20 + 6 = 26
    choose(state, "prize prize prize")
    roll(state, "6 6 3")
    assert [seat_view(state, seat)["total"] for seat in range(3)] == [22, 18, 11]
    assert state.to_move() == [0]
    assert legal(state, 0) == {"take candy", "take treasures", "take inflation"}
    state.apply(0, "take treasures")
    assert state.to_move() == [1]
    assert legal(state, 1) == {"take candy"}
    state.apply(1, "take candy")
    # Jerry is skipped; step H restocks and holes 4 and 5 flee; round 6 starts.
    assert state.is_chance() and public(state, "round") == 6
    assert public(state, "holes") == [1, 1, 1, 0, 0]
    stands = public(state, "stands")
    assert isinstance(stands, dict)
    assert stands["candy"] == {"value": 10, "face_up": True, "face_down": 8}
    assert stands["treasures"] == {"value": 15, "face_up": True, "face_down": 8}
    assert state.scores() == [15, 10, 0]
    deal(state, 1, 1, 1, 1, 1)
    assert all(legal(state, seat) == {"glove", "pan", "mallet"} for seat in range(3))


def lee_and_sam(
    *, king: int = 0, players: int = 2, hole_one: int = 5, prize_value: str = "full"
) -> State:
    """11.3 up to the deal of round 8: Lee (0) holds {5,5} (or {1,1} with ``hole_one=1``) and
    the Dugout, Sam (1) holds {5,5} and Plushie Paradise; seats 2+ always roll x."""
    state = new_game(players, king=king, prize_value=prize_value)
    misses = " x" * (players - 2)
    gloves = " glove" * (players - 2)
    for _ in range(4):
        play_round(state, [5, 4, 1, 1, 1], "x x" + misses)
    play_round(state, [4, 4, 1, 1, 1], "1 2" + misses)
    assert (hand(state, 0), hand(state, 1)) == ([4, 5, 5, 5, 5], [4, 4, 4, 4, 4])
    assert public(state, "holes") == [0, 0, 0, 0, 0]  # holes 3-5 fled
    play_round(state, [hole_one, 5, 1, 1, 1], "6 5" + misses, "prize prize" + gloves)
    assert [seat_view(state, seat)["total"] for seat in (0, 1)] == [30, 25]
    apply_all(state, "0: take dugout, 1: take plushie")
    play_round(state, [hole_one, 5, 1, 1, 1], "1 2" + misses)
    deal(state, 2, 2, 2, 2, 2)
    return state


def test_11_3_lee_and_sam_showdown() -> None:
    """11.3 (MP-22, MP-29 … MP-33): both reach 40; the Showdown clears the holes, returns the
    prizes, deals 2 per hole; 3 dice on 2 moles give nothing; Sam wins 14 to 3."""
    state = lee_and_sam()
    assert [seat_view(state, seat)["may_declare"] for seat in (0, 1)] == [True, True]
    assert state.to_move() == [0] and legal(state, 0) == {"declare", "pass"}
    apply_all(state, "0: declare, 1: declare")
    assert state.is_chance() and public(state, "step") == "roll"  # step C skipped
    roll(state, "1 5")
    assert [seat_view(state, seat)["total"] for seat in (0, 1)] == [41, 40]
    assert public(state, "holes") == [0, 0, 0, 0, 0]  # 11 moles cleared
    assert state.scores() == [0, 0]
    deal(state, 3, 3, 3, 3, 3, 3, 4, 4, 2, 2)
    assert public(state, "holes") == [2, 2, 2, 2, 2]
    roll(state, "2 2 x 3 2 4 5 2")
    assert state.is_terminal()
    showdown = public(state, "showdown")
    assert showdown == [
        {
            "seat": 0,
            "rolls": {"glove": "2", "pan": "2", "mallet": "x", "prize": "3"},
            "moles": [],
            "total": 3,
        },
        {
            "seat": 1,
            "rolls": {"glove": "2", "pan": "4", "mallet": "5", "prize": "2"},
            "moles": [2, 2, 4, 4],
            "total": 14,
        },
    ]
    assert public(state, "holes") == [2, 2, 2, 0, 0]
    assert state.returns() == [0.0, 1.0]
    assert state.scores() == [0, 40]
    assert public(state, "king") == 1  # MP-34


@pytest.mark.parametrize(("prize_value", "scores"), [("full", [30, 60]), ("highest", [30, 35])])
def test_11_4_crown_declared_and_missed(prize_value: str, scores: list[int]) -> None:
    """11.4 (MP-13, MP-14, MP-22, MP-26): Lee declares with {1,1} and misses at 38; Sam, who
    passed, drafts from all six restocked stands; the game goes on."""
    state = lee_and_sam(hole_one=1, prize_value=prize_value)
    assert hand(state, 0) == [1, 1]
    assert seat_view(state, 0)["may_declare"]  # 30 + 10 + 6 = 46
    apply_all(state, "0: declare, 1: pass, 1: prize, C: roll 6, C: roll 1")
    assert [seat_view(state, seat)["total"] for seat in (0, 1)] == [38, 36]
    assert state.to_move() == [1]
    assert legal(state, 1) == {
        "take candy",
        "take treasures",
        "take inflation",
        "take plushie",
        "take dugout",
        "take stash",
    }
    state.apply(1, "take stash")
    assert state.is_chance() and public(state, "round") == 9
    assert state.scores() == scores
    assert hand(state, 0) == []
    deal(state, 1, 1, 1, 1, 1)
    assert legal(state, 0) == {"glove", "pan", "mallet"}


def test_11_5_response_pass() -> None:
    """11.5 (MP-14): Lee passes, Sam declares, Lee is asked again; after his second pass he
    chooses alone while Sam is committed to the prize die."""
    state = lee_and_sam()
    state.apply(0, "pass")
    assert state.to_move() == [1]
    state.apply(1, "declare")
    assert state.to_move() == [0]
    assert legal(state, 0) == {"declare", "pass"}
    state.apply(0, "pass")
    assert public(state, "step") == "choose"
    assert state.to_move() == [0]
    assert legal(state, 0) == {"glove", "pan", "mallet", "prize"}
    assert seat_view(state, 1, viewer=0)["die"] == "prize"


def test_11_6_king_orders_a_tie_of_two_others() -> None:
    """11.6 first case (MP-24): seats 1 and 2 tie on 15; King Mole (0) orders them."""
    state = tied_at_fifteen()
    choose(state, "glove prize prize")
    roll(state, "x 3 3")
    assert state.to_move() == [0]
    assert legal(state, 0) == {"order 1 2", "order 2 1"}
    state.apply(0, "order 2 1")
    assert state.to_move() == [2] and legal(state, 2) == {"take candy", "take treasures"}
    state.apply(2, "take treasures")
    assert state.to_move() == [1] and legal(state, 1) == {"take candy"}
    state.apply(1, "take candy")
    assert state.scores() == [0, 10, 15]


def test_11_6_king_in_a_three_way_tie_picks_last() -> None:
    """11.6 second case (MP-24): all three tie; the King orders the others and picks last,
    when nothing within 15 is left."""
    state = tied_at_fifteen()
    choose(state, "prize prize prize")
    roll(state, "3 3 3")
    assert legal(state, 0) == {"order 1 2", "order 2 1"}
    apply_all(state, "0: order 1 2, 1: take treasures, 2: take candy")
    assert state.is_chance()  # the King had nothing eligible: inflation 20 > 15
    assert state.scores() == [0, 15, 10]


def test_11_6_king_tied_with_one_other_needs_no_order() -> None:
    """11.6 third case (MP-24): the King and one other tie; the other picks first."""
    state = tied_at_fifteen()
    choose(state, "prize prize glove")
    roll(state, "3 3 x")
    assert state.to_move() == [1]
    assert legal(state, 1) == {"take candy", "take treasures"}
    apply_all(state, "1: take candy, 0: take treasures")
    assert state.scores() == [15, 10, 0]


def tied_at_fifteen() -> State:
    """11.6: three players each holding {3,3,3,3} after round 4, round 5 dealt."""
    state = new_game(3, king=0)
    for _ in range(3):
        play_round(state, [3, 3, 3, 1, 1], "x x x")
    play_round(state, [3, 3, 3, 1, 1], "3 1 2")
    assert [hand(state, seat) for seat in range(3)] == [[3, 3, 3, 3]] * 3
    return deal(state, 1, 1, 1, 1, 1)


def showdown_all_miss(state: State) -> State:
    """11.7: from the deal of round 8 of 11.3, both declare (in the order the pass asks),
    reach 41 and 40, and every Showdown whacking die misses while both prize dice show 4."""
    for _ in range(2):
        state.apply(state.to_move()[0], "declare")
    if state.to_move():
        choose(state, "- - " + " ".join(["glove"] * (state.game.players - 2)))
    roll(state, "1 5" + " x" * (state.game.players - 2))
    deal(state, *[3] * 10)
    return roll(state, "x x x 4 x x x 4")


def sam_wins_the_showdown(state: State | None = None) -> State:
    """11.3 to the end from its round-8 deal (``lee_and_sam()``, or one made with other
    options): Sam (seat 1) wins the Showdown and King Mole's Crown (MP-32)."""
    state = lee_and_sam() if state is None else state
    apply_all(state, "0: declare, 1: declare")
    roll(state, "1 5")
    deal(state, 3, 3, 3, 3, 3, 3, 4, 4, 2, 2)
    roll(state, "2 2 x 3 2 4 5 2")
    assert state.is_terminal()
    return state


def test_11_7_king_in_a_showdown_tie_loses() -> None:
    """11.7 (MP-33): 4 to 4; King Mole Lee drops out of the tie, Sam wins without a
    decision."""
    state = showdown_all_miss(lee_and_sam(king=0))
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0]


def test_11_7_sam_as_king_loses_the_tie() -> None:
    """11.7 (MP-14, MP-33): with Sam as King Mole he opens the declarations and loses the
    tie."""
    state = lee_and_sam(king=1)
    assert state.to_move() == [1]
    apply_all(state, "1: declare, 0: declare")
    assert state.is_chance()
    roll(state, "1 5")
    deal(state, *[3] * 10)
    roll(state, "x x x 4 x x x 4")
    assert state.returns() == [1.0, 0.0]


def test_11_7_king_outside_the_tie_crowns_the_winner() -> None:
    """11.7 (MP-33): with three players and seat 2 as King Mole, never competing, the King
    chooses among the tied competitors."""
    state = showdown_all_miss(lee_and_sam(king=2, players=3))
    assert state.to_move() == [2]
    assert legal(state, 2) == {"crown 0", "crown 1"}
    assert state.observation(None)["crowned"] is None  # a tied Showdown crowns nobody yet
    state.apply(2, "crown 0")
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.scores() == [40, 0, 0]
    assert state.observation(None)["crowned"] == 0


def test_11_8_deck_exhaustion_with_8_players() -> None:
    """11.8 (MP-11, MP-12): the discard pile becomes the deck when a deal finds the deck
    empty; with both empty the rest of the deal is skipped."""
    order = [5, 3] + [1] * 30 + [2] * 26 + [3] * 21 + [4] * 16 + [5] * 9
    state = new_game(8, king=0)
    misses = " x" * 7
    play_round(state, order[:10], "1" + misses)
    assert hand(state, 0) == [3, 5]
    play_round(state, order[10:20], "1" + misses, "prize" + " glove" * 7)
    cash_in = "seat 0 cashes in 3 5 + die 1 + prizes 0 = 9"
    assert cash_in in public(state, "last_round_events")  # type: ignore[operator]
    assert state.scores() == [0] * 8
    for round_number in range(3, 11):
        play_round(state, order[(round_number - 1) * 10 : round_number * 10], "x" + misses)
    assert (public(state, "deck"), public(state, "discard")) == (4, 2)
    deal(state, *order[100:])
    assert outcomes(state) == {"deal 3": 0.5, "deal 5": 0.5}
    deal(state, 3)
    assert outcomes(state) == {"deal 5": 1.0}
    deal(state, 5)
    assert public(state, "step") == "choose"
    assert state.to_move() == list(range(8))
    assert (public(state, "deck"), public(state, "discard")) == (0, 0)


def test_11_9_moles_flee_with_three_players() -> None:
    """11.9 (MP-28): after five missed rounds every hole holds 5 and all flee; then one mole
    for two claimants gives nothing and no draw node occurs."""
    state = new_game(3, king=0)
    for _ in range(5):
        play_round(state, [1, 2, 3, 4, 5], "x x x")
    assert public(state, "holes") == [0, 0, 0, 0, 0]
    play_round(state, [1, 2, 3, 4, 5], "1 1 x")
    assert state.is_chance() and public(state, "round") == 7
    assert set(outcomes(state)) <= {f"deal {v}" for v in range(1, 6)}
    assert public(state, "holes") == [1, 1, 1, 1, 1]


def test_11_9_moles_stay_with_four_players() -> None:
    """11.9 (MP-28): with four players the holes keep their 5; six moles for two claimants
    give 3 each, starting with a draw node."""
    state = new_game(4, king=0)
    for _ in range(5):
        play_round(state, [1, 2, 3, 4, 5], "x x x x")
    assert public(state, "holes") == [5, 5, 5, 5, 5]
    play_round(state, [1, 2, 3, 4, 5], "1 1 x x")
    assert outcomes(state) == {"draw 1": 1.0}
    apply_all(state, ["C: draw 1"] * 6)
    assert (hand(state, 0), hand(state, 1)) == ([1, 1, 1], [1, 1, 1])
    assert public(state, "holes") == [0, 6, 6, 6, 6]
