"""Reading an observation's JSON values as the shapes a board expects (a board draws only
from the observation, whose values are typed ``JSONValue``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from molehaven.core import JSONValue, Observation, Seat


def as_mapping(value: JSONValue) -> Mapping[str, JSONValue]:
    assert isinstance(value, Mapping)
    return value


def as_sequence(value: JSONValue) -> Sequence[JSONValue]:
    assert isinstance(value, list)
    return value


def viewer_words(viewer: Seat | None) -> str:
    """Who the board is drawn for: "a spectator" or "seat n"."""
    return "a spectator" if viewer is None else f"seat {viewer}"


def movers_words(observation: Observation) -> str:
    """The observation's ``to_move`` seats as "0, 2", or "—" when nobody is to move."""
    return ", ".join(str(seat) for seat in as_sequence(observation["to_move"])) or "—"
