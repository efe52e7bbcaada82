"""Agents see only their seat's view and pick legal actions; MCTS finds the obvious move."""

from __future__ import annotations

import random

import molehaven
from molehaven.agents import MCTSAgent, RandomAgent, SeatView
from molehaven.sim import play_game


def test_seat_view_holds_the_seats_own_observation_and_actions() -> None:
    game = molehaven.make("mole-hill")
    state = game.initial_state()
    view = SeatView.of(state, 0)
    assert view.observation == state.observation(0)
    assert view.legal_actions == state.legal_actions(0)
    assert view.sample_state is not None
    sample = view.sample_state(random.Random(1))
    state.apply(0, game.parse_action("place e4"))
    assert sample.observation(0) == view.observation  # a snapshot: later moves do not show


def test_random_agent_is_reproducible_from_its_seed() -> None:
    game = molehaven.make("mole-hill")
    first = play_game(game, [RandomAgent(1), RandomAgent(2)], random.Random(0)).record()
    again = play_game(game, [RandomAgent(1), RandomAgent(2)], random.Random(0)).record()
    assert first == again


def test_mcts_avoids_boxing_itself_in() -> None:
    """Rounds = 1, mole on b1 (rules 11.6): `move a1` ends the round at 0 (a draw), while
    `move c2` keeps the white flower b2 within reach. MCTS must step to c2."""
    game = molehaven.make("mole-hill", rounds=1)
    state = game.initial_state()
    for seat, text in [(0, "place c1"), (1, "rod a1 a2"), (0, "move b1"), (1, "rod b1 b2")]:
        state.apply(seat, game.parse_action(text))
    assert {str(a) for a in state.legal_actions(0)} == {"move a1", "move c2"}
    choice = MCTSAgent(3, iterations=200).act(SeatView.of(state, 0))
    assert str(choice) == "move c2"


def test_mcts_beats_random_over_a_match() -> None:
    """In seeded two-round matches, MCTS (either seat) beats the random agent."""
    game = molehaven.make("mole-hill")
    for seed, mcts_seat in [(0, 0), (1, 1)]:
        agents = [RandomAgent(seed), RandomAgent(seed)]
        agents[mcts_seat] = MCTSAgent(seed, iterations=100)
        final = play_game(game, agents, random.Random(seed))
        assert final.returns()[mcts_seat] == 1.0, final.scores()
