"""Shared test settings: the code under test is this checkout's, and Hypothesis profiles
(``dev`` locally, ``ci`` in CI)."""

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

# The virtual environment's editable install points at one checkout (the main one); a test run
# in another git worktree must test that worktree's code, here and in every server or command
# it starts (they inherit PYTHONPATH), or a test checked against old code proves nothing.
SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))

settings.register_profile(
    "ci",
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
