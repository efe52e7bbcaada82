"""The tests run this checkout's code, whichever checkout the virtual environment was
installed from (see ``tests/conftest.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import molehaven

SRC = Path(__file__).resolve().parents[1] / "src"


def test_the_tests_import_this_checkouts_molehaven() -> None:
    assert Path(molehaven.__file__).resolve().is_relative_to(SRC), molehaven.__file__


def test_a_process_the_tests_start_imports_this_checkouts_molehaven() -> None:
    """As the browser tests' live server does: a child Python with the tests' environment."""
    found = subprocess.run(
        [sys.executable, "-c", "import molehaven; print(molehaven.__file__)"],
        env=dict(os.environ),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert Path(found).resolve().is_relative_to(SRC), found
