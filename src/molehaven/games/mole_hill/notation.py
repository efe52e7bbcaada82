"""Mole Hill's actions and their notation (rules section 8, MH-29, MH-30).

``place e4`` and ``move f5`` for the mole, ``rod e4 e5`` for the gardener, with the left (same
rank) or lower (same file) square first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from molehaven.core import Action, NotationError
from molehaven.core.errors import shown
from molehaven.core.notation import notation_words
from molehaven.games.mole_hill.data import (
    EDGE_BY_SQUARES,
    EDGE_COUNT,
    EDGE_NAMES,
    SQUARE_BY_NAME,
    SQUARE_COUNT,
    SQUARE_NAMES,
)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """The mole's first action of a round: put the stack on any square (MH-6)."""

    square: int

    def __str__(self) -> str:
        return f"place {SQUARE_NAMES[self.square]}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A step to an adjacent square, or a centre jump anywhere unvisited (MH-11 … MH-17)."""

    square: int

    def __str__(self) -> str:
        return f"move {SQUARE_NAMES[self.square]}"


@dataclass(frozen=True, slots=True)
class Rod(Action):
    """The gardener blocks one interior edge (MH-7 … MH-9)."""

    edge: int

    def __str__(self) -> str:
        return f"rod {EDGE_NAMES[self.edge]}"


MoleHillAction = Place | Move | Rod

# One shared instance per action, so listing legal actions allocates only the list.
PLACES: Final = tuple(Place(s) for s in range(SQUARE_COUNT))
MOVES: Final = tuple(Move(s) for s in range(SQUARE_COUNT))
RODS_BY_EDGE: Final = tuple(Rod(e) for e in range(EDGE_COUNT))

_EXPECTED = "expected 'place <square>', 'move <square>' or 'rod <square> <square>'"


def _square(word: str, text: str) -> int:
    square = SQUARE_BY_NAME.get(word)
    if square is None:
        raise NotationError(
            f"{shown(text)}: {shown(word)} is not a square;"
            " squares are a1 … i7 (files a-i, ranks 1-7)"
        )
    return square


def parse_action(text: str) -> MoleHillAction:
    """Parse Mole Hill notation, any case, any run of ASCII spaces or tabs.

    >>> str(parse_action("ROD  E4 e5"))
    'rod e4 e5'

    Raises:
        NotationError: the text is not a Mole Hill action.
    """
    words = notation_words(text, _EXPECTED)
    verb, args = words[0], words[1:]
    if verb in ("place", "move"):
        if len(args) != 1:
            raise NotationError(f"{shown(text)}: '{verb}' takes one square, e.g. '{verb} e4'")
        square = _square(args[0], text)
        return PLACES[square] if verb == "place" else MOVES[square]
    if verb == "rod":
        if len(args) != 2:
            raise NotationError(f"{shown(text)}: 'rod' takes two squares, e.g. 'rod e4 e5'")
        first, second = _square(args[0], text), _square(args[1], text)
        edge = EDGE_BY_SQUARES.get((first, second))
        if edge is None:
            if (second, first) in EDGE_BY_SQUARES:
                raise NotationError(
                    f"{shown(text)}: write the left or lower square first:"
                    f" 'rod {args[1]} {args[0]}'"
                )
            raise NotationError(
                f"{shown(text)}: a rod lies between two orthogonally adjacent squares"
            )
        return RODS_BY_EDGE[edge]
    raise NotationError(f"{shown(text)}: unknown action {shown(verb)}; {_EXPECTED}")
