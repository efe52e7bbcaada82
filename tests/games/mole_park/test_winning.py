"""Decisions MP-21 … MP-39 of ``shared/rules/mole-park.md``: cash-in, the crown round, the
prize draft, preparing the next round, the Showdown, the end and the scores."""

from __future__ import annotations

import pytest

from molehaven.core import CHANCE, State
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
from tests.games.mole_park.test_examples import (
    lee_and_sam,
    sam_wins_the_showdown,
    showdown_all_miss,
    tied_at_fifteen,
)
from tests.games.mole_park.test_round import GLOVE_ODDS, MALLET_ODDS, PAN_ODDS, PRIZE_ODDS


def pass_declarations(state: State) -> None:
    while public(state, "step") == "declare":
        state.apply(state.to_move()[0], "pass")


def deal_lowest(state: State) -> None:
    """Deal whatever the deck holds, lowest value first, until the deal is over."""
    while public(state, "step") == "deal":
        state.apply(CHANCE, state.chance_outcomes()[0][0])


def billy_tommy_jerry_cashing_in() -> State:
    """11.2 up to the first pick: totals 22, 18, 11."""
    state = new_game(3)
    for _ in range(3):
        play_round(state, [5, 3, 2, 1, 1], "x x x")
    play_round(state, [1, 3, 2, 1, 1], "1 2 3")
    return play_round(state, [1, 1, 1, 1, 1], "6 6 3", "prize prize prize")


def test_mp_21_cash_in_lays_every_mole_down_publicly() -> None:
    """MP-21: total = moles + prize die + prize stars; every viewer sees the laid-down moles;
    they are in the discard pile at once and the hands are empty."""
    state = billy_tommy_jerry_cashing_in()
    for viewer in (0, 1, 2, None):
        billy = seat_view(state, 0, viewer)
        assert (billy["laid_down"], billy["total"], billy["roll"]) == ([1, 5, 5, 5], 22, "6")
    assert public(state, "discard") == 12
    assert [seat_view(state, seat)["hand_size"] for seat in range(3)] == [0, 0, 0]


def test_mp_21_a_prize_roller_does_not_whack() -> None:
    """MP-21: a prize die showing 1 claims no hole."""
    state = new_game(2)
    play_round(state, [1, 1, 1, 1, 1], "1 x")
    play_round(state, [1, 1, 1, 1, 1], "1 x", "prize glove")
    assert public(state, "holes") == [1, 2, 2, 2, 2]
    assert hand(state, 0) == []


def test_mp_22_one_success_ends_the_game_at_once() -> None:
    """MP-22: Lee alone declares and reaches 46; Sam's 41 without declaring wins nothing,
    not even a prize this round."""
    state = lee_and_sam()
    apply_all(state, "0: declare, 1: pass, 1: prize, C: roll 6, C: roll 6")
    assert [seat_view(state, seat)["total"] for seat in (0, 1)] == [46, 41]
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0]
    assert state.scores() == [70, 25]
    assert public(state, "winners") == [0]


def test_mp_23_draft_from_the_highest_total_down() -> None:
    """MP-23: totals 13 (seat 0), 15 (seat 1), 18 (seat 2): seat 2 picks first."""
    state = tied_at_fifteen()
    choose(state, "prize prize prize")
    roll(state, "1 3 6")
    assert state.to_move() == [2]
    assert legal(state, 2) == {"take candy", "take treasures"}
    state.apply(2, "take treasures")
    assert state.to_move() == [1]
    state.apply(1, "take candy")
    assert state.is_chance()  # seat 0 (13) finds nothing left within reach
    assert state.scores() == [0, 10, 15]


def test_mp_24_no_order_when_the_tie_can_take_nothing() -> None:
    """MP-24: two non-King seats tied below 10 stars: King Mole is not asked."""
    state = new_game(3)
    play_round(state, [1, 1, 1, 1, 1], "x 1 2")
    play_round(state, [1, 1, 1, 1, 1], "x 3 3", "glove prize prize")
    assert state.is_chance() and public(state, "round") == 3
    assert "King Mole sets" not in " ".join(public(state, "last_round_events"))  # type: ignore[arg-type]


