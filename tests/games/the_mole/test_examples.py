"""Every worked example of section 11 of the decisions file, reproduced exactly."""

from __future__ import annotations

import pytest

import molehaven
from molehaven.core import CHANCE, CLOCK
from tests.games.the_mole.helpers import (
    apply_all,
    deal_round,
    legal,
    new_game,
    outcomes,
    p3,
    p4,
    public,
    seen,
)


def test_standard_position_p3() -> None:
    """P3: 19 chance actions; hands dealt in five passes; asker seat 1; 65 cards left."""
    state = p3()
    assert state.num_actions == 19
    assert seen(state, 0, "hand") == ["q1", "q4", "q7", "q10", "q13"]
    assert seen(state, 1, "hand") == ["q2", "q5", "q8", "q11", "q14"]
    assert seen(state, 2, "hand") == ["q3", "q6", "q9", "q12", "q15"]
    assert seen(state, 2, "card") == {"mole": True}
    assert seen(state, 0, "card") == {"mole": False, "location": "airport", "role": "pilot"}
    assert (public(state, "dealer"), public(state, "phase"), public(state, "asker")) == (
        0,
        "ask",
        1,
    )
    assert public(state, "draw_pile_size") == 65
    assert state.to_move() == [0, 1, 2]


def test_standard_position_p4() -> None:
    """P4: hands of q1 … q20 in passes; seat 3 the Mole; asker seat 1; 60 cards left."""
    state = p4()
    assert seen(state, 0, "hand") == ["q1", "q5", "q9", "q13", "q17"]
    assert seen(state, 1, "hand") == ["q2", "q6", "q10", "q14", "q18"]
    assert seen(state, 2, "hand") == ["q3", "q7", "q11", "q15", "q19"]
    assert seen(state, 3, "hand") == ["q4", "q8", "q12", "q16", "q20"]
    assert seen(state, 3, "card") == {"mole": True}
    assert seen(state, 2, "card") == {"mole": False, "location": "bakery", "role": "customer"}
    assert public(state, "asker") == 1
    assert public(state, "draw_pile_size") == 60


def test_11_1_five_players_four_location_cards_and_one_mole_card() -> None:
    """11.1 (TM-4): the role nodes skip the Mole's seat and shrink by one card each time."""
    state = apply_all(new_game(5), "-1: location campsite")
    assert outcomes(state) == {f"mole {seat}": 1 / 5 for seat in range(5)}
    apply_all(state, "-1: mole 2")
    campsite = [
        "park-ranger",
        "hiker",
        "scout-leader",
        "camper",
        "angler",
        "camp-cook",
        "photographer",
    ]
    assert outcomes(state) == {f"role {role}": 1 / 7 for role in campsite}
    apply_all(state, "-1: role hiker")
    assert outcomes(state) == {f"role {r}": 1 / 6 for r in campsite if r != "hiker"}
    apply_all(state, "-1: role camper")  # seat 1; seat 2 (the Mole) is skipped next
    assert len(outcomes(state)) == 5
    assert set(outcomes(state).values()) == {1 / 5}
    apply_all(state, "-1: role angler")  # seat 3
    assert outcomes(state) == {
        "role park-ranger": 1 / 4,
        "role scout-leader": 1 / 4,
        "role camp-cook": 1 / 4,
        "role photographer": 1 / 4,
    }
    apply_all(state, "-1: role scout-leader")  # seat 4
    assert len(outcomes(state)) == 80
    assert set(outcomes(state).values()) == {1 / 80}
    cards = [seen(state, seat, "card") for seat in range(5)]
    assert cards == [
        {"mole": False, "location": "campsite", "role": "hiker"},
        {"mole": False, "location": "campsite", "role": "camper"},
        {"mole": True},
        {"mole": False, "location": "campsite", "role": "angler"},
        {"mole": False, "location": "campsite", "role": "scout-leader"},
    ]
    apply_all(state, [f"-1: card q{q}" for q in range(1, 26)])
    assert (public(state, "phase"), public(state, "asker")) == ("ask", 1)


