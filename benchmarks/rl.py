"""How much does the RL layer cost? Seat actions per second, bare engine vs PettingZoo AEC env.

    .venv/bin/python benchmarks/rl.py [--game SLUG] [--players min|max|both] [--steps N]
                                      [--repeats R]

For each game at its minimum and maximum player count, four loops play random games for
``--steps`` seat actions each. All four play the very same games: chance is drawn as the env
draws it (``molehaven.rl.table.play_chance``, one seeded generator), the seat to act is picked
as the AEC env picks it (``next_asked``: in The Mole the optional movers first), and a second
seeded generator picks ``random.choice`` of the legal list, which the env gives in the
engine's order. The env loops never choose The Mole's wait action (TM-26): a wait is an env
step that applies nothing, so counting waits would flatter the env and change the games;
every step measured here is one engine action:

- ``engine``: the bare rules, ``legal_actions(seat)`` + ``apply(seat, action)``;
- ``engine+obs``: the same plus ``observation(seat)`` of the seat to act: what the reference
  encoder (``encode(observation, seat)``) must pay before encoding. The env's fast encoders
  (``encode_state``) write the same tensor from the state without the observation dict, so
  this is no longer a floor under the ``env`` loop (it still is for The Mole, which has no
  fast encoder);
- ``env step``: ``env.step(index)`` with the choice from ``env.legal_indices(agent)``: indices
  to actions, chance, the next agent, rewards, the legal indices;
- ``env``: what a learning loop pays per action: ``env.last()`` (the acting agent's
  observation tensor and action mask) + ``env.step(index)``, choosing as above;
- ``parallel``: the Parallel env, ``env.step(actions)`` with a choice for every seat that
  may act, which returns every agent's observation, so it encodes one tensor per seat each
  step. Its games are not the others': all movers act in one step, in seat order, where the
  AEC env asks them in turn. Its rate counts seat actions, like the others.

The ratio the issue bounds (at most 2x) is ``env`` against ``engine``: the env step including
the acting agent's mask and observation tensor, against the bare ``legal_actions`` +
``apply``. The chooser reads ``env.legal_indices`` instead of scanning the mask because
``np.flatnonzero`` over Mole Park's 8-player mask (69,297 entries) alone takes longer than a
whole engine step; a policy reads the mask as an array and never scans it either.

The four loops take turns within each of ``--repeats`` rounds (so load from other work on the
machine falls on all alike); each ratio is the median over rounds of the ratio measured within
a round, and each rate the median over rounds. The engines are those of this checkout.

The defaults (15 rounds of 5,000 actions, about four minutes for every game) are for figures to
quote: with 5 rounds (of 20,000), two runs of the same code differed by up to 0.4 in a ratio; with
15 of 5,000, by about 0.15-0.25 (2026-11-28, docs/research.md). ``--repeats 3 --steps 1000``
gives a quick look.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

import molehaven
from molehaven.core import Game
from molehaven.rl import env as make_env
from molehaven.rl import parallel_env as make_parallel_env
from molehaven.rl.table import next_asked, next_mover, optional_movers, play_chance

SHORT: dict[str, dict[str, object]] = {"mole-hill": {"rounds": 1}}


def _game(slug: str, players: int) -> Game[object]:
    return molehaven.make(slug, players, **SHORT.get(slug, {}))


def _acting(legal: list[int], wait: int | None) -> list[int]:
    """The legal indices less the wait action, which applies nothing (the env lists it last)."""
    return legal[:-1] if wait is not None and legal[-1] == wait else legal


def engine_loop(slug: str, players: int, steps: int, seed: int, *, observe: bool) -> float:
    """Seat actions per second of the bare engine (with ``observation(seat)`` if ``observe``)."""
    game = _game(slug, players)
    optional = game.info.optional_movers
    chance, rng = random.Random(seed), random.Random(seed)
    state = game.initial_state()
    last_seat = -1
    done = 0
    start = time.perf_counter()
    while done < steps:
        play_chance(state, chance)
        if state.is_terminal():
            state = game.initial_state()
            last_seat = -1
            continue
        if optional:
            seat = next_asked(state.to_move(), optional_movers(state), (), last_seat)
        else:
            seat = next_mover(state.to_move(), last_seat)
        if observe:
            state.observation(seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        last_seat = seat
        done += 1
    return steps / (time.perf_counter() - start)


def env_loop(slug: str, players: int, steps: int, seed: int, *, observe: bool) -> float:
    """Seat actions per second of the AEC env (with ``env.last()`` if ``observe``)."""
    env = make_env(slug, players, **SHORT.get(slug, {}))
    env.reset(seed=seed)  # seeds the env's chance generator
    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.reset()
            continue
        if observe:
            env.last()
        env.step(rng.choice(_acting(env.legal_indices(agent), env.wait_index)))
        done += 1
    return steps / (time.perf_counter() - start)


def parallel_loop(slug: str, players: int, steps: int, seed: int) -> float:
    """Seat actions per second of the Parallel env (every agent's observation each step)."""
    env = make_parallel_env(slug, players, **SHORT.get(slug, {}))
    env.reset(seed=seed)
    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        if not env.agents:
            env.reset()
            continue
        actions = {}
        for agent in env.agents:
            legal = env.legal_indices(agent)
            if legal:
                actions[agent] = rng.choice(_acting(legal, env.wait_index))
        env.step(actions)
        done += len(actions)
    return done / (time.perf_counter() - start)


def measure(loops: list[Callable[[int], float]], repeats: int) -> list[list[float]]:
    """Each loop's rate in each round; the loops take turns within a round."""
    rates: list[list[float]] = [[] for _ in loops]
    for seed in range(repeats):
        for runs, loop in zip(rates, loops, strict=True):
            runs.append(loop(seed))
    return rates


def median_ratio(engine: list[float], other: list[float]) -> float:
    """How many times longer ``other`` takes per action than the engine, median over rounds."""
    return statistics.median(e / o for e, o in zip(engine, other, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=molehaven.list_games(), help="one game (default all)")
    parser.add_argument("--players", choices=("min", "max", "both"), default="both")
    parser.add_argument("--steps", type=int, default=5000, help="seat actions per run")
    parser.add_argument("--repeats", type=int, default=15, help="rounds per measurement")
    args = parser.parse_args()
    slugs = [args.game] if args.game else molehaven.list_games()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{args.steps} seat actions a run, median of {args.repeats} rounds; load {load}")
    print(
        f"{'game':<22}{'engine/s':>10}{'+obs/s':>9}{'×':>6}"
        f"{'env step/s':>12}{'×':>6}{'env/s':>9}{'×':>6}{'parallel/s':>12}{'×':>6}"
    )
    for slug in slugs:
        info = molehaven.make(slug).info
        counts = {"min": [info.min_players], "max": [info.max_players]}.get(
            args.players, sorted({info.min_players, info.max_players})
        )
        for players in counts:
            engine, floor, step, full, parallel = measure(
                [
                    partial(engine_loop, slug, players, args.steps, observe=False),
                    partial(engine_loop, slug, players, args.steps, observe=True),
                    partial(env_loop, slug, players, args.steps, observe=False),
                    partial(env_loop, slug, players, args.steps, observe=True),
                    partial(parallel_loop, slug, players, args.steps),
                ],
                args.repeats,
            )
            rate = statistics.median
            print(
                f"{slug + f' {players}p':<22}{rate(engine):>10.0f}"
                f"{rate(floor):>9.0f}{median_ratio(engine, floor):>6.2f}"
                f"{rate(step):>12.0f}{median_ratio(engine, step):>6.2f}"
                f"{rate(full):>9.0f}{median_ratio(engine, full):>6.2f}"
                f"{rate(parallel):>12.0f}{median_ratio(engine, parallel):>6.2f}",
                flush=True,
            )
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load after: {load}")


if __name__ == "__main__":
    main()
