"""A per-decision time budget that search loops check often, with an injectable clock.

Search agents take a ``Clock`` (``time.perf_counter`` by default) so tests can drive time by
hand and prove an agent stops when its budget is spent, without measuring real time.

Where a turn is several decisions, ``turn_share`` spreads a budget over the turn: its first
decision thinks the whole ``seconds``, each later one the share ``follow_up`` of it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]


def capped(seconds: float, most: float | None) -> float:
    """``seconds``, cut to ``most`` where longer (``None``: no cap): a budget under a cap such
    as the web server's ``bot_seconds``."""
    return seconds if most is None else min(seconds, most)


def check_follow_up(follow_up: float) -> float:
    """``follow_up`` if it is a share of a budget in (0, 1], else ``ValueError``."""
    if not 0 < follow_up <= 1:  # ``not`` also refuses NaN
        raise ValueError(f"follow_up must be more than 0 and at most 1, got {follow_up}")
    return follow_up


def turn_share(seconds: float | None, follow_up: float, turn_step: int) -> float | None:
    """The seconds of a turn's decision number ``turn_step`` (0: its first): ``seconds``
    for the first, ``seconds * follow_up`` for each later one, so a turn of n searched
    decisions thinks at most ``seconds * (1 + follow_up * (n - 1))`` (``follow_up`` 1: every
    decision ``seconds``; ``None``: no time bound).

    Each later decision keeps a fixed share, not a shrinking one: a decision among hundreds of
    moves spends a tenth of a second weighing its root (``MCTSAgent.prior_visits``) before
    it searches at all (docs/agents.md, "Mole Majority's time per turn")."""
    if seconds is None or turn_step <= 0:
        return seconds
    return seconds * follow_up


class Deadline:
    """The moment a decision must be made: ``budget`` seconds after it was created."""

    __slots__ = ("_clock", "_end")

    def __init__(self, budget: float | None, clock: Clock = time.perf_counter) -> None:
        self._clock = clock
        self._end = None if budget is None else clock() + budget

    def passed(self) -> bool:
        return self._end is not None and self._clock() >= self._end
