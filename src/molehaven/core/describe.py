"""Action descriptions: the words a viewer may read about an action in the move log.

A game describes an action with ``State.describe_action(seat, action, viewer)``. Seats are
written as ``{s0}``, ``{s1}``… so each host names them its own way (the server uses player
names, the terminal "seat 1" or "you"); ``name_seats`` fills them in. Text that came from a
player (The Mole's free answers) goes through ``quote`` first, so braces in it are never read
as a seat.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from molehaven.core.game import Seat

_FIELD = re.compile(r"\{\{|\}\}|\{s(\d+)\}")


def seat_ref(seat: Seat) -> str:
    """The placeholder a description uses for ``seat``."""
    return f"{{s{seat}}}"


def quote(text: str) -> str:
    """Player-written text made safe to embed in a description (braces doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


def name_seats(description: str, names: Sequence[str]) -> str:
    """Fill a description's seat placeholders with ``names[seat]`` and undouble braces.

    A placeholder for a seat with no name (out of range) reads ``seat N``.
    """

    def replace(match: re.Match[str]) -> str:
        text = match.group(0)
        if text == "{{":
            return "{"
        if text == "}}":
            return "}"
        seat = int(match.group(1))
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    return _FIELD.sub(replace, description)
