"""Observation tensors: declared shapes, float32 values in [0, 1], and no leak."""

from __future__ import annotations

import random

import numpy as np
import pytest

import molehaven
from molehaven.core import CHANCE
from molehaven.core.play import sample_outcome
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


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_a_tensor_does_not_depend_on_what_was_encoded_before(slug: str, players: int) -> None:
    """Encoders remember parts of the last observation (Mole Majority's board); encoding the
    same observations forwards and backwards must give the same tensors."""
    encode = encoder(slug, players)
    seen = [
        (state.observation(seat), seat)
        for index, state in enumerate(seat_states(slug, players, games=2, seed=5))
        for seat in {index % players, (index + 1) % players}
    ]
    forwards = [encode.encode(observation, seat) for observation, seat in seen]
    backwards = [encode.encode(observation, seat) for observation, seat in reversed(seen)]
    for first, second in zip(forwards, reversed(backwards), strict=True):
        np.testing.assert_array_equal(first, second)


def test_mm_24_a_forfeited_roll_or_effect_has_its_own_slot() -> None:
    """MM-24: after a bonus breed, an unused Groundskeeper roll or Cave-In / Make A Home
    effect shows as "forfeited" in the observation, and the tensor tells it apart."""
    encode = encoder("mole-majority", 2)
    start = encode.layout.start
    found = set()
    rng = random.Random(0)
    game = molehaven.make("mole-majority", 2)
    for _ in range(40):
        state = game.initial_state()
        while not state.is_terminal() and len(found) < 2:
            if state.is_chance():
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.to_move()[0]
            current = state.observation(seat)["current"]
            tensor = encode.encode(state.observation(seat), seat)
            assert isinstance(current, dict)
            for key in ("roll", "effect"):
                word = current[key]
                slot = ("none", "available", "done", "forfeited").index(str(word))
                assert tensor[start[key] + slot] == 1.0
                assert tensor[start[key] : start[key] + 4].sum() == 1.0
                if word == "forfeited":
                    found.add(key)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if len(found) == 2:
            break
    assert found == {"roll", "effect"}


def test_mm_45_a_face_up_home_token_has_its_value_slot() -> None:
    """MM-45 (``reveal_home_tokens``): a claimed hex's token shows its value, an int in the
    observation; the tensor marks that value's slot (the encoder once raised KeyError)."""
    encode = encoder("mole-majority", 2)
    start = encode.layout.start["token"]
    labels = "abcdefghijklmnopqrs"
    game = molehaven.make("mole-majority", 2, reveal_home_tokens=True)
    rng = random.Random(0)
    found = 0
    for _ in range(3):
        state = game.initial_state()
        while not state.is_terminal() and found < 20:
            if state.is_chance():
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.to_move()[0]
            observation = state.observation(seat)
            tensor = encode.encode(observation, seat)
            board = observation["board"]
            assert isinstance(board, dict)
            for label, hex_ in board.items():
                assert isinstance(hex_, dict)
                token = hex_["token"]
                if isinstance(token, int):
                    block = start + labels.index(label) * 5
                    assert tensor[block + 1 + token] == 1.0  # none, hidden, 1, 2, 3
                    assert tensor[block : block + 5].sum() == 1.0
                    found += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert found >= 20
