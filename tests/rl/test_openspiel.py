"""OpenSpiel registration: OpenSpiel's own random-simulation test, MCTS, IS-MCTS and
evaluation run on the Molehaven games."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import molehaven
from molehaven.rl.openspiel import spiel_name
from tests.rl.playouts import SHORT_OPTIONS, case_id, extreme_counts

CASES = extreme_counts()


def _load(slug: str, players: int) -> pyspiel.Game:
    return pyspiel.load_game(spiel_name(slug), {"players": players, **SHORT_OPTIONS[slug]})


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_openspiel_random_simulation_test_passes(slug: str, players: int) -> None:
    game = _load(slug, players)
    info = molehaven.make(slug).info
    game_type = game.get_type()
    assert game.num_players() == players
    assert game.num_distinct_actions() == molehaven.make(slug, players).num_distinct_actions()
    assert (game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == (
        info.has_chance
    )
    assert (game_type.information == pyspiel.GameType.Information.PERFECT_INFORMATION) == (
        info.perfect_information
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_chance_outcomes_have_probabilities_and_fixed_indices() -> None:
    game = _load("mole-park", 3)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0]).startswith("king ")


def test_information_state_hides_what_a_seat_cannot_see() -> None:
    """Two Mole Park deals that differ only in other seats' hands read the same to seat 0."""
    game = _load("mole-park", 3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(5):
        other = state.resample_from_infostate(0, sampler)
        assert other.information_state_string(0) == state.information_state_string(0)
        np.testing.assert_array_equal(other.observation_tensor(0), state.observation_tensor(0))
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


def test_mcts_bot_plays_mole_hill_in_openspiel_evaluation() -> None:
    game = pyspiel.load_game(spiel_name("mole-hill"), {"rounds": 1})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20, evaluator=evaluator, random_state=rng)
    random_bot = pyspiel.make_uniform_random_bot(1, 3)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, random_bot], rng)
    assert sum(returns) == pytest.approx(1.0)
    assert all(r in (0.0, 0.5, 1.0) for r in returns)


def test_ismcts_bot_plays_hidden_information_mole_park() -> None:
    game = _load("mole-park", 2)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng),
        pyspiel.make_uniform_random_bot(1, 5),
    ]
    state = game.new_initial_state()
    for _ in range(12):  # a few decisions of the IS-MCTS seat, not a whole game
        while state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(actions, p=probabilities))
        if state.is_terminal():
            break
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions(player)
        state.apply_action(action)
    assert state.move_number() > 12


@pytest.mark.parametrize("slug", molehaven.list_games())
def test_openspiel_evaluation_plays_every_game_with_its_bots(slug: str) -> None:
    """OpenSpiel's ``evaluate_bots`` plays a whole game of each Molehaven game with OpenSpiel's
    uniform random bots, and its returns are Molehaven's (they sum to 1)."""
    players = molehaven.make(slug).players
    game = _load(slug, players)
    rng = np.random.RandomState(2)
    bots = [pyspiel.make_uniform_random_bot(seat, 7 + seat) for seat in range(players)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == players
    assert sum(returns) == pytest.approx(1.0)
