"""The server clock follows the public timer (TM-8), not each blip of legal_actions(CLOCK)."""

from __future__ import annotations

import random

import molehaven
from molehaven.core import CHANCE, CLOCK, State
from molehaven.core.play import sample_outcome
from molehaven.server.matches.clock import ClockWatch, clock_signal


def the_mole_in_open_play() -> State:
    game = molehaven.make("the-mole", players=3)
    state = game.initial_state()
    rng = random.Random(4)
    while state.is_chance():
        state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
    return state


def test_an_ask_and_its_draw_do_not_restart_the_round_timer() -> None:
    """TM-8: the timer starts once per round; the draw node after an ask (where time-up is not
    legal for a moment) must not start a new period."""
    state = the_mole_in_open_play()
    assert clock_signal(state)[0] is True
    watch = ClockWatch(enabled=True, live=True, period=clock_signal(state)[1])
    asker = state.observation(None)["asker"]
    ask = next(a for a in state.legal_actions(asker) if str(a).startswith("ask "))
    state.apply(asker, ask)
    assert state.is_chance()
    assert state.legal_actions(CLOCK) == []
    watch.observe(state)
    state.apply(CHANCE, state.chance_outcomes()[0][0])
    watch.observe(state)
    assert watch.live
    assert not watch.restarted


def test_time_up_stops_the_timer_and_a_new_round_restarts_it() -> None:
    state = the_mole_in_open_play()
    watch = ClockWatch(enabled=True, live=True, period=clock_signal(state)[1])
    state.apply(CLOCK, "time-up")
    watch.observe(state)
    assert not watch.live
    assert not watch.restarted
    rng = random.Random(1)
    first_round = state.observation(None)["round"]
    while not state.is_terminal() and state.observation(None)["round"] == first_round:
        if state.is_chance():
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        else:
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        watch.observe(state)
    while state.is_chance():
        state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
        watch.observe(state)
    if not state.is_terminal():
        assert watch.live
        assert watch.restarted
