"""How ``molehaven simulate`` scales with worker processes: medians of 3 runs per job count.

Usage: ``python benchmarks/simulate_jobs.py [games] [slug]`` (default: 1000 mole-hill games).
"""

from __future__ import annotations

import statistics
import sys
import time

from molehaven.sim import simulate


def seconds(slug: str, games: int, jobs: int) -> float:
    started = time.perf_counter()
    simulate(slug, players=2, options={}, games=games, seed=1, jobs=jobs)
    return time.perf_counter() - started


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    slug = sys.argv[2] if len(sys.argv) > 2 else "mole-hill"
    for jobs in (1, 2):
        runs = [seconds(slug, games, jobs) for _ in range(3)]
        print(
            f"{games} {slug} games, -j {jobs}: median {statistics.median(runs):.2f} s"
            f" (runs: {', '.join(f'{run:.2f}' for run in runs)})"
        )


if __name__ == "__main__":
    main()
