"""Mole Park's fixed data: dice, the mole deck, the prize stands (rules section 2).

A pile of moles (the deck, the discard pile, a hole, a hand) is a multiset of star values 1–5,
kept as a tuple of five counts: ``pile[v - 1]`` moles worth ``v`` stars.
"""

from __future__ import annotations

from typing import Final, TypeAlias, TypeVar

Pile: TypeAlias = tuple[int, ...]
T = TypeVar("T")

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 8  # MP-1: one colour of dice per player

VALUES: Final = (1, 2, 3, 4, 5)
EMPTY_PILE: Final[Pile] = (0, 0, 0, 0, 0)
FULL_DECK: Final[Pile] = (30, 26, 22, 16, 10)  # MP-5: 104 moles, 262 stars
HOLES: Final = 5
MAX_MOLE_STARS: Final = 5  # the most a mole is worth, for the MP-13 public bound

# MP-2: three whacking dice and the prize die, in this order everywhere (MP-30).
GLOVE, PAN, MALLET, PRIZE = range(4)
DIE_NAMES: Final = ("glove", "pan", "mallet", "prize")
DIE_TITLES: Final = ("Boxing Glove", "Frying Pan", "Giant Mallet", "Prize die")
WHACKING_DICE: Final = (GLOVE, PAN, MALLET)
# What each die is for, in the words of the rules page's dice table (shown at the table).
DIE_HINTS: Final = (
    "Safe: hits the low holes 1, 2 or 3 and misses only one time in six.",
    "The middle holes 2, 3 and 4; misses one time in six.",
    "The far holes 3, 4 and 5, where moles pile up, but misses a third of the time.",
    "Cash in every mole in your hand for a prize: their stars + this die (1 to 6 stars)"
    " + your prizes' stars. Needs a mole in hand: you must whack before you win.",
)
# The prize die's hint where only the best prize won counts (MP-8, prize_value=highest).
PRIZE_HINT_HIGHEST: Final = (
    "Cash in every mole in your hand for a prize: their stars + this die (1 to 6 stars)"
    " + your best prize's stars. Needs a mole in hand: you must whack before you win."
)
NO_DIE: Final = -1

# A face is a hole number 1–5 (whacking dice), a star count 1–6 (prize die) or MISS.
MISS: Final = 0
NOT_ROLLED: Final = -1
FACES: Final = (
    (1, 1, 2, 2, 3, MISS),  # glove, MP-3
    (2, 3, 3, 4, 4, MISS),  # pan
    (3, 4, 5, 5, MISS, MISS),  # mallet
    (1, 2, 3, 4, 5, 6),  # prize, MP-4
)
PRIZE_DIE_MAX: Final = 6


def face_name(face: int) -> str:
    return "x" if face == MISS else str(face)


def _merged(faces: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """Equal faces merged, numbers ascending and the miss last (rules 2.2)."""
    ordered = sorted(set(faces), key=lambda face: (face == MISS, face))
    return tuple((face, faces.count(face) / len(faces)) for face in ordered)


FACE_ODDS: Final = tuple(_merged(faces) for faces in FACES)

# MP-6, MP-7: six stands, ten identical cards each, worth the stand's value.
STAND_KEYS: Final = ("candy", "treasures", "inflation", "plushie", "dugout", "stash")
STAND_NAMES: Final = (
    "Candy Cavern",
    "Burrowed Treasures",
    "Inflation Station",
    "Plushie Paradise",
    "The Dugout",
    "King Mole's Stash",
)
STAND_ALIASES: Final = (
    "The Candy Bar",
    "",
    "Inflation Nation",
    "Furry Friends",
    "Ready for Action",
    "King Mole's Collection",
)
STAND_VALUES: Final = (10, 15, 20, 25, 30, 35)
STAND_BY_KEY: Final = {key: index for index, key in enumerate(STAND_KEYS)}
STANDS: Final = len(STAND_KEYS)
CARDS_PER_STAND: Final = 10

CROWN_STARS: Final = 40  # MP-22: a declarer needs this total; the Crown scores as much (MP-36)


def moles_per_hole(players: int) -> int:
    """Moles dealt to each hole at the start of a round (MP-11, rules 2.7)."""
    return 1 if players <= 5 else 2


def pile_size(pile: Pile) -> int:
    return pile[0] + pile[1] + pile[2] + pile[3] + pile[4]


def pile_stars(pile: Pile) -> int:
    return pile[0] + 2 * pile[1] + 3 * pile[2] + 4 * pile[3] + 5 * pile[4]


def pile_add(pile: Pile, value: int, count: int = 1) -> Pile:
    """The pile with ``count`` moles of ``value`` stars added (removed when negative)."""
    index = value - 1
    return (*pile[:index], pile[index] + count, *pile[index + 1 :])


def pile_merge(first: Pile, second: Pile) -> Pile:
    return tuple(a + b for a, b in zip(first, second, strict=True))


def pile_values(pile: Pile) -> list[int]:
    """Every mole's value, ascending (how a pile is shown)."""
    return [value for value, count in zip(VALUES, pile, strict=True) for _ in range(count)]


def pile_from_values(values: list[int]) -> Pile:
    return tuple(values.count(value) for value in VALUES)


def pile_odds(pile: Pile) -> list[tuple[int, float]]:
    """Each value present with its chance of being the next card drawn from the pile."""
    size = pile_size(pile)
    return [(value, count / size) for value, count in zip(VALUES, pile, strict=True) if count]


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """The tuple with one item replaced (states share tuples, so they are never mutated)."""
    return (*items[:index], value, *items[index + 1 :])
