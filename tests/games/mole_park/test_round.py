"""Decisions MP-1 … MP-20 of ``shared/rules/mole-park.md``: components, setup, the deal, the
declarations, the secret die choice, rolls, whacking and the hand limit."""

from __future__ import annotations

import pytest

from molehaven.core import CHANCE, OptionsError, State
from molehaven.games.mole_park import GAME
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
from tests.games.mole_park.test_examples import lee_and_sam

GLOVE_ODDS = {"roll 1": 2 / 6, "roll 2": 2 / 6, "roll 3": 1 / 6, "roll x": 1 / 6}
PAN_ODDS = {"roll 2": 1 / 6, "roll 3": 2 / 6, "roll 4": 2 / 6, "roll x": 1 / 6}
MALLET_ODDS = {"roll 3": 1 / 6, "roll 4": 1 / 6, "roll 5": 2 / 6, "roll x": 2 / 6}
PRIZE_ODDS = {f"roll {face}": 1 / 6 for face in range(1, 7)}


def test_mp_1_two_to_eight_players() -> None:
    """MP-1: 2 to 8 players; any other count raises ValueError naming the valid ones."""
    for players in range(2, 9):
        assert GAME(players).players == players
    for players in (1, 9):
        with pytest.raises(OptionsError, match="2-8"):
            GAME(players)


def test_mp_2_three_whacking_dice_and_a_prize_die() -> None:
    """MP-2, MP-16: a seat chooses among glove, pan and mallet, plus the prize die once it
    holds a mole."""
    state = new_game(2)
    deal(state, 1, 1, 1, 1, 1)
    assert legal(state, 0) == legal(state, 1) == {"glove", "pan", "mallet"}
    choose(state, "glove glove")
    roll(state, "1 x")
    deal(state, 1, 1, 1, 1, 1)
    assert legal(state, 0) == {"glove", "pan", "mallet", "prize"}
    assert legal(state, 1) == {"glove", "pan", "mallet"}


@pytest.mark.parametrize(
    ("die", "odds"), [("glove", GLOVE_ODDS), ("pan", PAN_ODDS), ("mallet", MALLET_ODDS)]
)
def test_mp_3_whacking_dice_faces(die: str, odds: dict[str, float]) -> None:
    """MP-3: glove 1,1,2,2,3,x; pan 2,3,3,4,4,x; mallet 3,4,5,5,x,x (equal faces merged)."""
    state = new_game(2)
    deal(state, 1, 1, 1, 1, 1)
    choose(state, f"{die} glove")
    assert outcomes(state) == pytest.approx(odds)
    state.apply(CHANCE, "roll x")
    assert outcomes(state) == pytest.approx(GLOVE_ODDS)


def test_mp_4_prize_die_faces() -> None:
    """MP-4: the prize die shows 1 to 6 stars, each 1/6; ``roll 6`` parses but is illegal
    for a whacking die."""
    state = new_game(2)
    play_round(state, [1, 1, 1, 1, 1], "1 x")
    deal(state, 1, 1, 1, 1, 1)
    choose(state, "prize glove")
    assert outcomes(state) == pytest.approx(PRIZE_ODDS)
    state.apply(CHANCE, "roll 6")
    with pytest.raises(ValueError, match="not legal for chance"):
        state.apply(CHANCE, "roll 6")


def test_mp_5_the_mole_deck() -> None:
    """MP-5: 104 moles, 30/26/22/16/10 of values 1-5; the first deal is weighted by count."""
    state = new_game(2)
    assert public(state, "deck") == 104
    assert outcomes(state) == pytest.approx(
        {"deal 1": 30 / 104, "deal 2": 26 / 104, "deal 3": 22 / 104, "deal 4": 16 / 104,
         "deal 5": 10 / 104}
    )  # fmt: skip
    deal(state, 5)
    assert outcomes(state)["deal 5"] == pytest.approx(9 / 103)


def test_mp_6_six_stands_with_their_values() -> None:
    """MP-6: candy 10, treasures 15, inflation 20, plushie 25, dugout 30, stash 35, each
    with its top card face up and nine below at setup."""
    stands = public(new_game(2), "stands")
    assert stands == {
        key: {"value": value, "face_up": True, "face_down": 9}
        for key, value in [("candy", 10), ("treasures", 15), ("inflation", 20),
                           ("plushie", 25), ("dugout", 30), ("stash", 35)]
    }  # fmt: skip


