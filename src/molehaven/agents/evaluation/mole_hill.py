"""Mole Hill, weighed as its players see it: points so far, and for the seat digging now, the
flowers still unvisited (by the square of their distance) and the room around the mole."""

from __future__ import annotations

from molehaven.agents.evaluation.reading import number, numbers, sequence
from molehaven.core import Observation

RED = frozenset({"e7", "a4", "i4", "e1"})  # 2 points each (the printed board)
WHITE = frozenset({"b6", "h6", "b2", "h2"})  # 1 point each
FILES = "abcdefghi"
RANKS = 7
FLOWER_WEIGHT = 0.5  # a flower in reach is worth half its points, a visited one all of them
ROOM_WEIGHT = 0.15  # each open neighbouring square


def _square(name: str) -> tuple[int, int]:
    return FILES.index(name[0]), int(name[1:]) - 1


def strengths(observation: Observation, players: int) -> list[float]:
    scores = numbers(observation.get("scores"), players)
    stack = observation.get("stack")
    mole = int(number(observation.get("mole"), -1))
    if not isinstance(stack, str) or not 0 <= mole < players:
        return scores
    visited = {str(square) for square in sequence(observation.get("visited"))}
    rods = {frozenset(str(rod).split()) for rod in sequence(observation.get("rods"))}
    x, y = _square(stack)
    potential = 0.0
    for name in RED | WHITE:
        if name in visited:
            continue
        fx, fy = _square(name)
        distance = max(abs(fx - x), abs(fy - y))
        potential += (2.0 if name in RED else 1.0) * FLOWER_WEIGHT / distance**2
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            nx, ny = x + dx, y + dy
            if (dx, dy) == (0, 0) or not (0 <= nx < len(FILES) and 0 <= ny < RANKS):
                continue
            neighbour = f"{FILES[nx]}{ny + 1}"
            if neighbour in visited:
                continue
            straight = dx == 0 or dy == 0  # a rod on the shared side closes a straight step
            if straight and frozenset({stack, neighbour}) in rods:
                continue
            potential += ROOM_WEIGHT
    scores[mole] += potential
    return scores
