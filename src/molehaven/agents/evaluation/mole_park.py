"""Mole Park, weighed per player: prize stars won, plus the stars in hand, which a later cash-in
turns into a prize (a mole in an unseen hand counts as the deck's average)."""

from __future__ import annotations

from molehaven.agents.evaluation.reading import mapping, number, sequence
from molehaven.core import Observation

AVERAGE_MOLE = (30 * 1 + 26 * 2 + 22 * 3 + 16 * 4 + 10 * 5) / 104  # the printed deck
HAND_WEIGHT = 0.6  # stars in hand still have to be cashed in, and may be discarded


def strengths(observation: Observation, players: int) -> list[float]:
    seats = sequence(observation.get("seats"))
    own = observation.get("seat")
    hand = [number(value) for value in sequence(observation.get("hand"))]
    values = [0.0] * players
    for index, entry in enumerate(seats[:players]):
        seat = mapping(entry)
        stars = number(seat.get("prize_stars"))
        in_hand = sum(hand) if index == own else AVERAGE_MOLE * number(seat.get("hand_size"))
        values[index] = stars + HAND_WEIGHT * in_hand
    return values
