"""A per-decision time budget that search loops check often, with an injectable clock.

Search agents take a ``Clock`` (``time.perf_counter`` by default) so tests can drive time by
hand and prove an agent stops when its budget is spent, without measuring real time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]


def capped(seconds: float, most: float | None) -> float:
    """``seconds``, cut to ``most`` where longer (``None``: no cap): a budget under a cap such
    as the web server's ``bot_seconds``."""
    return seconds if most is None else min(seconds, most)


class Deadline:
    """The moment a decision must be made: ``budget`` seconds after it was created."""

    __slots__ = ("_clock", "_end")

    def __init__(self, budget: float | None, clock: Clock = time.perf_counter) -> None:
        self._clock = clock
        self._end = None if budget is None else clock() + budget

    def passed(self) -> bool:
        return self._end is not None and self._clock() >= self._end
