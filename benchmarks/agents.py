"""How fast do the agents search? Iterations per second per game and agent.

    .venv/bin/python benchmarks/agents.py [--game SLUG] [--positions N] [--seconds S]

For each game (at its minimum player count) the script collects ``--positions`` positions
from seeded random games where a seat has a real choice, lets each search agent think
``--seconds`` on each, and prints the median search iterations per second: ``mcts`` (random
playouts to the end), ``informed`` (truncated playouts scored by the evaluation, root prior
from the greedy weighing) and ``informed-eps`` (the same with epsilon-greedy playouts,
epsilon 0.5). It also prints the median milliseconds of one ``greedy`` decision and the
sampled worlds per second ``flat`` weighs (greedy's weighing, world after world, until its
time is up). Strength is measured by ``molehaven arena`` (see docs/agents.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import molehaven
from molehaven.agents import GreedyAgent, MCTSAgent, SeatView
from molehaven.agents.levels import PLAYOUTS, Playouts, flat
from molehaven.core import State
from molehaven.core.play import step_random
from molehaven.games import REGISTRY


def positions(slug: str, count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    players = REGISTRY.info(slug).min_players
    found: list[State] = []
    state = molehaven.make(slug, players=players).initial_state()
    while len(found) < count:
        if state.is_terminal() or (not state.is_chance() and not state.to_move()):
            state = molehaven.make(slug, players=players).initial_state()
        step_random(state, rng)
        to_move = state.to_move()
        if to_move and len(state.legal_actions(to_move[0])) > 1 and rng.random() < 0.1:
            found.append(state.clone())
    return found


def searchers(slug: str, seconds: float) -> dict[str, MCTSAgent]:
    tuned = PLAYOUTS.get(slug, Playouts(1.0, 16))
    return {
        "mcts": MCTSAgent(1, iterations=None, seconds=seconds),
        "informed": MCTSAgent(
            1,
            iterations=None,
            seconds=seconds,
            epsilon=tuned.epsilon,
            rollout_depth=tuned.depth,
            prior_visits=tuned.prior_visits,
        ),
        "informed-eps": MCTSAgent(
            1, iterations=None, seconds=seconds, epsilon=0.5, rollout_depth=tuned.depth
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--positions", type=int, default=5, help="positions per game")
    parser.add_argument("--seconds", type=float, default=0.5, help="thinking time per position")
    args = parser.parse_args()
    print(f"median search iterations per second ({args.seconds} s per position)", flush=True)
    header = (
        f"{'game':<18} {'mcts':>8} {'informed':>9} {'informed-eps':>13} {'greedy ms':>10}"
        f" {'flat worlds/s':>14}"
    )
    print(header)
    print("-" * len(header), flush=True)
    for slug in args.game or molehaven.list_games():
        views = [SeatView.of(s, s.to_move()[0]) for s in positions(slug, args.positions, 7)]
        rates: dict[str, list[float]] = {}
        for name, agent in searchers(slug, args.seconds).items():
            for view in views:
                started = time.perf_counter()
                agent.act(view)
                rates.setdefault(name, []).append(
                    agent.last_iterations / (time.perf_counter() - started)
                )
        greedy_ms = []
        for view in views:
            started = time.perf_counter()
            GreedyAgent(1).act(view)
            greedy_ms.append(1000 * (time.perf_counter() - started))
        worlds = []
        for view in views:
            weigher = flat(1, seconds=args.seconds)
            started = time.perf_counter()
            weigher.act(view)
            worlds.append(weigher.last_samples / (time.perf_counter() - started))
        print(
            f"{slug:<18} {statistics.median(rates['mcts']):>8.0f}"
            f" {statistics.median(rates['informed']):>9.0f}"
            f" {statistics.median(rates['informed-eps']):>13.0f}"
            f" {statistics.median(greedy_ms):>10.1f}"
            f" {statistics.median(worlds):>14.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
