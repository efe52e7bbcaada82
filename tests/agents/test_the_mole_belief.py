"""The Mole's belief bot: it learns from answers, bluffs and answers as the rules intend, and
knows nothing but its seat's view (TM-2, TM-12 … TM-18, section 7)."""

from __future__ import annotations

import random

import pytest

import molehaven
from molehaven.agents import AGENTS, MCTSAgent, SeatView
from molehaven.agents.the_mole_belief import VOTE_YES_AT, TheMoleBeliefAgent
from molehaven.agents.the_mole_reading import AnswerMemory, location_belief, mole_suspicion
from molehaven.agents.the_mole_text import default_model
from molehaven.core import Action, State
from molehaven.games.the_mole.content import QUESTION_BY_ID
from molehaven.games.the_mole.data import LOCATION_IDS, LOCATION_INDEX
from tests.games.the_mole.helpers import apply_all, asked, p4

BAKERY = LOCATION_INDEX["bakery"]


def fits(question: str, answer: str) -> set[str]:
    return set(QUESTION_BY_ID[question].answers[int(answer[1:]) - 1].fits)


def test_registered_as_belief() -> None:
    assert AGENTS["belief"] is TheMoleBeliefAgent


def test_defers_to_mcts_in_other_games() -> None:
    state = molehaven.make("mole-hill").initial_state()
    view = SeatView.of(state, 0)
    assert TheMoleBeliefAgent(4).act(view) == MCTSAgent(4).act(view)


def test_a_canned_answer_moves_the_moles_belief_onto_its_fits() -> None:
    """TM-2, C6: a spy's canned answer is true, so the Mole's belief gathers on its fits (a
    quarter of the players answer carelessly, so one answer alone does not settle it)."""
    state = apply_all(asked(p4(), 1, 0, "q2"), ["0: answer a8"])  # bakery, bowling, cruise, wed.
    belief = location_belief(state.observation(3), 3)
    on_fits = sum(belief[LOCATION_INDEX[loc]] for loc in fits("q2", "a8"))
    assert on_fits > 0.75
    assert belief[BAKERY] == pytest.approx(max(belief))


def test_a_seat_whose_answers_contradict_each_other_is_read_as_careless() -> None:
    """C6: no location fits both of seat 0's answers, so the Mole stops trusting either of
    them, and a spy who knows the place suspects the careless seat, but not enough to vote it
    out on that alone (TM-17: a spy accused scores the Mole 2); when
    the second answer agrees with the first, the belief settles on the bakery."""
    first = apply_all(asked(p4(), 1, 0, "q2"), ["0: answer a8"])  # bakery, bowling, cruise, wed.
    first = apply_all(asked(first, 0, 2, "q1", "q22"), ["2: answer a2"])  # bakery, bowling, …
    careless = apply_all(asked(first.clone(), 2, 0, "q3", "q23"), ["0: answer a3"])  # campsite…
    assert not fits("q2", "a8") & fits("q3", "a3")
    on_first = fits("q2", "a8")
    before = location_belief(first.observation(3), 3)
    after = location_belief(careless.observation(3), 3)
    assert sum(after[LOCATION_INDEX[loc]] for loc in fits("q3", "a3")) < 0.1
    assert sum(after[LOCATION_INDEX[loc]] for loc in on_first) < sum(
        before[LOCATION_INDEX[loc]] for loc in on_first
    )
    consistent = apply_all(asked(first, 2, 0, "q3", "q23"), ["0: answer a8"])  # aquarium, bakery…
    assert location_belief(consistent.observation(3), 3)[BAKERY] > max(after) + 0.2
    suspicion = mole_suspicion(careless.observation(1), 1, [float(i == BAKERY) for i in range(16)])
    assert max(suspicion, key=lambda seat: suspicion[seat]) == 0
    assert suspicion[0] < VOTE_YES_AT


def test_the_moles_own_answers_teach_it_nothing() -> None:
    state = apply_all(asked(p4(), 1, 3, "q2"), ["3: answer a2"])  # the Mole says "waves"
    belief = location_belief(state.observation(3), 3)
    assert belief == pytest.approx([1 / 16] * 16)


def test_a_spy_answers_truthfully_and_vaguely() -> None:
    """TM-12, C5, C6: seat 0 (at the bakery) answers q6 with a fitting answer, the one that
    fits most locations among those (a1, "Something sweet and freshly baked", fits 4)."""
    state = asked(p4(), 1, 0, "q6")
    choice = TheMoleBeliefAgent(1).act(SeatView.of(state, 0))
    assert str(choice) == "answer a1"
    assert "bakery" in fits("q6", "a1")


def test_the_mole_bluffs_with_an_answer_that_fits_what_it_heard() -> None:
    """After three answers that all fit the bakery, the Mole's own answer fits it too."""
    state = apply_all(asked(p4(), 1, 0, "q2"), ["0: answer a8"])
    state = apply_all(asked(state, 0, 2, "q1", "q22"), ["2: answer a2"])
    state = apply_all(asked(state, 2, 1, "q3", "q23"), ["1: answer a1"])
    state = asked(state, 1, 3, "q6", "q24")
    choice = TheMoleBeliefAgent(1).act(SeatView.of(state, 3))
    assert "bakery" in fits("q6", str(choice).split()[1])


def test_a_spy_suspects_the_seat_whose_answer_cannot_be_true() -> None:
    """Seat 3 (the Mole) says "Waves and seagulls" at the bakery: seat 0 suspects it most."""
    state = apply_all(asked(p4(), 1, 3, "q2"), ["3: answer a2"])
    state = apply_all(asked(state, 3, 2, "q4", "q22"), ["2: answer a1"])
    suspicion = mole_suspicion(state.observation(0), 0, [float(i == BAKERY) for i in range(16)])
    assert max(suspicion, key=lambda seat: suspicion[seat]) == 3
    assert suspicion[3] > 0.6


