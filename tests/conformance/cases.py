"""Every (game, player count) the conformance suite checks, with test ids like ``mole-hill-2p``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import molehaven
from molehaven.games import REGISTRY

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN_SEED = 20261122


def all_cases() -> list[tuple[str, int]]:
    return [
        (slug, players)
        for slug in molehaven.list_games()
        for players in REGISTRY.info(slug).player_counts
    ]


CASES = [pytest.param(slug, n, id=f"{slug}-{n}p") for slug, n in all_cases()]


def golden_path(slug: str, players: int) -> Path:
    return GOLDEN_DIR / f"{slug}-{players}p.json"


def _compact(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def dump_golden(data: dict[str, object]) -> str:
    """Compact JSON laid out one checkpoint per line, so a rule change shows as a short diff."""
    lines = ["{"]
    keys = sorted(data)
    for index, key in enumerate(keys):
        comma = "," if index < len(keys) - 1 else ""
        value = data[key]
        if isinstance(value, dict) and key == "observations":
            lines.append(f"{json.dumps(key)}:{{")
            steps = sorted(value, key=int)
            for number, step in enumerate(steps):
                inner = "," if number < len(steps) - 1 else ""
                lines.append(f" {json.dumps(step)}:{_compact(value[step])}{inner}")
            lines.append("}" + comma)
        else:
            lines.append(f"{json.dumps(key)}:{_compact(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"
