"""The fixed action spaces: a bijection over every seat action seen in seeded random games."""

from __future__ import annotations

import random

import pytest

import molehaven
from molehaven.core import CHANCE, Action, IllegalActionError, State
from molehaven.rl.openspiel import chance_space

CASES = [
    (slug, players)
    for slug in molehaven.list_games()
    for players in sorted(
        {molehaven.make(slug).info.min_players, molehaven.make(slug).info.max_players}
    )
]
SHORT = {"mole-majority": {"turn_limit": 8}, "maulwurf-company": {"max_turns": 40}}


def _playouts(
    slug: str, players: int, games: int, seed: int, chance_seen: set[Action] | None = None
) -> list[State]:
    """States met in seeded random games (chance drawn by probability)."""
    rng = random.Random(seed)
    seen: list[State] = []
    game = molehaven.make(slug, players=players, **SHORT.get(slug, {}))
    for _ in range(games):
        state = game.initial_state()
        for _ in range(400):
            if state.is_terminal():
                break
            if state.is_chance():
                outcomes = state.chance_outcomes()
                if chance_seen is not None:
                    chance_seen.update(a for a, _ in outcomes)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                state.apply(CHANCE, action)
                continue
            seen.append(state.clone())
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return seen


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[f"{s}-{p}p" for s, p in CASES])
def test_action_index_is_a_bijection_over_seen_actions(slug: str, players: int) -> None:
    game = molehaven.make(slug, players=players)
    size = game.num_distinct_actions()
    assert size == len(set(game.action_space().actions))
    indices_seen: dict[int, str] = {}
    chance_seen: set[Action] = set()
    for state in _playouts(slug, players, games=6, seed=players, chance_seen=chance_seen):
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            indices = game.action_space().legal_indices(state, seat)
            assert len(indices) == len(set(indices))
            assert len(indices) == len(legal)  # canned actions only: every one has an index
            for action in legal:
                index = game.action_index(action)
                assert 0 <= index < size
                assert game.action_at(index) == action
                assert game.action_index(str(action)) == index
                assert indices_seen.setdefault(index, str(action)) == str(action)
    assert len(indices_seen) > 5
    chance = chance_space(game)
    for outcome in chance_seen:  # OpenSpiel's chance actions: the same bijection
        assert chance.at(chance.index(outcome)) == outcome


def test_chance_outcomes_and_bad_indices_have_no_place() -> None:
    game = molehaven.make("mole-park", players=3)
    state = game.initial_state()
    outcome = state.chance_outcomes()[0][0]
    with pytest.raises(IllegalActionError):
        game.action_index(outcome)
    with pytest.raises(IndexError):
        game.action_at(game.num_distinct_actions())
    with pytest.raises(IndexError):
        game.action_at(-1)


def test_the_mole_free_text_has_no_index_and_canned_answers_do() -> None:
    """TM-13: free text stays out of the finite space; a1 … a12 are in it (TM-12)."""
    game = molehaven.make("the-mole", players=3)
    with pytest.raises(IllegalActionError):
        game.action_index('answer "by bus"')
    assert str(game.action_at(game.action_index("answer a12"))) == "answer a12"
