"""How ``molehaven simulate`` scales with worker processes: medians of 5 runs per job count.

Usage: ``python benchmarks/simulate_jobs.py [games] [slug]`` (default: 1000 mole-hill games).

Runs alternate between ``-j 1`` and ``-j 2`` so that a change in the machine's load (it is shared)
falls on both alike; the ratio is that of the medians.
"""

from __future__ import annotations

import argparse
import statistics
import time

import molehaven
from molehaven.games import REGISTRY
from molehaven.sim import simulate


def seconds(slug: str, games: int, jobs: int) -> float:
    started = time.perf_counter()
    players = REGISTRY.info(slug).min_players  # The Mole needs three
    simulate(slug, players=players, options={}, games=games, seed=1, jobs=jobs)
    return time.perf_counter() - started


def positive(text: str) -> int:
    """An argparse type: a whole number of games, at least 1."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of games, got {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"at least 1 game, got {number}")
    return number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "games", type=positive, nargs="?", default=1000, help="games per run (default 1000)"
    )
    slugs = molehaven.list_games()
    parser.add_argument(
        "slug",
        nargs="?",
        default="mole-hill",
        choices=slugs,
        metavar="slug",
        help=f"the game, at its fewest players: {', '.join(slugs)} (default mole-hill)",
    )
    args = parser.parse_args()
    games: int = args.games
    slug: str = args.slug
    runs: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(5):
        for jobs, times in runs.items():
            times.append(seconds(slug, games, jobs))
    for jobs, times in runs.items():
        print(
            f"{games} {slug} games, -j {jobs}: median {statistics.median(times):.2f} s"
            f" (runs: {', '.join(f'{run:.2f}' for run in times)})"
        )
    ratio = statistics.median(runs[1]) / statistics.median(runs[2])
    print(f"-j 2 is {ratio:.2f}x as fast as -j 1")


if __name__ == "__main__":
    main()
