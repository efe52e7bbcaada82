"""Standard output for the long commands (simulate, lab, arena), whose reader may leave."""

from __future__ import annotations

import contextlib
import os

from rich.console import Console


class PipeSafeConsole(Console):
    """A console that goes quiet when its reader stops reading (``molehaven lab … | head``).

    Rich's own handling ends the program with status 1 at the first write after the reader
    left, which cut a run short before its files were written and read as a failure. Here
    the command carries on without printing and ends as it would have.
    """

    def on_broken_pipe(self) -> None:
        self.quiet = True
        # Python flushes standard output once more at exit: point it at nothing, so that
        # flush cannot fail again and print an "Exception ignored" warning.
        with contextlib.suppress(OSError, ValueError):  # a stream without a descriptor
            nothing = os.open(os.devnull, os.O_WRONLY)
            os.dup2(nothing, self.file.fileno())
            os.close(nothing)
