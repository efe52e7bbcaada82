"""The progress bar every long command shows (simulate, arena, lab)."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


def progress_bar(console: Console, stderr: Console | None = None) -> Progress:
    """A bar with a description, a count and the time left, gone once the work is done.

    It goes where the figures go when that is a terminal. When they go to a file or a pipe
    (``molehaven simulate … > figures.txt``) and ``stderr`` (default: standard error) is a
    terminal, the bar goes there: a run of minutes was otherwise silent until it ended. With
    no terminal at all (a job's log) there is no bar, and no blank line where it was.
    """
    shown_on = console
    if not console.is_terminal:
        errors = Console(stderr=True) if stderr is None else stderr
        if errors.is_terminal:
            shown_on = errors
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=shown_on,
        transient=True,
        # Standard output is the figures' file here: rich must not take it over for the bar.
        redirect_stdout=shown_on is console,
        disable=not shown_on.is_terminal,
    )
