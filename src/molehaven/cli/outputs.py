"""Output paths checked before any game is played: a typo in a folder name should not cost
the whole run (or a whole game at the keyboard) and only then fail."""

from __future__ import annotations

import os
from pathlib import Path

from molehaven.cli.errors import CliError, os_reason


def check_output_file(path: Path | None, option: str) -> None:
    """Fail now, in one line, unless ``path`` can be written: its folder exists and is
    writable, and it is not itself a folder (nothing is created or truncated here).

    Raises:
        CliError: naming the option, the path and what is wrong.
    """
    if path is None:
        return
    where = f"cannot write {option} {path}"
    try:
        _check_output_file(path, where)
    except OSError as error:  # a name the system refuses to look at (over 255 bytes, say)
        raise CliError(f"{where}: {os_reason(error)}") from None


def _check_output_file(path: Path, where: str) -> None:
    if path.is_dir():
        raise CliError(f"{where}: it is a folder; give a file name")
    folder = path.parent
    if not folder.is_dir():
        problem = f"{folder} is not a folder" if folder.exists() else f"no folder {folder}"
        raise CliError(f"{where}: {problem}")
    if not os.access(path if path.exists() else folder, os.W_OK):
        raise CliError(f"{where}: permission denied")


def check_output_folder(path: Path | None, option: str) -> None:
    """Fail now unless ``path`` is a writable folder or can be made one (it is made later,
    with any missing parents).

    Raises:
        CliError: naming the option, the path and what is wrong.
    """
    if path is None:
        return
    where = f"cannot write into {option} {path}"
    existing = path
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise CliError(f"{where}: {existing} is a file, not a folder")
    if not os.access(existing, os.W_OK):
        raise CliError(f"{where}: permission denied")