def test_no_vote_and_no_guess_without_evidence() -> None:
    """TM-14, TM-18: at the start nobody has answered: neither role interjects."""
    state = p4()
    for seat in range(4):
        assert TheMoleBeliefAgent(seat).interjection(SeatView.of(state, seat)) is None


def test_the_mole_guesses_once_the_answers_leave_one_location() -> None:
    """TM-18: answers that together fit only the bakery make the Mole confident; it stakes
    the round on a guess once a fourth answer agrees (a guess doubts seats with no record)."""
    state = apply_all(asked(p4(), 1, 0, "q2"), ["0: answer a9"])  # aquarium bakery hosp. rec.
    state = apply_all(asked(state, 0, 2, "q1", "q22"), ["2: answer a2"])  # bakery hosp. + 4
    state = apply_all(asked(state, 2, 1, "q3", "q23"), ["1: answer a5"])  # bakery + 4, no hosp.
    belief = location_belief(state.observation(3), 3)
    assert belief[BAKERY] > 0.75
    assert TheMoleBeliefAgent(0).interjection(SeatView.of(state, 3)) is None
    state = apply_all(asked(state, 1, 2, "q6", "q24"), ["2: answer a7"])  # bakery bowl. theme
    choice = TheMoleBeliefAgent(0).interjection(SeatView.of(state, 3))
    assert choice is not None and str(choice) == "guess bakery"


def test_it_remembers_who_answered_carelessly_in_earlier_rounds() -> None:
    """Section 7: a round's location and Mole become public at its end; a seat whose answers
    did not fit is then read as careless, and its answers in later rounds count for little."""
    memory = AnswerMemory()
    state = apply_all(asked(p4(), 1, 0, "q2"), ["0: answer a8"])  # fits the bakery
    state = apply_all(asked(state, 0, 2, "q1", "q22"), ["2: answer a3"])  # airport, campsite…
    assert "bakery" not in fits("q1", "a3")
    memory.update(state.observation(3))
    assert memory.carelessness() == {}  # the round is not over: nothing is judged yet
    state = apply_all(state, ["3: guess farm"])  # wrong: the round ends, the bakery revealed
    memory.update(state.observation(3))
    carelessness = memory.carelessness()
    assert set(carelessness) == {0, 2}
    assert carelessness[2] > 0.9 > 0.1 > carelessness[0]
    # The same answers in a new round: seat 2's no longer move the belief.
    heard = apply_all(asked(p4(), 1, 2, "q2"), ["2: answer a8"])
    plain = location_belief(heard.observation(3), 3)
    remembered = location_belief(heard.observation(3), 3, carelessness)
    on_fits = [LOCATION_INDEX[loc] for loc in fits("q2", "a8")]
    assert sum(remembered[i] for i in on_fits) < 0.35 < 0.6 < sum(plain[i] for i in on_fits)


def test_a_spy_votes_by_its_belief() -> None:
    """TM-15: seat 0 votes yes on the seat whose answer was false, no on an honest one."""
    state = apply_all(asked(p4(), 1, 3, "q2"), ["3: answer a2"])
    state = apply_all(asked(state, 3, 2, "q4", "q22"), ["2: answer a1"])
    on_mole = apply_all(state.clone(), ["1: nominate 3"])
    assert str(TheMoleBeliefAgent(0).act(SeatView.of(on_mole, 0))) == "vote yes"
    on_spy = apply_all(state.clone(), ["1: nominate 2"])
    assert str(TheMoleBeliefAgent(0).act(SeatView.of(on_spy, 0))) == "vote no"


def test_free_text_is_read_by_its_words() -> None:
    """TM-13: a free-text answer moves the belief towards the locations its words suggest."""
    profile, similarity = default_model().profile("I can hear the waves and a few seagulls")
    ranked = sorted(range(16), key=lambda location: -profile[location])
    assert {LOCATION_IDS[location] for location in ranked[:3]} & {"lighthouse", "cruise-ship"}
    assert similarity > 0.3
    state = apply_all(asked(p4(), 1, 0, "q2"), ['0: answer "Fresh bread, ovens and flour"'])
    belief = location_belief(state.observation(3), 3)
    assert belief[BAKERY] > 2 / 16


def choices(state: State, seat: int) -> list[str]:
    """What fresh bots of a few seeds do with this view, one action each."""
    return [str(TheMoleBeliefAgent(seed).act(SeatView.of(state, seat))) for seed in range(3)]


def test_the_bot_never_reaches_the_true_state() -> None:
    """Section 7: given only the observation and legal actions (no sampler), the bot acts as
    with the full view; and in every state the seat cannot tell apart from this one (hidden
    parts redrawn) it does exactly the same."""
    state = apply_all(asked(p4(), 1, 3, "q2"), ["3: answer a2"])
    state = asked(state, 3, 0, "q4", "q22")
    for seat in (0, 1, 3):
        full = SeatView.of(state, seat)
        bare = SeatView(full.game, seat, full.observation, full.legal_actions)
        bot_actions: list[Action] = []
        for view in (full, bare):
            bot_actions.append(TheMoleBeliefAgent(5).act(view))
        assert bot_actions[0] == bot_actions[1]
    rng = random.Random(3)
    for seat in (0, 3):
        expected = choices(state, seat)
        for _ in range(5):
            twin = state.resample_hidden(seat, rng)
            assert twin.observation(seat) == state.observation(seat)
            assert choices(twin, seat) == expected
