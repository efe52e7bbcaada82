"""How strong are the agents? MCTS against random agents in every registered game.

    .venv/bin/python benchmarks/agents.py [--game SLUG] [--games N] [--iterations I]
                                          [--seconds S] [--jobs J]

For each game (at its minimum player count), MCTS takes each seat in turn against random agents
in the other seats; the script prints MCTS's win share with a 95% interval next to the share a
random agent would expect (1/players), and the median seconds per MCTS move. Each MCTS move
stops at ``--iterations`` or ``--seconds``, whichever comes first, so long games (Die Maulwurf
Company, Mole Majority) finish in minutes; a line is printed as soon as its game type is done.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time
from dataclasses import dataclass

import molehaven
from molehaven.agents import Agent, MCTSAgent, RandomAgent, SeatView
from molehaven.core import CHANCE
from molehaven.core.play import sample_outcome
from molehaven.games import REGISTRY
from molehaven.sim.stats import wilson_interval


@dataclass(frozen=True, slots=True)
class Match:
    slug: str
    players: int
    mcts_seat: int
    seed: int
    iterations: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Outcome:
    mcts_return: float
    move_seconds: tuple[float, ...]


def play(match: Match) -> Outcome:
    game = molehaven.make(match.slug, players=match.players)
    rng = random.Random(match.seed)
    agents: list[Agent] = [RandomAgent(match.seed + seat) for seat in range(match.players)]
    agents[match.mcts_seat] = MCTSAgent(
        match.seed, iterations=match.iterations, seconds=match.seconds
    )
    timings: list[float] = []
    state = game.initial_state()
    while not state.is_terminal():
        if state.is_chance():
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            continue
        to_move = state.to_move()
        seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
        started = time.perf_counter()
        action = agents[seat].act(SeatView.of(state, seat))
        if seat == match.mcts_seat:
            timings.append(time.perf_counter() - started)
        state.apply(seat, action)
    return Outcome(state.returns()[match.mcts_seat], tuple(timings))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--games", type=int, default=20, help="games per game type (default 20)")
    parser.add_argument("--iterations", type=int, default=200, help="MCTS iterations per move")
    parser.add_argument(
        "--seconds", type=float, default=0.2, help="time limit per MCTS move (default 0.2)"
    )
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    print(
        f"MCTS ({args.iterations} iterations or {args.seconds} s per move) against random agents,"
        f" {args.games} games per row",
        flush=True,
    )
    header = f"{'game':<18} {'players':>7} {'MCTS win share':>15} {'95% interval':>14}"
    header += f" {'random expects':>15} {'s/move (median)':>16}"
    print(header)
    print("-" * len(header), flush=True)
    for slug in args.game or molehaven.list_games():
        players = REGISTRY.info(slug).min_players
        matches = [
            Match(slug, players, index % players, 1000 + index, args.iterations, args.seconds)
            for index in range(args.games)
        ]
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            outcomes = pool.map(play, matches)
        share = wilson_interval(sum(o.mcts_return for o in outcomes), len(outcomes))
        seconds = statistics.median(t for o in outcomes for t in o.move_seconds)
        print(
            f"{slug:<18} {players:>7} {share.mean:>15.3f} {share.low:>6.3f}-{share.high:<7.3f}"
            f" {1 / players:>15.3f} {seconds:>16.4f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
