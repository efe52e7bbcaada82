"""Ctrl-C during a run with worker processes ends in one line, without workers' tracebacks."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from molehaven.sim.workers import worker_pool


def test_pool_workers_leave_ctrl_c_to_their_parent() -> None:
    with worker_pool(multiprocessing.get_context("spawn"), 2) as pool:
        handlers = pool.map(signal.getsignal, [signal.SIGINT] * 4, chunksize=1)
    assert set(handlers) == {signal.SIG_IGN}


def _processes_in_group(group: int) -> int:
    count = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        count += int(fields[2]) == group  # the process group follows state and parent
    return count


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    "arguments",
    [
        ["lab", "maulwurf-company", "-n", "300", "-j", "2"],
        ["arena", "maulwurf-company", "-a", "random,greedy", "-n", "300", "-j", "2"],
        ["simulate", "maulwurf-company", "-n", "300", "-j", "2"],
    ],
    ids=["lab", "arena", "simulate"],
)
def test_ctrl_c_with_workers_running_is_one_line(arguments: list[str]) -> None:
    """A terminal's Ctrl-C reaches the whole process group: every worker as well."""
    command = [sys.executable, "-m", "molehaven.cli.main", *arguments]
    process = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env={**os.environ, "COLUMNS": "100"},
    )
    try:
        deadline = time.monotonic() + 60
        # The command itself, two workers and the pool's helper process.
        while _processes_in_group(process.pid) < 4 and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(2.0)  # the workers are now playing games, deep in some game's rules
        assert process.poll() is None, "the run ended before it could be interrupted"
        os.killpg(process.pid, signal.SIGINT)
        _, errors = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert errors.decode().strip() == "interrupted"
