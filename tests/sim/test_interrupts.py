"""Ctrl-C during a long run ends in one line: how far it got, no workers' tracebacks."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from molehaven.cli import arena as arena_command
from molehaven.cli import lab as lab_command
from molehaven.cli import simulating
from molehaven.cli.main import app
from molehaven.sim.workers import worker_pool

runner = CliRunner()


def test_pool_workers_leave_ctrl_c_to_their_parent() -> None:
    with worker_pool(multiprocessing.get_context("spawn"), 2) as pool:
        handlers = pool.map(signal.getsignal, [signal.SIGINT] * 4, chunksize=1)
    assert set(handlers) == {signal.SIG_IGN}


def _processes_in_group(group: int) -> int:
    count = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        count += int(fields[2]) == group  # the process group follows state and parent
    return count


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    "arguments",
    [
        ["lab", "maulwurf-company", "-n", "300", "-j", "2"],
        ["arena", "maulwurf-company", "-a", "random,greedy", "-n", "300", "-j", "2"],
        ["simulate", "maulwurf-company", "-n", "300", "-j", "2"],
    ],
    ids=["lab", "arena", "simulate"],
)
def test_ctrl_c_with_workers_running_is_one_line(arguments: list[str]) -> None:
    """A terminal's Ctrl-C reaches the whole process group: every worker as well."""
    command = [sys.executable, "-m", "molehaven.cli.main", *arguments]
    process = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env={**os.environ, "COLUMNS": "100"},
    )
    try:
        deadline = time.monotonic() + 60
        # The command itself, two workers and the pool's helper process.
        while _processes_in_group(process.pid) < 4 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _processes_in_group(process.pid) >= 4, "the workers never started"
        time.sleep(2.0)  # the workers are now playing games, deep in some game's rules
        assert process.poll() is None, "the run ended before it could be interrupted"
        os.killpg(process.pid, signal.SIGINT)
        _, errors = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    lines = errors.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("interrupted after "), lines


def test_simulate_cut_short_says_how_far_it_got_and_where_the_records_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It said only 'interrupted': the records already written looked lost."""
    real = simulating.simulate

    def two_games_then_ctrl_c(*args: Any, **kwargs: Any) -> Any:
        real(*args, **{**kwargs, "games": 2})
        raise KeyboardInterrupt

    monkeypatch.setattr(simulating, "simulate", two_games_then_ctrl_c)
    save = tmp_path / "records.jsonl"
    result = runner.invoke(app, ["simulate", "mole-hill", "-n", "50", "--save", str(save)])
    assert result.exit_code == 130
    assert result.stderr.strip() == (
        f"interrupted after 2 of 50 games; the figures cover these 2 games;"
        f" their records are in {save}"
    )
    assert len(save.read_text().splitlines()) == 2


def test_arena_cut_short_prints_the_standings_so_far_and_how_far_it_got(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = arena_command.run_arena

    def three_games_then_ctrl_c(specs: list[Any], **kwargs: Any) -> Any:
        real(specs[:3], **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(arena_command, "run_arena", three_games_then_ctrl_c)
    save = tmp_path / "arena.jsonl"
    arguments = ["arena", "mole-hill", "-a", "random,greedy", "-n", "10", "--save", str(save)]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 130
    assert result.stderr.strip() == f"interrupted after 3 of 10 games; they are in {save}"
    # The standings of the three games, said to be cut short: a Ctrl-C after hours of games
    # used to print only the line above.
    printed = " ".join(result.stdout.split())
    assert printed.startswith("3 of 10 games of mole-hill, 2 players")
    assert "(interrupted: not every lineup has played every seat yet" in printed
    assert "per agent" in printed and "head to head" in printed
    assert len(save.read_text().splitlines()) == 3


def _lab_cut_after(games: int, monkeypatch: pytest.MonkeyPatch) -> None:
    real = lab_command.run_lab

    def some_games_then_ctrl_c(
        runner: Any, specs: Any, on_result: Any = None, played: Any = None
    ) -> Any:
        real(runner, specs[:games], on_result, played)
        raise KeyboardInterrupt

    monkeypatch.setattr(lab_command, "run_lab", some_games_then_ctrl_c)


LAB = ["lab", "mole-hill", "-v", "a", "-v", "b=rounds=1", "-n", "30", "-j", "1"]


def test_lab_cut_short_reports_on_the_games_every_variant_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C used to throw every finished game away. Games 0 and 1 were played by both
    variants (paired, on the same chance streams), game 2 by the first only: the figures
    and files cover games 0 and 1, and say so."""
    _lab_cut_after(5, monkeypatch)
    report, summary = tmp_path / "lab.html", tmp_path / "lab.json"
    result = runner.invoke(app, [*LAB, "--report", str(report), "--json", str(summary)])
    assert result.exit_code == 130
    said = (
        "interrupted after 5 of 60 games (30 per variant); the figures cover the 2 games"
        " every variant finished"
    )
    assert result.output.strip().splitlines()[-1] == said
    assert "2 games per variant" in result.output
    meta = json.loads(summary.read_text())["meta"]
    assert meta["games per variant"] == 2
    assert "cover the 2 games every variant finished" in meta["interrupted"]
    assert "cover the 2 games every variant finished" in report.read_text()


