"""What a researcher meets first: seeds, wrong arguments, and stepping where no step is due."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from gymnasium.error import ResetNeeded
from pettingzoo.utils.conversions import aec_to_parallel

import molehaven
import molehaven.rl.openspiel  # (registers the games with OpenSpiel)
from molehaven import rl
from molehaven.agents import AGENTS
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


# Found by a researcher's walk through the docs (2026-11-29): each failed as shown before.


def test_an_openspiel_game_pickles_so_worker_processes_can_take_it() -> None:
    # Can't pickle <class 'molehaven.rl.openspiel.MolehavenSpielGame_mole_hill'>:
    # attribute lookup MolehavenSpielGame_mole_hill on molehaven.rl.openspiel failed.
    game = pyspiel.load_game("molehaven_mole_hill", {"rounds": 1})
    back = pickle.loads(pickle.dumps(game))
    assert back.get_parameters() == game.get_parameters()
    assert back.new_initial_state().legal_actions() == game.new_initial_state().legal_actions()


def test_the_aec_env_does_not_claim_pettingzoo_can_make_it_parallel() -> None:
    # It claimed so, and ``aec_to_parallel`` stepped every seat at once with stale masks
    # ("declare is not legal for seat 1 now"); ``rl.parallel_env`` is the parallel one.
    assert rl.env("mole-park").metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="not generally safe"):
        aec_to_parallel(rl.env("mole-hill"))


def test_an_openspiel_simultaneous_node_lists_and_takes_flat_joint_actions() -> None:
    """OpenSpiel's convention: ``legal_actions()`` of a simultaneous node numbers the joint
    actions, player 0's choice the least significant digit. It gave ``[NO_ACTION]``, which
    then "is outside 0-18", and a seat's own index was refused as "the clock"'s."""
    game = pyspiel.load_game("molehaven_mole_park")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.is_simultaneous_node()
    own = [state.legal_actions(seat) for seat in range(2)]
    flat = state.legal_actions()
    assert flat == list(range(len(own[0]) * len(own[1])))
    for number in flat:
        joint = [own[0][number % len(own[0])], own[1][number // len(own[0])]]
        by_number, by_joint = state.clone(), state.clone()
        by_number.apply_action(number)
        by_joint.apply_actions(joint)
        assert str(by_number) == str(by_joint)
        words = [state.action_to_string(seat, action) for seat, action in enumerate(joint)]
        assert state.action_to_string(number) == f"[{', '.join(words)}]"
    with pytest.raises(ValueError, match="one action per player"):
        state.clone().apply_actions([own[0][0]])
    rng = np.random.default_rng(4)
    while not state.is_terminal():  # a generic loop plays a whole game
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=weights)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert sum(state.returns()) == pytest.approx(1.0)


def test_an_action_index_from_numpy_decodes_and_a_non_integer_is_refused() -> None:
    game = molehaven.make("mole-park", 4)
    mask = np.zeros(game.num_distinct_actions(), dtype=np.int8)
    mask[2] = 1
    assert game.action_at(mask.argmax()) == game.action_at(2)  # was "outside 0-56"
    for wrong in (True, 2.0, "2"):
        with pytest.raises(TypeError, match="an action index is an integer"):
            game.action_at(wrong)  # type: ignore[arg-type]


@pytest.mark.parametrize("opponents", [None, 42, AGENTS["random"]], ids=["None", "int", "factory"])
def test_a_gym_opponent_that_is_no_agent_is_refused_when_the_env_is_made(
    opponents: object,
) -> None:
    # Each passed until the first opponent move, then failed about something else
    # ("'NoneType' object has no attribute 'act'", "act() missing 1 required argument").
    with pytest.raises(OptionsError, match=r"an agent's name .* or an agent"):
        SingleSeatEnv("mole-park", opponents=opponents)  # type: ignore[arg-type]


def test_numpy_step_limits_pass_and_encoders_check_seats_and_player_counts() -> None:
    assert rl.env("mole-hill", max_steps=np.int64(10)).max_steps == 10
    encoder = rl.encoder("mole-park", 4)
    observation = molehaven.make("mole-park", 4).initial_state().observation(0)
    for seat in (None, 5, -1):
        with pytest.raises(ValueError, match="is outside 0-3"):
            encoder.encode(observation, seat)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="takes 2-8 players, got 9"):
        rl.encoder("mole-park", 9)


def test_every_env_hands_out_its_game_to_decode_an_index() -> None:
    # The game was reachable only as the internal ``env.table.game``.
    aec = rl.env("mole-park", 3)
    aec.reset(seed=0)
    observation, *_ = aec.last()
    index = observation["action_mask"].argmax()
    assert aec.game.action_at(index) in aec.table.state.legal_actions(
        aec.seats[aec.agent_selection]
    )
    assert rl.parallel_env("mole-park", 3).game.players == 3
    assert SingleSeatEnv("mole-hill", rounds=1).game.slug == "mole-hill"
