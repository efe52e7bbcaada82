"""The Maulwurf Company board as data: one triangular lattice, four layers (MC-2, MC-3, MC-4).

Points are the 91 lattice points of the green hexagon (radius 5), numbered in the listing order
of section 8: by ``q``, then ``r``. Every smaller layer uses a subset of them, so a mole that
drops through a hole keeps its point number (MC-16), and a set of points is a bitmask over these
numbers. Every table here is computed once at import.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

# Layers from the top: the index grows as the moles dig down.
GREEN, RED, BROWN, BLUE = range(4)
LAYER_NAMES: Final = ("green", "red", "brown", "blue")
LAYER_BY_NAME: Final = {name: layer for layer, name in enumerate(LAYER_NAMES)}
LAYER_COUNT: Final = len(LAYER_NAMES)
ORIENT_ORDER: Final = (BLUE, BROWN, RED, GREEN)  # MC-4: bottom up, as the box is filled
ROTATIONS: Final = 6

MOLES_PER_SEAT: Final = {2: 10, 3: 7, 4: 6}  # MC-1
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
SEAT_COLOURS: Final = ("red", "blue", "green", "yellow")

# Move discs 1, 2, 2, 3, 3, 4: how many of each value, index 0 for value 1 (section 2.1).
MAX_VALUE: Final = 4
DISC_VALUES: Final = (1, 2, 3, 4)
FULL_DISCS: Final = (1, 2, 2, 1)
DISCS_PER_SEAT: Final = sum(FULL_DISCS)

# Directions in their canonical order (section 2.2), counter-clockwise on screen.
DIRECTION_NAMES: Final = ("e", "ne", "nw", "w", "sw", "se")
DIRECTION_STEPS: Final = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_BY_NAME: Final = {name: d for d, name in enumerate(DIRECTION_NAMES)}

GREEN_RADIUS: Final = 5


def distance(q: int, r: int) -> int:
    """Lattice distance from the centre: max(|q|, |r|, |s|) with s = −q − r."""
    return max(abs(q), abs(r), abs(q + r))


def rotate(q: int, r: int, turns: int) -> tuple[int, int]:
    """Turn a point ``turns`` × 60° counter-clockwise about the centre (section 2.2)."""
    for _ in range(turns % ROTATIONS):
        q, r = q + r, -q
    return q, r


def point_name(q: int, r: int) -> str:
    """The notation of a point: ``+2-1`` is q = 2, r = −1; zero is always ``+0``."""
    return f"{q:+d}{r:+d}"


COORDS: Final[tuple[tuple[int, int], ...]] = tuple(
    sorted(
        (q, r)
        for q in range(-GREEN_RADIUS, GREEN_RADIUS + 1)
        for r in range(-GREEN_RADIUS, GREEN_RADIUS + 1)
        if distance(q, r) <= GREEN_RADIUS
    )
)
POINT_COUNT: Final = len(COORDS)  # 91
POINT_INDEX: Final[dict[tuple[int, int], int]] = {c: p for p, c in enumerate(COORDS)}
POINT_NAMES: Final[tuple[str, ...]] = tuple(point_name(q, r) for q, r in COORDS)
POINT_BY_NAME: Final[dict[str, int]] = {name: p for p, name in enumerate(POINT_NAMES)}


def _parse_base(name: str) -> tuple[int, int]:
    return int(name[:2]), int(name[2:])


def _mask(points: Iterable[int]) -> int:
    mask = 0
    for point in points:
        mask |= 1 << point
    return mask


def points_of(mask: int) -> list[int]:
    """The point numbers in a mask, in listing order."""
    points = []
    while mask:
        low = mask & -mask
        points.append(low.bit_length() - 1)
        mask ^= low
    return points


def _layer_points(layer: int) -> frozenset[int]:
    if layer == BLUE:  # a star: the centre and two points along each of the six rays
        star = {(0, 0)} | {(k * dq, k * dr) for dq, dr in DIRECTION_STEPS for k in (1, 2)}
        return frozenset(POINT_INDEX[c] for c in star)
    radius = {GREEN: 5, RED: 4, BROWN: 3}[layer]
    return frozenset(p for p, (q, r) in enumerate(COORDS) if distance(q, r) <= radius)


# Section 2.3, rotation 0.
_BASE_HOLES: Final = (
    ("+0+0", "+2+0", "+2-2", "+0-2", "-2+0", "-2+2", "+0+2",
     "+4-2", "+2-4", "-2-2", "-4+2", "-2+4", "+2+2"),
    ("+1-1", "-1+1", "+3+0", "+3-3", "+0-3", "-3+0", "-3+3", "+0+3"),
    ("+2+0", "-2+2", "+0-2"),
    ("+0+0",),
)  # fmt: skip
_BASE_SPECIALS: Final = (
    (),
    ("+1+1", "+2-1", "+1-2", "-1-1", "-2+1", "-1+2"),
    ("+2+1", "-3+1", "+1-3"),
    (),
)


def _rotated_masks(base: tuple[str, ...]) -> tuple[int, ...]:
    masks = []
    for turns in range(ROTATIONS):
        coords = (rotate(*_parse_base(name), turns) for name in base)
        masks.append(_mask(POINT_INDEX[c] for c in coords))
    return tuple(masks)


LAYER_POINTS: Final = tuple(_mask(_layer_points(layer)) for layer in range(LAYER_COUNT))
# HOLES[layer][rotation] and SPECIALS[layer][rotation] are masks of the layer's points.
HOLES: Final = tuple(_rotated_masks(base) for base in _BASE_HOLES)
SPECIALS: Final = tuple(_rotated_masks(base) for base in _BASE_SPECIALS)
HOLE_COUNTS: Final = tuple(len(base) for base in _BASE_HOLES)  # 13, 8, 3, 1 (MC-26)


def _build_paths() -> tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]:
    """``PATHS[layer][point][direction]``: for v = 1, 2, … the mask of the v points a move of
    value v crosses and lands on, as long as they all lie on the layer (MC-3).

    The blue star's lines are its six rays only, so there a mole may move only along the ray
    it stands on, out or in through the centre (MC-3); on the hexagons every lattice line is
    drawn."""
    table = []
    for layer in range(LAYER_COUNT):
        on_layer = LAYER_POINTS[layer]
        per_point = []
        for q, r in COORDS:
            per_direction: list[tuple[int, ...]] = []
            for dq, dr in DIRECTION_STEPS:
                masks: list[int] = []
                if layer == BLUE and q * dr != r * dq:  # not along this point's ray
                    per_direction.append(())
                    continue
                crossed = 0
                for steps in range(1, MAX_VALUE + 1):
                    point = POINT_INDEX.get((q + steps * dq, r + steps * dr))
                    if point is None or not on_layer >> point & 1:
                        break
                    crossed |= 1 << point
                    masks.append(crossed)
                per_direction.append(tuple(masks))
            per_point.append(tuple(per_direction))
        table.append(tuple(per_point))
    return tuple(table)


PATHS: Final = _build_paths()


def landing(point: int, direction: int, value: int) -> int:
    """The point a mole on ``point`` reaches with ``value`` steps in ``direction``."""
    q, r = COORDS[point]
    dq, dr = DIRECTION_STEPS[direction]
    return POINT_INDEX[(q + value * dq, r + value * dr)]
