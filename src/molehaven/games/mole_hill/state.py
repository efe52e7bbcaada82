"""Mole Hill's state: a few ints and short tuples, cheap to copy."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from molehaven.core import Action, Observation, Seat, State, winners_returns
from molehaven.games.mole_hill import rules
from molehaven.games.mole_hill.data import (
    EDGE_NAMES,
    FILES,
    FLOWER_POINTS,
    HEIGHT,
    PIECES,
    RANKS,
    RODS,
    SQUARE_NAMES,
    WIDTH,
    edge_between,
    square_of,
)
from molehaven.games.mole_hill.describe import describe_action
from molehaven.games.mole_hill.notation import PLACES, RODS_BY_EDGE, Move, Rod
from molehaven.games.mole_hill.rules import MOVE, PLACE, ROD


@dataclass(slots=True, eq=True)
class MoleHillState(State):
    """One match in progress (rules section 4).

    ``visited`` and ``rods`` are bitmasks over squares and edges for the move test; ``path``
    and ``rod_order`` keep the same sets in the order they happened, for observations.

    The last four fields are derived, kept up to date by ``rules.apply_action`` so that
    listing and checking actions costs a copy, not a scan (search calls them millions of
    times): the free rods in MH-33 order, and in phase ``move`` the mole's
    open moves and their squares as a bitmask; and ``rules.seat_to_move`` (-1 at the end).
    The two sequences are never changed in place, so clones share them.
    """

    rounds: int
    centre_start_jump: bool
    round: int = 1
    phase: int = rules.PLACE
    visited: int = 0
    path: tuple[int, ...] = ()
    rods: int = 0
    rod_order: tuple[int, ...] = ()
    jump: bool = False
    round_scores: tuple[int, ...] = (0,)
    free_rods: Sequence[Rod] = field(default=RODS_BY_EDGE, compare=False, repr=False)
    move_actions: Sequence[Move] = field(default=(), compare=False, repr=False)
    move_squares: int = field(default=0, compare=False, repr=False)
    mover: int = field(default=0, compare=False, repr=False)

    def is_terminal(self) -> bool:
        return self.phase == rules.OVER

    def is_chance(self) -> bool:
        return False  # MH-27

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return []

    @property
    def mole(self) -> Seat:
        return rules.mole_seat(self.round)

    @property
    def gardener(self) -> Seat:
        return 1 - rules.mole_seat(self.round)

    def to_move(self) -> list[Seat]:
        seat = self.mover
        return [seat] if seat >= 0 else []

    def _seat_actions(self, seat: Seat) -> list[Action]:
        return self.legal_actions(seat)  # the base class asks only for the seat to move

    def _is_legal(self, seat: Seat, action: Action) -> bool:
        return rules.is_legal(self, action)

    def legal_actions(self, seat: Seat) -> list[Action]:
        """The legal actions in MH-33 order, copied from the lists ``rules.apply_action`` keeps
        up to date rather than found by a scan of 110 edges.

        The base class's answer, without building ``to_move()``: one seat acts at a time and
        there is no chance or clock (MH-27), so every other seat gets [].
        """
        if seat != self.mover:
            return []
        phase = self.phase
        if phase == ROD:  # MH-8, MH-9: any interior edge without a rod
            return list(self.free_rods)
        if phase == MOVE:
            return list(self.move_actions)
        return list(PLACES) if phase == PLACE else []  # MH-6: any square

    def check(self, seat: Seat, action: Action) -> None:
        # The common case, a legal action by the seat to move, passes at once; anything else
        # goes through the base class, which raises with its full message (MH-31).
        if seat != self.mover or not rules.is_legal(self, action):
            State.check(self, seat, action)

    def apply(self, seat: Seat, action: Action | str) -> None:
        # The common case, a legal action object by the seat to move, is applied here without
        # the base class's call to ``check`` (searches apply millions of actions); anything
        # else (text, another seat, an illegal action) takes the base class's path, which
        # parses, raises with its full message and leaves the state as it was (MH-31).
        # ``State._record`` is written out here: a call costs about as much as its body, and
        # this runs for every action of every playout.
        if seat == self.mover and not isinstance(action, str) and rules.is_legal(self, action):
            self._apply(seat, action)
            # mypy's dataclass plugin lists only this class's fields as its slots, not those
            # of ``State`` that hold the history.
            self._history = (self._history, seat, action)  # type: ignore[misc]
            self._length += 1  # type: ignore[misc]
            return
        State.apply(self, seat, action)

    # The rules' function itself, not a method that calls it: one call less per action.
    _apply = rules.apply_action

    def _copy(self) -> MoleHillState:
        return MoleHillState(
            self.rounds,
            self.centre_start_jump,
            self.round,
            self.phase,
            self.visited,
            self.path,
            self.rods,
            self.rod_order,
            self.jump,
            self.round_scores,
            self.free_rods,
            self.move_actions,
            self.move_squares,
            self.mover,
        )

    def scores(self) -> list[float]:
        return rules.scores(self)

    def returns(self) -> list[float]:
        if self.phase != rules.OVER:
            return [0.0, 0.0]
        return winners_returns(2, rules.winners(self))

    def _observe(self, viewer: Seat | None) -> Observation:
        """Everything is public (MH-28): the same dict for every viewer."""
        return {
            "game": "mole-hill",
            "round": self.round,
            "rounds": self.rounds,
            "mole": self.mole,
            "gardener": self.gardener,
            "phase": rules.PHASE_NAMES[self.phase],
            "to_move": self.to_move(),
            "stack": SQUARE_NAMES[self.path[-1]] if self.path else None,
            "visited": [SQUARE_NAMES[s] for s in self.path],
            "rods": [EDGE_NAMES[e] for e in self.rod_order],
            "jump": self.jump,
            "pieces_left": PIECES - len(self.path),
            "rods_left": RODS - len(self.rod_order),
            "round_scores": list(self.round_scores),
            "scores": self.scores(),
        }

    def _describe(self, seat: Seat, action: Action, viewer: Seat | None) -> str:
        return describe_action(self, seat, action, viewer)

    def __str__(self) -> str:
        return render_board(self)


def render_board(state: MoleHillState) -> str:
    """A plain-text diagram: pieces by visit number, ``|`` and ``---`` for rods.

    Unvisited squares show ``R``/``W`` for flowers, ``C`` for the centre, ``.`` otherwise;
    ``[n]`` marks the stack.
    """
    order = {square: index + 1 for index, square in enumerate(state.path)}
    rods = state.rods
    stack = state.path[-1] if state.path else None
    lines = ["      " + "    ".join(FILES)]
    for rank in reversed(range(HEIGHT)):
        cells = []
        for file in range(WIDTH):
            square = square_of(file, rank)
            if square in order:
                text = f"{order[square]:>2}"
                text = f"[{order[square]}]" if square == stack else f" {text}"
            else:
                mark = {2: "R", 1: "W"}.get(FLOWER_POINTS[square], ".")
                text = "  C" if SQUARE_NAMES[square] == "e4" else f"  {mark}"
            cells.append(f"{text:>4}")
            if file < WIDTH - 1:
                blocked = rods >> edge_between(square, square + 1) & 1
                cells.append("|" if blocked else " ")
        lines.append(f"{RANKS[rank]:>2} " + "".join(cells))
        if rank > 0:
            walls = []
            for file in range(WIDTH):
                square = square_of(file, rank)
                blocked = rods >> edge_between(square - WIDTH, square) & 1
                walls.append(" ---" if blocked else "    ")
                walls.append(" ")
            lines.append("   " + "".join(walls).rstrip())
    phase = rules.PHASE_NAMES[state.phase]
    lines.append(
        f"round {state.round}/{state.rounds}, mole: seat {state.mole}, phase: {phase},"
        f" jump: {'yes' if state.jump else 'no'}, scores: {state.scores()}"
    )
    return "\n".join(lines)
