"""``molehaven arena``: standings on the terminal, records saved, bad input in one line."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from molehaven.cli.arena import print_standings
from molehaven.cli.main import app
from molehaven.sim import arena as arena_module
from molehaven.sim.arena import ArenaGame, ArenaRecord, ArenaSummary

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
        (["-a", "random,greedy", "-a", "mcts,random"], "agent named twice: random"),
    ]:
        result = runner.invoke(app, ["arena", "mole-hill", *arguments])
        assert result.exit_code == 1, arguments
        assert message in result.output
        assert "Traceback" not in result.output


def test_standings_fit_80_columns_without_cutting_a_figure() -> None:
    """The intervals used to be cut to ``0.310-0…`` on an 80-column terminal."""
    names = ("alphabeta", "greedy", "random")
    summary = ArenaSummary("the-mole", 3, names)
    for index, seats in enumerate(itertools.permutations(names)):
        summary.add(ArenaRecord(index, 0, index, seats, (1, 0, 0), (3, 2, 1), (1, 2, 3), 9, {}))
    console = Console(width=80, record=True)
    print_standings(console, summary, seed=44, budget=None, elapsed=1.0)
    text = console.export_text()
    assert "…" not in text
    assert text.count("0.097-0.700") == 3  # win shares
    assert text.count("1.28-2.72") == 3  # average ranks
    assert text.count("0.188-0.812") == 3  # head to head
    assert all(name in text for name in names)


def test_one_game_is_one_game() -> None:
    summary = ArenaSummary("mole-hill", 2, ("greedy", "random"))
    summary.add(ArenaRecord(0, 0, 0, ("greedy", "random"), (1, 0), (9, 3), (1, 2), 40, {}))
    console = Console(width=80, record=True)
    print_standings(console, summary, seed=1, budget=None, elapsed=1.0)
    assert console.export_text().startswith("1 game of mole-hill,")  # it said "1 games"


RUN = ["arena", "mole-park", "-a", "random,greedy", "-p", "3", "-n", "4", "--seed", "7"]


def said(output: str) -> str:
    """The output as one line (the console wraps long lines at its width)."""
    return " ".join(output.split())


def standings(output: str) -> str:
    """The printed tables: less how long the run took and where its games came from."""
    text = re.sub(r"budgets: [0-9.]+ s", "budgets", said(output))
    text = re.sub(r" \d+ games? read back from .* played now", "", text)
    return text.split(" records written to ")[0]


def test_repeated_agents_add_to_the_list_as_commas_do() -> None:
    """A second -a used to replace the first: here it left one agent, refused as too few."""
    repeated = runner.invoke(app, ["arena", "mole-hill", "-n", "1", "-a", "random", "-a", "greedy"])
    listed = runner.invoke(app, ["arena", "mole-hill", "-n", "1", "-a", "random,greedy"])
    assert repeated.exit_code == 0, repeated.output
    assert standings(repeated.output) == standings(listed.output)


def test_resume_plays_only_the_missing_games_to_the_same_standings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run cut short (here: its file cut after three games and half of the fourth) goes on
    with --resume: the games read back count first, in order, so even the openskill ratings
    equal those of one uninterrupted run."""
    whole, resumed = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl"
    first = runner.invoke(app, [*RUN, "--save", str(whole)])
    assert first.exit_code == 0, first.output
    kept = whole.read_text().splitlines(keepends=True)
    resumed.write_text("".join(kept[:3]) + kept[3][: len(kept[3]) // 2])
    played: list[int] = []
    real = arena_module.play_arena_game

    def counted(spec: ArenaGame) -> ArenaRecord:
        played.append(spec.index)
        return real(spec)

    monkeypatch.setattr(arena_module, "play_arena_game", counted)
    again = runner.invoke(app, [*RUN, "--save", str(resumed), "--resume"])
    assert again.exit_code == 0, again.output
    assert played == list(range(3, len(kept)))
    assert "3 games read back from" in said(again.output)  # a long path may wrap
    assert f"{len(kept) - 3} played now" in said(again.output)
    assert standings(again.output) == standings(first.output)
    assert resumed.read_text() == whole.read_text()  # the half line replaced, nothing doubled


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (["--seed", "8"], "its seed is 7, this run's is 8"),
        (["-a", "random,mcts"], "its agents are ['random', 'greedy', 'random'], this run's are ["),
        (["-o", "hand_limit=4"], "its options are"),
        (["--budget", "0.5"], "its budget is None, this run's is 0.5"),
    ],
)
def test_resume_refuses_another_runs_games_in_one_line(
    tmp_path: Path, change: list[str], message: str
) -> None:
    save = tmp_path / "arena.jsonl"
    assert runner.invoke(app, [*RUN, "-n", "1", "--save", str(save)]).exit_code == 0
    kept = save.read_text()
    arguments = [*RUN, "-n", "1", "--save", str(save), "--resume", *change]
    if change[0] == "-a":
        arguments = [*RUN[:2], *RUN[4:], "-n", "1", "--save", str(save), "--resume", *change]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 1
    assert "line 1 of" in result.output and message in said(result.output)
    assert result.output.startswith("error: --resume: line 1 of")
    assert save.read_text() == kept


