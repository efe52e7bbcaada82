"""The REINFORCE example runs end to end on a few games (its results are in docs/research.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

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
    example.plot(curve, {"random": 13.0}, str(path), window=5)
    assert path.read_bytes().startswith(b"\x89PNG")
