"""The Mole, weighed by the points so far, less what each seat's answers cost it in suspicion.

Points change only when a round ends, so within a round every answer scored alike and a
search picked answers at random: the easy bot, as a spy, gave an answer that fits its location
about one time in six, as often as a random player (2026-11-29, 3 players). Answers matter for
what the others come to believe: a seat whose answers a spy at the location would not give
looks like the Mole, and a vote on a spy scores the Mole 2 (TM-17); a Mole whose answers fit
no location it might be at gives itself away. So each seat's strength is its points less
``SUSPICION_COST`` times its chance of being the Mole as a spy would judge it from the round's
answers (``the_mole_reading.mole_suspicion``): a spy knows the location, the Mole weighs the
spies' view through its own belief about it, an onlooker through the answers alone.
"""

from __future__ import annotations

from typing import Final

from molehaven.agents.evaluation.reading import numbers
from molehaven.agents.the_mole_reading import mole_suspicion, seat_belief
from molehaven.core import Observation

# Points a seat loses for being surely taken for the Mole. Below the 2 points a passed vote
# on a spy gives the Mole, since a suspicion need not become a vote; enough to tell answers
# apart, not to outweigh a point won or lost.
SUSPICION_COST: Final = 1.0


def strengths(observation: Observation, players: int) -> list[float]:
    scores = numbers(observation.get("scores"), players)
    if not observation.get("exchanges"):
        return scores  # no answer yet this round: every seat looks alike
    seat = observation.get("seat")
    belief = seat_belief(observation, seat if isinstance(seat, int) else -1)
    # Every seat judged, this one too (``me`` = -1): how the table sees each.
    suspicion = mole_suspicion(observation, -1, belief)
    return [score - SUSPICION_COST * suspicion.get(s, 0.0) for s, score in enumerate(scores)]
