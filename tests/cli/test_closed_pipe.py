"""``molehaven lab … | head``: a reader that stops reading neither costs the files nor fails
the command (simulate, lab and arena)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def run_into_closed_pipe(arguments: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    """Run ``molehaven`` with its standard output a pipe whose reader has already left, as
    ``head`` leaves after its lines: every write to it fails with a broken pipe."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return subprocess.run(
            [sys.executable, "-m", "molehaven.cli.main", *arguments],
            stdout=writer,
            stderr=subprocess.PIPE,
            cwd=folder,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(writer)


def test_lab_writes_every_file_and_ends_cleanly_when_the_reader_leaves(tmp_path: Path) -> None:
    arguments = ["lab", "mole-hill", "-v", "two", "-v", "one=rounds=1", "-n", "3", "-j", "1"]
    outputs = ["--report", "lab.html", "--csv", "games.csv", "--json", "summary.json"]
    done = run_into_closed_pipe([*arguments, *outputs, "--plots", "plots"], tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    for name in ("lab.html", "games.csv", "summary.json", "plots/win-shares.png"):
        assert (tmp_path / name).stat().st_size > 0, name


@pytest.mark.parametrize(
    ("arguments", "games"),
    [
        (["simulate", "mole-hill", "-n", "3", "-j", "1"], 3),
        (["arena", "mole-hill", "-a", "greedy,random", "-n", "2"], 2),
    ],
    ids=["simulate", "arena"],
)
def test_simulate_and_arena_end_cleanly_when_the_reader_leaves(
    arguments: list[str], games: int, tmp_path: Path
) -> None:
    done = run_into_closed_pipe([*arguments, "--save", "records.jsonl"], tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    assert len((tmp_path / "records.jsonl").read_text().splitlines()) == games
