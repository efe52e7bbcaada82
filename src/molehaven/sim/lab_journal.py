"""A lab run's journal: every finished game kept as one line of JSON, as it finishes.

A long run cut short (a crash, a killed process, a closed laptop, Ctrl-C) loses nothing but
the games under way: run it again with the same journal and only the missing games are
played. Game ``k`` of a variant depends only on the setup (game, players, variants, agents,
seed, time budget) and ``k``, so kept games and new ones make the same figures as one
uninterrupted run with agents that do not think against the clock. A larger game count
extends a finished run the same way.

The file's first line is the setup; each further line is one game's ``GameMetrics``. A setup
that differs from the run's is refused, naming what differs, so two runs never mix. A last
line cut off mid-write (the process died while writing it) is dropped and overwritten.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from molehaven.sim.jsonl import what_differs, whole_lines, write_after
from molehaven.sim.lab import GameMetrics, Variant

FORMAT_NAME = "molehaven lab journal"
FORMAT = f"{FORMAT_NAME} 2"  # 2: lead and margin over the seats' decisions only


class JournalError(ValueError):
    """A journal that belongs to another run, or that is not a lab journal."""


@dataclass(frozen=True, slots=True)
class Setup:
    """What decides every game of a run, save its index."""

    game: str
    players: int
    variants: Sequence[Variant]
    agents: tuple[str, ...]
    seed: int
    budget: float | None

    def as_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "variants": [
                {"name": variant.name, "options": dict(variant.options)}
                for variant in self.variants
            ],
            "agents": list(self.agents),
            "seed": self.seed,
            "budget": self.budget,
        }


def metrics_json(result: GameMetrics) -> dict[str, Any]:
    """One game as plain JSON (tuples as lists)."""
    return {
        "variant": result.variant,
        "index": result.index,
        "returns": list(result.returns),
        "scores": list(result.scores),
        "ranks": list(result.ranks),
        "actions": result.actions,
        "turns": result.turns,
        "end": result.end,
        "lead_changes": result.lead_changes,
        "winner_leads_from": result.winner_leads_from,
        "margins": None if result.margins is None else list(result.margins),
        "branching": result.branching,
        "choice_share": result.choice_share,
        "extras": dict(result.extras),
    }


def metrics_from_json(entry: Mapping[str, Any]) -> GameMetrics:
    """``metrics_json``'s inverse.

    Raises:
        KeyError, TypeError, ValueError: not a game written by ``metrics_json``.
    """
    margins = entry["margins"]
    leads = entry["winner_leads_from"]
    return GameMetrics(
        variant=str(entry["variant"]),
        index=int(entry["index"]),
        returns=tuple(float(value) for value in entry["returns"]),
        scores=tuple(float(value) for value in entry["scores"]),
        ranks=tuple(float(value) for value in entry["ranks"]),
        actions=int(entry["actions"]),
        turns=int(entry["turns"]),
        end=str(entry["end"]),
        lead_changes=int(entry["lead_changes"]),
        winner_leads_from=None if leads is None else float(leads),
        margins=None if margins is None else tuple(float(value) for value in margins),
        branching=float(entry["branching"]),
        choice_share=float(entry["choice_share"]),
        extras={str(name): float(value) for name, value in entry["extras"].items()},
    )


class Journal:
    """An open journal: the games it already holds (``kept``) and ``record`` for new ones."""

    def __init__(self, path: Path, setup: Setup) -> None:
        """Open ``path`` for ``setup``: read the games it holds, or start it.

        Raises:
            JournalError: it holds another setup, or is not a lab journal.
            OSError: it cannot be read or written.
        """
        self.path = path
        self.kept: dict[tuple[int, str], GameMetrics] = {}
        wanted = setup.as_json()
        names = {variant.name for variant in setup.variants}
        lines = whole_lines(path)
        for number, line in enumerate(lines, start=1):
            entry = _parse(line, number, path)
            if number == 1:
                _check_setup(entry, wanted, path)
                continue
            try:
                result = metrics_from_json(entry)
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                raise JournalError(f"{path} line {number} is not a lab game ({error})") from None
            if result.variant in names:
                self.kept[(result.index, result.variant)] = result
        self._file: IO[str] = write_after(path, lines)  # new games go after the whole lines
        if not lines:
            self._write(wanted)

    def record(self, result: GameMetrics) -> None:
        """Keep one finished game (written through at once, so a crash after this loses
        nothing of it)."""
        self._write(metrics_json(result))
        self.kept[(result.index, result.variant)] = result

    def close(self) -> None:
        self._file.close()

    def _write(self, entry: Mapping[str, Any]) -> None:
        self._file.write(json.dumps(entry, separators=(",", ":")) + "\n")
        self._file.flush()


def _parse(line: bytes, number: int, path: Path) -> dict[str, Any]:
    try:
        entry = json.loads(line)
    except ValueError:
        entry = None
    if not isinstance(entry, dict):
        what = "a lab journal" if number == 1 else "a lab game"
        raise JournalError(f"{path} line {number} is not {what}")
    return entry


def _check_setup(entry: Mapping[str, Any], wanted: Mapping[str, Any], path: Path) -> None:
    kept = entry.get("format")
    if isinstance(kept, str) and kept.startswith(FORMAT_NAME) and kept != FORMAT:
        raise JournalError(
            f"{path} was written by another version of the lab ({kept!r}, this one writes"
            f" {FORMAT!r}), which measured games differently; give another --journal file"
        )
    if kept != FORMAT:
        raise JournalError(f"{path} is not a lab journal (its first line is not a lab setup)")
    for key, value in wanted.items():
        if not _same(entry.get(key), value):
            raise JournalError(
                f"{path} holds another run:"
                f" {what_differs(key, _shown(entry.get(key)), _shown(value))};"
                " give another --journal file or the same settings"
            )


def _same(kept: object, wanted: object) -> bool:
    """Equal as JSON keeps them (tuples read back as lists)."""
    return bool(json.loads(json.dumps(wanted)) == kept)


def _shown(value: object) -> str:
    return json.dumps(value, separators=(", ", ": "))