def test_mp_24_order_is_a_permutation_of_the_tied_others() -> None:
    """MP-24: ``order`` must name exactly the tied non-King seats."""
    state = tied_at_fifteen()
    choose(state, "glove prize prize")
    roll(state, "x 3 3")
    for bad in ("order 1 0", "order 0 1 2"):
        with pytest.raises(ValueError, match="not legal for seat 0"):
            state.apply(0, bad)
    draft = public(state, "draft")
    assert draft == {"total": 15, "pickers": [1, 2], "king_picks_last": False}


def test_mp_25_a_picker_must_take_one_face_up_prize() -> None:
    """MP-25: no pass while picking; only the face-up card of a stand is offered."""
    state = billy_tommy_jerry_cashing_in()
    with pytest.raises(ValueError, match="not legal for seat 0"):
        state.apply(0, "pass")
    with pytest.raises(ValueError, match="not legal for seat 0"):
        state.apply(0, "take plushie")  # 25 > 22
    state.apply(0, "take candy")
    assert legal(state, 1) == {"take treasures"}


def test_mp_26_restock_after_the_draft() -> None:
    """MP-26: a stand whose card was taken shows its next card in step H, not before."""
    state = billy_tommy_jerry_cashing_in()
    state.apply(0, "take treasures")
    stands = public(state, "stands")
    assert isinstance(stands, dict)
    assert stands["treasures"] == {"value": 15, "face_up": False, "face_down": 9}
    state.apply(1, "take candy")
    stands = public(state, "stands")
    assert isinstance(stands, dict)
    assert stands["treasures"] == {"value": 15, "face_up": True, "face_down": 8}


def test_mp_27_an_emptied_stand_stays_empty() -> None:
    """MP-27: after its tenth card a stand offers nothing for the rest of the game."""
    state = new_game(2)
    play_round(state, [4, 1, 1, 1, 1], "1 x")  # seat 0 holds {4}: 4 + 6 = 10
    for _ in range(10):
        deal_lowest(state)
        pass_declarations(state)
        choose(state, "prize glove")
        roll(state, "6 x")
        state.apply(0, "take candy")
        deal_lowest(state)
        pass_declarations(state)
        choose(state, "glove glove")
        roll(state, "1 x")
    stands = public(state, "stands")
    assert isinstance(stands, dict)
    assert stands["candy"] == {"value": 10, "face_up": False, "face_down": 0}
    deal_lowest(state)
    pass_declarations(state)
    choose(state, "prize glove")
    roll(state, "6 x")
    assert legal(state, 0) == {
        "take treasures", "take inflation", "take plushie", "take dugout", "take stash"
    }  # fmt: skip
    assert state.scores() == [100, 0]


def test_mp_28_moles_flee_with_two_players() -> None:
    """MP-28 (see also 11.1, 11.9): with 2 players a hole holding 5 after the round is
    emptied into the discard pile."""
    state = new_game(2)
    for _ in range(4):
        play_round(state, [1, 1, 1, 1, 1], "x x")
    play_round(state, [1, 1, 1, 1, 1], "1 x")
    assert public(state, "holes") == [0, 0, 0, 0, 0]
    assert public(state, "discard") == 20
    assert public(state, "last_round_events") == [
        "seat 0 took all 5 moles from hole 1",
        *[f"the 5 moles of hole {hole} flee" for hole in (2, 3, 4, 5)],
    ]


def three_way_crown_round() -> State:
    """Three players, hand limit 20: seat 0 holds ten 5s, seat 1 ten 4s, seat 2 six 4s and
    four 3s; all three declare in round 11 and reach 51, 41 and 40."""
    state = new_game(3, hand_limit=20)
    for round_number in range(1, 11):
        deal(state, 5, 4, 4 if round_number <= 6 else 3, 1, 1)
        pass_declarations(state)
        choose(state, "glove glove glove")
        roll(state, "1 2 3")
    assert [hand(state, seat) for seat in range(3)] == [[5] * 10, [4] * 10, [3] * 4 + [4] * 6]
    deal(state, 2, 2, 2, 2, 2)
    apply_all(state, "0: declare, 1: declare, 2: declare")
    roll(state, "1 1 4")
    assert [seat_view(state, seat)["total"] for seat in range(3)] == [51, 41, 40]
    return state


