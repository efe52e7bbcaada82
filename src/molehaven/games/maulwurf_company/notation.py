"""Die Maulwurf Company's actions and their notation (rules section 8).

Points are written ``+2-1`` (q, then r). A point off the board still parses (``place +9+9``)
and is then refused by ``apply``: section 8 leaves legality to the state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from molehaven.core import Action, NotationError
from molehaven.core.errors import shown
from molehaven.core.notation import notation_words
from molehaven.games.maulwurf_company.data import (
    COORDS,
    DIRECTION_BY_NAME,
    DIRECTION_NAMES,
    LAYER_BY_NAME,
    LAYER_COUNT,
    LAYER_NAMES,
    MAX_PLAYERS,
    MAX_VALUE,
    POINT_INDEX,
    ROTATIONS,
    point_name,
)


@dataclass(frozen=True, slots=True)
class Rotate(Action):
    """Chance: the orientation of one layer at setup (MC-4)."""

    layer: int
    k: int

    def __str__(self) -> str:
        return f"rotate {LAYER_NAMES[self.layer]} {self.k}"


@dataclass(frozen=True, slots=True)
class Start(Action):
    """Chance: who places first and plays first (MC-5, MC-29)."""

    seat: int

    def __str__(self) -> str:
        return f"start {self.seat}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put a mole on a free green point that is not a hole (MC-6)."""

    q: int
    r: int
    # The text is made once: records and observations print actions very often.
    _text: str = field(default="", init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"place {point_name(self.q, self.r)}")

    def __str__(self) -> str:
        return self._text


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Chance: the current seat turns a face-down disc of this value (MC-7, MC-32)."""

    value: int

    def __str__(self) -> str:
        return f"flip {self.value}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Tournament: keep this one of the two discs just turned (MC-24)."""

    value: int

    def __str__(self) -> str:
        return f"keep {self.value}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """The mole on (q, r) goes the kept value in a straight line (MC-3)."""

    q: int
    r: int
    direction: int
    _text: str = field(default="", init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        text = f"move {point_name(self.q, self.r)} {DIRECTION_NAMES[self.direction]}"
        object.__setattr__(self, "_text", text)

    def __str__(self) -> str:
        return self._text


@dataclass(frozen=True, slots=True)
class Bonus(Action):
    """After landing on a special field: turn another disc for a bonus move (MC-20)."""

    def __str__(self) -> str:
        return "bonus"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """After landing on a special field: let the turn end instead (MC-20)."""

    def __str__(self) -> str:
        return "decline"


MaulwurfAction = Rotate | Start | Place | Flip | Keep | Move | Bonus | Decline

# One shared instance per action, so listing legal actions allocates only the list.
ROTATES: Final = tuple(
    tuple(Rotate(layer, k) for k in range(ROTATIONS)) for layer in range(LAYER_COUNT)
)
STARTS: Final = tuple(Start(seat) for seat in range(MAX_PLAYERS))
PLACES: Final = tuple(Place(q, r) for q, r in COORDS)
FLIPS: Final = tuple(Flip(value) for value in range(MAX_VALUE + 1))  # index = value; 0 unused
KEEPS: Final = tuple(Keep(value) for value in range(MAX_VALUE + 1))
MOVES: Final = tuple(
    tuple(Move(q, r, direction) for direction in range(len(DIRECTION_NAMES))) for q, r in COORDS
)
BONUS: Final = Bonus()
DECLINE: Final = Decline()

_POINT: Final = re.compile(r"([+-])([0-9])([+-])([0-9])")
_EXPECTED: Final = (
    "expected 'rotate <layer> <k>', 'start <seat>', 'place <point>', 'flip <v>', "
    "'keep <v>', 'move <point> <dir>', 'bonus' or 'decline'"
)


def _point(word: str, text: str) -> tuple[int, int]:
    match = _POINT.fullmatch(word)
    if match is None or "-0" in (match[1] + match[2], match[3] + match[4]):
        raise NotationError(
            f"{shown(text)}: {shown(word)} is not a point; write a sign and a digit for q,"
            " then for r,"
            " with zero as +0 (e.g. '+0+0', '+2-1', '-5+0')"
        )
    q = int(match[2]) * (-1 if match[1] == "-" else 1)
    r = int(match[4]) * (-1 if match[3] == "-" else 1)
    return q, r


def _number(word: str, high: int, what: str, text: str, low: int = 0) -> int:
    if len(word) != 1 or not "0" <= word <= "9" or not low <= int(word) <= high:
        raise NotationError(
            f"{shown(text)}: {what} must be a number from {low} to {high}, not {shown(word)}"
        )
    return int(word)


def _expect_words(verb: str, args: list[str], count: int, example: str, text: str) -> None:
    if len(args) != count:
        words = {0: "no words", 1: "one word", 2: "two words"}[count]
        raise NotationError(f"{shown(text)}: '{verb}' takes {words} after it, e.g. '{example}'")


def parse_action(text: str) -> MaulwurfAction:
    """Parse Maulwurf Company notation, any case, any run of ASCII spaces or tabs.

    >>> str(parse_action("MOVE  +2-1   NE"))
    'move +2-1 ne'

    Raises:
        NotationError: the text is not an action of this game; the message says what is.
    """
    words = notation_words(text, _EXPECTED)
    verb, args = words[0], words[1:]
    if verb in ("bonus", "decline"):
        _expect_words(verb, args, 0, verb, text)
        return BONUS if verb == "bonus" else DECLINE
    if verb == "move":
        _expect_words(verb, args, 2, "move -5+0 e", text)
        q, r = _point(args[0], text)
        direction = DIRECTION_BY_NAME.get(args[1])
        if direction is None:
            names = ", ".join(DIRECTION_NAMES)
            raise NotationError(
                f"{shown(text)}: {shown(args[1])} is not a direction; one of {names}"
            )
        point = POINT_INDEX.get((q, r))
        return Move(q, r, direction) if point is None else MOVES[point][direction]
    if verb in ("flip", "keep"):
        _expect_words(verb, args, 1, f"{verb} 3", text)
        value = _number(args[0], MAX_VALUE, "a disc value", text, low=1)
        return FLIPS[value] if verb == "flip" else KEEPS[value]
    if verb == "place":
        _expect_words(verb, args, 1, "place -5+0", text)
        q, r = _point(args[0], text)
        point = POINT_INDEX.get((q, r))
        return Place(q, r) if point is None else PLACES[point]
    if verb == "rotate":
        _expect_words(verb, args, 2, "rotate red 2", text)
        layer = LAYER_BY_NAME.get(args[0])
        if layer is None:
            names = ", ".join(LAYER_NAMES)
            raise NotationError(f"{shown(text)}: {shown(args[0])} is not a layer; one of {names}")
        return ROTATES[layer][_number(args[1], ROTATIONS - 1, "a rotation", text)]
    if verb == "start":
        _expect_words(verb, args, 1, "start 1", text)
        return STARTS[_number(args[0], MAX_PLAYERS - 1, "a seat", text)]
    raise NotationError(f"{shown(text)}: unknown action {shown(verb)}; {_EXPECTED}")
