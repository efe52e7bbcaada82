"""Legal indices and masks reused from a seat's last listing (``masks.Listing``) must be
exactly the ones listed anew: the engine's ``legal_actions`` order, every step."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from molehaven import rl
from molehaven.rl.masks import Listing, dropped_one, legal_mask
from tests.rl.playouts import SHORT_OPTIONS, case_id, extreme_counts


def _dropped_by_scan(before: list[object], after: list[object]) -> int | None:
    for at in range(len(before)):
        if before[:at] + before[at + 1 :] == after:
            return at
    return None


@given(
    st.integers(0, 12),
    st.lists(st.integers(0, 15), max_size=12),
    st.sampled_from(["drop", "same", "edit"]),
)
def test_dropped_one_finds_the_one_action_left_out_or_none(
    size: int, picks: list[int], how: str
) -> None:
    pool = [object() for _ in range(16)]
    before = pool[:size]
    if how == "drop" and before:
        after = before[:]
        del after[picks[0] % size if picks else 0]
    elif how == "same":
        after = before[:]
    else:  # any list of the pool's objects, shorter by one or not
        after = [pool[i] for i in picks]
    assert dropped_one(before, after) == _dropped_by_scan(before, after)


def test_dropped_one_is_never_wrong_about_equal_actions_that_are_other_objects() -> None:
    """The place is searched by identity, so copies may be missed (None: the caller lists
    anew) but never taken for a wrong place."""
    before = [[1, 2], [3, 4], [5, 6]]  # a list literal is a new object each time
    assert dropped_one(before, [before[0], [5, 6]]) == 1
    assert dropped_one(before, [[1, 2], [5, 6]]) in (1, None)
    assert dropped_one(before, [before[0], [9, 9]]) is None


def _check_env_against_engine(slug: str, players: int, seed: int, **options: object) -> int:
    """Play a seeded random game; at every step the env's legal indices and mask must be those
    listed from the engine, then the wait action for a seat in ``to_move()`` that
    ``awaited()`` does not list (TM-26). Returns how many listings were reused."""
    env = rl.env(slug, players, **options)
    env.reset(seed=seed)
    rng = random.Random(seed)
    reused = 0
    while True:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            return reused
        state, seat = env.table.state, env.seats[agent]
        expected = [env.table.game.action_index(a) for a in state.legal_actions(seat)]
        wait = env.wait_index
        may_wait = wait is not None and seat not in state.awaited()
        if may_wait:
            expected.append(env.table.size - 1)
        engine_mask = legal_mask(state, seat)
        if wait is not None:
            engine_mask = np.append(engine_mask, np.int8(may_wait))
        # The mask is asked for on some steps only: a listing may be patched from one whose
        # mask was never built.
        if rng.random() < 0.6:
            observation, *_ = env.last()
            mask = observation["action_mask"]
            assert np.array_equal(mask, engine_mask)
            mask[:] = 1  # the caller's copy: changing it must not reach the next mask
        assert env.legal_indices(agent) == expected
        listing = env.table._listings.get(seat)
        reused += listing is not None and listing.reused
        env.step(rng.choice(expected))


def test_mole_hill_rod_listings_are_reused_and_stay_exact() -> None:
    """The gardener's rods come back one fewer each turn (MH-8, MH-9): those listings are
    patched, over both rounds with the roles swapped (MH-1)."""
    reused = sum(_check_env_against_engine("mole-hill", 2, seed) for seed in range(8))
    assert reused > 100


@pytest.mark.parametrize(
    ("slug", "players"), extreme_counts(), ids=[case_id(c) for c in extreme_counts()]
)
def test_every_game_lists_the_engines_legal_actions_at_every_step(slug: str, players: int) -> None:
    for seed in range(2):
        _check_env_against_engine(slug, players, seed, **SHORT_OPTIONS[slug])


def test_a_list_handed_out_again_and_changed_in_place_is_listed_anew() -> None:
    env = rl.env("mole-hill", rounds=1)
    space = env.table.space
    actions = list(space.actions[126:146])  # twenty rods
    listing = Listing(actions, space.indices_of(actions), space.size)
    del actions[3]  # the same list object, one shorter: nothing may be taken from before
    actions.append(space.actions[0])
    again = listing.next(actions, space)
    assert not again.reused
    assert again.indices == space.indices_of(actions)