def test_mp_29_showdown_setup_with_three_competitors() -> None:
    """MP-29: holes cleared, competitors' prizes gone, 3 moles dealt to each hole."""
    state = three_way_crown_round()
    assert public(state, "holes") == [0, 0, 0, 0, 0]
    assert public(state, "step") == "deal"
    events = public(state, "events")
    assert isinstance(events, list)
    assert "Showdown for the Crown: seat 0, seat 1, seat 2; 5 moles cleared, prizes returned" in (
        events
    )
    deal(state, 2, 2, 2, 2, 2, 2, 3, 3, 3, 2, 2, 2, 2, 2, 2)
    assert public(state, "holes") == [3, 3, 3, 3, 3]
    assert public(state, "step") == "roll"


def test_mp_30_showdown_rolls_glove_pan_mallet_prize_per_seat() -> None:
    """MP-30: four nodes per competitor in seat order: glove, pan, mallet, prize."""
    state = three_way_crown_round()
    deal(state, 2, 2, 2, 2, 2, 2, 3, 3, 3, 2, 2, 2, 2, 2, 2)
    seen = []
    for _ in range(12):
        seen.append(outcomes(state))
        state.apply(CHANCE, "roll x" if "roll x" in seen[-1] else "roll 1")
    assert seen == [GLOVE_ODDS, PAN_ODDS, MALLET_ODDS, PRIZE_ODDS] * 3


def test_mp_31_each_die_is_a_claimant_and_whacks_publicly() -> None:
    """MP-31: seat 2's glove takes hole 1 alone; its pan and mallet share hole 3 (3 moles,
    1 each, 1 stays); Showdown moles are public; no hand limit."""
    state = three_way_crown_round()
    deal(state, 2, 2, 2, 2, 2, 2, 3, 3, 3, 2, 2, 2, 2, 2, 2)
    roll(state, "x x x 6 x x x 5 1 3 3")
    state.apply(CHANCE, "roll 1")
    assert outcomes(state) == {"draw 3": 1.0}
    apply_all(state, "C: draw 3, C: draw 3")
    assert state.is_terminal()
    showdown = state.observation(0)["showdown"]
    assert isinstance(showdown, list)
    assert [entry["moles"] for entry in showdown] == [[], [], [2, 2, 2, 3, 3]]
    assert [entry["total"] for entry in showdown] == [6, 5, 13]
    assert state.returns() == [0.0, 0.0, 1.0]


def test_mp_31_two_dice_of_one_seat_share_a_hole() -> None:
    """MP-31: Lee's glove and pan both on hole 2 (2 moles) get one mole each."""
    state = lee_and_sam()
    apply_all(state, "0: declare, 1: declare")
    roll(state, "1 5")
    deal(state, 3, 3, 3, 3, 3, 3, 4, 4, 2, 2)
    roll(state, "2 2 x 3 x x x 2")
    assert outcomes(state) == {"draw 3": 1.0}
    apply_all(state, "C: draw 3, C: draw 3")
    assert state.returns() == [1.0, 0.0]
    assert [seat_view(state, 0)["prize_stars"], state.scores()[0]] == [0, 40]


def test_mp_32_showdown_total_ignores_prizes() -> None:
    """MP-32: Lee had 30 prize stars before; his Showdown total is moles + die only (11.3)."""
    state = sam_wins_the_showdown()
    showdown = public(state, "showdown")
    assert isinstance(showdown, list)
    assert [entry["total"] for entry in showdown] == [3, 14]


def showdown_events(state: State) -> list[object]:
    """The round's lines from the Showdown's scores on, the same for every viewer (MP-33's
    decisions are public)."""
    events = public(state, "events")
    assert isinstance(events, list)
    for seat in range(state.game.players):
        assert state.observation(seat)["events"] == events
    first = next(i for i, line in enumerate(events) if "in the Showdown" in str(line))
    return events[first:]


def tie_seen(state: State) -> object:
    """The tied Showdown as the observation tells it, the same for every viewer."""
    tie = public(state, "showdown_tie")
    for seat in range(state.game.players):
        assert state.observation(seat)["showdown_tie"] == tie
    return tie


