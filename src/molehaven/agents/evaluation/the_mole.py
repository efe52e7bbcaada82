"""The Mole, weighed by the points so far: whatever happens in a round shows in its points,
so a short look ahead through the others' choices is what tells moves apart."""

from __future__ import annotations

from molehaven.agents.evaluation.reading import numbers
from molehaven.core import Observation


def strengths(observation: Observation, players: int) -> list[float]:
    return numbers(observation.get("scores"), players)