def test_mp_7_a_total_takes_prizes_worth_at_most_itself() -> None:
    """MP-7: a total of exactly 20 may take the 20 but not the 25; turning the next card up is
    no chance event (the next node is the next round's deal)."""
    state = new_game(2)
    play_round(state, [5, 1, 1, 1, 1], "x x")
    play_round(state, [5, 1, 1, 1, 1], "x x")
    play_round(state, [4, 1, 1, 1, 1], "1 x")
    assert hand(state, 0) == [4, 5, 5]
    play_round(state, [1, 1, 1, 1, 1], "6 x", "prize glove")
    assert seat_view(state, 0)["total"] == 20
    assert legal(state, 0) == {"take candy", "take treasures", "take inflation"}
    state.apply(0, "take inflation")
    assert state.is_chance() and set(outcomes(state)) <= {f"deal {v}" for v in range(1, 6)}


def test_mp_8_prize_value_option() -> None:
    """MP-8: ``prize_value`` "full" adds every prize held, "highest" only the best one; any
    other value is refused naming the valid ones."""
    full = lee_and_sam(hole_one=1)
    highest = lee_and_sam(hole_one=1, prize_value="highest")
    for state in (full, highest):
        apply_all(state, "0: declare, 1: pass, 1: prize, C: roll 6, C: roll 1, 1: take stash")
    assert seat_view(full, 1)["prize_stars"] == 60
    assert seat_view(highest, 1)["prize_stars"] == 35
    assert full.game.options_dict()["prize_value"] == "full"
    with pytest.raises(OptionsError, match="full, highest"):
        GAME(2, prize_value="half")


def test_mp_9_king_mole_is_a_uniform_chance_node() -> None:
    """MP-9: ``king s`` for each seat, 1/n each; King Mole stays for the whole game."""
    state = new_game(5, king=None)
    assert state.is_chance()
    assert outcomes(state) == {f"king {seat}": pytest.approx(0.2) for seat in range(5)}
    state.apply(CHANCE, "king 3")
    assert public(state, "king") == 3
    play_round(state, [1, 1, 1, 1, 1], "x x x x x")
    assert public(state, "king") == 3


def test_mp_10_discard_pile_shows_only_its_size() -> None:
    """MP-10: one face-down discard pile; observations show how many moles it holds."""
    state = new_game(2, hand_limit=1)
    play_round(state, [1, 1, 1, 1, 1], "x x")
    play_round(state, [2, 1, 1, 1, 1], "1 x")
    assert public(state, "discard") == 0
    state.apply(0, "discard 2")
    assert public(state, "discard") == 1
    assert hand(state, 0) == [1]
    assert "seat 0 discarded a mole" in public(state, "last_round_events")  # type: ignore[operator]


@pytest.mark.parametrize(("players", "per_hole"), [(2, 1), (5, 1), (6, 2), (8, 2)])
def test_mp_11_moles_per_hole(players: int, per_hole: int) -> None:
    """MP-11: holes 1 → 5, one mole each with 2-5 players, two with 6-8, every round."""
    state = new_game(players)
    deal(state, *[1] * per_hole)
    assert public(state, "holes") == [per_hole, 0, 0, 0, 0]
    deal(state, *[1] * per_hole * 4)
    assert public(state, "holes") == [per_hole] * 5
    assert public(state, "step") == "choose"


def test_mp_12_an_empty_deck_takes_the_discard_pile() -> None:
    """MP-12 (see also 11.8): the discard pile becomes the deck only when a card must be
    dealt; the event says so."""
    state = new_game(8)
    order = [1] * 30 + [2] * 26 + [3] * 22 + [4] * 16 + [5] * 10
    play_round(state, order[:10], "1 x x x x x x x")  # seat 0 takes {1, 1}
    play_round(state, order[10:20], "2 x x x x x x x", "prize glove glove glove glove glove"
               " glove glove")  # fmt: skip
    for round_number in range(3, 11):
        play_round(state, order[(round_number - 1) * 10 : round_number * 10], "x " * 8)
    assert (public(state, "deck"), public(state, "discard")) == (4, 2)
    deal(state, 5, 5, 5, 5)
    assert outcomes(state) == {"deal 1": 1.0}
    assert (public(state, "deck"), public(state, "discard")) == (2, 0)
    events = public(state, "events")
    assert events == ["the deck ran out: the discard pile (2 moles) became the deck"]


def eligible_after_seven_ones() -> State:
    """Two players, hand limit 7: seat 0 holds seven 1-star moles, seat 1 six."""
    state = new_game(2, hand_limit=7)
    for _ in range(4):
        play_round(state, [1, 1, 2, 2, 2], "x x")
    play_round(state, [1, 1, 2, 2, 2], "1 2")  # 5 each; holes 3-5 flee
    play_round(state, [1, 1, 2, 2, 2], "x 2")
    play_round(state, [1, 1, 2, 2, 2], "1 x")
    assert (hand(state, 0), hand(state, 1)) == ([1] * 7, [1] * 6)
    return deal(state, 1, 1, 2, 2, 2)


