"""How ``molehaven simulate`` scales with worker processes: medians of 5 runs per job count.

Usage: ``python benchmarks/simulate_jobs.py [games] [slug]`` (default: 1000 mole-hill games).

Runs alternate between ``-j 1`` and ``-j 2`` so that a change in the machine's load (it is shared)
falls on both alike; the ratio is that of the medians.
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
