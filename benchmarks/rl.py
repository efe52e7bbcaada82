"""How much does the RL layer cost? Seat actions per second, bare engine vs PettingZoo env.

    .venv/bin/python benchmarks/rl.py [--game SLUG] [--steps N] [--repeats R] [--max-players]

For each game (at its minimum player count, or maximum with ``--max-players``) three loops play
random games for ``--steps`` seat actions, chance sampled from a seeded generator:

- engine: ``legal_actions(seat)`` + ``random.choice`` + ``apply`` (the bare rules);
- env step: the AEC env choosing from ``legal_mask`` + ``env.step`` (indices, masks, chance);
- env full: ``env.last()`` (observation tensor + mask) + a masked choice + ``env.step``, what
  a learning loop pays.

The three loops take turns in each of ``--repeats`` rounds (so load from other work falls on
all alike); it prints the median actions per second and each env loop's cost as a
multiple of the engine's (the issue's target: at most 2×).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

import numpy as np

import molehaven
from molehaven.core import CHANCE
from molehaven.rl import env as make_env
from molehaven.rl import legal_mask

SHORT: dict[str, dict[str, object]] = {"mole-hill": {"rounds": 1}}


def engine_loop(slug: str, players: int, steps: int, seed: int) -> float:
    game = molehaven.make(slug, players, **SHORT.get(slug, {}))
    rng = random.Random(seed)
    state = game.initial_state()
    done = 0
    start = time.perf_counter()
    while done < steps:
        if state.is_terminal():
            state = game.initial_state()
            continue
        if state.is_chance():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            state.apply(CHANCE, action)
            continue
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        done += 1
    return steps / (time.perf_counter() - start)


def env_loop(slug: str, players: int, steps: int, seed: int, *, observe: bool) -> float:
    env = make_env(slug, players, **SHORT.get(slug, {}))
    env.reset(seed=seed)
    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.reset()
            continue
        if observe:
            observation, *_ = env.last()
            mask = observation["action_mask"]
        else:
            mask = legal_mask(env.table.state, env.seats[agent])
        env.step(int(rng.choice(np.flatnonzero(mask))))  # the same chooser as the engine loop
        done += 1
    return steps / (time.perf_counter() - start)


def median_rates(loops: list[Callable[[int], float]], repeats: int) -> list[float]:
    """The median rate of each loop; the loops take turns in every repeat, so load from other
    work on the machine falls on all of them alike."""
    runs: list[list[float]] = [[] for _ in loops]
    for seed in range(repeats):
        for rates, loop in zip(runs, loops, strict=True):
            rates.append(loop(seed))
    return [statistics.median(rates) for rates in runs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=molehaven.list_games(), help="one game (default all)")
    parser.add_argument("--steps", type=int, default=2000, help="seat actions per run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per measurement")
    parser.add_argument("--max-players", action="store_true", help="use each maximum count")
    args = parser.parse_args()
    slugs = [args.game] if args.game else molehaven.list_games()
    print(f"{'game':<22}{'engine/s':>10}{'env step/s':>12}{'×':>6}{'env+obs/s':>11}{'×':>6}")
    for slug in slugs:
        info = molehaven.make(slug).info
        players = info.max_players if args.max_players else info.min_players
        engine, bare_env, full_env = median_rates(
            [
                partial(engine_loop, slug, players, args.steps),
                partial(env_loop, slug, players, args.steps, observe=False),
                partial(env_loop, slug, players, args.steps, observe=True),
            ],
            args.repeats,
        )
        print(
            f"{slug + f' {players}p':<22}{engine:>10.0f}{bare_env:>12.0f}{engine / bare_env:>6.2f}"
            f"{full_env:>11.0f}{engine / full_env:>6.2f}"
        )


if __name__ == "__main__":
    main()
