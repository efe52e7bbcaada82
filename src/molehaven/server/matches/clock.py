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

from molehaven.core import CLOCK, Game, State
from molehaven.core.game import JSONValue
from molehaven.server.matches.table import LiveTable

DEFAULT_ROUND_SECONDS = 600.0


def round_seconds(game: Game[object], state: State) -> float:
    """The timer's length: option ``round_seconds``, else the public ``timer.seconds``."""
    value = game.options_dict().get("round_seconds")
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    timer = state.observation(None).get("timer")
    if isinstance(timer, dict):
        seconds = timer.get("seconds")
        if isinstance(seconds, int | float) and not isinstance(seconds, bool):
            return float(seconds)
    return DEFAULT_ROUND_SECONDS


def clock_signal(state: State) -> tuple[bool, JSONValue]:
    """Whether the clock runs now, and which period it is in (``timer.round``, if public)."""
    if state.is_terminal():
        return False, None
    timer = state.observation(None).get("timer")
    if isinstance(timer, dict) and isinstance(timer.get("running"), bool):
        return bool(timer["running"]), timer.get("round")
    return bool(state.legal_actions(CLOCK)), None


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
