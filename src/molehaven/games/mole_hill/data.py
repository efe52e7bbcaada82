"""Mole Hill's board as data: squares, edges, flowers and the mole's step table (MH-3, MH-4).

Squares are ints ``rank * 9 + file`` (a1 = 0, i1 = 8, a2 = 9, …, i7 = 62), so their natural
order is the listing order of MH-33. Edges (the 110 interior sides that can hold a rod, MH-8)
are ints in the order of their canonical name: by first square, then second square.
"""

from __future__ import annotations

from typing import Final, NamedTuple

FILES: Final = "abcdefghi"
RANKS: Final = "1234567"
WIDTH: Final = len(FILES)
HEIGHT: Final = len(RANKS)
SQUARE_COUNT: Final = WIDTH * HEIGHT  # 63

PIECES: Final = 22  # 10 light + 12 dark (MH-5)
LIGHT_PIECES: Final = 10
RODS: Final = 22  # the gardener's supply (MH-9)


def square_of(file: int, rank: int) -> int:
    return rank * WIDTH + file


def file_of(square: int) -> int:
    return square % WIDTH


def rank_of(square: int) -> int:
    return square // WIDTH


SQUARE_NAMES: Final[tuple[str, ...]] = tuple(
    FILES[file_of(s)] + RANKS[rank_of(s)] for s in range(SQUARE_COUNT)
)
SQUARE_BY_NAME: Final[dict[str, int]] = {name: s for s, name in enumerate(SQUARE_NAMES)}

CENTRE: Final = SQUARE_BY_NAME["e4"]
RED_FLOWERS: Final = frozenset(SQUARE_BY_NAME[n] for n in ("e7", "a4", "i4", "e1"))
WHITE_FLOWERS: Final = frozenset(SQUARE_BY_NAME[n] for n in ("b6", "h6", "b2", "h2"))
FLOWER_POINTS: Final[tuple[int, ...]] = tuple(
    2 if s in RED_FLOWERS else 1 if s in WHITE_FLOWERS else 0 for s in range(SQUARE_COUNT)
)


def _build_edges() -> tuple[tuple[int, int], ...]:
    edges = []
    for square in range(SQUARE_COUNT):
        if file_of(square) < WIDTH - 1:
            edges.append((square, square + 1))
        if rank_of(square) < HEIGHT - 1:
            edges.append((square, square + WIDTH))
    return tuple(edges)


EDGES: Final[tuple[tuple[int, int], ...]] = _build_edges()  # (first, second) square pairs
EDGE_COUNT: Final = len(EDGES)  # 110
EDGE_BY_SQUARES: Final[dict[tuple[int, int], int]] = {pair: e for e, pair in enumerate(EDGES)}
EDGE_NAMES: Final[tuple[str, ...]] = tuple(f"{SQUARE_NAMES[a]} {SQUARE_NAMES[b]}" for a, b in EDGES)


def edge_between(a: int, b: int) -> int:
    """The edge between two orthogonally adjacent squares, in either order."""
    return EDGE_BY_SQUARES[(a, b) if a < b else (b, a)]


class Step(NamedTuple):
    """One way the mole can leave a square: where to, and the rods that would stop it.

    The step is open when ``rods & path_a == 0`` or ``rods & path_b == 0``. A straight step
    has one edge and both masks equal it (MH-11); a diagonal has the two dodging paths of
    MH-12, file first (A) and rank first (B).
    """

    target: int
    target_bit: int
    path_a: int
    path_b: int


def _build_steps() -> tuple[tuple[Step, ...], ...]:
    table = []
    for square in range(SQUARE_COUNT):
        f, r = file_of(square), rank_of(square)
        steps = []
        for dr in (-1, 0, 1):
            for df in (-1, 0, 1):
                if (df, dr) == (0, 0) or not (0 <= f + df < WIDTH and 0 <= r + dr < HEIGHT):
                    continue
                target = square_of(f + df, r + dr)
                if df == 0 or dr == 0:
                    mask = 1 << edge_between(square, target)
                    steps.append(Step(target, 1 << target, mask, mask))
                    continue
                by_file = square_of(f + df, r)
                by_rank = square_of(f, r + dr)
                path_a = (1 << edge_between(square, by_file)) | (1 << edge_between(by_file, target))
                path_b = (1 << edge_between(square, by_rank)) | (1 << edge_between(by_rank, target))
                steps.append(Step(target, 1 << target, path_a, path_b))
        steps.sort(key=lambda step: step.target)  # MH-33 listing order
        table.append(tuple(steps))
    return tuple(table)


STEPS: Final[tuple[tuple[Step, ...], ...]] = _build_steps()
