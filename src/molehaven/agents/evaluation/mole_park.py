"""Mole Park, weighed per player: prize stars won, plus what the next cash-in could bring.

A cash-in's total is the hand's stars + the prize roll + the prize stars already won, and it
buys the best face-up prize worth no more than that total; so a player's prospects are the
prize that total would reach today (the roll at its average, a mole in an unseen hand at the
deck's average), more than the stars in hand themselves.
"""

from __future__ import annotations

from molehaven.agents.evaluation.reading import mapping, number, sequence
from molehaven.core import Observation

AVERAGE_MOLE = (30 * 1 + 26 * 2 + 22 * 3 + 16 * 4 + 10 * 5) / 104  # the printed deck
AVERAGE_ROLL = 3.5
PROSPECT_WEIGHT = 0.5  # the next prize is not won yet, and someone may take it first
HAND_WEIGHT = 0.1
CROWN = 40


def strengths(observation: Observation, players: int) -> list[float]:
    seats = sequence(observation.get("seats"))
    own = observation.get("seat")
    hand = [number(value) for value in sequence(observation.get("hand"))]
    prizes = sorted(
        number(mapping(stand).get("value"))
        for stand in mapping(observation.get("stands")).values()
        if mapping(stand).get("face_up") is True
    )
    values = [0.0] * players
    for index, entry in enumerate(seats[:players]):
        seat = mapping(entry)
        stars = number(seat.get("prize_stars"))
        in_hand = sum(hand) if index == own else AVERAGE_MOLE * number(seat.get("hand_size"))
        total = stars + in_hand + AVERAGE_ROLL if in_hand else 0.0
        prospect = max((value for value in prizes if value <= total), default=0.0)
        if total >= CROWN:
            prospect = max(prospect, CROWN)
        values[index] = stars + PROSPECT_WEIGHT * prospect + HAND_WEIGHT * in_hand
    return values
