"""The simulator: reproducible from its seed, whatever the number of processes."""

from __future__ import annotations

import pytest

from molehaven.sim import GameResult, simulate
from molehaven.sim.stats import Distribution, mean_interval, wilson_interval


def test_same_seed_same_games_on_one_or_two_processes() -> None:
    one: list[GameResult] = []
    two: list[GameResult] = []
    simulate("mole-hill", players=2, options={}, games=12, seed=3, jobs=1, on_result=one.append)
    simulate("mole-hill", players=2, options={}, games=12, seed=3, jobs=2, on_result=two.append)
    assert [r.record for r in one] == [r.record for r in two]
    other: list[GameResult] = []
    simulate("mole-hill", players=2, options={}, games=12, seed=4, jobs=1, on_result=other.append)
    assert [r.record for r in other] != [r.record for r in one]


def test_summary_counts_every_game() -> None:
    summary = simulate("mole-hill", players=2, options={"rounds": 1}, games=40, seed=1)
    assert summary.games == 40
    assert sum(summary.win_share) == pytest.approx(40)
    assert all(0 <= rate.low <= rate.mean <= rate.high <= 1 for rate in summary.win_rates())
    assert summary.length_distribution().maximum <= 43


def test_unknown_agent_is_refused() -> None:
    with pytest.raises(ValueError, match="need 2 agents from: random"):
        simulate("mole-hill", players=2, options={}, games=1, seed=0, agents=("genius", "random"))


def test_wilson_interval_contains_the_estimate() -> None:
    estimate = wilson_interval(30, 100)
    assert estimate.mean == pytest.approx(0.3)
    assert 0.2 < estimate.low < 0.3 < estimate.high < 0.4
    assert wilson_interval(0, 10).low == 0.0


def test_mean_interval_and_distribution() -> None:
    estimate = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert estimate.mean == 2.5
    assert 1.0 <= estimate.low < 2.5 < estimate.high <= 4.0
    spread = Distribution.of([1.0, 5.0, 3.0])
    assert (spread.minimum, spread.median, spread.maximum) == (1.0, 3.0, 5.0)
