"""Mole Majority, weighed per player: the Domain Points of claimed tiles, a share of each tile
still filling in proportion to the moles there, Home Tokens (your own at their values, others'
at the average), moles in play; a player who is out scores nothing more."""

from __future__ import annotations

from molehaven.agents.evaluation.reading import mapping, number, numbers, sequence
from molehaven.core import Observation

AVERAGE_TOKEN = 2.0  # eight each of 1, 2 and 3
OPEN_TILE_WEIGHT = 0.6  # a majority not yet decided may still turn
MOLE_ON_BOARD = 0.1
OUT = -20.0


def strengths(observation: Observation, players: int) -> list[float]:
    values = numbers(observation.get("scores"), players)
    for tile in mapping(observation.get("board")).values():
        entry = mapping(tile)
        spaces = sequence(entry.get("spaces"))
        if not spaces or all(owner is not None for owner in spaces):
            continue  # a full tile is already counted by its claim
        worth = number(entry.get("value")) * OPEN_TILE_WEIGHT / len(spaces)
        for owner in spaces:
            if isinstance(owner, int) and 0 <= owner < players:
                values[owner] += worth
    own_tokens = [number(v) for v in sequence(observation.get("my_home_tokens"))]
    for seat, raw in enumerate(sequence(observation.get("seats"))[:players]):
        entry = mapping(raw)
        if entry.get("eliminated") is True:
            values[seat] = OUT
            continue
        count = number(entry.get("home_tokens"))
        tokens = sum(own_tokens) if len(own_tokens) == count else AVERAGE_TOKEN * count
        values[seat] += tokens + MOLE_ON_BOARD * number(entry.get("moles_on_board"))
    return values
