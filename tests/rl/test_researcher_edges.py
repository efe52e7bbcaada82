"""What a researcher meets first: seeds, wrong arguments, and stepping where no step is due."""

from __future__ import annotations

import numpy as np
import pytest

from molehaven import rl
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
