"""PettingZoo environments: PettingZoo's own API and seed tests for every game at its minimum
and maximum player count, plus what those tests do not check."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

import molehaven
from molehaven import rl
from molehaven.core import IllegalActionError
from molehaven.rl.render import render_text
from tests.rl.playouts import SHORT_OPTIONS, case_id, extreme_counts

CASES = extreme_counts()


@pytest.fixture(autouse=True)
def _quiet_dict_observation_warnings() -> None:
    # api_test warns that a dict observation "probably should be" a Box: masked envs use dicts.
    warnings.filterwarnings("ignore", message="Observation", category=UserWarning)


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_pettingzoo_api_and_seed_tests_pass(slug: str, players: int) -> None:
    options = SHORT_OPTIONS[slug]
    api_test(rl.env(slug, players, **options), num_cycles=100)
    seed_test(lambda: rl.env(slug, players, **options), num_cycles=50)
    parallel_api_test(rl.parallel_env(slug, players, **options), num_cycles=100)


def _masked_parallel_run(slug: str, players: int, seed: int) -> list[bytes]:
    env = rl.parallel_env(slug, players, **SHORT_OPTIONS[slug])
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    while env.agents:
        actions = {}
        for agent, observation in observations.items():
            legal = np.flatnonzero(observation["action_mask"])
            actions[agent] = int(rng.choice(legal)) if len(legal) else 0
            trace.append(observation["observation"].tobytes() + bytes(actions[agent]))
        observations, *_ = env.step(actions)
    return trace


@pytest.mark.parametrize("slug", ["mole-park", "the-mole"])
def test_parallel_env_replays_from_its_seed(slug: str) -> None:
    first = _masked_parallel_run(slug, 3, seed=5)
    assert first == _masked_parallel_run(slug, 3, seed=5)
    assert first != _masked_parallel_run(slug, 3, seed=6)


def test_mole_park_dice_are_chosen_in_one_parallel_step() -> None:
    """MP-16: every seat chooses its die secretly and at once."""
    env = rl.parallel_env("mole-park", 4)
    observations, _ = env.reset(seed=1)
    choose = [env.table.game.action_index(name) for name in ("glove", "pan", "mallet")]
    for _ in range(200):
        acting = [a for a, o in observations.items() if o["action_mask"].any()]
        if len(acting) == 4 and all(observations[a]["action_mask"][choose].all() for a in acting):
            break
        actions = {
            a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0
            for a, o in observations.items()
        }
        observations, *_ = env.step(actions)
    else:
        pytest.fail("no die choice in 200 steps")
    before = env.table.state.num_actions
    env.step(dict.fromkeys(env.agents, choose[0]))
    applied = [(seat, str(a)) for seat, a in env.table.state.history()[before:] if seat >= 0]
    assert applied[:4] == [(seat, "glove") for seat in range(4)]


def test_aec_env_refuses_an_illegal_action_and_renders_text() -> None:
    env = rl.env("mole-hill", rounds=1, render_mode="ansi")
    env.reset(seed=0)
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    text = env.render()
    assert text.startswith("Mole Hill (2 players)\n")
    assert "[ 1]" in text  # the first piece on the grid, the stack
    assert "\x1b" not in text  # plain text, no terminal colours


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_render_draws_the_spectators_board_and_no_secret(slug: str, players: int) -> None:
    """``render()`` is the terminal's board for a spectator: a state whose hidden parts are
    drawn anew (other hands, the deck, secret roles) renders the same."""
    env = rl.env(slug, players, **SHORT_OPTIONS[slug])
    env.reset(seed=2)
    rng = random.Random(2)
    for _ in range(12):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        env.step(rng.choice(env.legal_indices(agent)))
    text = env.render()
    title = molehaven.make(slug).info.title
    assert text.startswith(title)
    assert len(text.splitlines()) > 8  # a board, not a line of facts
    state = env.table.state
    for seed in range(3):
        other = state.resample_hidden(None, random.Random(seed))
        assert render_text(other) == text


@pytest.mark.parametrize("action", [1.5, 3.0, "3", True, [3]])
def test_every_env_refuses_an_action_that_is_not_an_integer(action: object) -> None:
    """A float is not rounded, a string not parsed: the action is refused and the game is
    left as it was; a NumPy integer is an integer."""
    env = rl.env("mole-park", players=4)
    env.reset(seed=0)
    before = env.table.state.num_actions
    with pytest.raises(TypeError, match="an action index is an integer"):
        env.step(action)
    assert env.table.state.num_actions == before
    parallel = rl.parallel_env("mole-park", players=4)
    parallel.reset(seed=0)
    with pytest.raises(TypeError, match="an action index is an integer"):
        parallel.step(dict.fromkeys(parallel.agents, action))
    legal = env.legal_indices(env.agent_selection)[0]
    env.step(np.int64(legal))
    assert env.table.state.num_actions > before


def test_env_defaults_to_the_minimum_player_count() -> None:
    assert rl.env("the-mole").possible_agents == ["seat_0", "seat_1", "seat_2"]
    assert rl.env("mole-park", players=4).num_agents == 4


def test_a_parallel_action_overtaken_by_an_earlier_seat_is_dropped_and_reported() -> None:
    """In The Mole anyone may nominate while the asker asks (TM-14): in one Parallel step
    the lower seat acts first, and a later action it made illegal is dropped, not applied."""
    env = rl.parallel_env("the-mole", 4)
    observations, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(400):
        movers = [a for a, o in observations.items() if o["action_mask"].any()]
        actions = {
            agent: int(rng.choice(np.flatnonzero(o["action_mask"])))
            if o["action_mask"].any()
            else 0
            for agent, o in observations.items()
        }
        before = env.table.state.num_actions
        observations, _, _, _, infos = env.step(actions)
        dropped = [agent for agent, info in infos.items() if info.get("dropped")]
        if dropped:
            applied = {s for s, _ in env.table.state.history()[before:] if s >= 0}
            assert all(env.seats[agent] not in applied for agent in dropped)
            assert set(dropped) < set(movers)
            return
        if not env.agents:
            observations, _ = env.reset()
    pytest.fail("no action was overtaken in 400 steps")


def test_max_steps_truncates_every_agent_without_a_reward() -> None:
    env = rl.env("mole-majority", 3, max_steps=5)
    env.reset(seed=2)
    acted = 0
    for _agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            assert reward == 0.0
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        acted += 1
    assert acted == 5
    assert env.agents == []
    assert not env.table.state.is_terminal()
    parallel = rl.parallel_env("mole-majority", 3, max_steps=3)
    observations, _ = parallel.reset(seed=2)
    for step in range(3):
        actions = {a: int(np.argmax(o["action_mask"])) for a, o in observations.items()}
        observations, _, terminations, truncations, _ = parallel.step(actions)
        assert all(truncations.values()) == (step == 2)
        assert not any(terminations.values())
    assert parallel.agents == []


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_legal_indices_are_the_ones_of_the_mask(slug: str, players: int) -> None:
    env = rl.env(slug, players, **SHORT_OPTIONS[slug])
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(60):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        observation, *_ = env.last()
        legal = env.legal_indices(agent)
        assert sorted(legal) == np.flatnonzero(observation["action_mask"]).tolist()
        assert len(set(legal)) == len(legal)
        env.step(int(rng.choice(legal)))


def test_legal_indices_follow_actions_applied_to_the_state_directly() -> None:
    """The table lists legal indices once per position; an action applied to ``table.state``
    (as the Gymnasium wrapper's opponents do) is a new position."""
    env = rl.env("mole-hill", rounds=1)
    env.reset(seed=0)
    agent = env.agent_selection
    before = list(env.legal_indices(agent))
    state = env.table.state
    seat = env.seats[agent]
    state.apply(seat, state.legal_actions(seat)[0])
    after = env.table.legal_indices(seat)
    assert after != before
    assert after == [env.table.game.action_index(a) for a in state.legal_actions(seat)]


def test_legal_indices_are_listed_anew_for_a_new_game() -> None:
    """The legal-index cache is per state object: after ``reset`` the first position of a new
    deal (same action count, other cards) is listed anew, even if the old state is gone."""
    env = rl.env("mole-park", 3)
    for seed in range(6):
        env.reset(seed=seed)
        agent = env.agent_selection
        state = env.table.state
        expected = [env.table.game.action_index(a) for a in state.legal_actions(env.seats[agent])]
        assert env.legal_indices(agent) == expected
        env.reset(seed=100 + seed)  # a game nobody asks about, then the next seed's
