"""The agent interface shared by the CLI, the simulator and the server's bots.

An agent sees exactly what its seat may know: the seat's observation and its legal actions,
bundled in a ``SeatView``. It never receives the true state. Search agents get
``view.sample_state(rng)``: a state consistent with everything the seat knows, its hidden parts
drawn at random (``State.resample_hidden``), so searching it reveals nothing extra.

A view also tells how far into its turn the seat is (``turn_step``): in games whose turns are
several decisions (Mole Majority: a card, moves, stacks, end turn) a search may spend most of
a turn's time on its first decision. It is read from who acted, which every seat sees.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
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
    # How many decisions the seat made just before this one with no other seat acting in
    # between (``decisions_in_a_row``): 0 for the first decision of its turn.
    turn_step: int = 0

    @classmethod
    def of(cls, state: State, seat: Seat, turn_step: int | None = None) -> SeatView:
        """The view of ``seat`` in ``state`` (its observation and its own legal actions).

        ``turn_step`` is counted from ``state``'s record unless given: a host that drops the
        record before handing a state on (the server's bot workers) counts it first."""
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
            decisions_in_a_row(state, seat) if turn_step is None else turn_step,
        )


def decisions_in_a_row(state: State, seat: Seat) -> int:
    """How many of the last actions in ``state``'s record are ``seat``'s, back to the latest
    action of another seat: how far into its turn the seat is where a turn is several
    decisions. Chance and the clock do not end a run (a card drawn mid-turn leaves the turn
    going on). A state without a record counts 0."""
    count = 0
    for actor in state.actors_newest_first():
        if actor == seat:
            count += 1
        elif actor >= 0:
            break
    return count


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


def interjectors(state: State, agents: Mapping[Seat, object]) -> list[Seat]:
    """The seats that may act now without being awaited (``State.awaited``, The Mole's TM-26)
    and whose agents choose for themselves when to (``interjects``): a driver offers each its
    ``interjection`` and never makes it act. Seats missing from ``agents`` (people) are left
    out."""
    to_move = state.to_move()
    if len(to_move) < 2:
        return []
    awaited = state.awaited()
    game = state.game
    return [
        seat
        for seat in to_move
        if seat not in awaited and seat in agents and interjects(agents[seat], game)
    ]
