"""Open play: asking, drawing, answering, nominating, guessing and the real-time rules
(TM-10 … TM-14, TM-18, TM-25 … TM-31, TM-33)."""

from __future__ import annotations

import pytest

import molehaven
from molehaven.core import CHANCE, CLOCK, State
from molehaven.games.the_mole.content import LOCATIONS
from tests.games.the_mole.helpers import apply_all, legal, outcomes, p3, p4, public, seen


def test_tm_10_ask_any_other_seat_with_a_card_in_hand() -> None:
    """TM-10: the asker's asks are every other seat times every card in hand, nothing else."""
    state = p3()
    hand = ["q2", "q5", "q8", "q11", "q14"]
    asks = {f"ask {t} {q}" for t in (0, 2) for q in hand}
    assert legal(state, 1) == asks | {"nominate 0", "nominate 2"}
    for text in ("ask 1 q2", "ask 0 q1", "ask 0 q80"):  # oneself; others' card; the pile's
        with pytest.raises(ValueError, match="not legal"):
            state.apply(1, text)
    with pytest.raises(ValueError, match="not legal"):
        state.apply(0, "ask 1 q1")  # seat 0 is not the asker


def test_tm_11_the_asker_draws_back_to_five() -> None:
    """TM-11: the asked card goes face up to the discard pile; the asker draws one card."""
    state = apply_all(p3(), "1: ask 2 q8")
    assert public(state, "hand_sizes") == [5, 4, 5]
    assert public(state, "discard") == ["q8"]
    assert (public(state, "question"), public(state, "answerer")) == ("q8", 2)
    apply_all(state, "-1: card q80")
    assert seen(state, 1, "hand") == ["q2", "q5", "q11", "q14", "q80"]
    assert public(state, "hand_sizes") == [5, 5, 5]
    assert public(state, "draw_pile_size") == 64


def _exchange_lowest(state: State) -> str:
    """The asker asks the next seat its lowest card; chance draws the lowest card; a1."""
    asker = public(state, "asker")
    assert isinstance(asker, int)
    hand = seen(state, asker, "hand")
    assert isinstance(hand, list)
    target = (asker + 1) % state.game.players
    state.apply(asker, f"ask {target} {hand[0]}")
    drawn = str(state.chance_outcomes()[0][0])
    state.apply(CHANCE, drawn)
    state.apply(target, "answer a1")
    return drawn


def test_tm_11_an_empty_draw_pile_takes_the_discard_pile() -> None:
    """TM-11: when the draw pile is empty after an ask, the whole discard pile (the card just
    asked included) becomes the draw pile, so the asker can still draw."""
    state = p3(question_limit=0)
    for _ in range(65):
        _exchange_lowest(state)
    assert public(state, "draw_pile_size") == 0
    discard = public(state, "discard")
    assert isinstance(discard, list) and len(discard) == 65
    asker = public(state, "asker")
    assert isinstance(asker, int)
    hand = seen(state, asker, "hand")
    assert isinstance(hand, list)
    apply_all(state, [f"{asker}: ask {(asker + 1) % 3} {hand[0]}"])
    assert public(state, "discard") == []
    assert public(state, "draw_pile_size") == 66
    assert set(outcomes(state)) == {f"card {q}" for q in [*discard, hand[0]]}
    assert set(outcomes(state).values()) == {1 / 66}


def test_tm_12_the_mole_and_a_spy_get_the_same_answers() -> None:
    """TM-12: the list of canned answers does not depend on who answers."""
    to_spy = apply_all(p3(), "1: ask 0 q2, -1: card q16")
    to_mole = apply_all(p3(), "1: ask 2 q2, -1: card q16")
    spy_answers = {a for a in legal(to_spy, 0) if a.startswith("answer")}
    mole_answers = {a for a in legal(to_mole, 2) if a.startswith("answer")}
    assert spy_answers == mole_answers == {f"answer a{k}" for k in range(1, 12)}


def test_tm_13_free_text_answer_is_shown_exactly_as_cleaned() -> None:
    """TM-13: a free-text answer is legal without being listed, keeps its case, and every
    seat sees the cleaned text."""
    state = apply_all(p3(), "1: ask 0 q2, -1: card q16")
    assert not any('"' in text for text in legal(state, 0))
    state.apply(0, 'Answer   "  Jets\\tOverhead,  LOUD "')
    for viewer in (None, 0, 1, 2):
        exchanges = seen(state, viewer, "exchanges")
        assert exchanges == [
            {
                "asker": 1,
                "answerer": 0,
                "question": "q2",
                "answer": 'answer "Jets Overhead, LOUD"',
                "text": "Jets Overhead, LOUD",
            }
        ]
    assert str(state.history()[-1][1]) == 'answer "Jets Overhead, LOUD"'


