"""Where the long commands' progress bar goes: the figures' terminal, else standard error's."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

from molehaven.cli.main import app
from molehaven.cli.progress import progress_bar


def console(*, terminal: bool) -> tuple[Console, io.StringIO]:
    text = io.StringIO()
    return Console(file=text, force_terminal=terminal, width=80), text


def run_a_bar(figures: Console, errors: Console) -> None:
    with progress_bar(figures, stderr=errors) as progress:
        task = progress.add_task("mole-hill, 2 players", total=3)
        progress.advance(task, 3)
        progress.refresh()


def test_figures_on_a_terminal_keep_the_bar_there() -> None:
    figures, figures_text = console(terminal=True)
    errors, errors_text = console(terminal=True)
    run_a_bar(figures, errors)
    assert "3/3" in figures_text.getvalue()
    assert errors_text.getvalue() == ""


def test_figures_sent_to_a_file_show_the_bar_on_the_terminal_of_standard_error() -> None:
    """``molehaven simulate … > figures.txt``: minutes of work were silent until the end."""
    figures, figures_text = console(terminal=False)
    errors, errors_text = console(terminal=True)
    run_a_bar(figures, errors)
    assert "mole-hill, 2 players" in errors_text.getvalue()
    assert "3/3" in errors_text.getvalue()
    assert figures_text.getvalue() == ""  # the file holds the figures only


def test_without_any_terminal_nothing_is_drawn_and_no_blank_line_is_left() -> None:
    figures, figures_text = console(terminal=False)
    errors, errors_text = console(terminal=False)
    run_a_bar(figures, errors)
    assert figures_text.getvalue() == ""
    assert errors_text.getvalue() == ""


def test_simulate_figures_in_a_file_begin_with_their_first_line() -> None:
    result = CliRunner().invoke(app, ["simulate", "mole-hill", "-n", "2", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("2 games of mole-hill with 2 players")
