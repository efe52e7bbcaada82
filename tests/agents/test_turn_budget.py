"""A turn's budget where a turn is several decisions (Mole Majority: a card, moves, stacks, end
turn): the first decision of a turn thinks the whole seconds, each later one a share of them.
Time is an injected clock that ticks a millisecond a reading (``test_budget.TickingClock``),
never real time."""

from __future__ import annotations

import random

import pytest

import molehaven
from molehaven.agents import AGENTS, LEVELS, MCTSAgent, SeatView, make_agent
from molehaven.agents.base import decisions_in_a_row
from molehaven.agents.clock import turn_share
from molehaven.agents.levels import PLAYOUTS
from molehaven.core import CHANCE, Action, State
from molehaven.core.play import sample_outcome, step_random
from tests.agents.test_budget import TICK, TickingClock

FIRST = 60 * TICK  # the first decision's budget in these tests


def turn_start(seed: int, steps: int = 60) -> State:
    """A Mole Majority position, some way into a random game, where a seat's turn begins."""
    rng = random.Random(seed)
    state = molehaven.make("mole-majority").initial_state()
    while state.num_actions < steps or state.is_chance() or decisions_so_far(state) != 0:
        if state.is_terminal():
            state = molehaven.make("mole-majority").initial_state()
        step_random(state, rng)
    return state


def decisions_so_far(state: State) -> int:
    return decisions_in_a_row(state, state.to_move()[0]) if state.to_move() else -1


def settle_chance(state: State, rng: random.Random) -> None:
    while state.is_chance():
        state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))


def test_a_view_counts_the_seats_decisions_in_a_row_and_chance_does_not_end_them() -> None:
    state = turn_start(3)
    seat = state.to_move()[0]
    rng = random.Random(3)
    assert SeatView.of(state, seat).turn_step == 0
    steps = []
    while not state.is_terminal() and state.to_move() == [seat]:
        steps.append(SeatView.of(state, seat).turn_step)
        state.apply(seat, state.legal_actions(seat)[0])
        settle_chance(state, rng)  # a draw ends the turn; others (Cave-In tokens) do not
    assert steps == list(range(len(steps))) and len(steps) >= 2
    other = state.to_move()[0]
    assert other != seat and SeatView.of(state, other).turn_step == 0


def test_a_host_without_the_record_gives_the_count_it_took_before() -> None:
    state = turn_start(3)
    seat = state.to_move()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    detached = state.clone()
    detached._history = None
    assert SeatView.of(state, seat).turn_step == 1
    assert SeatView.of(detached, seat).turn_step == 0  # nothing to count from
    assert SeatView.of(detached, seat, turn_step=1).turn_step == 1


def test_each_later_decision_of_a_turn_gets_a_share_of_the_first_ones_seconds() -> None:
    assert [turn_share(1.0, 0.5, step) for step in range(4)] == [1.0, 0.5, 0.5, 0.5]
    assert turn_share(0.3, 1.0, 5) == 0.3  # a share of 1: every decision the whole seconds
    assert turn_share(None, 0.5, 2) is None  # no time bound stays none
    with pytest.raises(ValueError, match="follow_up"):
        MCTSAgent(1, seconds=1.0, follow_up=0.0)


def play_turn(agent: MCTSAgent, state: State, clock: TickingClock) -> list[float]:
    """Let ``agent`` play the turn that begins in ``state``; the clock's time each searched
    decision took."""
    seat = state.to_move()[0]
    rng = random.Random(5)
    spent: list[float] = []
    while not state.is_terminal() and state.to_move() == [seat]:
        view = SeatView.of(state, seat)
        before = clock.now
        state.apply(seat, agent.act(view))
        if len(view.legal_actions) > 1:
            spent.append(clock.now - before)
        settle_chance(state, rng)
    return spent


@pytest.mark.parametrize("seed", [3, 11])
def test_the_later_decisions_of_a_turn_keep_to_their_share_of_the_first_ones_budget(
    seed: int,
) -> None:
    """A share of one half: a turn of n searched decisions takes the first one's budget and
    half of it for each of the others (a tick or two over each, the reading that finds the
    time up), not n times it."""
    tuned = PLAYOUTS["mole-majority"]
    clock = TickingClock()
    agent = MCTSAgent(
        seed,
        iterations=None,
        seconds=FIRST,
        rollout_depth=tuned.depth,
        prior_visits=tuned.prior_visits,
        follow_up=0.5,
        clock=clock,
    )
    spent = play_turn(agent, turn_start(seed), clock)
    assert len(spent) >= 3  # a turn of several searched decisions
    assert spent[0] >= FIRST  # the first decision has the whole budget
    assert all(seconds <= FIRST / 2 + 3 * TICK for seconds in spent[1:])
    assert sum(spent) <= FIRST * (1 + (len(spent) - 1) / 2) + 3 * TICK * len(spent)


class Recorder:
    """Stands in for the agent a level picks; records what it was made with."""

    name = "informed"
    made_with: list[tuple[float | None, float]] = []  # noqa: RUF012

    def __init__(
        self, seed: int | None = None, *, seconds: float | None = None, follow_up: float = 1.0
    ) -> None:
        Recorder.made_with.append((seconds, follow_up))

    def act(self, view: SeatView) -> Action:
        return view.legal_actions[0]


def first_view(slug: str) -> SeatView:
    state = molehaven.make(slug).initial_state()
    settle_chance(state, random.Random(1))
    return SeatView.of(state, state.to_move()[0])


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_mole_majoritys_levels_share_a_turns_time_and_a_budget_sets_its_first_decision(
    level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(AGENTS, "informed", Recorder)
    Recorder.made_with.clear()
    own = LEVELS["mole-majority"][level].seconds
    make_agent(level, 1).act(first_view("mole-majority"))
    make_agent(level, 1, seconds=0.05).act(first_view("mole-majority"))  # the arena's --budget
    assert Recorder.made_with == [(own, 0.5), (0.05, 0.5)]


@pytest.mark.parametrize("slug", ["maulwurf-company", "mole-hill"])
def test_other_games_levels_think_every_decision_in_full(
    slug: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Their turns are one decision (Mole Park's and Die Maulwurf Company's rarely two):
    nothing to share, so they stay as they were."""
    monkeypatch.setitem(AGENTS, "informed", Recorder)
    Recorder.made_with.clear()
    make_agent("medium", 1).act(first_view(slug))
    assert Recorder.made_with == [(LEVELS[slug]["medium"].seconds, 1.0)]
    assert all(level.follow_up == 1.0 for level in LEVELS[slug].values())


@pytest.mark.parametrize("slug", ["mole-park", "the-mole"])
def test_the_levels_of_games_without_long_turns_share_nothing(slug: str) -> None:
    """Mole Park's and The Mole's levels above easy are ``flat`` (greedy's weighing, not the
    search the test above records): no decision thinks a share of another's time."""
    assert all(level.follow_up == 1.0 for level in LEVELS[slug].values())
    assert LEVELS[slug]["medium"].agents == ("flat",)