def test_11_2_asking_the_player_who_just_asked_you() -> None:
    """11.2 (TM-10, TM-11, TM-12): draw from the 65 cards left; q2 has 11 canned answers; the
    answerer asks next and may ask back."""
    state = apply_all(p3(), "1: ask 0 q2")
    assert outcomes(state) == {f"card q{q}": 1 / 65 for q in range(16, 81)}
    assert public(state, "discard") == ["q2"]
    apply_all(state, "-1: card q16")
    assert seen(state, 1, "hand") == ["q5", "q8", "q11", "q14", "q16"]
    assert (public(state, "phase"), public(state, "answerer")) == ("answer", 0)
    assert legal(state, 0) == {f"answer a{k}" for k in range(1, 12)} | {
        "nominate 1",
        "nominate 2",
    }
    apply_all(state, "0: answer a1")
    asks = {f"ask {t} q{k}" for t in (1, 2) for k in (1, 4, 7, 10, 13)}
    assert legal(state, 0) == asks | {"nominate 1", "nominate 2"}
    assert "ask 1 q1" in legal(state, 0)
    assert legal(state, 1) == {"nominate 0", "nominate 2"}
    assert public(state, "answers_given") == 1


def test_11_3_one_dissenter_then_a_unanimous_vote() -> None:
    """11.3 (TM-14, TM-15, TM-16, TM-17)."""
    state = apply_all(p4(), "0: nominate 3")
    assert public(state, "phase") == "vote"
    assert state.to_move() == [0, 1, 2]
    assert legal(state, 3) == set()
    apply_all(state, "0: vote yes, 1: vote yes")
    vote = seen(state, 0, "vote")
    assert isinstance(vote, dict)
    assert vote["ballots"] == ["yes", "cast", "waiting", None]
    apply_all(state, "2: vote no")
    assert state.scores() == [0, 0, 0, 0]
    assert (public(state, "phase"), public(state, "asker")) == ("ask", 1)
    assert state.to_move() == [1, 2, 3]
    assert legal(state, 0) == set()
    with pytest.raises(ValueError, match="seat 0"):
        state.apply(0, "nominate 2")
    apply_all(state, "2: nominate 3, 0: vote yes, 1: vote yes, 2: vote yes")
    assert state.scores() == [1, 1, 1, 0]
    assert len(outcomes(state)) == 15
    assert "location bakery" not in outcomes(state)
    assert public(state, "dealer") == 1
    history = public(state, "history")
    assert isinstance(history, list) and history[0]["accused"] == 3


@pytest.mark.parametrize(
    ("pointings", "scores"),
    [
        ("0: point 3, 1: point 3, 2: point 3, 3: point 0", [1, 1, 1, 0]),
        ("0: point 3, 1: point 3, 2: point 1, 3: point 0", [0, 0, 0, 2]),
        ("0: point 1, 2: point 1, 3: point 1, 1: point 0", [0, 0, 0, 2]),
    ],
    ids=["a-the-mole-accused", "b-no-agreement", "c-a-spy-accused"],
)
def test_11_4_the_final_vote(pointings: str, scores: list[int]) -> None:
    """11.4 (TM-19, TM-21)."""
    state = apply_all(p4(), "-2: time-up")
    assert public(state, "phase") == "final-vote"
    assert state.to_move() == [0, 1, 2, 3]
    assert state.legal_actions(CLOCK) == []
    apply_all(state, pointings)
    assert state.scores() == scores


def test_11_5_the_mole_nominates_a_spy() -> None:
    """11.5 (TM-14, TM-17): the Mole's nomination passes; the accused baker is a spy."""
    state = apply_all(p4(), "3: nominate 0")
    assert state.to_move() == [1, 2, 3]
    apply_all(state, "1: vote yes, 2: vote yes, 3: vote yes")
    assert state.scores() == [0, 0, 0, 2]
    history = public(state, "history")
    assert isinstance(history, list)
    assert history[0]["roles"][0] == "baker"
    assert history[0]["end"] == "vote"
    assert (public(state, "round"), public(state, "phase")) == (2, "setup")
    assert state.is_chance()


def test_11_6_time_runs_out_during_a_vote() -> None:
    """11.6 (TM-19): time-up during a vote is only noted; the failed vote starts the final
    vote; a passing vote would have been scored instead."""
    state = apply_all(p4(), "0: nominate 1, 0: vote yes, -2: time-up")
    timer = public(state, "timer")
    assert isinstance(timer, dict)
    assert (timer["running"], timer["time_up"], public(state, "phase")) == (False, True, "vote")
    passing = state.clone()
    apply_all(state, "2: vote yes, 3: vote no")
    assert public(state, "phase") == "final-vote"
    assert state.to_move() == [0, 1, 2, 3]
    apply_all(passing, "2: vote yes, 3: vote yes")
    assert passing.scores() == [0, 0, 0, 2]
    assert public(passing, "phase") == "setup"