def test_mp_13_declaring_needs_a_public_best_case_of_40() -> None:
    """MP-13: eligible when holding a mole and prize stars + 5 x hand size + 6 >= 40 (7 moles
    of any value: 41; 6 moles: 36); only eligible seats are asked."""
    state = eligible_after_seven_ones()
    assert [seat_view(state, seat)["may_declare"] for seat in (0, 1)] == [True, False]
    assert public(state, "step") == "declare"
    assert state.to_move() == [0]
    assert legal(state, 0) == {"declare", "pass"}
    assert legal(state, 1) == set()
    state.apply(0, "pass")
    assert public(state, "step") == "choose" and state.to_move() == [0, 1]


def test_mp_14_opening_pass_starts_at_king_mole() -> None:
    """MP-14: with seat 2 as King Mole the opening pass asks seat 0 then seat 1; when 1
    declares, seat 0 answers again; nobody is asked a third time."""
    state = lee_and_sam(king=2, players=3)
    assert state.to_move() == [0]
    state.apply(0, "pass")
    assert state.to_move() == [1]
    state.apply(1, "declare")
    assert state.to_move() == [0] and public(state, "step") == "declare"
    state.apply(0, "declare")
    assert public(state, "step") == "choose" and state.to_move() == [2]
    assert [seat_view(state, seat)["declared"] for seat in range(3)] == [True, True, False]


def test_mp_14_all_pass() -> None:
    """MP-14: if every eligible seat passes in the opening pass, nobody declares."""
    state = lee_and_sam()
    apply_all(state, "0: pass, 1: pass")
    assert public(state, "step") == "choose" and state.to_move() == [0, 1]
    assert not any(seat_view(state, seat)["declared"] for seat in (0, 1))


def test_mp_15_a_declarer_rolls_the_prize_die() -> None:
    """MP-15: the declarer skips step C, its die is publicly the prize die, and its roll node
    is the prize die's."""
    state = lee_and_sam()
    apply_all(state, "0: declare, 1: pass")
    assert state.to_move() == [1]
    assert seat_view(state, 0, viewer=1)["die"] == "prize"
    state.apply(1, "glove")
    assert outcomes(state) == pytest.approx(PRIZE_ODDS)
    state.apply(CHANCE, "roll 2")
    assert outcomes(state) == pytest.approx(GLOVE_ODDS)


def test_mp_16_secret_choice_in_any_order() -> None:
    """MP-16: every seat chooses in any order; others see "chosen" / "not yet" until the last
    choice, then all dice together; a choice cannot be changed."""
    state = new_game(3)
    deal(state, 1, 1, 1, 1, 1)
    state.apply(2, "pan")
    assert state.to_move() == [0, 1]
    assert [seat_view(state, 2, viewer) ["die"] for viewer in (0, 1, 2, None)] == [
        "chosen", "chosen", "pan", "chosen"
    ]  # fmt: skip
    assert seat_view(state, 0, viewer=2)["die"] == "not yet"
    with pytest.raises(ValueError, match="no action is legal for seat 2"):
        state.apply(2, "glove")
    state.apply(0, "mallet")
    assert seat_view(state, 0, viewer=1)["die"] == "chosen"
    state.apply(1, "glove")
    assert state.is_chance()
    assert [seat_view(state, seat)["die"] for seat in range(3)] == ["mallet", "glove", "pan"]


def test_mp_16_prize_needs_a_mole() -> None:
    """MP-16: "You have to Whack before you Win!": ``prize`` with an empty hand is illegal."""
    state = new_game(2)
    deal(state, 1, 1, 1, 1, 1)
    with pytest.raises(ValueError, match="not legal for seat 0"):
        state.apply(0, "prize")


def test_mp_17_rolls_follow_seat_order() -> None:
    """MP-17: after the last choice, one node per seat, seat 0 first, whoever chose last."""
    state = new_game(3)
    deal(state, 1, 1, 1, 1, 1)
    apply_all(state, "2: glove, 1: pan, 0: mallet")
    assert outcomes(state) == pytest.approx(MALLET_ODDS)
    state.apply(CHANCE, "roll x")
    assert outcomes(state) == pytest.approx(PAN_ODDS)
    state.apply(CHANCE, "roll x")
    assert outcomes(state) == pytest.approx(GLOVE_ODDS)
    assert [seat_view(state, seat)["roll"] for seat in range(3)] == ["x", "x", None]


def seven_in_hole_one(players: int = 4) -> State:
    """Six missed rounds: with 4 players nothing flees, so hole 1 holds seven 1-star moles
    once round 7 is dealt (hand limit 7, so whacking a whole hole needs no discard)."""
    state = new_game(players, hand_limit=7)
    for _ in range(6):
        play_round(state, [1, 2, 3, 3, 3], "x " * players)
    deal(state, 1, 2, 3, 3, 3)
    assert public(state, "holes") == [7, 7, 7, 7, 7]
    return state


