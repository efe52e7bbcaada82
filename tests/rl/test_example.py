"""The REINFORCE example runs end to end on a few games (its results are in docs/research.md)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "mole_hill_reinforce.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mole_hill_reinforce", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_reinforce_example_trains_evaluates_and_plots(tmp_path: Path) -> None:
    example = _load()
    policy, curve = example.train(20, seed=3)
    assert len(curve) == 20
    assert policy.weights.any()  # the policy moved
    scores = example.evaluate(
        lambda env, obs: policy.greedy(example._features(obs), obs["action_mask"]), 3, seed=9
    )
    assert len(scores) == 3
    assert all(score >= 0 for score in scores)
    path = tmp_path / "curve.png"
    example.plot(curve, {"random": [13.0, 14.0]}, str(path), window=5)
    assert path.read_bytes().startswith(b"\x89PNG")


def test_reference_lines_say_how_many_games_they_measured(tmp_path: Path) -> None:
    """The plot's reference lines gave a mean alone, though the MCTS mole's was measured on
    a tenth of the others' games: each label now has its standard error and games."""
    example = _load()
    references = {"random agent": [12.0, 14.0, 13.0], "mcts agent": [15.0]}
    figure = example.plot([10.0] * 8, references, str(tmp_path / "curve.png"), window=4)
    labels = [text.get_text() for text in figure.legends[0].get_texts()]
    assert labels == [
        "learning mole (4-game mean)",
        "random agent: 13.00 ± 0.58 over 3 games",
        "mcts agent: 15.00 over 1 game (no standard error)",
    ]


def test_training_reports_progress_on_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Training ran for minutes in silence; now it says how far it is, on standard error
    (standard output keeps the results)."""
    example = _load()
    example.train(3, seed=1, progress=True)
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert lines[0] == "training: 3 games ..."
    assert lines[-1].startswith("training: 3/3 games, last-3 mean ")
    example.evaluate(example.agent_chooser("random", 1), 2, seed=5, label="random")
    evaluated = capsys.readouterr()
    assert evaluated.out == "" and "evaluating random: 2/2 games" in evaluated.err


def test_help_shows_the_defaults() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), "--help"], capture_output=True, text=True, check=True
    )
    text = " ".join(result.stdout.split())
    assert "training games (default: 2000)" in text
    assert "(default: 100)" in text and "(default: 300)" in text
