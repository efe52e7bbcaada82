"""The host's clock for real-time games (The Mole's round timer, TM-8).

The rules never read a clock. When the game publishes a ``timer`` in its observation (TM-8),
the server follows it: a timer of the game's ``round_seconds`` starts whenever
``timer.running`` becomes true for a new ``timer.round``, is cancelled when ``running`` turns
false, and on expiry the clock's event (``time-up``) is applied as seat ``CLOCK``. A short
chance node in the middle of a round (The Mole's draw after each ask) does not stop a running
timer, so it never restarts the period. A game with a clock but no public ``timer`` is followed
by ``legal_actions(CLOCK)`` instead: live while it is not empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from molehaven.core.clock import DEFAULT_ROUND_SECONDS, clock_signal, round_seconds
from molehaven.core.game import JSONValue, State
from molehaven.server.matches.table import LiveTable

__all__ = ["DEFAULT_ROUND_SECONDS", "ClockWatch", "clock_signal", "round_seconds"]


@dataclass(slots=True)
class ClockWatch:
    """Follows a batch of actions step by step to see whether a new clock period began."""

    enabled: bool
    live: bool
    period: JSONValue
    restarted: bool = False

    @classmethod
    def of(cls, table: LiveTable) -> ClockWatch:
        if not table.game.info.has_clock:
            return cls(enabled=False, live=False, period=None)
        live, period = clock_signal(table.state)
        live = live and table.is_running
        return cls(enabled=True, live=live, period=period if live else None)

    def observe(self, state: State) -> None:
        if not self.enabled:
            return
        live, period = clock_signal(state)
        if live:
            if not self.live or period != self.period:
                self.restarted = True
            self.period = period
        self.live = live
