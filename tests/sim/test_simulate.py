"""The simulator: reproducible from its seed, whatever the number of processes."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from molehaven.agents import Agent, RandomAgent
from molehaven.cli.simulating import pace
from molehaven.core import CHANCE, CLOCK
from molehaven.core.clock import clock_signal
from molehaven.games import REGISTRY
from molehaven.sim import GameResult, runner, simulate
from molehaven.sim.driver import SECONDS_PER_ACTION, play_game
from molehaven.sim.stats import Distribution, Estimate, mean_interval, wilson_interval


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


def test_a_budget_reaches_every_search_agent(monkeypatch: pytest.MonkeyPatch) -> None:
    """``simulate --budget``, as the arena's and the lab's: search agents think that long."""
    made: list[tuple[str, float | None]] = []
    real = runner.make_agent

    def recording(name: str, seed: int | None, seconds: float | None = None) -> Agent:
        made.append((name, seconds))
        return real(name, seed, seconds)

    monkeypatch.setattr(runner, "make_agent", recording)
    agents = ("greedy", "random")
    simulate("mole-hill", players=2, options={}, games=2, seed=0, agents=agents, budget=0.25)
    assert made == [("greedy", 0.25), ("random", 0.25)] * 2
    made.clear()
    simulate("mole-hill", players=2, options={}, games=1, seed=0, agents=agents)
    assert made == [("greedy", None), ("random", None)]  # their own, as before


def test_a_budget_that_is_no_time_is_refused() -> None:
    with pytest.raises(ValueError, match="budget must be a positive number of seconds, got 0"):
        simulate("mole-hill", players=2, options={}, games=1, seed=0, budget=0)


def test_wilson_interval_contains_the_estimate() -> None:
    estimate = wilson_interval(30, 100)
    assert estimate.mean == pytest.approx(0.3)
    assert 0.2 < estimate.low < 0.3 < estimate.high < 0.4
    assert wilson_interval(0, 10).low == 0.0


def test_mean_interval_and_distribution() -> None:
    estimate = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert estimate.mean == 2.5
    assert 1.0 <= estimate.low < 2.5 < estimate.high <= 4.0
    assert mean_interval([0.2, 0.8], (0.0, 1.0)) == Estimate(0.5, 0.0, 1.0)
    spread = Distribution.of([1.0, 5.0, 3.0])
    assert (spread.minimum, spread.median, spread.maximum) == (1.0, 3.0, 5.0)


def test_tm_8_simulated_clock_runs_out_after_round_seconds_of_seat_actions() -> None:
    """TM-8 in the simulator: each seat action takes SECONDS_PER_ACTION seconds, so a 30-second
    round runs out (``time-up``, applied as the clock) after exactly two seat actions."""
    results: list[GameResult] = []
    options = {"question_limit": 0, "round_seconds": 30}
    simulate("the-mole", players=4, options=options, games=6, seed=2, on_result=results.append)
    per_round = 30 / SECONDS_PER_ACTION
    time_ups = 0
    for result in results:
        final = REGISTRY.replay(result.record)
        state = final.game.initial_state()
        period: object = None
        since_start = 0
        for seat, action in final.history():
            live, round_ = clock_signal(state)
            if live and round_ != period:
                period, since_start = round_, 0
            if seat == CLOCK:
                assert str(action) == "time-up"
                assert since_start == per_round
                time_ups += 1
            elif seat != CHANCE:
                since_start += 1
                assert not live or since_start <= per_round  # never more actions than time
            state.apply(seat, action)
    assert time_ups > 0


def test_simulated_clock_can_be_switched_off() -> None:
    game = REGISTRY.make("the-mole", 4, question_limit=0, round_seconds=30)
    agents = [RandomAgent(seat) for seat in range(4)]
    ticking = play_game(game, agents, random.Random(5))
    silent = play_game(game, agents, random.Random(5), seconds_per_action=None)
    assert any(seat == CLOCK for seat, _ in ticking.history())
    assert not any(seat == CLOCK for seat, _ in silent.history())


def test_tm_8_the_simulated_clock_rule_is_documented() -> None:
    """The rules page and ``simulate --help`` state the rule the driver applies."""
    from typer.testing import CliRunner

    from molehaven.cli.main import app
    from molehaven.docs import rules_page

    seconds = f"{SECONDS_PER_ACTION:g}"
    assert f"{seconds} seconds for every seat action" in " ".join(rules_page("the-mole").split())
    output = CliRunner().invoke(app, ["simulate", "-h"]).output
    help_text = " ".join(output.replace("│", " ").split())
    assert f"each seat action takes {seconds} seconds" in help_text


def test_small_runs_never_start_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting processes costs more than a few quick games: ``-j 2`` plays them here."""

    def no_processes(*_args: object) -> None:
        raise AssertionError("a worker pool was started for a few quick games")

    monkeypatch.setattr(runner.multiprocessing, "get_context", no_processes)
    summary = simulate("mole-hill", players=2, options={"rounds": 1}, games=10, seed=1, jobs=2)
    assert summary.games == 10


