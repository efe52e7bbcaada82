"""Every (game, player count) the conformance suite checks, with test ids like ``mole-hill-2p``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import molehaven
from molehaven.core.options import option_specs
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


def option_variants() -> list[tuple[str, int, str, object]]:
    """Each game with one option away from its default (every other choice, both ends of a
    number's range), at its least and most players: the cases above play defaults only."""
    variants = []
    for slug in molehaven.list_games():
        game = molehaven.make(slug)
        counts = sorted({game.info.min_players, game.info.max_players})
        for spec in option_specs(type(game.options)):
            if spec.choices is not None:
                values: list[object] = [v for v in spec.choices if v != spec.default]
            elif spec.type is bool:
                values = [not spec.default]
            else:
                ends = (spec.minimum, spec.maximum)
                values = sorted({v for v in ends if v is not None and v != spec.default})
            variants.extend((slug, n, spec.name, value) for value in values for n in counts)
    return variants


OPTION_CASES = [
    pytest.param(slug, n, {name: value}, id=f"{slug}-{n}p-{name}={value}")
    for slug, n, name, value in option_variants()
]


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