def test_mp_33_king_moles_pick_is_told_after_the_end() -> None:
    """MP-33: King Mole (seat 2) settles Lee and Sam's tie at 4 (11.7). Once he has picked,
    the Crown makes Sam King Mole and the pick is over, yet the lines and ``showdown_tie``
    still say who picked whom from which tie, for a page opened at the end."""
    state = showdown_all_miss(lee_and_sam(king=2, players=3))
    tie_line = "seat 0 and seat 1 tie for the best score (4): seat 2, King Mole, picks the winner"
    assert showdown_events(state)[-1] == tie_line
    tie = {"seats": [0, 1], "total": 4, "king": 2, "king_loses": False, "finalists": [0, 1]}
    assert tie_seen(state) == {**tie, "pick": None}
    state.apply(2, "crown 1")
    assert state.is_terminal() and public(state, "king") == 1  # MP-34
    assert showdown_events(state)[-3:] == [
        tie_line,
        "seat 2, King Mole, picks seat 1 from the tie between seat 0 and seat 1",
        "seat 1 wins King Mole's Crown!",
    ]
    assert tie_seen(state) == {**tie, "pick": 1}
    # The result box says why a shared score won: King Mole picked it.
    assert public(state, "end_reason") == (
        "King Mole's Crown was won: King Mole picked the winner from a tied Showdown"
    )


def test_mp_33_king_mole_in_the_tie_is_told_to_lose_it() -> None:
    """MP-33: King Mole Lee ties Sam at 4 (11.7) and loses: the lines say why Sam won without
    a pick, and ``showdown_tie`` keeps Lee as the King Mole who left the tie."""
    state = showdown_all_miss(lee_and_sam(king=0))
    assert state.is_terminal() and public(state, "king") == 1
    assert showdown_events(state) == [
        "seat 0 scores 4 in the Showdown",
        "seat 1 scores 4 in the Showdown",
        "seat 0 ties for the best score (4) but, as King Mole, loses the tie",
        "seat 1 wins King Mole's Crown!",
    ]
    assert tie_seen(state) == {
        "seats": [0, 1],
        "total": 4,
        "king": 0,
        "king_loses": True,
        "finalists": [],
        "pick": None,
    }
    # The result box's words: read beside "King Mole: Sam" (crowned), they say how Sam came
    # to be King Mole, where "King Mole … loses his ties" read as if Sam had lost.
    assert public(state, "end_reason") == (
        "King Mole's Crown was won: King Mole tied in the Showdown and, as King Mole, loses"
        " the tie; the other tied player takes the Crown and becomes King Mole"
    )


def test_mp_33_king_mole_leaves_a_three_way_tie_then_picks() -> None:
    """MP-33: all three competitors score 4; King Mole (seat 0) leaves the tie and picks
    between the other two: every step of it is told, in order."""
    state = three_way_crown_round()
    deal(state, *[2] * 15)
    roll(state, "x x x 4 x x x 4 x x x 4")
    assert legal(state, 0) == {"crown 1", "crown 2"}
    state.apply(0, "crown 2")
    assert state.returns() == [0.0, 0.0, 1.0]
    assert showdown_events(state)[3:] == [
        "seat 0 ties for the best score (4) but, as King Mole, loses the tie",
        "seat 1 and seat 2 tie for the best score (4): seat 0, King Mole, picks the winner",
        "seat 0, King Mole, picks seat 2 from the tie between seat 1 and seat 2",
        "seat 2 wins King Mole's Crown!",
    ]
    assert tie_seen(state) == {
        "seats": [0, 1, 2],
        "total": 4,
        "king": 0,
        "king_loses": True,
        "finalists": [1, 2],
        "pick": 2,
    }


def test_mp_33_an_untied_showdown_has_no_tie() -> None:
    """MP-33: Sam wins 14 to 3 (11.3): nothing to settle, and no ``showdown_tie`` at all."""
    state = sam_wins_the_showdown()
    assert "showdown_tie" not in state.observation(None)
    assert showdown_events(state)[-1] == "seat 1 wins King Mole's Crown!"


