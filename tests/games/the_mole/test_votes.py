"""Votes, time-up, the final vote and scoring (TM-15 … TM-21, TM-23)."""

from __future__ import annotations

import pytest

from molehaven.core import CLOCK
from tests.games.the_mole.helpers import apply_all, legal, p3, p4, public, seen


def test_tm_15_the_nominator_votes_and_a_no_from_them_fails_the_vote() -> None:
    """TM-15: voters are every seat but the nominee, the nominator included."""
    state = apply_all(p4(), "1: nominate 3")
    assert state.to_move() == [0, 1, 2]
    apply_all(state, "0: vote yes, 2: vote yes, 1: vote no")
    assert state.scores() == [0, 0, 0, 0]
    assert public(state, "phase") == "ask"
    votes = public(state, "votes")
    assert votes == [
        {"nominator": 1, "nominee": 3, "ballots": ["yes", "no", "yes", None], "passed": False}
    ]


def test_tm_15_ballots_are_secret_until_the_last_one() -> None:
    """TM-15: while open, others' ballots show as cast or waiting; all become public at once."""
    state = apply_all(p4(), "0: nominate 2, 3: vote no")
    assert seen(state, 3, "vote") == {
        "nominator": 0,
        "nominee": 2,
        "ballots": ["waiting", "waiting", None, "no"],
    }
    for viewer in (None, 0, 1):
        assert seen(state, viewer, "vote") == {
            "nominator": 0,
            "nominee": 2,
            "ballots": ["waiting", "waiting", None, "cast"],
        }
    apply_all(state, "0: vote yes, 1: vote yes")
    assert seen(state, None, "vote") is None
    assert public(state, "votes") == [
        {"nominator": 0, "nominee": 2, "ballots": ["yes", "yes", None, "no"], "passed": False}
    ]


def test_tm_16_vote_passes_only_if_everyone_but_the_nominee_says_yes() -> None:
    """TM-16: one yes short fails; all yes accuses. Here the accused is the Mole."""
    failed = apply_all(p3(), "0: nominate 2, 0: vote yes, 1: vote no")
    assert failed.scores() == [0, 0, 0]
    assert public(failed, "phase") == "ask"
    passed = apply_all(p3(), "0: nominate 2, 0: vote yes, 1: vote yes")
    assert passed.scores() == [1, 1, 0]


def test_tm_17_accusing_the_mole_gives_every_spy_one_point_and_no_bonus() -> None:
    """TM-17: accusing the Mole scores 1 for each spy, the nominator included, nothing more."""
    state = apply_all(p4(), "2: nominate 3, 0: vote yes, 1: vote yes, 2: vote yes")
    assert state.scores() == [1, 1, 1, 0]
    history = public(state, "history")
    assert isinstance(history, list)
    assert (history[0]["end"], history[0]["accused"], history[0]["points"]) == (
        "vote",
        3,
        [1, 1, 1, 0],
    )


def test_tm_17_accusing_a_spy_gives_the_mole_two() -> None:
    """TM-17: a spy accused by a passing vote: the Mole scores 2, the round ends."""
    state = apply_all(p4(), "0: nominate 1, 0: vote yes, 2: vote yes, 3: vote yes")
    assert state.scores() == [0, 0, 0, 2]
    assert public(state, "round") == 2


def test_tm_18_no_guess_for_a_nominated_mole_during_the_vote() -> None:
    """TM-18: a nominee has no action during the vote, so the Mole cannot escape by guessing."""
    state = apply_all(p4(), "0: nominate 3")
    assert legal(state, 3) == set()
    with pytest.raises(ValueError, match="seat 3"):
        state.apply(3, "guess bakery")


def test_tm_19_time_up_in_the_ask_phase_starts_the_final_vote() -> None:
    """TM-19: time-up in open play starts the final vote at once, nobody obliged to ask."""
    state = apply_all(p4(), "-2: time-up")
    assert (public(state, "phase"), public(state, "asker")) == ("final-vote", None)
    assert seen(state, 0, "pointing") == ["waiting"] * 4


def test_tm_19_time_up_drops_a_pending_question() -> None:
    """TM-19: time-up while an answer is due drops the question unanswered."""
    state = apply_all(p4(), "1: ask 2 q6, -1: card q21, -2: time-up")
    assert public(state, "phase") == "final-vote"
    assert (public(state, "question"), public(state, "answerer")) == (None, None)
    assert public(state, "exchanges") == []
    assert public(state, "discard") == ["q6"]
    with pytest.raises(ValueError, match="seat 2"):
        state.apply(2, "answer a1")


