"""How a host reads a real-time game's clock from the game (The Mole's round timer, TM-8).

The rules never read a clock: a game with ``info.has_clock`` publishes, in its public
observation, a ``timer`` (``running``, ``round``, ``seconds``) and offers its clock events as
``legal_actions(CLOCK)``. Every host (the server's timer, the terminal's countdown, the
simulator's action budget) reads the clock the same way, through these pure functions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from molehaven.core.game import CLOCK, Action, Game, JSONValue, State

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
    """Whether the clock runs now, and which period it is in (``timer.round``, if public).

    A game with a clock but no public ``timer`` runs it while ``legal_actions(CLOCK)`` is
    not empty.
    """
    if state.is_terminal():
        return False, None
    timer = state.observation(None).get("timer")
    if isinstance(timer, dict) and isinstance(timer.get("running"), bool):
        return bool(timer["running"]), timer.get("round")
    return bool(state.legal_actions(CLOCK)), None


@dataclass(slots=True)
class RoundClock:
    """A host's timer for a game's clock, on any time scale ``now`` gives.

    As on the server: a period of ``round_seconds`` starts whenever the clock becomes live for
    a new period (``timer.round``), stops when it is no longer live, and once it has run out
    the clock's first event (``time-up``) is due. ``now`` is real seconds at the terminal and
    a count of actions turned into seconds in the simulator.
    """

    game: Game[object]
    now: Callable[[], float]
    live: bool = False
    period: JSONValue = None
    deadline: float = 0.0

    def follow(self, state: State) -> None:
        """Start a new period if ``state`` began one; call before every action."""
        live, period = clock_signal(state)
        if live and (not self.live or period != self.period):
            self.deadline = self.now() + round_seconds(self.game, state)
        self.live, self.period = live, period

    def remaining(self) -> float | None:
        """Seconds left in the running period, ``None`` while the clock is stopped."""
        return max(0.0, self.deadline - self.now()) if self.live else None

    def due_event(self, state: State) -> Action | None:
        """The clock event to apply now (time has run out and the rules offer it), if any."""
        self.follow(state)
        if not self.live or self.now() < self.deadline:
            return None
        events = state.legal_actions(CLOCK)
        return events[0] if events else None
