"""Observation tensors: declared shapes, float32 values in [0, 1], and no leak."""

from __future__ import annotations

import random

import numpy as np
import pytest

from molehaven.rl.encoders import encoder
from tests.rl.playouts import case_id, extreme_counts, seat_states

CASES = extreme_counts()


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_tensors_have_the_declared_shape_and_range(slug: str, players: int) -> None:
    encode = encoder(slug, players)
    distinct = set()
    for state in seat_states(slug, players, games=3, seed=7, chance=True):
        for seat in range(players):
            tensor = encode.encode(state.observation(seat), seat)
            assert tensor.shape == encode.shape
            assert tensor.dtype == np.float32
            assert float(tensor.min()) >= 0.0
            assert float(tensor.max()) <= 1.0
            distinct.add(tensor.tobytes())
    assert len(distinct) > 10  # the tensor follows the game


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_states_a_seat_cannot_tell_apart_give_equal_tensors(slug: str, players: int) -> None:
    encode = encoder(slug, players)
    rng = random.Random(3)
    checked = 0
    for index, state in enumerate(seat_states(slug, players, games=2, seed=11)):
        if index % 5:
            continue
        seat = index % players
        other = state.resample_hidden(seat, rng)
        assert other.observation(seat) == state.observation(seat)
        mine = encode.encode(state.observation(seat), seat)
        np.testing.assert_array_equal(mine, encode.encode(other.observation(seat), seat))
        checked += 1
    assert checked > 3


def test_layout_names_every_segment() -> None:
    layout = encoder("mole-hill", 2).layout
    assert layout.size == sum(size for _, size in layout.segments)
    assert "rods" in layout.describe()