def test_tm_19_time_up_during_a_vote_then_the_vote_passes() -> None:
    """TM-19: the vote that started in time finishes; passing, it is scored, no final vote."""
    state = apply_all(p3(), "1: nominate 2, -2: time-up")
    assert state.legal_actions(CLOCK) == []
    assert public(state, "phase") == "vote"
    apply_all(state, "0: vote yes, 1: vote yes")
    assert state.scores() == [1, 1, 0]
    assert public(state, "phase") == "setup"


def test_tm_20_reaching_the_question_limit_records_no_clock_action() -> None:
    """TM-20: the limit acts like time-up, without a separate action in the record."""
    state = apply_all(p3(question_limit=1), "1: ask 0 q2, -1: card q16, 0: answer a3")
    assert public(state, "phase") == "final-vote"
    assert [str(action) for _, action in state.history()][-1] == "answer a3"
    timer = public(state, "timer")
    assert isinstance(timer, dict) and timer["time_up"] is True


def test_tm_20_question_limit_zero_leaves_time_to_the_clock() -> None:
    """TM-20: with question_limit 0, thirty answers do not end the time; the clock does."""
    state = p3(question_limit=0)
    for _ in range(30):
        asker = public(state, "asker")
        assert isinstance(asker, int)
        hand = seen(state, asker, "hand")
        assert isinstance(hand, list)
        target = (asker + 1) % 3
        apply_all(state, [f"{asker}: ask {target} {hand[0]}"])
        state.apply(-1, state.chance_outcomes()[0][0])
        state.apply(target, "answer a2")
    assert (public(state, "phase"), public(state, "answers_given")) == ("ask", 30)
    apply_all(state, "-2: time-up")
    assert public(state, "phase") == "final-vote"


def test_tm_21_final_vote_with_agreement_on_a_spy() -> None:
    """TM-21: every other seat points at seat 0, a spy: the Mole scores 2."""
    state = apply_all(p3(), "-2: time-up, 1: point 0, 2: point 0")
    assert seen(state, 1, "pointing") == ["waiting", 0, "cast"]
    assert seen(state, None, "pointing") == ["waiting", "cast", "cast"]
    apply_all(state, "0: point 1")
    assert state.scores() == [0, 0, 2]
    history = public(state, "history")
    assert isinstance(history, list)
    assert (history[0]["end"], history[0]["accused"], history[0]["pointing"]) == (
        "final-vote",
        0,
        [1, 0, 0],
    )


def test_tm_21_final_vote_without_agreement() -> None:
    """TM-21: nobody is pointed at by all others: the Mole scores 2, nobody is accused."""
    state = apply_all(p3(), "-2: time-up, 0: point 1, 1: point 2, 2: point 0")
    assert state.scores() == [0, 0, 2]
    history = public(state, "history")
    assert isinstance(history, list)
    assert (history[0]["accused"], history[0]["pointing"]) == (None, [1, 2, 0])


def test_tm_21_final_vote_catches_the_mole() -> None:
    """TM-21: the Mole, pointed at by everyone else, is accused: every spy scores 1, even
    though the Mole pointed elsewhere."""
    state = apply_all(p3(), "-2: time-up, 2: point 0, 0: point 2, 1: point 2")
    assert state.scores() == [1, 1, 0]


def test_tm_21_everyone_points_the_mole_included() -> None:
    """TM-21: all n seats point, the Mole and seats that nominated included."""
    state = apply_all(p4(), "0: nominate 1, 0: vote no, 2: vote no, 3: vote no, -2: time-up")
    assert state.to_move() == [0, 1, 2, 3]
    assert legal(state, 3) == {"point 0", "point 1", "point 2"}


def test_tm_23_game_ends_only_at_round_end_with_all_seats_at_target_winning() -> None:
    """TM-23: three spies reach the target together in one round and share the win."""
    state = apply_all(p4(target_score=1), "0: nominate 3, 0: vote yes, 1: vote yes, 2: vote yes")
    assert state.is_terminal()
    assert state.returns() == pytest.approx([1 / 3, 1 / 3, 1 / 3, 0])
    assert public(state, "phase") == "over"
    assert state.to_move() == []
