"""Turn expected failures into one clear line on stderr instead of a traceback."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import typer
from rich.console import Console

from molehaven.core import MolehavenError

P = ParamSpec("P")
R = TypeVar("R")

stderr = Console(stderr=True)


class CliError(Exception):
    """A user-facing failure with a message worth showing as it is."""


def one_line_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Wrap a command so bad input ends it with ``error: …`` and exit status 1."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except (CliError, MolehavenError, OSError) as error:
            stderr.print(f"[bold red]error:[/] {error}", highlight=False, soft_wrap=True)
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            stderr.print("interrupted")
            raise typer.Exit(130) from None

    return wrapper