def test_mp_18_uneven_split_leaves_the_rest() -> None:
    """MP-18: 7 moles, 3 dice: 2 each, 1 stays; a lone die takes all 7; holes without dice
    keep theirs."""
    state = seven_in_hole_one()
    choose(state, "glove glove glove glove")
    roll(state, "1 1 1 2")
    apply_all(state, ["C: draw 1"] * 6)
    assert hand(state, 3) == [2] * 7
    assert [seat_view(state, seat)["hand_size"] for seat in range(4)] == [2, 2, 2, 7]
    assert state.is_chance() and public(state, "round") == 8
    assert public(state, "holes") == [1, 0, 7, 7, 7]


def test_mp_18_too_few_moles_for_the_dice() -> None:
    """MP-18: fewer moles than dice: floor(m / d) = 0, nobody gets any, all stay."""
    state = new_game(4)
    play_round(state, [1, 1, 1, 1, 1], "x x x x")
    play_round(state, [1, 1, 1, 1, 1], "1 1 1 x")
    assert state.is_chance() and public(state, "holes") == [2, 2, 2, 2, 2]
    assert public(state, "last_round_events") == [
        "hole 1: seat 0, seat 1, seat 2 share 2 moles: 0 each, 2 stay"
    ]


def test_one_mole_is_told_in_the_singular() -> None:
    """The event lines are read by people: "took 1 mole", "share 1 mole: 0 each, 1 stays"
    (not "took all 1 moles")."""
    state = new_game(3)
    play_round(state, [1, 1, 1, 1, 1], "1 2 2")
    assert public(state, "last_round_events") == [
        "seat 0 took 1 mole from hole 1",
        "hole 2: seat 1, seat 2 share 1 mole: 0 each, 1 stays",
    ]


def test_mp_19_each_claimant_takes_its_share_in_seat_order() -> None:
    """MP-19: one ``draw`` node per card over the hole's contents; seat 1 receives both its
    cards before seat 2 gets any (11.1's hole 1)."""
    state = new_game(3)
    play_round(state, [1, 3, 2, 1, 1], "x x x")
    play_round(state, [2, 3, 1, 1, 1], "x x x")
    play_round(state, [3, 3, 1, 1, 1], "x x x")
    play_round(state, [4, 3, 1, 1, 1], "x x x")
    deal(state, 5, 1, 1, 1, 1)
    choose(state, "glove glove glove")
    roll(state, "x 1 1")
    state.apply(CHANCE, "draw 5")
    assert outcomes(state) == {f"draw {v}": 0.25 for v in (1, 2, 3, 4)}
    state.apply(CHANCE, "draw 1")
    assert [seat_view(state, seat)["hand_size"] for seat in (1, 2)] == [2, 0]
    apply_all(state, "C: draw 2, C: draw 3")
    assert (hand(state, 1), hand(state, 2)) == ([1, 5], [2, 3])


def two_seats_over_the_limit() -> State:
    """Three players, hand limit 2: seats 0 and 1 each whack 4 moles in round 4."""
    state = new_game(3, hand_limit=2)
    for _ in range(3):
        play_round(state, [1, 2, 3, 4, 4], "x x x")
    play_round(state, [5, 2, 3, 4, 4], "1 2 x")
    return state


def test_mp_20_hand_limit_discards_in_any_order() -> None:
    """MP-20: every seat over the limit discards one mole per action, of its choice, in any
    order, down to exactly the limit."""
    state = two_seats_over_the_limit()
    assert state.to_move() == [0, 1]
    assert legal(state, 0) == {"discard 1", "discard 5"}
    assert legal(state, 1) == {"discard 2"}
    state.apply(1, "discard 2")
    assert state.to_move() == [0, 1]
    state.apply(0, "discard 1")
    assert state.to_move() == [0, 1]
    assert legal(state, 0) == {"discard 1", "discard 5"}
    state.apply(0, "discard 5")
    assert state.to_move() == [1]
    with pytest.raises(ValueError, match="no action is legal for seat 0"):
        state.apply(0, "discard 1")
    state.apply(1, "discard 2")
    assert state.is_chance()
    assert (hand(state, 0), hand(state, 1)) == ([1, 1], [2, 2])
    assert public(state, "discard") == 4


def test_mp_20_hand_limit_option() -> None:
    """MP-20: ``hand_limit`` defaults to 5 and allows 1 to 20."""
    assert GAME(2).options_dict()["hand_limit"] == 5
    for bad in (0, 21):
        with pytest.raises(OptionsError, match="hand_limit"):
            GAME(2, hand_limit=bad)
