"""How strong is Mole Hill's alpha-beta agent? Seeded matches against random and MCTS.

    .venv/bin/python benchmarks/alphabeta.py [--games N] [--nodes K | --seconds S]
                                             [--iterations I]

Alpha-beta (at most K nodes a move, so a run is reproducible on any machine) plays N two-round
matches against each opponent, taking seat 0 in even games and seat 1 in odd ones; game g uses
seed g for chance-free play order and the opponent's generator. Prints alpha-beta's win share
with a 95% interval (a draw counts half), its mean points per match against the opponent's,
and the median and largest seconds per alpha-beta move. With ``--seconds`` the budget is the
clock instead (not reproducible, but it shows how closely the budget is kept).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import molehaven
from molehaven.agents import Agent, MCTSAgent, RandomAgent, SeatView
from molehaven.agents.alphabeta import AlphaBetaAgent
from molehaven.core import Action
from molehaven.sim import play_game
from molehaven.sim.stats import wilson_interval


class TimedAgent:
    """Wraps an agent and keeps the seconds each of its moves took."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.seconds: list[float] = []

    def act(self, view: SeatView) -> Action:
        started = time.perf_counter()
        action = self.agent.act(view)
        self.seconds.append(time.perf_counter() - started)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="matches per opponent (default 20)")
    parser.add_argument("--nodes", type=int, default=1500, help="alpha-beta nodes a move")
    parser.add_argument("--seconds", type=float, help="a time budget a move instead of --nodes")
    parser.add_argument("--iterations", type=int, default=400, help="MCTS iterations a move")
    args = parser.parse_args()
    game = molehaven.make("mole-hill")
    budget = f"{args.seconds} s" if args.seconds else f"{args.nodes} nodes"
    print(f"alpha-beta ({budget} a move), {args.games} matches per opponent")
    for opponent in ("random", "mcts"):
        returns: list[float] = []
        points: list[float] = []
        against: list[float] = []
        seconds: list[float] = []
        for index in range(args.games):
            seat = index % 2
            other: Agent = (
                RandomAgent(index)
                if opponent == "random"
                else MCTSAgent(index, iterations=args.iterations)
            )
            searcher = TimedAgent(
                AlphaBetaAgent(seconds=args.seconds)
                if args.seconds
                else AlphaBetaAgent(seconds=3600.0, node_limit=args.nodes)
            )
            agents: list[Agent] = [other, other]
            agents[seat] = searcher
            final = play_game(game, agents, random.Random(index))
            returns.append(final.returns()[seat])
            points.append(final.scores()[seat])
            against.append(final.scores()[1 - seat])
            seconds.extend(searcher.seconds)
        share = wilson_interval(sum(returns), len(returns))
        label = opponent if opponent == "random" else f"mcts ({args.iterations} iterations)"
        print(
            f"  vs {label:<22} win share {share}  points {statistics.mean(points):.1f}"
            f" vs {statistics.mean(against):.1f}"
            f"  median {statistics.median(seconds):.3f} s a move, largest {max(seconds):.3f} s"
        )


if __name__ == "__main__":
    main()
