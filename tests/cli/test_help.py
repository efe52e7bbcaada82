"""Text meant for people reads well at 80 columns: help wraps evenly, rules stay as written."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import molehaven
from molehaven.cli.main import app, one_line_paragraphs
from molehaven.docs import rules_page

runner = CliRunner()
NARROW = {"COLUMNS": "80", "TERMINAL_WIDTH": "80"}


@pytest.mark.parametrize("slug", molehaven.list_games())
def test_plain_rules_are_the_packaged_page_byte_for_byte(slug: str) -> None:
    result = runner.invoke(app, ["rules", slug, "--plain"], env=NARROW)
    assert result.exit_code == 0
    assert result.stdout == rules_page(slug)


def description(output: str) -> list[list[str]]:
    """The paragraphs of a command's help text (between the usage line and the first box),
    each as its lines."""
    lines = output.splitlines()
    start = next(number for number, line in enumerate(lines) if "Usage:" in line) + 1
    end = next(number for number, line in enumerate(lines) if line.startswith("╭"))
    paragraphs: list[list[str]] = [[]]
    for line in lines[start:end]:
        if line.strip():
            paragraphs[-1].append(line.rstrip())
        elif paragraphs[-1]:
            paragraphs.append([])
    return [paragraph for paragraph in paragraphs if paragraph]


@pytest.mark.parametrize("command", ["play", "simulate", "arena", "lab", "serve", "replay"])
def test_help_wraps_evenly_at_80_columns(command: str) -> None:
    """A line ends early only where its paragraph ends: 'runs in real seconds. In The' then
    'Mole the round's clock…' came from a docstring's own line breaks."""
    result = runner.invoke(app, [command, "--help"], env=NARROW)
    assert result.exit_code == 0
    paragraphs = description(result.output)
    assert paragraphs
    for paragraph in paragraphs:
        for line, following in itertools.pairwise(paragraph):
            assert len(line) <= 80
            next_word = following.split()[0]
            assert len(line) + 1 + len(next_word) > 79, (line, following)


def test_paragraphs_are_joined_and_kept_apart() -> None:
    text = """First line
    goes on.

    Second paragraph,
    over two lines.

    \b
    kept
    as is"""
    assert one_line_paragraphs(text) == (
        "First line goes on.\n\nSecond paragraph, over two lines.\n\n\b\nkept\nas is"
    )


def test_lab_help_names_the_agents_and_where_options_are_listed() -> None:
    """A first-time designer learns from --help alone which agents exist and where each
    game's options are (simulate's and arena's help already named the agents)."""
    result = runner.invoke(app, ["lab", "--help"], env=NARROW)
    assert result.exit_code == 0
    text = " ".join(result.output.replace("│", " ").split())  # the words, unwrapped
    assert "random, mcts, greedy" in text
    assert "-a" in text
    assert "'molehaven games'" in text.split("--variant")[1]


def test_python_dash_m_molehaven_is_the_command() -> None:
    """Where the ``molehaven`` script is not on the PATH, ``python -m molehaven`` runs it."""
    done = subprocess.run(
        [sys.executable, "-m", "molehaven", "games"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, **NARROW},
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert all(slug in done.stdout for slug in molehaven.list_games())
