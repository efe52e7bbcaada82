"""The agent interface shared by the CLI, the simulator and the server's bots.

An agent sees exactly what its seat may know: the seat's observation and its legal actions,
bundled in a ``SeatView``. It never receives the true state. Search agents get
``view.sample_state(rng)``: a state consistent with everything the seat knows, its hidden parts
drawn at random (``State.resample_hidden``), so searching it reveals nothing extra.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from molehaven.core import Action, Game, Observation, Seat, State

StateSampler = Callable[[random.Random], State]


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat knows when it must act."""

    game: Game[object]
    seat: Seat
    observation: Observation
    legal_actions: list[Action]
    sample_state: StateSampler | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, state: State, seat: Seat) -> SeatView:
        """The view of ``seat`` in ``state`` (its observation and its own legal actions)."""
        # A frozen copy, so the sampler answers for this moment even after the game goes on;
        # every sample is redrawn in full, so it carries nothing the seat may not know.
        snapshot = state.clone()

        def sample_state(rng: random.Random) -> State:
            sample = snapshot.resample_hidden(seat, rng)
            # The record holds every chance outcome, hidden ones too: a sample keeps its
            # length (games bound it) but not its history, so it tells only what the seat knows.
            sample._history = None
            return sample

        return cls(
            state.game,
            seat,
            state.observation(seat),
            state.legal_actions(seat),
            sample_state,
        )


class Agent(Protocol):
    """Something that picks an action for a seat."""

    name: str

    def act(self, view: SeatView) -> Action:
        """Choose one of ``view.legal_actions`` (never called with an empty list)."""
        ...


def interjects(agent: object, game: Game[object]) -> bool:
    """Whether ``agent`` decides for itself when to act where acting is optional.

    Such an agent has ``interjection(view) -> Action | None`` (``None``: it waits). A driver
    offers it the chance whenever its seat may act without being awaited
    (``State.awaited``), and never makes it act there otherwise. An agent without the method
    is treated as before: it may be picked to act whenever its seat may. A wrapper (the
    levels) answers through its own ``interjects(game)``.
    """
    check = getattr(agent, "interjects", None)
    if callable(check):
        return bool(check(game))
    return callable(getattr(agent, "interjection", None))
