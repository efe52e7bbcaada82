"""The built wheel works on its own: installed in a fresh virtual environment, away from the
source tree, it prints every rules page and serves the web app (issue 19: the rules pages
were read from the source tree and missing from the wheel)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
import urllib.request
import venv
from pathlib import Path

import pytest

import molehaven

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def away_from_the_source() -> dict[str, str]:
    """The environment without PYTHONPATH, which ``tests/conftest.py`` points at the source
    tree: the wheel must be built, installed and imported on its own."""
    return {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding only the wheel; its dependencies come from this environment's
    site-packages through a path file (no network, and never this checkout's ``src``)."""
    base = tmp_path_factory.mktemp("wheel")
    wheels = base / "dist"
    # Built from a copy of what the build reads: setuptools builds in the tree's own ``build/``,
    # and two test processes building this checkout at once collided there (run 49,
    # 2026-11-28: "File exists: build/bdist.linux-x86_64/wheel/molehaven-0.1.0.dist-info").
    source = base / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "src", source / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(wheels),
            str(source),
        ],
        check=True,
        cwd=base,
        env=away_from_the_source(),
    )
    (wheel,) = wheels.glob("molehaven-*.whl")
    fresh = base / "venv"
    venv.create(fresh, with_pip=False)
    python = fresh / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
        cwd=base,
        env=away_from_the_source(),
    )
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        env=away_from_the_source(),
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(site, "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return fresh


def run(fresh: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(fresh / "bin" / "molehaven"), *arguments],
        capture_output=True,
        text=True,
        cwd=fresh,
        env=away_from_the_source(),
        timeout=60,
    )


def test_the_wheel_is_imported_not_the_source_tree(installed: Path) -> None:
    where = subprocess.run(
        [str(installed / "bin" / "python"), "-c", "import molehaven; print(molehaven.__file__)"],
        check=True,
        capture_output=True,
        text=True,
        cwd=installed,
        env=away_from_the_source(),
    ).stdout
    assert str(installed) in where
    assert str(ROOT / "src") not in where


@pytest.mark.parametrize("slug", molehaven.list_games())
def test_rules_pages_ship_in_the_wheel(installed: Path, slug: str) -> None:
    result = run(installed, "rules", slug, "--plain")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# ")


def test_the_installed_server_starts_and_serves_the_lobby(installed: Path, tmp_path: Path) -> None:
    server = subprocess.Popen(
        [
            str(installed / "bin" / "molehaven"),
            "serve",
            "--port",
            "0",
            "--database",
            f"sqlite:///{tmp_path / 'molehaven.db'}",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=installed,
        env=away_from_the_source(),
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        match = re.search(r"http://localhost:(\d+)/", first)
        assert match, first
        port = int(match.group(1))
        assert port != 0
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                    body = page.read().decode()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.2)
        assert "Molehaven" in body
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/api/games/mole-hill/guide", timeout=5
        ) as guide:
            assert b"rules_html" in guide.read()
    finally:
        server.terminate()
        server.wait(timeout=10)
