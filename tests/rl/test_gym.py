"""The Gymnasium single-seat wrapper: Gymnasium's checker, opponents, seeding and rewards."""

from __future__ import annotations

import re

import numpy as np
import pytest

from molehaven.core import OptionsError
from molehaven.rl.gym import SingleSeatEnv


def _play(env: SingleSeatEnv, seed: int) -> tuple[list[int], float]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen = []
    while True:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        chosen.append(action)
        observation, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return chosen, float(reward)


def test_observations_lie_in_the_declared_space() -> None:
    # Gymnasium's check_env steps with unmasked random actions, which the env refuses as
    # illegal, so the space contract is checked here directly.
    env = SingleSeatEnv("mole-majority", 2, seat=1, turn_limit=4)
    observation, info = env.reset(seed=2)
    assert env.observation_space.contains(observation)
    assert info == {}
    while True:
        action = int(np.flatnonzero(env.action_masks())[-1])
        assert env.action_space.contains(action)
        observation, reward, terminated, truncated, _ = env.step(action)
        assert env.observation_space.contains(observation)
        if terminated or truncated:
            break
    assert 0.0 <= reward <= 1.0


@pytest.mark.parametrize(("slug", "players", "seat"), [("mole-hill", 2, 1), ("mole-park", 3, 2)])
def test_a_seeded_episode_replays_and_ends_with_the_seat_return(
    slug: str, players: int, seat: int
) -> None:
    env = (
        SingleSeatEnv(slug, players, seat=seat, rounds=1)
        if slug == "mole-hill"
        else (SingleSeatEnv(slug, players, seat=seat))
    )
    first, reward = _play(env, seed=4)
    assert _play(env, seed=4) == (first, reward)
    assert env.table.state.is_terminal()
    assert reward == env.table.state.returns()[seat]
    seats_that_acted = {s for s, _ in env.table.state.history() if s >= 0}
    assert seats_that_acted == set(range(players))  # the opponents played too


def test_opponents_are_named_agents_and_bad_names_are_refused() -> None:
    env = SingleSeatEnv("mole-hill", opponents=["mcts"], rounds=1)
    assert type(env._opponents[1]).__name__ == "MCTSAgent"
    with pytest.raises(OptionsError, match="unknown agent"):
        SingleSeatEnv("mole-hill", opponents="nobody")
    with pytest.raises(OptionsError, match="seat must be"):
        SingleSeatEnv("mole-hill", seat=2)


def test_the_number_of_opponents_is_explained() -> None:
    message = re.escape(
        "opponents: give one agent for all 1 other seat(s), or one per other seat (1); got 2"
    )
    with pytest.raises(OptionsError, match=message):
        SingleSeatEnv("mole-hill", seat=0, opponents=["random", "random"], rounds=1)


def test_a_list_of_one_opponent_plays_every_other_seat() -> None:
    env = SingleSeatEnv("mole-park", 3, opponents=["greedy"])
    assert sorted(env._opponents) == [1, 2]
    assert {type(agent).__name__ for agent in env._opponents.values()} == {"GreedyAgent"}


def test_a_step_that_is_not_an_integer_is_refused() -> None:
    env = SingleSeatEnv("mole-hill", seat=0, rounds=1)
    env.reset(seed=0)
    with pytest.raises(TypeError, match="an action index is an integer"):
        env.step(0.0)
    observation, *_ = env.step(np.int64(0))  # place a1
    assert observation["action_mask"].any()


def test_a_game_over_before_the_learning_seat_acts_is_skipped_not_returned() -> None:
    """The Mole at ``target_score=1``: the mole (seat 0, a random bot here) may guess the
    location first and end the game before seat 6 is asked; reset deals the next game, so
    the episode starts with a legal action, and a seeded reset still replays."""
    options = {"target_score": 1, "question_limit": 20}
    env = SingleSeatEnv("the-mole", 7, seat=6, opponents="random", **options)
    observation, _ = env.reset(seed=4)
    assert env.skipped >= 1  # seed 4's first game ended at the mole's guess
    assert observation["action_mask"].any()
    assert not env.table.state.is_terminal()
    first = env.table.state.history()
    env.reset(seed=4)
    assert env.table.state.history() == first
    observation, *_ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.observation_space.contains(observation)


def test_every_game_is_registered_with_gymnasium() -> None:
    """``gymnasium.make`` builds each game's env by id, options and opponents passed
    through, and the module:id form imports Molehaven itself."""
    import gymnasium

    from molehaven.games import REGISTRY
    from molehaven.rl.gym import gym_id

    assert gym_id("maulwurf-company") == "molehaven/MaulwurfCompany-v0"
    for slug in REGISTRY.list_games():
        env = gymnasium.make(gym_id(slug))
        assert isinstance(env.unwrapped, SingleSeatEnv)
        assert env.unwrapped.game.slug == slug
    env = gymnasium.make("molehaven.rl.gym:molehaven/TheMole-v0", players=4, opponents="greedy")
    observation, _ = env.reset(seed=2)
    assert env.unwrapped.game.players == 4
    assert observation["action_mask"].any()
    env = gymnasium.make(gym_id("mole-hill"), rounds=1, seat=1)
    env.reset(seed=0)
    assert (env.unwrapped.seat, env.unwrapped.game.options.rounds) == (1, 1)
