"""The Mole's evaluation: points, less what a seat's answers cost it in suspicion (TM-12,
TM-17, C6), and the searching bots' answers that follow from it."""

from __future__ import annotations

from molehaven.agents import GreedyAgent, SeatView
from molehaven.agents.evaluation.the_mole import SUSPICION_COST, strengths
from molehaven.games.the_mole.content import QUESTION_BY_ID
from tests.games.the_mole.helpers import apply_all, asked, p4

SEEDS = range(8)


def fits(question: str, answer: str) -> set[str]:
    return set(QUESTION_BY_ID[question].answers[int(answer.split()[-1][1:]) - 1].fits)


def test_before_any_answer_the_strengths_are_the_points() -> None:
    state = p4()
    state.points = (2, 0, 1, 0)  # type: ignore[attr-defined]
    assert strengths(state.observation(0), 4) == [2.0, 0.0, 1.0, 0.0]


def test_a_seat_whose_answer_does_not_fit_the_location_looks_like_the_mole() -> None:
    """TM-17: a passed vote on a spy scores the Mole 2. Seat 0 answers q6 with a3, which does
    not fit the bakery, seat 2 answers q1 with a2, which does: to a spy (seat 1, who knows
    the place) seat 0 is weaker, by at most ``SUSPICION_COST`` points, than the others."""
    state = apply_all(asked(p4(), 1, 0, "q6"), ["0: answer a3"])
    state = apply_all(asked(state, 0, 2, "q1", "q22"), ["2: answer a2"])
    assert "bakery" not in fits("q6", "a3") and "bakery" in fits("q1", "a2")
    weighed = strengths(state.observation(1), 4)
    assert all(-SUSPICION_COST <= strength <= 0 for strength in weighed), weighed
    assert weighed[0] == min(weighed) and weighed[0] < weighed[2], weighed


def test_the_easy_bot_answers_truthfully_as_a_spy() -> None:
    """TM-12, C6: asked q6 at the bakery (2 of its 12 answers fit), seat 0 answers with one
    that fits, whatever its seed. Every answer scored alike when only points counted, and the
    easy bot answered at random: one time in six an answer that fits (2026-11-29)."""
    state = asked(p4(), 1, 0, "q6")
    view = SeatView.of(state, 0)
    answers = [str(GreedyAgent(seed).act(view)) for seed in SEEDS]
    assert all(answer.startswith("answer a") for answer in answers), answers
    assert all("bakery" in fits("q6", answer) for answer in answers), answers


def test_the_easy_bot_as_the_mole_answers_with_what_it_heard() -> None:
    """Three spies' answers leave a few places every one of them fits; the Mole's own answer
    fits one of those, whatever its seed: an answer that fits none of them gives it away."""
    heard = [("q2", "a8"), ("q1", "a2"), ("q3", "a5")]
    state = apply_all(asked(p4(), 1, 0, "q2"), ["0: answer a8"])
    state = apply_all(asked(state, 0, 2, "q1", "q22"), ["2: answer a2"])
    state = apply_all(asked(state, 2, 1, "q3", "q23"), ["1: answer a5"])
    state = asked(state, 1, 3, "q6", "q24")
    possible = set.intersection(*(fits(question, answer) for question, answer in heard))
    assert "bakery" in possible and len(possible) < 8, possible
    view = SeatView.of(state, 3)
    answers = [str(GreedyAgent(seed).act(view)) for seed in SEEDS]
    assert all(fits("q6", answer) & possible for answer in answers), answers