def test_a_summary_counts_the_workers_that_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """``-j 2`` only allows workers: what ran is told by the games (the command line said
    "2 jobs" for runs that never started one)."""
    few = simulate("mole-hill", players=2, options={"rounds": 1}, games=5, seed=1, jobs=2)
    assert few.workers() == 0
    monkeypatch.setattr(runner, "PILOT_SECONDS", 0.0)
    monkeypatch.setattr(runner, "WORKER_START_SECONDS", 0.0)
    monkeypatch.setattr(runner, "CHUNK_SECONDS", 0.0)  # one game at a time: both workers play
    pooled = simulate("mole-hill", players=2, options={"rounds": 1}, games=40, seed=1, jobs=2)
    assert 1 <= pooled.workers() <= 2
    assert len(pooled.processes) == pooled.workers() + 1  # the first game is played here


def test_one_value_has_no_standard_deviation() -> None:
    """0.0 read as a sample that never varied; one value has no spread to measure."""
    assert math.isnan(Distribution.of([7.0]).stdev)
    assert Distribution.of([7.0, 7.0]).stdev == 0.0


def test_workers_play_the_same_games_as_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the pool forced on (no pilot, free start-up), results match one process."""
    monkeypatch.setattr(runner, "PILOT_SECONDS", 0.0)
    monkeypatch.setattr(runner, "WORKER_START_SECONDS", 0.0)
    one: list[GameResult] = []
    two: list[GameResult] = []
    simulate("mole-hill", players=2, options={}, games=16, seed=3, jobs=1, on_result=one.append)
    simulate("mole-hill", players=2, options={}, games=16, seed=3, jobs=2, on_result=two.append)
    assert [r.index for r in two] == list(range(16))
    assert [r.record for r in one] == [r.record for r in two]


def test_a_pool_is_used_only_when_it_finishes_sooner(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner.os, "cpu_count", lambda: 4)
    assert not runner.pool_pays_off(0.5, 2)  # less work than starting workers
    assert runner.pool_pays_off(60.0, 2)
    assert not runner.pool_pays_off(60.0, 1)
    monkeypatch.setattr(runner.os, "cpu_count", lambda: 1)
    assert not runner.pool_pays_off(60.0, 2)  # one core: two workers only take turns


BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "simulate_jobs.py"


@pytest.mark.parametrize(
    ("arguments", "code", "expected"),
    [
        (["--help"], 0, "games per run (default 1000)"),
        (["many"], 2, "argument games: a number of games, got 'many'"),
        (["5", "chess"], 2, "argument slug: invalid choice: 'chess'"),
    ],
)
def test_the_jobs_benchmark_has_a_command_line(
    arguments: list[str], code: int, expected: str
) -> None:
    """``--help`` was read as the number of games: a traceback."""
    result = subprocess.run(
        [sys.executable, str(BENCHMARK), *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == code
    assert expected in result.stdout + result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("games", "seconds", "text"),
    [
        (1000, 27.4, "36 games/s"),
        (5, 2.0, "2.5 games/s"),
        (5, 12.0, "2.4 s a game"),  # was '0 games/s'
        (2, 300.0, "150.0 s a game"),
    ],
)
def test_the_pace_of_a_run_never_reads_as_zero(games: int, seconds: float, text: str) -> None:
    assert pace(games, seconds) == text