def test_resume_of_a_file_that_is_not_json_says_so(tmp_path: Path) -> None:
    save = tmp_path / "bad.jsonl"
    save.write_text("hello\n")
    result = runner.invoke(app, [*RUN, "-n", "1", "--save", str(save), "--resume"])
    assert result.exit_code == 1
    assert said(result.output) == (
        f"error: --resume: line 1 of {save} is not JSON: not an arena --save file;"
        " give another --save file"
    )  # it read 'is not game 0 of this run (Expecting value: line 1 column 1 (char 0))'
    assert save.read_text() == "hello\n"


def test_resume_checks_that_a_game_replays_to_its_stated_result(tmp_path: Path) -> None:
    save = tmp_path / "arena.jsonl"
    assert runner.invoke(app, [*RUN, "-n", "1", "--save", str(save)]).exit_code == 0
    entries = [json.loads(line) for line in save.read_text().splitlines()]
    entries[0]["returns"] = [1.0 - value for value in entries[0]["returns"]]
    save.write_text("".join(json.dumps(entry) + "\n" for entry in entries))
    result = runner.invoke(app, [*RUN, "-n", "1", "--save", str(save), "--resume"])
    assert result.exit_code == 1
    assert "does not replay to the returns it states" in said(result.output)


def test_a_save_file_holding_games_is_kept_unless_resumed_or_forced(tmp_path: Path) -> None:
    save = tmp_path / "arena.jsonl"
    assert runner.invoke(app, [*RUN, "-n", "1", "--save", str(save)]).exit_code == 0
    kept = save.read_text()
    again = runner.invoke(app, [*RUN, "-n", "1", "--seed", "8", "--save", str(save)])
    assert again.exit_code == 1
    assert said(again.output) == (
        f"error: --save {save} already holds games: add --resume to carry on its run,"
        " or --force to write it anew"
    )
    assert save.read_text() == kept  # it was written over with seed 8's games
    forced = runner.invoke(app, [*RUN, "-n", "1", "--seed", "8", "--save", str(save), "--force"])
    assert forced.exit_code == 0, forced.output
    assert {json.loads(line)["seed"] for line in save.read_text().splitlines()} == {8}
    both = runner.invoke(app, [*RUN, "--save", str(save), "--force", "--resume"])
    assert both.exit_code == 1
    assert "--resume keeps the games of --save and --force drops them" in said(both.output)


def test_resume_needs_a_save_file() -> None:
    result = runner.invoke(app, [*RUN, "--resume"])
    assert result.exit_code == 1
    assert "--resume carries on the games of --save FILE" in said(result.output)
