"""Files of one JSON line per finished game, written as the games finish, so that a run cut
short (a crash, a kill, Ctrl-C) can carry on from them: the lab's journal and the arena's
``--save``. A line the process was writing when it died has no newline yet: it is not one of
the file's lines, and the next run writes over it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import IO


def whole_lines(path: Path) -> list[bytes]:
    """The lines of ``path`` that end in a newline; none if there is no such file."""
    if not path.exists():
        return []
    return path.read_bytes().split(b"\n")[:-1]


def write_after(path: Path, lines: Sequence[bytes]) -> IO[str]:
    """``path`` open for writing after its first ``lines`` (from ``whole_lines``); whatever
    follows them is dropped. A new file if there is none."""
    file = path.open("r+" if path.exists() else "w", encoding="utf-8")
    file.seek(sum(len(line) + 1 for line in lines))
    file.truncate()
    return file


def what_differs(key: str, kept: str, wanted: str) -> str:
    """``its seed is 5, this run's is 6``; ``its agents are …``; ``its number of players is
    3, …``: a setting of the run a file holds beside this run's, as a sentence says it."""
    if key == "players":  # a count
        noun, verb = "number of players", "is"
    else:
        noun, verb = key, "are" if key.endswith("s") else "is"
    return f"its {noun} {verb} {kept}, this run's {verb} {wanted}"
