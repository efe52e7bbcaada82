"""End of turn and end of game (rules 4.6 and 9): elimination, the end conditions, scores
and tie-breaks (MM-36 … MM-44, MM-48)."""

from __future__ import annotations

import random

import pytest

import molehaven
from molehaven.core import State
from molehaven.core.play import random_playout
from molehaven.games.mole_majority.state import MoleMajorityState
from tests.games.mole_majority.helpers import (
    S3_HAND_OTHERS,
    apply_all,
    hand,
    hex_view,
    s2,
    s3,
    seat_view,
)


def end_reason(state: State) -> str:
    reason = state.observation(None)["end_reason"]
    assert isinstance(reason, str)
    return reason


def test_mm_36_a_non_active_seat_placing_its_last_claim_ends_the_game() -> None:
    """MM-36: with two Claim Tokens, seat 0 claims f on seat 1's move (11.1); the game ends
    at the end of seat 1's turn, and seat 0 wins 10–6."""
    state = s2(claim_tokens=2)
    apply_all(state, "0: play three, 0: move b1 f1, 0: move b2 f2, 0: move b3 f3, 0: end")
    apply_all(state, "C: card two, 1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f4")
    assert seat_view(state, 0)["claims"] == 0
    assert not state.is_terminal()
    state.apply(1, "end")
    assert state.is_terminal()
    assert end_reason(state) == "a player has placed their last Claim Token"
    assert state.returns() == [1.0, 0.0]


def test_mm_36_every_claimed_board_ends_the_game() -> None:
    """MM-36 condition C: in the first seeded 2-player random game that ends with every hex
    claimed, every board hex holds a claim at the end and seat counts still add up."""
    game = molehaven.make("mole-majority", 2)
    for seed in range(40):
        state = random_playout(game, random.Random(seed))
        if end_reason(state) == "every tile is claimed":
            break
    else:
        pytest.fail("no seeded game ended with every hex claimed")
    board = state.observation(None)["board"]
    assert isinstance(board, dict)
    assert all(hex_view(state, label)["claim"] is not None for label in board)
    placed = sum(10 - int(str(seat_view(state, s)["claims"])) for s in (0, 1))
    assert placed == len(board) == 13


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mm_36_every_random_game_ends_for_a_reason_the_position_shows(players: int) -> None:
    """MM-36 … MM-40: in seeded random games the reported end condition holds in the final
    position, and nothing is drawn after the end (MM-48)."""
    game = molehaven.make("mole-majority", players)
    for seed in range(12):
        state = random_playout(game, random.Random(seed))
        observation = state.observation(None)
        seats = observation["seats"]
        assert isinstance(seats, list)
        remaining = [s for s in range(players) if not seat_view(state, s)["eliminated"]]
        reason = end_reason(state)
        if reason != "decisive victory: every other player is out":
            # The end condition: how a tie on points was broken follows a colon (MM-42).
            reason = reason.split(": ", 1)[0]
        if reason == "decisive victory: every other player is out":
            assert len(remaining) == 1 and state.returns()[remaining[0]] == 1.0
        elif reason == "a player has placed their last Claim Token":
            assert any(seat_view(state, s)["claims"] == 0 for s in range(players))
        elif reason == "the player whose turn it was has no moles left in supply":
            # The observation names no active seat once the game is over, so read the engine.
            assert isinstance(state, MoleMajorityState)
            assert seat_view(state, state.active)["moles"] == 0
        elif reason == "every tile is claimed":
            board = observation["board"]
            assert isinstance(board, dict)
            assert all(hex_view(state, label)["claim"] is not None for label in board)
        else:
            assert reason == "the turn limit was reached"
            assert observation["turn"] == 400
        assert not state.is_chance()
        assert all(int(str(seat_view(state, s)["hand_size"])) <= 5 for s in range(players))


def test_mm_38_an_eliminated_seat_leaves_the_board_and_the_turn_order() -> None:
    """MM-38: seat 1 rolls away the last moles on seat 2's Home Base; at the end of the turn
    seat 2 is eliminated, its moles return to its supply, and turns go 0, 1, 0."""
    hands = (S3_HAND_OTHERS, ("three", "keeper1", "two", "four", "cavein"), S3_HAND_OTHERS)
    state = s3(hands=hands, turn_limit=7)
    apply_all(state, "0: play two, 0: end, C: card three, 1: play three, 1: end, C: card three")
    apply_all(state, "2: play four, 2: move m1 h1, 2: move m2 h2, 2: move m3 h3")
    apply_all(state, "2: move m4 i1, 2: end, C: card three, 0: play three, 0: end, C: card three")
    apply_all(state, "1: play keeper1 two, 1: roll m5 cw")
    assert hex_view(state, "m")["claim"] is None
    assert seat_view(state, 2)["eliminated"] is False  # only at the end of the turn
    apply_all(state, "1: end, C: card three")
    assert seat_view(state, 2)["eliminated"] is True
    assert seat_view(state, 2)["moles"] == 30
    assert seat_view(state, 2)["moles_on_board"] == 0
    assert state.to_move() == [0]
    apply_all(state, "0: play four, 0: end, C: card three")
    assert state.to_move() == [1]
    apply_all(state, "1: play three, 1: end")
    assert state.is_terminal()
    # Seat 2 is out and counts in no tie-break: the two seats still in are (MM-42).
    assert end_reason(state) == (
        "the turn limit was reached: tied on 6 points and 6 moles on the board;"
        " a higher hand total (9 to 7)"
    )
    assert state.returns()[2] == 0.0
    assert state.scores()[2] == 0.0


