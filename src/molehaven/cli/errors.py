"""Turn expected failures into one clear line on stderr instead of a traceback."""

from __future__ import annotations

import contextlib
import difflib
import functools
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

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
        except (CliError, MolehavenError) as error:
            say_error(str(error))
            raise typer.Exit(1) from None
        except OSError as error:
            say_error(os_error_text(error))
            raise typer.Exit(1) from None
        except KeyboardInterrupt as interruption:
            # A long run re-raises Ctrl-C with how far it got (see ``interrupted``).
            said = str(interruption)
            stderr.print(
                f"interrupted {said}" if said else "interrupted",
                markup=False,
                highlight=False,
                soft_wrap=True,  # a path in it must stay whole, to copy
                emoji=False,
            )
            raise typer.Exit(130) from None

    return wrapper


def os_error_text(error: OSError) -> str:
    """An operating system's refusal in words: ``/proc/x.jsonl: no such file or directory``,
    not Python's ``[Errno 2] No such file or directory: '/proc/x.jsonl'``."""
    reason = os_reason(error)
    return reason if error.filename is None else f"{error.filename}: {reason}"


def os_reason(error: OSError) -> str:
    """Why the system refused, in lower case: ``file name too long``."""
    reason = error.strerror or str(error) or type(error).__name__
    return reason[:1].lower() + reason[1:]


def interrupted(done: int, total: int, noun: str, kept: str = "") -> KeyboardInterrupt:
    """Ctrl-C, carrying how far a run got and what it kept, for ``one_line_errors`` to say:
    ``interrupted after 116 of 300 games; …``."""
    kept_text = f"; {kept}" if kept else ""
    return KeyboardInterrupt(f"after {done} of {total} {noun}{kept_text}")


@contextlib.contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Ctrl-C inside the block takes effect once it is done: files being written are
    written whole, then the command is interrupted (a second Ctrl-C after a first one had
    cut a run short left half a report behind)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers are the main thread's alone
        return
    pressed: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: pressed.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt


class OneLineUsageGroup(TyperGroup):
    """Typer's command group, with usage errors (a bad number, an unknown option) told in one
    line like every other error, instead of Typer's boxed panel."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            result = super().main(args, prog_name, complete_var, False, **extra)
        except typer.TyperException as error:
            _exit_with(error)
        except typer.Abort:
            stderr.print("interrupted")
            sys.exit(130)
        sys.exit(result if isinstance(result, int) else 0)


def _exit_with(error: typer.TyperException) -> NoReturn:
    context = getattr(error, "ctx", None)
    hint = f" (see '{context.command_path} --help')" if context is not None else ""
    # Known by name: Typer carries its own copy of Click in a private module (and older
    # Typers used Click itself), so the class is not importable from one public place.
    if type(error).__name__ == "NoSuchOption":
        name: str = getattr(error, "option_name", "")
        message = unknown_option(name, getattr(error, "possibilities", None) or [])
    else:
        # Click's sentences ("Missing argument 'game'.") read like the rest of our errors:
        # lower case, and no full stop before the hint.
        text = error.format_message().removesuffix(".")
        message = text[:1].lower() + text[1:]
    say_error(f"{message}{hint}")
    sys.exit(error.exit_code)


def unknown_option(name: str, possibilities: Sequence[str]) -> str:
    """``unknown option --jbos; did you mean --jobs?``, suggesting only options that look like
    the typo. Click compares the names with their dashes, which alone made ``--jobs`` look
    close to ``--bogus``; without them it does not."""
    bare = name.lstrip("-")
    close = [
        option
        for option in possibilities
        if difflib.get_close_matches(bare, [option.lstrip("-")], n=1)
    ]
    suggestion = f"; did you mean {' or '.join(close)}?" if close else ""
    return f"unknown option {name}{suggestion}"


def say_error(message: str) -> None:
    """``error: message`` on stderr, the message exactly as written: brackets are not
    markup and ``:1234:`` in an address is not an emoji code."""
    stderr.print(
        f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True, emoji=False
    )
