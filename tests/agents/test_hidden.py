"""Agents cannot reach the true state: a view holds the seat's observation and legal actions,
its samples carry no record of hidden chance outcomes, and two true states the seat cannot
tell apart give the same samples and so the same choices."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

import molehaven
from molehaven.agents import Agent, GreedyAgent, MCTSAgent, SeatView
from molehaven.core import State
from molehaven.core.play import step_random


def positions(slug: str, count: int, seed: int) -> list[State]:
    """Positions of random games where a seat has a choice to make."""
    rng = random.Random(seed)
    found: list[State] = []
    state = molehaven.make(slug).initial_state()
    while len(found) < count:
        if state.is_terminal():
            state = molehaven.make(slug).initial_state()
        if not state.is_chance() and not state.to_move():
            state = molehaven.make(slug).initial_state()
        step_random(state, rng)
        to_move = state.to_move()
        if to_move and len(state.legal_actions(to_move[0])) > 1 and rng.random() < 0.05:
            found.append(state.clone())
    return found


def test_a_view_holds_no_state_and_its_samples_no_history() -> None:
    state = positions("mole-majority", 1, seed=1)[0]
    seat = state.to_move()[0]
    view = SeatView.of(state, seat)
    for field in dataclasses.fields(view):
        assert not isinstance(getattr(view, field.name), State), field.name
    assert view.sample_state is not None
    sample = view.sample_state(random.Random(0))
    assert sample.history() == []  # the record would name every hidden card drawn
    assert json.dumps(sample.observation(seat), sort_keys=True) == json.dumps(
        view.observation, sort_keys=True
    )


def agents() -> list[Agent]:
    return [
        GreedyAgent(7),
        MCTSAgent(7, iterations=30, rollout_depth=6, prior_visits=2),
    ]


@pytest.mark.parametrize("slug", ["mole-majority", "the-mole"])
def test_states_a_seat_cannot_tell_apart_get_the_same_choices(slug: str) -> None:
    """Redraw everything hidden from the seat (other hands, tokens, the location…): the
    agents' choices, from the same seeds, do not change, so nothing hidden reaches them."""
    differing = 0
    for state in positions(slug, 4, seed=3):
        seat = state.to_move()[0]
        twin = state.resample_hidden(seat, random.Random(99))
        differing += twin.observation(None) != state.observation(None) or any(
            twin.observation(other) != state.observation(other)
            for other in range(state.game.players)
            if other != seat
        )
        for first, second in zip(agents(), agents(), strict=True):
            assert first.act(SeatView.of(state, seat)) == second.act(SeatView.of(twin, seat))
    assert differing > 0  # the twins really differ in what the seat cannot see