def test_lab_cut_before_any_paired_game_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _lab_cut_after(1, monkeypatch)
    report = tmp_path / "lab.html"
    result = runner.invoke(app, [*LAB, "--report", str(report)])
    assert result.exit_code == 130
    assert result.output.strip() == (
        "interrupted after 1 of 60 games (30 per variant); no file written"
    )
    assert not report.exists()


def test_pool_workers_are_born_ignoring_ctrl_c() -> None:
    """A Ctrl-C that came while a worker was still importing printed a traceback: its
    initializer had not run yet. The workers are now started while this process ignores
    SIGINT (an ignored signal stays ignored in a child, across exec), and the parent's own
    handler is back as soon as they are."""

    class Context:
        seen: object = None

        def Pool(self, jobs: int, initializer: object) -> str:  # noqa: N802 (multiprocessing's name)
            self.seen = signal.getsignal(signal.SIGINT)
            return "pool"

    context = Context()
    before = signal.getsignal(signal.SIGINT)
    assert worker_pool(context, 2) == "pool"  # type: ignore[arg-type, comparison-overlap]
    assert context.seen is signal.SIG_IGN
    assert signal.getsignal(signal.SIGINT) is before


def test_lab_cut_short_under_until_ci_measures_the_games_it_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in review: the interval came from the last whole batch and the games kept were
    reported as -n running out, with advice to raise it."""
    _lab_cut_after(21, monkeypatch)
    summary = tmp_path / "lab.json"
    arguments = [*LAB, "--until-ci", "0.0001", "--json", str(summary)]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 130
    status = json.loads(summary.read_text())["until_ci"]
    assert status["interrupted"] and not status["reached"]
    assert status["games per variant"] == 10
    assert "not reached: interrupted after 10 games per variant" in result.output
    assert "larger -n" not in result.output


def test_ctrl_c_while_the_lab_writes_its_files_waits_until_they_are_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in review: a second Ctrl-C while the report was being written left half of it.
    Here Ctrl-C comes in the middle of writing the CSV; the JSON after it is written too,
    and only then does the command stop."""
    real = lab_command.write_csv

    def ctrl_c_midway(path: Path, results: Any) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        real(path, results)

    monkeypatch.setattr(lab_command, "write_csv", ctrl_c_midway)
    games_file, summary = tmp_path / "games.csv", tmp_path / "lab.json"
    arguments = [*LAB[:-4], "-n", "4", "-j", "1", "--csv", str(games_file)]
    result = runner.invoke(app, [*arguments, "--json", str(summary)])
    assert result.exit_code == 130
    assert result.output.strip().endswith("every file was written whole first")
    assert len(games_file.read_text().splitlines()) == 1 + 4 * 2
    assert json.loads(summary.read_text())["meta"]["games per variant"] == 4
