"""``molehaven lab --ray local``: Ray's start-up notices stay off the lab's output."""

from __future__ import annotations

import logging
import os
import subprocess
import sys

import pytest

from molehaven.cli.lab import RAY_TOKEN_NOTICE_LOGGER

pytest.importorskip("ray")


def test_lab_on_a_local_ray_prints_no_token_notice() -> None:
    """Every run printed Ray's 'Token authentication is enabled for this Ray cluster. Set
    RAY_AUTH_MODE=disabled to opt out…' before the figures. Run as a person runs it: a
    fresh process (Ray reads its settings when imported), without RAY_AUTH_MODE set."""
    environment = {name: value for name, value in os.environ.items() if name != "RAY_AUTH_MODE"}
    command = [sys.executable, "-m", "molehaven.cli.main", "lab", "mole-hill", "-n", "2"]
    done = subprocess.run(
        [*command, "--ray", "local", "-j", "2"],
        capture_output=True,
        text=True,
        env={**environment, "COLUMNS": "100"},
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "2 games per variant" in done.stdout and "Ray (local)" in done.stdout
    output = done.stdout + done.stderr
    assert "Token authentication" not in output
    assert "RAY_AUTH_MODE" not in output


def test_only_warnings_of_rays_token_setup_are_held_back() -> None:
    """Ray's errors there still show, as do the warnings of every other part of Ray."""
    from molehaven.cli.lab import quiet_ray_token_notice

    notice = logging.getLogger(RAY_TOKEN_NOTICE_LOGGER)
    before = notice.level
    try:
        quiet_ray_token_notice()
        assert not notice.isEnabledFor(logging.WARNING)
        assert notice.isEnabledFor(logging.ERROR)
        assert logging.getLogger("ray._private.worker").isEnabledFor(logging.WARNING)
    finally:
        notice.setLevel(before)