def test_tm_13_free_text_only_from_the_answerer() -> None:
    """TM-13, TM-29: free text is an answer: only the answerer, only in phase answer."""
    state = p3()
    with pytest.raises(ValueError, match="not legal"):
        state.apply(1, 'answer "hello"')
    apply_all(state, "1: ask 0 q2, -1: card q16")
    with pytest.raises(ValueError, match="not legal"):
        state.apply(1, 'answer "hello"')
    state.apply(0, 'answer "hello"')
    assert public(state, "answers_given") == 1


def test_tm_14_anyone_who_has_not_nominated_may_nominate() -> None:
    """TM-14: asker, answerer, bystander and the Mole may each call one vote per round; the
    right returns next round."""
    state = apply_all(p3(target_score=9), "1: ask 0 q2, -1: card q16")
    for seat in range(3):
        assert {f"nominate {t}" for t in range(3) if t != seat} <= legal(state, seat)
    apply_all(state, "0: nominate 2, 0: vote no, 1: vote yes")  # the answerer nominates
    apply_all(state, "2: nominate 1, 0: vote no, 2: vote no")  # the Mole nominates
    assert public(state, "nominated") == [True, False, True]
    assert legal(state, 0) == {f"answer a{k}" for k in range(1, 12)}
    assert legal(state, 2) == {f"guess {g}" for g in _location_ids()}
    apply_all(state, "2: guess hospital")  # wrong: round 2
    apply_all(state, "-1: location bakery, -1: mole 0, -1: role baker, -1: role cashier")
    apply_all(state, [f"-1: card q{q}" for q in range(1, 16)])
    assert public(state, "nominated") == [False, False, False]
    assert {"nominate 1", "nominate 2"} <= legal(state, 0)


def _location_ids() -> list[str]:
    return [location.id for location in LOCATIONS]


def test_tm_14_no_nomination_during_a_vote_or_a_chance_node() -> None:
    """TM-14: nominations only in open play: not in a vote, not at the draw node."""
    state = apply_all(p4(), "1: nominate 2")
    with pytest.raises(ValueError, match="seat 0"):
        state.apply(0, "nominate 3")
    drawing = apply_all(p4(), "1: ask 0 q2")
    assert drawing.to_move() == []
    with pytest.raises(ValueError, match="seat 0"):
        drawing.apply(0, "nominate 3")


def test_tm_16_failed_vote_in_the_answer_phase_resumes_the_same_question() -> None:
    """TM-16: play resumes exactly where it stopped: same answerer, same question."""
    state = apply_all(p4(), "1: ask 2 q6, -1: card q21, 3: nominate 0")
    apply_all(state, "1: vote yes, 2: vote no, 3: vote yes")
    assert (public(state, "phase"), public(state, "answerer"), public(state, "question")) == (
        "answer",
        2,
        "q6",
    )
    assert public(state, "votes") == [
        {"nominator": 3, "nominee": 0, "ballots": [None, "yes", "no", "yes"], "passed": False}
    ]
    apply_all(state, "2: answer a2")
    assert public(state, "asker") == 2


def test_tm_18_every_location_may_be_guessed_only_by_the_mole() -> None:
    """TM-18: the Mole's 16 guesses, earlier rounds' locations included; spies have none."""
    state = apply_all(p3(target_score=9), "2: guess bakery")
    assert "location airport" not in outcomes(state)
    apply_all(state, "-1: location library, -1: mole 1, -1: role reader, -1: role student")
    apply_all(state, [f"-1: card q{q}" for q in range(1, 16)])
    guesses = {text for text in legal(state, 1) if text.startswith("guess")}
    assert guesses == {f"guess {g}" for g in _location_ids()}
    assert "guess airport" in guesses  # the location of round 1
    assert not any(text.startswith("guess") for text in legal(state, 0) | legal(state, 2))


def test_tm_18_no_guess_once_time_is_up() -> None:
    """TM-18: the Mole cannot guess in the final vote."""
    state = apply_all(p3(), "-2: time-up")
    with pytest.raises(ValueError, match="not legal"):
        state.apply(2, "guess airport")


def test_tm_25_the_mole_is_always_to_move_in_open_play() -> None:
    """TM-25: to_move() is every seat with a legal action; the Mole stays in it after having
    nominated, and the observation never lists to_move or legal actions."""
    state = apply_all(p4(), "3: nominate 0, 1: vote no, 2: vote no, 3: vote no")
    assert state.to_move() == [0, 1, 2, 3]
    assert legal(state, 3) == {f"guess {g}" for g in _location_ids()}
    apply_all(state, "0: nominate 1, 0: vote no, 2: vote no, 3: vote no")
    apply_all(state, "2: nominate 1, 0: vote no, 2: vote no, 3: vote no")
    apply_all(state, "1: nominate 2, 0: vote no, 1: vote no, 3: vote no")
    assert state.to_move() == [1, 3]  # the asker and the Mole
    for viewer in (None, 0, 1, 2, 3):
        observation = state.observation(viewer)
        assert not {"to_move", "legal", "legal_actions", "moves"} & set(observation)
        assert "guess" not in str(observation)


