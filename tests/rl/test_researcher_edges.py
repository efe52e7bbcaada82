"""What a researcher meets first: seeds, wrong arguments, and stepping where no step is due."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from gymnasium.error import ResetNeeded

import molehaven.rl.openspiel  # noqa: F401 (registers the games with OpenSpiel)
from molehaven import rl
from molehaven.core import IllegalActionError, OptionsError
from molehaven.rl.gym import SingleSeatEnv


def _seeded_envs() -> list[rl.MolehavenAEC | rl.MolehavenParallel | SingleSeatEnv]:
    return [
        rl.env("mole-park", 3),
        rl.parallel_env("mole-park", 3),
        SingleSeatEnv("mole-park", 3),
    ]


@pytest.mark.parametrize("seed", [1.5, "7", True, b"7"])
def test_a_seed_that_is_not_an_integer_is_refused(seed: object) -> None:
    # random.Random hashes floats and strings into a seed, so these used to run silently.
    for env in _seeded_envs():
        with pytest.raises(TypeError, match="a seed is a non-negative integer or None"):
            env.reset(seed=seed)  # type: ignore[arg-type]


def test_a_negative_seed_is_refused() -> None:
    # random.Random(-3) draws exactly what random.Random(3) draws: two "different" seeds
    # would give the same episodes.
    for env in _seeded_envs():
        with pytest.raises(ValueError, match="got -3"):
            env.reset(seed=-3)


def _first_tensors(env: rl.MolehavenAEC, seed: object) -> bytes:
    env.reset(seed=seed)  # type: ignore[arg-type]
    return bytes(env.observe(env.agent_selection)["observation"].tobytes())


def test_a_numpy_integer_seeds_like_the_same_int() -> None:
    aec = rl.env("mole-park", 3)
    assert _first_tensors(aec, np.int64(11)) == _first_tensors(aec, 11)
    gym_env = SingleSeatEnv("mole-park", 3, seat=1)
    numpy_seeded, _ = gym_env.reset(seed=np.uint32(11))
    int_seeded, _ = gym_env.reset(seed=11)
    assert np.array_equal(numpy_seeded["observation"], int_seeded["observation"])


def _finish_aec(env: rl.MolehavenAEC) -> None:
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else env.legal_indices(agent)[0])


def test_an_aec_step_after_the_episode_asks_for_a_reset() -> None:
    env = rl.env("mole-hill", rounds=1)
    env.reset(seed=0)
    _finish_aec(env)
    with pytest.raises(ResetNeeded, match=r"call reset\(\)"):
        env.step(0)  # was a KeyError naming the last agent
    env.reset(seed=0)
    env.step(env.legal_indices(env.agent_selection)[0])


def test_a_parallel_step_before_reset_or_after_the_end_asks_for_a_reset() -> None:
    env = rl.parallel_env("mole-park", 3)
    with pytest.raises(ResetNeeded):
        env.step({})  # was "no seat can act and the game is not over"
    env.reset(seed=1)
    while env.agents:
        env.step(
            {
                agent: env.legal_indices(agent)[0] if env.legal_indices(agent) else 0
                for agent in env.agents
            }
        )
    with pytest.raises(ResetNeeded):
        env.step({})  # was an empty step that reported nothing


def test_a_gym_step_before_reset_or_after_the_end_asks_for_a_reset() -> None:
    env = SingleSeatEnv("mole-park", 3, seat=2)
    with pytest.raises(ResetNeeded):
        env.step(0)  # was an IllegalActionError about the seat's turn
    observation, _ = env.reset(seed=3)
    done = False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    with pytest.raises(ResetNeeded):
        env.step(0)


def test_an_openspiel_action_after_the_end_is_refused_plainly() -> None:
    game = pyspiel.load_game("molehaven_mole_hill", {"rounds": 1})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply_action(0)  # was "-4 is not an acting seat: CHANCE (-1), CLOCK (-2) …"


@pytest.mark.parametrize("max_steps", [0, -1, 2.5, True])
def test_a_step_limit_that_is_not_a_positive_int_is_refused(max_steps: object) -> None:
    # 0 used to mean "the default" and -1 truncated every episode after one step.
    with pytest.raises(ValueError, match="max_steps must be a positive int or None"):
        rl.env("mole-hill", max_steps=max_steps)
    with pytest.raises(ValueError, match="max_steps must be a positive int or None"):
        rl.parallel_env("mole-hill", max_steps=max_steps)
    with pytest.raises(ValueError, match="max_steps must be a positive int or None"):
        SingleSeatEnv("mole-hill", max_steps=max_steps)  # type: ignore[arg-type]


def test_the_gym_wrapper_checks_its_render_mode_and_seat() -> None:
    with pytest.raises(ValueError, match="render_mode must be None or one of"):
        SingleSeatEnv("mole-hill", render_mode="rgb_array")  # was accepted, then drew text
    with pytest.raises(OptionsError, match="seat must be an int 0-1, got '0'"):
        SingleSeatEnv("mole-hill", seat="0")  # type: ignore[arg-type]


def test_the_gym_wrapper_prints_in_human_mode(capsys: pytest.CaptureFixture[str]) -> None:
    env = SingleSeatEnv("mole-hill", render_mode="human", rounds=1)
    env.reset(seed=0)
    text = env.render()
    assert capsys.readouterr().out == text + "\n"


def test_a_parallel_action_for_an_unknown_agent_is_refused() -> None:
    env = rl.parallel_env("mole-hill", rounds=1)
    env.reset(seed=0)
    legal = env.legal_indices("seat_0")[0]
    with pytest.raises(ValueError, match="no agent 'seat_9'"):
        env.step({"seat_0": legal, "seat_9": 0})  # was ignored silently