def test_mp_34_the_winner_becomes_king_mole() -> None:
    """MP-34: Lee, not King, wins the crown round alone and becomes King Mole."""
    state = lee_and_sam(king=1)
    apply_all(state, "1: pass, 0: declare, 1: pass, 1: glove, C: roll 6, C: roll x")
    assert state.is_terminal()
    assert public(state, "king") == 0
    assert state.returns() == [1.0, 0.0]
    assert public(state, "end_reason") == "King Mole's Crown was won"
    assert public(state, "crowned") == 0


def test_mp_35_round_limit_ends_the_game_on_scores() -> None:
    """MP-35: after round ``round_limit`` the best scores win and share; the bound is
    71 x R + 114 actions."""
    state = new_game(2, round_limit=2)
    play_round(state, [5, 1, 1, 1, 1], "1 x")
    play_round(state, [1, 1, 1, 1, 1], "6 x", "prize glove")
    state.apply(0, "take candy")
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0] and state.scores() == [10, 0]
    assert public(state, "end_reason") == "the round limit was reached: the highest score wins"
    assert public(state, "crowned") is None
    tied = new_game(2, round_limit=1)
    play_round(tied, [1, 1, 1, 1, 1], "x x")
    assert tied.is_terminal() and tied.returns() == [0.5, 0.5]
    assert GAME(8).max_length() == 3664
    assert GAME(2, round_limit=1).max_length() == 185


def test_mp_35_a_showdown_finishes_after_the_limit() -> None:
    """MP-35: a crown round leading to a Showdown is finished even in the last round."""
    state = new_game(2, round_limit=8)
    reference = lee_and_sam()
    for seat, action in reference.history()[1:]:
        state.apply(seat, action)
    sam_wins_the_showdown(state)
    assert state.returns() == [0.0, 1.0]


@pytest.mark.parametrize(("prize_value", "scores"), [("full", [0, 40]), ("highest", [0, 40])])
def test_mp_36_scores_count_the_crown_as_40(prize_value: str, scores: list[int]) -> None:
    """MP-36: scores are prize stars; the crown winner adds a 40-star prize; competitors
    returned theirs."""
    state = lee_and_sam(prize_value=prize_value)
    assert state.scores() == [30, 25]
    sam_wins_the_showdown(state)
    assert state.scores() == scores


def test_mp_37_discards_come_before_the_cash_in() -> None:
    """MP-37: whacking (E), then the hand limit (F), then winning (G): a prize roller's
    total appears only once the discards are done."""
    state = new_game(3, hand_limit=2)
    for _ in range(3):
        play_round(state, [1, 2, 3, 4, 4], "x x x")
    play_round(state, [5, 2, 3, 4, 4], "x x 3")  # seat 2 takes four 3s and keeps two
    apply_all(state, "2: discard 3, 2: discard 3")
    play_round(state, [1, 1, 1, 1, 1], "1 2 6", "glove glove prize")
    assert (hand(state, 0), hand(state, 1)) == ([1, 1, 1, 1, 5], [1, 2, 2, 2, 2])
    assert public(state, "step") == "discard" and state.to_move() == [0, 1]
    assert seat_view(state, 2)["total"] is None
    apply_all(state, ["0: discard 1"] * 3 + ["1: discard 2"] * 3)
    assert seat_view(state, 2)["total"] == 12
    assert state.to_move() == [2] and legal(state, 2) == {"take candy"}


def test_mp_38_seats_not_to_move_have_nothing() -> None:
    """MP-38: legal_actions is empty outside to_move(); an illegal action raises and
    changes nothing."""
    state = billy_tommy_jerry_cashing_in()
    assert [legal(state, seat) for seat in (1, 2)] == [set(), set()]
    before = state.clone()
    with pytest.raises(ValueError, match="no action is legal for seat 1"):
        state.apply(1, "take candy")
    assert state == before


def test_mp_39_totals_are_shown_for_every_prize_roller() -> None:
    """MP-39: the Star Track is display only: each prize roller's total is public."""
    state = billy_tommy_jerry_cashing_in()
    assert [seat_view(state, seat, viewer=None)["total"] for seat in range(3)] == [22, 18, 11]
    assert public(state, "draft") == {"total": 22, "pickers": [0], "king_picks_last": False}