def test_tm_26_interjections_are_optional() -> None:
    """TM-26: only the obliged seat must act; the others may stay silent forever."""
    state = p4()
    for _ in range(3):
        asker = public(state, "asker")
        assert isinstance(asker, int)
        hand = seen(state, asker, "hand")
        assert isinstance(hand, list)
        target = (asker + 1) % 4
        state.apply(asker, f"ask {target} {hand[0]}")
        state.apply(CHANCE, state.chance_outcomes()[-1][0])
        state.apply(target, "answer a1")
    assert public(state, "answers_given") == 3
    assert public(state, "nominated") == [False] * 4


def test_tm_27_the_first_action_applied_wins() -> None:
    """TM-27: a nomination makes a simultaneous guess, another nomination and the asker's
    question illegal; a guess makes a late time-up illegal. Nothing changes on refusal."""
    state = apply_all(p4(), "2: nominate 3")
    before = state.observation(None)
    for seat, text in ((3, "guess bakery"), (0, "nominate 1"), (1, "ask 0 q2")):
        with pytest.raises(ValueError, match=f"seat {seat}"):
            state.apply(seat, text)
    assert state.observation(None) == before
    guessed = apply_all(p4(), "3: guess bakery")
    with pytest.raises(ValueError, match="clock"):
        guessed.apply(CLOCK, "time-up")


def test_tm_28_every_seat_to_move_has_an_action() -> None:
    """TM-28: the obliged seat always has several actions, even having nominated."""
    state = apply_all(p3(), "1: nominate 2, 0: vote no, 1: vote no")
    assert len([a for a in legal(state, 1) if a.startswith("ask")]) == 10
    apply_all(state, "1: ask 2 q2, -1: card q16")
    assert len([a for a in legal(state, 2) if a.startswith("answer")]) == 11
    apply_all(state, "-2: time-up")
    assert all(len(legal(state, seat)) == 2 for seat in range(3))


@pytest.mark.parametrize(
    ("moves", "seat", "text"),
    [
        ("", 0, "ask 1 q1"),  # not the asker
        ("", 1, "ask 1 q2"),  # oneself
        ("", 1, "ask 0 q1"),  # not in hand
        ("1: ask 0 q2, -1: card q16", 1, "answer a1"),  # not the answerer
        ("1: ask 0 q2, -1: card q16", 0, "answer a12"),  # q2 has 11 answers
        ("1: ask 0 q2", 0, "answer a1"),  # chance node
        ("0: nominate 1, 0: vote no, 2: vote no", 0, "nominate 2"),  # already nominated
        ("", 0, "nominate 0"),  # oneself
        ("0: nominate 1, 0: vote yes", 0, "vote no"),  # second ballot
        ("0: nominate 1", 1, "vote yes"),  # the nominee
        ("-2: time-up, 0: point 1", 0, "point 2"),  # second pointing
        ("-2: time-up", 0, "point 0"),  # oneself
        ("", 0, "guess airport"),  # a spy
        ("", 0, "vote yes"),  # no vote open
        ("", 0, "point 1"),  # no final vote
    ],
)
def test_tm_29_illegal_actions_raise_and_change_nothing(moves: str, seat: int, text: str) -> None:
    """TM-29: each illegal action raises ValueError and leaves the state unchanged."""
    state = apply_all(p3(), moves)
    before = (state.clone(), [state.observation(v) for v in (None, 0, 1, 2)])
    with pytest.raises(ValueError, match=r"not legal|cannot play"):
        state.apply(seat, text)
    assert state == before[0]
    assert [state.observation(v) for v in (None, 0, 1, 2)] == before[1]


def test_tm_29_clock_is_illegal_at_chance_nodes_in_the_final_vote_and_at_the_end() -> None:
    """TM-19, TM-29: time-up only in ask, answer and an open vote before time is up."""
    for moves in ("1: ask 0 q2", "-2: time-up", "2: guess airport"):
        state = apply_all(p3(), moves)
        assert state.legal_actions(CLOCK) == []
        with pytest.raises(ValueError, match="clock"):
            state.apply(CLOCK, "time-up")
    setup = molehaven.make("the-mole", 3).initial_state()
    with pytest.raises(ValueError, match="clock"):
        setup.apply(CLOCK, "time-up")


def test_tm_31_question_and_discard_public_hands_secret() -> None:
    """TM-31: everyone sees the question asked and the discard pile; only the drawer sees
    the card drawn."""
    state = apply_all(p3(), "1: ask 2 q11, -1: card q40")
    for viewer in (None, 0, 2):
        observation = state.observation(viewer)
        assert (observation["question"], observation["discard"]) == ("q11", ["q11"])
        assert "q40" not in str(observation)
    assert "q40" in str(seen(state, 1, "hand"))


def test_tm_33_no_pass_or_ready_actions() -> None:
    """TM-33: there is no action for passing, being ready or asking a free question."""
    game = molehaven.make("the-mole", 4)
    for text in ("pass", "ready", "ask 1 where are we?", "skip"):
        with pytest.raises(ValueError, match="expected"):
            game.parse_action(text)
