"""Typed reads of JSON-ready observation data (observations are nested dicts and lists)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from molehaven.core import JSONValue


def mapping(value: JSONValue | None) -> Mapping[str, JSONValue]:
    return value if isinstance(value, Mapping) else {}


def sequence(value: JSONValue | None) -> Sequence[JSONValue]:
    return value if isinstance(value, list | tuple) else ()


def number(value: JSONValue | None, default: float = 0.0) -> float:
    if isinstance(value, bool):
        return float(value)
    return float(value) if isinstance(value, int | float) else default


def numbers(value: JSONValue | None, size: int) -> list[float]:
    """A list of ``size`` numbers (zeros where the data has none)."""
    items = list(sequence(value))
    return [number(items[i]) if i < len(items) else 0.0 for i in range(size)]
