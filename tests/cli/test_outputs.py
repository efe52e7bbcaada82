"""Output files are checked before any game is played, not after the whole run."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from molehaven.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("command", "option"),
    [
        (["lab", "mole-park", "-n", "2000"], "--csv"),
        (["lab", "mole-park", "-n", "2000"], "--report"),
        (["lab", "mole-park", "-n", "2000"], "--json"),
        (["play", "mole-hill"], "--save"),
        (["simulate", "mole-hill", "-n", "2000"], "--save"),
        (["arena", "mole-hill", "-a", "random,greedy"], "--save"),
    ],
)
def test_a_file_in_a_missing_folder_is_refused_before_play(
    tmp_path: Path, command: list[str], option: str
) -> None:
    target = tmp_path / "missing" / "out.txt"
    # A game that started would print its board and take these moves.
    result = runner.invoke(app, [*command, option, str(target)], input="place e4\nquit\n")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"error: cannot write {option} {target}: no folder {target.parent}"
    ]


def test_a_folder_given_for_a_file_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["lab", "mole-hill", "-n", "2000", "--report", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"error: cannot write --report {tmp_path}: it is a folder; give a file name"
    )


def test_plots_under_a_file_are_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    plots = blocker / "plots"
    result = runner.invoke(app, ["lab", "mole-hill", "-n", "2000", "--plots", str(plots)])
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"error: cannot write into --plots {plots}: {blocker} is a file, not a folder"
    )


def test_plots_may_go_into_a_folder_yet_to_be_made(tmp_path: Path) -> None:
    plots = tmp_path / "new" / "plots"
    result = runner.invoke(app, ["lab", "mole-hill", "-n", "10", "-j", "1", "--plots", str(plots)])
    assert result.exit_code == 0, result.output
    assert (plots / "win-shares.png").exists()


@pytest.mark.parametrize(
    ("command", "option"),
    [
        (["simulate", "mole-hill", "-n", "1"], "--save"),
        (["lab", "mole-hill", "-n", "1"], "--journal"),
    ],
)
def test_a_name_the_system_refuses_is_told_in_words_not_as_pythons_errno(
    tmp_path: Path, command: list[str], option: str
) -> None:
    """A path refused for a reason the checks above do not name (a file name over 255 bytes)
    ends in one line with the reason in words, not "[Errno 36] File name too long: '…'"."""
    target = tmp_path / ("x" * 300 + ".jsonl")
    result = runner.invoke(app, [*command, option, str(target)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"error: cannot write {option} {target}: file name too long"
    ]
