"""The printed board as JSON-ready data for pages (``MaulwurfCompanyGame.public_data()``).

Everything here is read from ``data.py``, so a page draws exactly the lattice the rules use:
where each point lies on screen (rules section 2.2: ``x = q + r/2``, ``y = r·√3/2``), which
points and lines make up each layer (the blue star's lines are its rays only, MC-3), and the
holes and special fields of each layer in each of its six rotations (MC-4).
"""

from __future__ import annotations

import copy
import math
from functools import cache

from molehaven.core import JSONValue
from molehaven.games.maulwurf_company.data import (
    BLUE,
    COORDS,
    DIRECTION_NAMES,
    DIRECTION_STEPS,
    DISC_VALUES,
    FULL_DISCS,
    HOLES,
    LAYER_COUNT,
    LAYER_NAMES,
    LAYER_POINTS,
    MOLES_PER_SEAT,
    PATHS,
    POINT_INDEX,
    POINT_NAMES,
    ROTATIONS,
    SEAT_COLOURS,
    SPECIALS,
    points_of,
)

# Three of the six directions reach every line of a layer exactly once (the other three
# are their opposites).
_LINE_DIRECTIONS = (0, 1, 2)
_RADII = (5, 4, 3, 2)  # the blue star reaches two steps along each ray


def _names(mask: int) -> list[JSONValue]:
    return [POINT_NAMES[point] for point in points_of(mask)]


def _lines(layer: int) -> list[JSONValue]:
    """Every drawn line of a layer as a pair of neighbouring points (the one-step paths)."""
    lines: list[JSONValue] = []
    for point in points_of(LAYER_POINTS[layer]):
        for direction in _LINE_DIRECTIONS:
            paths = PATHS[layer][point][direction]
            if paths:
                neighbour = points_of(paths[0])[0]
                lines.append([POINT_NAMES[point], POINT_NAMES[neighbour]])
    return lines


def _outline(layer: int) -> list[JSONValue]:
    """The layer's corners counter-clockwise from the east: a hexagon's six corners, or the
    ends of the star's six rays."""
    radius = _RADII[layer]
    return [POINT_NAMES[POINT_INDEX[(radius * dq, radius * dr)]] for dq, dr in DIRECTION_STEPS]


def _layer(layer: int) -> dict[str, JSONValue]:
    return {
        "name": LAYER_NAMES[layer],
        "shape": "star" if layer == BLUE else "hexagon",
        "radius": _RADII[layer],
        "outline": _outline(layer),
        "points": _names(LAYER_POINTS[layer]),
        "lines": _lines(layer),
        "holes": [_names(HOLES[layer][k]) for k in range(ROTATIONS)],
        "specials": [_names(SPECIALS[layer][k]) for k in range(ROTATIONS)],
    }


@cache
def _board() -> dict[str, JSONValue]:
    points: dict[str, JSONValue] = {
        POINT_NAMES[point]: {
            "q": q,
            "r": r,
            "x": q + r / 2,
            "y": round(r * math.sqrt(3) / 2, 4),
        }
        for point, (q, r) in enumerate(COORDS)
    }
    return {
        "points": points,
        "layers": [_layer(layer) for layer in range(LAYER_COUNT)],
        "directions": [
            {"name": name, "step": [dq, dr]}
            for name, (dq, dr) in zip(DIRECTION_NAMES, DIRECTION_STEPS, strict=True)
        ],
        "seat_colours": list(SEAT_COLOURS),
        "discs": {str(v): n for v, n in zip(DISC_VALUES, FULL_DISCS, strict=True)},
        "moles_per_seat": {str(players): n for players, n in MOLES_PER_SEAT.items()},
    }


def board_data() -> dict[str, JSONValue]:
    """The board every player may read; the same for every game (it never depends on a state).

    A fresh copy each call, so a caller may not change the cached one."""
    return copy.deepcopy(_board())
