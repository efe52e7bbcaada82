"""Ctrl-C during a long ``simulate`` keeps what was played: the figures of the finished
games, how far the run got, and exit status 130 (as ``lab`` and ``arena`` end)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from molehaven.cli import simulating
from molehaven.cli.main import app

runner = CliRunner()


def ctrl_c_after(games: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``simulate`` plays ``games`` games, then the user presses Ctrl-C."""
    real = simulating.simulate

    def some_games_then_ctrl_c(*args: Any, **kwargs: Any) -> Any:
        real(*args, **{**kwargs, "games": games})
        raise KeyboardInterrupt

    monkeypatch.setattr(simulating, "simulate", some_games_then_ctrl_c)


def figures(output: str) -> list[str]:
    """The lines of the figures, without the first line (it tells the time taken)."""
    lines = output.splitlines()
    start = next(n for n, line in enumerate(lines) if "per seat" in line)
    return [line for line in lines[start:] if not line.startswith("interrupted")]


def test_simulate_interrupted_prints_the_figures_of_the_games_it_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C threw every game played away: only 'interrupted after 3 of 50 games' was
    printed. The figures printed are those of the first three games, the same as a run of
    -n 3 with the same seed, and the first line says that the run was cut short."""
    whole = runner.invoke(app, ["simulate", "mole-hill", "-n", "3", "--seed", "7", "-j", "1"])
    assert whole.exit_code == 0, whole.output
    ctrl_c_after(3, monkeypatch)
    save = tmp_path / "records.jsonl"
    arguments = ["simulate", "mole-hill", "-n", "50", "--seed", "7", "-j", "1"]
    result = runner.invoke(app, [*arguments, "--save", str(save)])
    assert result.exit_code == 130
    first_line = "3 of 50 games of mole-hill (interrupted) with 2 players"
    assert result.stdout.lstrip().startswith(first_line)
    assert figures(result.stdout) == figures(whole.stdout)
    assert result.stderr.strip() == (
        f"interrupted after 3 of 50 games; the figures cover these 3 games;"
        f" their records are in {save}"
    )
    assert len(save.read_text().splitlines()) == 3


def test_simulate_interrupted_before_any_game_finished_says_only_that(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ctrl_c_after(0, monkeypatch)
    result = runner.invoke(app, ["simulate", "mole-hill", "-n", "50", "-j", "1"])
    assert result.exit_code == 130
    assert result.stdout == ""  # no terminal, so no bar, and no blank line where it was
    assert result.stderr.strip() == "interrupted after 0 of 50 games"
