"""The fast encoders (``encode_state``, straight from the state) against the reference
(``encode(observation(seat), seat)``): the same float32 bytes for every seat at every step of
seeded random games, and no more knowledge than the observation gives."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

import molehaven
from molehaven.core import CHANCE, Action, State
from molehaven.rl.encoders import Encoder, encoder
from tests.rl.playouts import case_id, extreme_counts, seat_states

CASES = extreme_counts()
# Options other than the defaults (and other than the short ones of the other tests), with a
# player count between the extremes where there is one.
OTHER_OPTIONS: list[tuple[str, int, dict[str, object]]] = [
    ("mole-hill", 2, {"rounds": 2, "centre_start_jump": False}),
    (
        "maulwurf-company",
        3,
        {"hole_exit": "any", "special_fields": False, "sole_survivor": "plays_on", "max_turns": 40},
    ),
    ("maulwurf-company", 2, {"tournament": True, "max_turns": 40}),
    ("maulwurf-company", 4, {"tournament": True, "sole_survivor": "plays_on", "max_turns": 60}),
    ("mole-park", 5, {"prize_value": "highest", "round_limit": 6, "hand_limit": 2}),
    ("mole-park", 3, {"round_limit": 4, "hand_limit": 12}),
    (
        "mole-majority",
        3,
        {"reveal_home_tokens": True, "end_on_empty_supply": False, "turn_limit": 12},
    ),
    ("mole-majority", 4, {"reveal_home_tokens": True, "claim_tokens": 2, "mole_tokens": 7}),
    ("mole-majority", 2, {"turn_limit": 30, "claim_tokens": 3}),
    ("the-mole", 5, {"target_score": 3, "question_limit": 6}),
    ("the-mole", 4, {"target_score": 2, "question_limit": 30, "free_text": False}),
]


def test_every_game_has_a_fast_encoder() -> None:
    for slug in molehaven.list_games():
        info = molehaven.make(slug).info
        assert encoder(slug, info.min_players).fast, slug


def _played(
    slug: str, players: int, options: dict[str, object], games: int, seed: int
) -> Iterator[State]:
    """Every state of seeded random games, chance nodes and the end included."""
    rng = random.Random(seed)
    game = molehaven.make(slug, players, **options)
    for _ in range(games):
        state = game.initial_state()
        for _ in range(400):
            yield state
            if state.is_terminal():
                break
            if state.is_chance():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                state.apply(CHANCE, action)
                continue
            if slug == "the-mole":
                seat, action = _patient_mole_move(state, rng, bool(options.get("free_text", True)))
            else:
                seat = rng.choice(state.to_move())
                action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)


def _patient_mole_move(state: State, rng: random.Random, free_text: bool) -> tuple[int, Action]:
    """The Mole as people play it, so that rounds reach the question limit and the final vote
    (TM-20): the awaited seat acts, and calls a vote or guesses in one move of ten; one answer
    in three is in the player's own words (TM-13), never among the listed actions."""
    movers = state.to_move()
    seat = rng.choice(movers if rng.random() < 0.1 else state.awaited() or movers)
    legal = state.legal_actions(seat)
    calm = [action for action in legal if str(action).split()[0] not in ("nominate", "guess")]
    action = rng.choice(calm if calm and rng.random() < 0.9 else legal)
    if free_text and str(action).startswith("answer") and rng.random() < 1 / 3:
        action = state.game.parse_action(f'answer "words {rng.randrange(9)}"')
    return seat, action


def _assert_same(slug: str, players: int, states: Iterator[State]) -> int:
    """Every seat's fast tensor equals its reference tensor, byte for byte; how many compared."""
    encode = encoder(slug, players)
    compared = 0
    for state in states:
        for seat in range(players):
            reference = encode.encode(state.observation(seat), seat)
            fast = encode.encode_state(state, seat)
            assert fast.dtype == np.float32
            assert fast.shape == encode.shape
            if not np.array_equal(fast, reference):
                wrong = np.flatnonzero(fast != reference)[:10]
                where = [
                    (int(i), float(reference[i]), float(fast[i]), _segment(encode, int(i)))
                    for i in wrong
                ]
                pytest.fail(f"seat {seat} at action {state.num_actions}: {where}")
            compared += 1
    return compared


def _segment(encode: Encoder, position: int) -> str:
    """``name[index]`` of a tensor position, for failure messages."""
    for name, (offset, size) in encode.layout.offsets.items():
        if offset <= position < offset + size:
            return f"{name}[{position - offset}]"
    return "?"


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_the_fast_tensor_is_the_reference_tensor(slug: str, players: int) -> None:
    options = {"mole-hill": {"rounds": 1}}.get(slug, {})
    games = {"mole-hill": 12, "mole-majority": 6}.get(slug, 4)
    compared = _assert_same(slug, players, _played(slug, players, options, games, seed=17))
    assert compared > 300


@pytest.mark.parametrize(
    ("slug", "players", "options"),
    OTHER_OPTIONS,
    ids=[
        f"{slug}-{players}p-{'-'.join(map(str, options))}"
        for slug, players, options in OTHER_OPTIONS
    ],
)
def test_the_fast_tensor_is_the_reference_tensor_with_other_options(
    slug: str, players: int, options: dict[str, object]
) -> None:
    compared = _assert_same(slug, players, _played(slug, players, options, games=3, seed=23))
    assert compared > 100


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_the_fast_tensor_is_the_reference_tensor_in_any_order(slug: str, players: int) -> None:
    """Fast encoders keep chunks of earlier steps (Maulwurf Company's moles, Mole Majority's
    board); states from several games, shuffled, must still give the reference tensors."""
    states = [state.clone() for state in seat_states(slug, players, games=3, seed=29)]
    random.Random(1).shuffle(states)
    assert _assert_same(slug, players, iter(states)) > 30


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_fast_states_a_seat_cannot_tell_apart_give_equal_tensors(slug: str, players: int) -> None:
    """The no-leak test of ``test_encoders`` on the fast path: what a seat cannot see (other
    hands, secret die choices, face-down tokens …) redrawn, its fast tensor unchanged."""
    encode = encoder(slug, players)
    rng = random.Random(3)
    checked = 0
    for index, state in enumerate(seat_states(slug, players, games=3, seed=11)):
        if index % 3:
            continue
        for seat in range(players):
            other = state.resample_hidden(seat, rng)
            assert other.observation(seat) == state.observation(seat)
            mine = encode.encode_state(state, seat)
            np.testing.assert_array_equal(mine, encode.encode_state(other, seat))
            checked += 1
    assert checked > 10


def test_a_fast_tensor_is_the_callers_own() -> None:
    """Chunks are shared between steps; the tensor handed out is a fresh, writable copy."""
    encode = encoder("maulwurf-company", 4)
    states = list(seat_states("maulwurf-company", 4, games=1, seed=2))[:40]
    for state in states:
        tensor = encode.encode_state(state, 0)
        tensor[:] = 0.5
    for state in states:
        np.testing.assert_array_equal(
            encode.encode_state(state, 1), encode.encode(state.observation(1), 1)
        )


def test_the_fast_path_refuses_a_seat_that_does_not_exist() -> None:
    encode = encoder("mole-park", 3)
    state = next(seat_states("mole-park", 3, games=1, seed=1))
    for seat in (-1, 3, CHANCE):
        with pytest.raises(ValueError, match="outside"):
            encode.encode_state(state, seat)
