"""The fallback drawing: the observation as a readable table of keys and values."""

from __future__ import annotations

import json

from rich.console import RenderableType
from rich.table import Table

from molehaven.core import JSONValue, Observation, Seat


def _text(value: JSONValue) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def render(observation: Observation, viewer: Seat | None) -> RenderableType:
    who = "spectator" if viewer is None else f"seat {viewer}"
    table = Table(title=f"{observation.get('game', 'game')} — as seen by {who}", show_lines=False)
    table.add_column("what", style="bold cyan", no_wrap=True)
    table.add_column("value", overflow="fold")
    for key, value in observation.items():
        table.add_row(key, _text(value))
    return table
