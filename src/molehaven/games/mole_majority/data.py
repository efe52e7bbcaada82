"""Mole Majority's fixed data: the hexagon of 19 positions, edges, cards, tiles and tokens
(rules sections 2.2 … 2.6, MM-2 … MM-6).

Positions are ints 0 … 18 for the labels ``a`` … ``s`` (reading order). A Mole Space is the int
``position * 6 + (number - 1)``, so ``k3`` is ``10 * 6 + 2``; a hex of value v uses the first v
of its six slots. An edge is an unordered pair of different positions, numbered over all 171
pairs so that the notation can name any pair; only the 42 pairs of neighbours can be caved in.
Card kinds are ints in the order of table 2.2.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Final, TypeAlias

Pile: TypeAlias = tuple[int, ...]  # counts of each card kind, indexed by kind

LABELS: Final = "abcdefghijklmnopqrs"
POSITIONS: Final = len(LABELS)  # 19
SLOTS: Final = 6  # space slots per position (the largest hex has 6 spaces)
SPACE_COUNT: Final = POSITIONS * SLOTS  # 114
EMPTY: Final = -1  # an empty space, no claim, no last entrant
NOBODY: Final = -1

# Rules 2.5: axial coordinates in reading order (rows top to bottom, left to right).
COORDINATES: Final[tuple[tuple[int, int], ...]] = (
    (0, -2),
    (1, -2),
    (2, -2),
    (-1, -1),
    (0, -1),
    (1, -1),
    (2, -1),
    (-2, 0),
    (-1, 0),
    (0, 0),
    (1, 0),
    (2, 0),
    (-2, 1),
    (-1, 1),
    (0, 1),
    (1, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
)
POSITION_BY_LABEL: Final[dict[str, int]] = {label: p for p, label in enumerate(LABELS)}
POSITION_BY_COORDINATES: Final[dict[tuple[int, int], int]] = {
    qr: p for p, qr in enumerate(COORDINATES)
}
DIRECTIONS: Final = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _neighbour_masks() -> tuple[int, ...]:
    masks = []
    for q, r in COORDINATES:
        mask = 0
        for dq, dr in DIRECTIONS:
            other = POSITION_BY_COORDINATES.get((q + dq, r + dr))
            if other is not None:
                mask |= 1 << other
        masks.append(mask)
    return tuple(masks)


NEIGHBOURS: Final[tuple[int, ...]] = _neighbour_masks()  # bitmask of neighbours per position


def positions_of(mask: int) -> list[int]:
    """The positions set in a bitmask, ascending."""
    return [p for p in range(POSITIONS) if mask >> p & 1]


def mask_of(labels: str) -> int:
    mask = 0
    for label in labels:
        mask |= 1 << POSITION_BY_LABEL[label]
    return mask


CENTRE: Final = POSITION_BY_LABEL["j"]
RING_MASK: Final = mask_of("efikno")
MID_MASK: Final = mask_of("bdgmpr")  # outer ring, touching two ring hexes (MM-6)
CORNER_MASK: Final = mask_of("achlqs")  # outer ring, touching one ring hex
OUTER_MASK: Final = MID_MASK | CORNER_MASK
# Setup steps 2 and 3: the Center Hex, then the ring in alphabetical order.
CORE_ORDER: Final[tuple[int, ...]] = (CENTRE, *positions_of(RING_MASK))

# Edges: every unordered pair of positions, in the order of its text (``a-b`` < ``a-c`` …).
EDGES: Final[tuple[tuple[int, int], ...]] = tuple(combinations(range(POSITIONS), 2))
EDGE_BY_PAIR: Final[dict[tuple[int, int], int]] = {pair: e for e, pair in enumerate(EDGES)}
EDGE_NAMES: Final[tuple[str, ...]] = tuple(f"{LABELS[a]}-{LABELS[b]}" for a, b in EDGES)
EDGE_IS_ADJACENT: Final[tuple[bool, ...]] = tuple(bool(NEIGHBOURS[a] >> b & 1) for a, b in EDGES)


def edge_between(first: int, second: int) -> int:
    return EDGE_BY_PAIR[(first, second) if first < second else (second, first)]


# For each position, (neighbour, edge) pairs, ascending by neighbour.
NEIGHBOUR_EDGES: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((other, edge_between(p, other)) for other in positions_of(NEIGHBOURS[p]))
    for p in range(POSITIONS)
)


def space_of(position: int, number: int) -> int:
    """The space int of space ``number`` (1-based) of ``position``."""
    return position * SLOTS + number - 1


SPACE_NAMES: Final[tuple[str, ...]] = tuple(
    f"{LABELS[s // SLOTS]}{s % SLOTS + 1}" for s in range(SPACE_COUNT)
)

# ---------------------------------------------------------------------------- cards (MM-2)

CARD_NAMES: Final = (
    "four",
    "three",
    "two",
    "twoplus",
    "cavein",
    "convert",
    "keeper1",
    "keeper2",
)
# The cards' names for people, in the same order: table 2.2's capitals set in title case, as
# the board and the move log both show them.
CARD_TITLES: Final = (
    "Number 4",
    "Number 3",
    "Number 2",
    "Number 2 +1",
    "Cave-In / Make A Home",
    "Convert",
    "Groundskeeper +1",
    "Groundskeeper +2",
)
FOUR, THREE, TWO, TWOPLUS, CAVEIN, CONVERT, KEEPER1, KEEPER2 = range(len(CARD_NAMES))
KINDS: Final = len(CARD_NAMES)
CARD_BY_NAME: Final[dict[str, int]] = {name: kind for kind, name in enumerate(CARD_NAMES)}
DECK: Final[Pile] = (2, 4, 5, 1, 2, 2, 1, 1)
DECK_SIZE: Final = sum(DECK)  # 18
NO_CARDS: Final[Pile] = (0,) * KINDS
NUMBER_CARDS: Final = (FOUR, THREE, TWO, TWOPLUS)  # MM-44
NUMBER_VALUE: Final[tuple[int, ...]] = (4, 3, 2, 2, 0, 0, 0, 0)  # MM-31, MM-42, MM-44
KEEPERS: Final = (KEEPER1, KEEPER2)
SIMPLE_ACTIONS: Final = (FOUR, THREE, TWO, TWOPLUS, CAVEIN)  # always playable (MM-13, MM-46)
# Main steps and bonus breeds a card gives as the turn's Action (rules 4.2).
ACTION_STEPS: Final[tuple[int, ...]] = (4, 3, 2, 2, 2, 0, 0, 0)
ACTION_BONUS: Final[tuple[int, ...]] = (0, 0, 0, 1, 0, 0, 1, 2)
# Bonus breeds a card gives as a stack (MM-22, MM-25).
STACK_BONUS: Final[tuple[int, ...]] = (0, 0, 0, 1, 0, 0, 1, 2)
HAND_SIZE: Final = 5  # MM-34

# ---------------------------------------------------------------------- tiles and tokens

HEX_VALUES: Final = (3, 4, 5, 6)  # MM-3: spaces = Domain Points
TILES_PER_VALUE: Final = 6
HOME_BASE_VALUE: Final = 6
TOKEN_VALUES: Final = (1, 2, 3)  # MM-4
TOKENS_PER_VALUE: Final = 8
TOKEN_POOL: Final[tuple[int, ...]] = (TOKENS_PER_VALUE,) * len(TOKEN_VALUES)
CAVE_IN_TOKENS: Final = 4  # per seat, spent 2 at a time (MM-27)
NO_TOKEN: Final = 0


def hex_pile(players: int) -> tuple[int, ...]:
    """Counts of tiles of value 3, 4, 5, 6 left after the Home Bases are taken (2.3)."""
    return (TILES_PER_VALUE,) * 3 + (TILES_PER_VALUE - players,)


def pile_cards(pile: Pile) -> list[int]:
    """The kinds of a pile with repeats, in kind order."""
    return [kind for kind in range(KINDS) for _ in range(pile[kind])]


@cache
def _pile_names(pile: Pile) -> tuple[str, ...]:
    return tuple(CARD_NAMES[kind] for kind in pile_cards(pile))


def pile_names(pile: Pile) -> list[str]:
    """The card names of a pile with repeats, in kind order (a fresh list)."""
    return list(_pile_names(pile))


def pile_from_cards(cards: list[int]) -> Pile:
    counts = [0] * KINDS
    for kind in cards:
        counts[kind] += 1
    return tuple(counts)


def pile_add(pile: Pile, kind: int, count: int = 1) -> Pile:
    return (*pile[:kind], pile[kind] + count, *pile[kind + 1 :])


def pile_plus(first: Pile, second: Pile) -> Pile:
    return tuple(a + b for a, b in zip(first, second, strict=True))
