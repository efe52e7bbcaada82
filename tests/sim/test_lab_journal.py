"""``molehaven lab --journal``: a run cut short by a crash carries on where it stopped, to
the figures of one uninterrupted run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from molehaven.cli.main import app
from molehaven.sim import lab as lab_module
from molehaven.sim.jsonl import what_differs
from molehaven.sim.lab import LabGame, Variant, play_lab_game
from molehaven.sim.lab_journal import FORMAT, Journal, JournalError, Setup, metrics_from_json
from molehaven.sim.lab_journal import metrics_json as journal_line

runner = CliRunner()
LAB = ["lab", "mole-hill", "-v", "two", "-v", "one=rounds=1", "--seed", "5", "-j", "1"]


def said(words: str, output: str) -> bool:
    """Whether the output holds ``words``, however the terminal wrapped them (Rich breaks a
    long path anywhere, even inside a name)."""
    return "".join(words.split()) in "".join(output.split())


def figures(summary: Path) -> dict[str, Any]:
    """What a run measured: its summary less the time it took and where its games came from."""
    data: dict[str, Any] = json.loads(summary.read_text())
    for key in ("seconds", "journal", "ran on"):
        data["meta"].pop(key, None)
    return data


def lines(journal: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in journal.read_text().splitlines()]


def test_a_game_reads_back_from_its_journal_line_unchanged() -> None:
    spec = LabGame("mole-park", 3, Variant("v", {"hand_limit": 4}), ("random",) * 3, 9, 2)
    played = play_lab_game(spec)
    assert metrics_from_json(json.loads(json.dumps(journal_line(played)))) == played


def test_every_game_is_kept_and_a_second_run_plays_none_of_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal, first, second = tmp_path / "lab.jsonl", tmp_path / "1.json", tmp_path / "2.json"
    result = runner.invoke(app, [*LAB, "-n", "8", "--journal", str(journal), "--json", str(first)])
    assert result.exit_code == 0, result.output
    kept = lines(journal)
    assert kept[0]["format"] == FORMAT and kept[0]["seed"] == 5
    assert sorted((line["index"], line["variant"]) for line in kept[1:]) == sorted(
        (index, name) for index in range(8) for name in ("two", "one")
    )

    def no_more_games(spec: LabGame) -> None:
        raise AssertionError(f"game {spec.index} of {spec.variant.name} was played again")

    monkeypatch.setattr(lab_module, "play_lab_game", no_more_games)
    result = runner.invoke(app, [*LAB, "-n", "8", "--journal", str(journal), "--json", str(second)])
    assert result.exit_code == 0, result.output
    assert figures(second) == figures(first)
    assert json.loads(second.read_text())["meta"]["journal"].endswith("16 games kept from before")
    assert said(f"16 games read back from {journal}, 0 played now", result.output)
    # Not "1 local process (too few games for workers)" (a designer's walk).
    ran_on = json.loads(second.read_text())["meta"]["ran on"]
    assert ran_on == "nothing played: every game read back from the journal"
    assert len(lines(journal)) == 17  # nothing written twice


def test_more_games_extend_a_finished_run_to_the_figures_of_one_run(tmp_path: Path) -> None:
    journal, extended, whole = tmp_path / "lab.jsonl", tmp_path / "e.json", tmp_path / "w.json"
    assert runner.invoke(app, [*LAB, "-n", "4", "--journal", str(journal)]).exit_code == 0
    result = runner.invoke(
        app, [*LAB, "-n", "10", "--journal", str(journal), "--json", str(extended)]
    )
    assert result.exit_code == 0, result.output
    assert runner.invoke(app, [*LAB, "-n", "10", "--json", str(whole)]).exit_code == 0
    assert figures(extended) == figures(whole)
    assert json.loads(extended.read_text())["meta"]["journal"].endswith("8 games kept from before")
    assert said(f"8 games read back from {journal}, 12 played now", result.output)


def test_a_line_cut_off_by_a_crash_is_played_again(tmp_path: Path) -> None:
    journal, resumed, whole = tmp_path / "lab.jsonl", tmp_path / "r.json", tmp_path / "w.json"
    assert runner.invoke(app, [*LAB, "-n", "5", "--journal", str(journal)]).exit_code == 0
    text = journal.read_text()
    journal.write_text(text[: -len(text.splitlines()[-1]) // 2 - 1])  # half the last line
    result = runner.invoke(
        app, [*LAB, "-n", "5", "--journal", str(journal), "--json", str(resumed)]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(resumed.read_text())["meta"]["journal"].endswith("9 games kept from before")
    assert runner.invoke(app, [*LAB, "-n", "5", "--json", str(whole)]).exit_code == 0
    assert figures(resumed) == figures(whole)
    assert len(lines(journal)) == 11  # the half line is gone, the game written whole


@pytest.mark.slow
def test_a_killed_run_carries_on_to_the_figures_of_one_run(tmp_path: Path) -> None:
    """SIGKILL: no handler runs, nothing is flushed at exit. The journal still holds every
    game finished before it."""
    journal, resumed, whole = tmp_path / "lab.jsonl", tmp_path / "r.json", tmp_path / "w.json"
    arguments = ["lab", "maulwurf-company", "-v", "a", "-v", "b=max_turns=300", "-n", "60"]
    command = [sys.executable, "-m", "molehaven.cli.main", *arguments, "-j", "1"]
    process = subprocess.Popen(
        [*command, "--journal", str(journal)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "COLUMNS": "100"},
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            if journal.exists() and journal.read_text().count("\n") > 10:
                break
            time.sleep(0.02)
        assert process.poll() is None, "the run ended before it could be killed"
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    before = journal.read_text().count("\n") - 1
    assert 10 <= before < 120
    finished = subprocess.run(
        [*command, "--journal", str(journal), "--json", str(resumed)],
        capture_output=True,
        env={**os.environ, "COLUMNS": "100"},
        check=False,
    )
    assert finished.returncode == 0, finished.stderr
    meta = json.loads(resumed.read_text())["meta"]
    assert meta["journal"].endswith(f"{before} games kept from before"), meta["journal"]
    clean = subprocess.run([*command, "--json", str(whole)], capture_output=True, check=False)
    assert clean.returncode == 0, clean.stderr
    assert figures(resumed) == figures(whole)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (["--seed", "6"], "its seed is 5, this run's is 6"),
        (["-v", "two", "-v", "one=rounds=2"], "its variants are"),
        (["-a", "random,greedy"], 'its agents are ["random", "random"], this run\'s are'),
        (["--budget", "0.5"], "its budget is null, this run's is 0.5"),
    ],
)
def test_a_journal_of_another_run_is_refused_in_one_line(
    tmp_path: Path, change: list[str], said: str
) -> None:
    journal = tmp_path / "lab.jsonl"
    assert runner.invoke(app, [*LAB, "-n", "2", "--journal", str(journal)]).exit_code == 0
    kept = journal.read_text()
    arguments = [*LAB, "-n", "2", "--journal", str(journal), *change]
    if change[0] == "-v":  # the variants replace the run's own
        arguments = [*LAB[:2], *LAB[6:], "-n", "2", "--journal", str(journal), *change]
    result = runner.invoke(app, arguments)
    assert result.exit_code == 1
    assert said in result.output
    assert "another run" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert journal.read_text() == kept  # left as it was


def test_a_file_that_is_not_a_journal_is_refused_and_left_alone(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\nabout the game\n")
    result = runner.invoke(app, [*LAB, "-n", "2", "--journal", str(notes)])
    assert result.exit_code == 1
    assert "line 1 is not a lab journal" in result.output
    assert notes.read_text() == "my notes\nabout the game\n"


def test_a_journal_of_an_older_lab_is_refused_as_such(tmp_path: Path) -> None:
    """Format 1 measured the lead over chance actions too: its games must not be mixed into
    a run of format 2's, and "not a lab journal" would have been wrong."""
    journal = tmp_path / "lab.jsonl"
    assert runner.invoke(app, [*LAB, "-n", "2", "--journal", str(journal)]).exit_code == 0
    lines = journal.read_text().splitlines()
    setup = json.loads(lines[0])
    setup["format"] = "molehaven lab journal 1"
    older = "\n".join([json.dumps(setup), *lines[1:]]) + "\n"
    journal.write_text(older)
    result = runner.invoke(app, [*LAB, "-n", "2", "--journal", str(journal)])
    assert result.exit_code == 1
    assert "another version of the lab ('molehaven lab journal 1'" in result.output
    assert journal.read_text() == older


def test_a_damaged_game_line_is_named(tmp_path: Path) -> None:
    setup = Setup("mole-hill", 2, (Variant("a", {}),), ("random", "random"), 1, None)
    path = tmp_path / "lab.jsonl"
    path.write_text(f'{json.dumps(setup.as_json())}\n{{"variant": "a"}}\n')
    with pytest.raises(JournalError, match="line 2 is not a lab game"):
        Journal(path, setup)


def test_what_differs_reads_as_a_sentence() -> None:
    """A refusal read 'its agents is …' and would have read 'its players is 3'."""
    assert what_differs("seed", "5", "6") == "its seed is 5, this run's is 6"
    assert what_differs("agents", "[a]", "[b]") == "its agents are [a], this run's are [b]"
    assert what_differs("players", "3", "4") == "its number of players is 3, this run's is 4"
