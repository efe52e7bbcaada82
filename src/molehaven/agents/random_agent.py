"""The random agent: a uniformly random legal action, from its own seeded generator."""

from __future__ import annotations

import random

from molehaven.agents.base import SeatView
from molehaven.core import Action


class RandomAgent:
    """Plays a uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, view: SeatView) -> Action:
        return self._rng.choice(view.legal_actions)