def test_11_7_guesses() -> None:
    """11.7 (TM-18): right and wrong guesses; a spy cannot guess; no guess during a vote."""
    right = apply_all(p3(), "2: guess airport")
    assert right.scores() == [0, 0, 2]
    wrong = apply_all(p3(), "2: guess bakery")
    assert wrong.scores() == [1, 1, 0]
    with pytest.raises(ValueError, match="not legal"):
        p3().apply(0, "guess airport")
    voting = apply_all(p3(), "0: nominate 2")
    with pytest.raises(ValueError, match="seat 2"):
        voting.apply(2, "guess airport")


def test_11_8_question_limit() -> None:
    """11.8 (TM-20): the second answer runs the time out at once; no guess in the final vote."""
    state = apply_all(
        p3(question_limit=2),
        [
            "1: ask 0 q2",
            "-1: card q16",
            "0: answer a1",
            "0: ask 2 q1",
            "-1: card q17",
            '2: answer "Mostly by bus"',
        ],
    )
    assert public(state, "phase") == "final-vote"
    assert state.to_move() == [0, 1, 2]
    assert state.legal_actions(CLOCK) == []
    assert legal(state, 2) == {"point 0", "point 1"}
    exchanges = public(state, "exchanges")
    assert isinstance(exchanges, list)
    assert exchanges[1]["answer"] == 'answer "Mostly by bus"'


def _wrong_guess_round(state: molehaven.core.State, location: str, roles: list[str]) -> None:
    deal_round(state, location, 2, roles)
    state.apply(2, "guess hospital")


def test_11_9_several_players_reach_five_in_one_round() -> None:
    """11.9 (TM-23): two spies reach five together and share the win."""
    state = new_game(3)
    rounds = [
        ("airport", ["pilot", "traveller"]),
        ("bakery", ["baker", "cashier"]),
        ("bowling-alley", ["bowler", "manager"]),
        ("campsite", ["hiker", "camper"]),
        ("cruise-ship", ["captain", "purser"]),
    ]
    for number, (location, roles) in enumerate(rounds, start=1):
        _wrong_guess_round(state, location, roles)
        if number == 4:
            assert state.scores() == [4, 4, 0]
            assert not state.is_terminal()
    assert state.scores() == [5, 5, 0]
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5, 0]


def test_11_10_first_to_five_alone() -> None:
    """11.10 (TM-23, TM-9): the Mole finishes on six; the asker follows the dealer round."""
    state = new_game(3)
    deal_round(state, "airport", 1, ["pilot", "traveller"])
    state.apply(1, "guess airport")
    deal_round(state, "bakery", 1, ["baker", "cashier"])
    assert (public(state, "dealer"), public(state, "asker")) == (1, 2)
    state.apply(1, "guess bakery")
    assert state.scores() == [0, 4, 0]
    assert not state.is_terminal()
    deal_round(state, "bowling-alley", 1, ["bowler", "manager"])
    assert (public(state, "dealer"), public(state, "asker")) == (2, 0)
    state.apply(1, "guess bowling-alley")
    assert state.scores() == [0, 6, 0]
    assert state.is_terminal()
    assert state.returns() == [0, 1, 0]


def test_11_11_free_text() -> None:
    """11.11 (TM-13): cleaning, the 200-character limit, control and zero-width characters,
    and the free_text option refusing at apply time."""
    game = molehaven.make("the-mole", 3)
    assert str(game.parse_action('answer "Near the  big WHEEL"')) == 'answer "Near the big WHEEL"'
    assert str(game.parse_action('answer "' + "x" * 200 + '"')) == 'answer "' + "x" * 200 + '"'
    with pytest.raises(ValueError, match="200"):
        game.parse_action('answer "' + "x" * 201 + '"')
    assert str(game.parse_action('answer "a\\u0007b"')) == 'answer "a b"'
    with pytest.raises(ValueError, match="empty"):
        game.parse_action('answer "\\u200b"')
    state = apply_all(p3(free_text=False), "1: ask 0 q2, -1: card q16")
    with pytest.raises(ValueError, match="not legal"):
        state.apply(0, 'answer "Loud"')
    assert state.observation(None) == apply_all(
        p3(free_text=False), "1: ask 0 q2, -1: card q16"
    ).observation(None)
    state.apply(0, "answer a2")
    assert public(state, "answers_given") == 1
    assert state.history()[-1] == (0, game.parse_action("answer a2"))
    assert state.legal_actions(CHANCE) == []