def test_mm_39_when_every_remaining_seat_loses_its_last_claim_nobody_is_eliminated() -> None:
    """MM-39 condition E: seat 1 empties its own r by moves and seat 0's b by a roll in one
    turn; nobody is eliminated, the game ends and is scored: 0–0 in points, 3–6 moles on the
    board, seat 1 wins."""
    state = s2(hand_1=("four", "keeper1", "three", "convert", "convert"))
    apply_all(state, "0: play three, 0: move b4 c1, 0: move b5 c2, 0: move b6 c3, 0: end")
    apply_all(state, "C: card two, 1: play four, 1: move r1 o1, 1: move r2 o2")
    apply_all(state, "1: move r3 o3, 1: move r4 o4, 1: end, C: card two")
    apply_all(state, "0: play two, 0: end, C: card two, 1: play keeper1 three")
    apply_all(state, "1: stack convert step, 1: stack convert step")
    apply_all(state, "1: move r5 n1, 1: move r6 n2, 1: roll b1 cw")
    assert hex_view(state, "r")["claim"] is None and hex_view(state, "b")["claim"] is None
    state.apply(1, "end")
    assert state.is_terminal()
    assert end_reason(state) == (
        "every remaining player lost their last claim at once: tied on 0 points;"
        " more moles on the board (6 to 3)"
    )
    assert [seat_view(state, s)["eliminated"] for s in (0, 1)] == [False, False]
    assert [seat_view(state, s)["moles_on_board"] for s in (0, 1)] == [3, 6]
    assert state.scores() == [0.0, 0.0]
    assert state.returns() == [0.0, 1.0]


def test_mm_40_mm_43_mm_48_discard_turns_count_and_nothing_is_drawn_at_the_end() -> None:
    """MM-40: ``discard`` turns count towards the limit; MM-48, MM-43: the game ends before
    the draw, so seat 1 ends with an empty hand and its hand sum is 0: seat 0 wins on the
    hand sum (4 + 3 + 2 = 9 against 0)."""
    state = s2(turn_limit=2)
    apply_all(state, "0: play cavein, 0: end, C: card cavein, 1: discard")
    assert state.is_terminal() and not state.is_chance()
    assert hand(state, 1) == []
    assert state.observation(None)["hands"] == [
        ["four", "three", "two", "cavein", "convert"],
        [],
    ]
    assert state.returns() == [1.0, 0.0]


def test_mm_41_scores_show_claimed_hexes_until_the_end_then_home_tokens_too() -> None:
    """MM-41: the Cave-In's token (3) is not in seat 0's score during play, only at the
    end; seat 1 cannot see its value before then."""
    state = s2(turn_limit=2)
    apply_all(state, "0: play cavein, 0: cave a-b b-c, C: token 3")
    assert state.scores() == [6.0, 6.0]
    assert "home_token_values" not in state.observation(1)
    apply_all(state, "0: end, C: card two, 1: play two, 1: end")
    assert state.scores() == [9.0, 6.0]
    assert state.observation(1)["home_token_values"] == [[3], []]
    assert state.returns() == [1.0, 0.0]


def test_mm_42_points_decide_before_moles_on_the_board() -> None:
    """MM-42: seat 1 has more moles on the board (8 against 6) but seat 0 has more points
    (its Home Token), so seat 0 wins."""
    state = s2(turn_limit=2)
    apply_all(state, "0: play cavein, 0: cave a-b b-c, C: token 1, 0: end, C: card two")
    apply_all(state, "1: play twoplus, 1: stack keeper1, 1: move r1 o1, 1: move r2 o2")
    apply_all(state, "1: breed r1, 1: breed r2, 1: end")
    assert [seat_view(state, s)["moles_on_board"] for s in (0, 1)] == [6, 8]
    assert state.scores() == [7.0, 6.0]
    assert state.returns() == [1.0, 0.0]


def test_mm_44_only_number_cards_count_in_the_hand_sum() -> None:
    """MM-44, MM-42: two cavein cards count nothing: ``two`` (2) beats ``cavein cavein
    convert keeper2`` (0)…"""
    state = s2(
        hand_0=("cavein", "cavein", "convert", "keeper2", "two"),
        hand_1=("four", "three", "two", "cavein", "convert"),
        turn_limit=2,
    )
    apply_all(state, "0: play two, 0: end, C: card keeper1, 1: play four, 1: end")
    assert state.observation(None)["hands"] == [
        ["cavein", "cavein", "convert", "keeper1", "keeper2"],
        ["three", "two", "cavein", "convert"],
    ]
    assert state.returns() == [0.0, 1.0]  # 0 against 5


def test_mm_42_the_reason_says_how_a_tie_on_points_was_broken() -> None:
    """MM-42: a seeded 3-player game to a turn limit of 5 ends with all three on 6 Domain
    Points; moles on the board leave two of them, and the hand's Number cards pick one. The
    reason names each step with its numbers, as the final view shows them, so the result does
    not read as a win on equal scores."""
    game = molehaven.make("mole-majority", 3, turn_limit=5)
    state = random_playout(game, random.Random(5))
    assert end_reason(state) == (
        "the turn limit was reached: tied on 6 points; 2 with more moles on the board"
        " (6 to 3); a higher hand total (13 to 7)"
    )
    assert state.scores() == [6.0, 6.0, 6.0]
    moles = [seat_view(state, s)["moles_on_board"] for s in range(3)]
    assert sorted(moles) == [3, 6, 6], moles
    assert state.returns().count(1.0) == 1
    winner = state.returns().index(1.0)
    assert moles[winner] == 6
