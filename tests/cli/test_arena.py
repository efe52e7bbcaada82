"""``molehaven arena``: standings on the terminal, records saved, bad input in one line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from molehaven.cli.main import app

runner = CliRunner()


def test_arena_prints_standings_and_saves_every_game(tmp_path: Path) -> None:
    out = tmp_path / "arena.jsonl"
    result = runner.invoke(
        app,
        [
            "arena",
            "mole-hill",
            "--agents",
            "greedy,random",
            "--games",
            "2",
            "--seed",
            "3",
            "-o",
            "rounds=1",
            "--save",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "head to head" in result.output
    assert "greedy" in result.output and "random" in result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 2
    assert [line["agents"] for line in lines] == [["greedy", "random"], ["random", "greedy"]]
    assert all(line["game"] == "mole-hill" and line["actions"] for line in lines)


def test_arena_bad_input_is_one_clear_line() -> None:
    for arguments, message in [
        (["--agents", "greedy,nobody"], "unknown agent 'nobody'"),
        (["--agents", "greedy"], "at least two agents"),
        (["--agents", "greedy,random", "--players", "5"], "takes 2 players"),
    ]:
        result = runner.invoke(app, ["arena", "mole-hill", *arguments])
        assert result.exit_code == 1, arguments
        assert message in result.output
        assert "Traceback" not in result.output
