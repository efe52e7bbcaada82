"""Seeded random playouts shared by the RL tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

import molehaven
from molehaven.core import CHANCE, State

SHORT_OPTIONS: dict[str, dict[str, object]] = {
    "mole-hill": {"rounds": 1},
    "mole-majority": {"turn_limit": 6, "claim_tokens": 2, "mole_tokens": 7},
    "maulwurf-company": {"max_turns": 30},
    "mole-park": {},
    "the-mole": {},
}


def extreme_counts() -> list[tuple[str, int]]:
    """Every game at its minimum and maximum player count."""
    cases = []
    for slug in molehaven.list_games():
        info = molehaven.make(slug).info
        cases.extend((slug, players) for players in sorted({info.min_players, info.max_players}))
    return cases


def case_id(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


def seat_states(
    slug: str, players: int, *, games: int, seed: int, steps: int = 300, chance: bool = False
) -> Iterator[State]:
    """States where some seat acts (and chance nodes if ``chance``), from seeded random games
    with short options; the terminal state of each game too."""
    rng = random.Random(seed)
    game = molehaven.make(slug, players=players, **SHORT_OPTIONS[slug])
    for _ in range(games):
        state = game.initial_state()
        for _ in range(steps):
            if state.is_terminal():
                yield state
                break
            if state.is_chance():
                if chance:
                    yield state
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                state.apply(CHANCE, action)
                continue
            yield state
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
