"""Reading an observation's JSON values as the shapes a board expects (a board draws only
from the observation, whose values are typed ``JSONValue``), and the header line every board
opens with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

from molehaven.core import JSONValue, Observation, Seat


def as_mapping(value: JSONValue) -> Mapping[str, JSONValue]:
    assert isinstance(value, Mapping)
    return value


def as_sequence(value: JSONValue) -> Sequence[JSONValue]:
    assert isinstance(value, list)
    return value


def header(
    title: str, facts: Sequence[str | Text], observation: Observation, viewer: Seat | None
) -> Text:
    """A board's first line: the game's name, then ``facts``, who is to move (where the
    observation says) and whom the board is drawn for, joined by " · "."""
    tail = list(facts)
    if "to_move" in observation:
        movers = ", ".join(str(seat) for seat in as_sequence(observation["to_move"]))
        tail.append(f"to move: {movers or '—'}")
    tail.append(f"you are {'a spectator' if viewer is None else f'seat {viewer}'}")
    parts: list[str | Text | tuple[str, str]] = [(title, "bold magenta"), "  "]
    for index, fact in enumerate(tail):
        parts.extend([" · ", fact] if index else [fact])
    return Text.assemble(*parts)
