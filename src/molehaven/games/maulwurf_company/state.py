"""Die Maulwurf Company's state: ints, bitmasks and short tuples, shared between copies."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from molehaven.core import Action, JSONValue, Observation, Seat, State, winners_returns
from molehaven.games.maulwurf_company import rules
from molehaven.games.maulwurf_company.data import (
    DISC_VALUES,
    FULL_DISCS,
    GREEN,
    LAYER_COUNT,
    LAYER_NAMES,
    LAYER_POINTS,
    MOLES_PER_SEAT,
    POINT_INDEX,
    POINT_NAMES,
    SEAT_COLOURS,
    points_of,
)
from molehaven.games.maulwurf_company.describe import describe_action


@dataclass(slots=True, eq=True)
class MaulwurfCompanyState(State):
    """One game in progress (rules section 4.2).

    ``moles`` holds one bitmask of points per seat on the current layer; ``face_down[seat]``
    counts that seat's face-down discs of each value 1 … 4 and ``face_up[seat]`` lists the
    values kept since its last reshuffle, in order. ``value`` is 0 while no disc is kept.
    """

    players: int
    any_hole_exit: bool  # MC-11: hole_exit == "any"
    special_fields: bool  # MC-19
    survivor_wins: bool  # MC-23: sole_survivor == "wins"
    tournament: bool  # MC-24
    max_turns: int  # MC-25
    phase: int = rules.ORIENT
    rotations: tuple[int, ...] = (-1,) * LAYER_COUNT  # by layer, -1 until its node is applied
    layer: int = GREEN
    start: int = -1
    current: int = -1
    moles: tuple[int, ...] = ()
    face_down: tuple[tuple[int, ...], ...] = ()
    face_up: tuple[tuple[int, ...], ...] = ()
    value: int = 0
    pending: tuple[int, ...] = ()  # tournament: the discs turned and not yet kept (MC-24)
    bonus_move: bool = False
    turns: int = 0
    winners: tuple[int, ...] = ()
    ended_by: int = rules.NOT_OVER  # rules.END_REASONS

    # ------------------------------------------------------------------ the State interface

    def is_terminal(self) -> bool:
        return self.phase == rules.OVER

    def is_chance(self) -> bool:
        return self.phase in rules.CHANCE_PHASES

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return rules.chance_outcomes(self)

    def to_move(self) -> list[Seat]:
        return [self.current] if self.phase in rules.SEAT_PHASES else []

    def _seat_actions(self, seat: Seat) -> list[Action]:
        return rules.legal_actions(self)

    def _is_legal(self, seat: Seat, action: Action) -> bool:
        return rules.is_legal(self, action)

    def _apply(self, seat: Seat, action: Action) -> None:
        rules.apply_action(self, action)

    def _copy(self) -> MaulwurfCompanyState:
        return MaulwurfCompanyState(
            self.players,
            self.any_hole_exit,
            self.special_fields,
            self.survivor_wins,
            self.tournament,
            self.max_turns,
            self.phase,
            self.rotations,
            self.layer,
            self.start,
            self.current,
            self.moles,
            self.face_down,
            self.face_up,
            self.value,
            self.pending,
            self.bonus_move,
            self.turns,
            self.winners,
            self.ended_by,
        )

    def scores(self) -> list[float]:
        """MC-30: 0 for every seat until the end, then 1 for each winner."""
        return [1.0 if seat in self.winners else 0.0 for seat in range(self.players)]

    def returns(self) -> list[float]:
        if self.phase != rules.OVER:
            return [0.0] * self.players
        return winners_returns(self.players, self.winners)

    def _observe(self, viewer: Seat | None) -> Observation:
        """Everything is public (MC-31): the same dict for every viewer (section 7)."""
        playing = self.phase > rules.START
        return {
            "game": "maulwurf-company",
            "players": self.players,
            "layer": LAYER_NAMES[self.layer],
            "layers_below": list(LAYER_NAMES[self.layer + 1 :]),
            "rotations": _rotations(self.rotations).copy(),
            "holes": _names(rules.holes(self)),
            "specials": _names(rules.specials(self)),
            "moles": _moles(self.moles),
            "moles_left": [mask.bit_count() for mask in self.moles],
            "moles_to_place": (
                [MOLES_PER_SEAT[self.players] - mask.bit_count() for mask in self.moles]
                if self.phase <= rules.PLACE
                else [0] * self.players
            ),
            "face_up": [list(values) for values in self.face_up],
            "face_down": [_disc_counts(counts) for counts in self.face_down],
            "out": [rules.is_out(self, s) for s in range(self.players)],
            "start": self.start if playing else None,
            "current": self.current if playing else None,
            "phase": rules.PHASE_NAMES[self.phase],
            "value": self.value or None,
            "pending": list(self.pending),
            "bonus_move": self.bonus_move,
            "turns": self.turns,
            "max_turns": self.max_turns,
            "to_move": self.to_move(),
            "winners": list(self.winners),
            "scores": self.scores(),
            **({"end_reason": rules.END_REASONS[self.ended_by]} if self.ended_by else {}),
        }

    def _describe(self, seat: Seat, action: Action, viewer: Seat | None) -> str:
        return describe_action(self, seat, action, viewer)

    def __str__(self) -> str:
        return render_layer(self)


# The parts of an observation that depend on a few small fields only are built once per
# value of those fields; the observation gets fresh copies, so a caller may change its dict.


@cache
def _point_names(mask: int) -> tuple[str, ...]:
    return tuple(POINT_NAMES[point] for point in points_of(mask))


def _names(mask: int) -> list[JSONValue]:
    """The names of a mask's points; only the fixed hole and special masks come here, so the
    cache holds at most one entry per layer and rotation."""
    return list(_point_names(mask))


@cache
def _rotations(rotations: tuple[int, ...]) -> dict[str, JSONValue]:
    """Never handed out itself: the observation takes a copy."""
    return {name: k if k >= 0 else None for name, k in zip(LAYER_NAMES, rotations, strict=True)}


@cache
def _disc_table(counts: tuple[int, ...]) -> dict[str, JSONValue]:
    """Never handed out itself: ``_disc_counts`` copies it."""
    return {str(value): count for value, count in zip(DISC_VALUES, counts, strict=True)}


def _disc_counts(counts: tuple[int, ...]) -> dict[str, JSONValue]:
    return _disc_table(counts).copy()


def _moles(moles: tuple[int, ...]) -> dict[str, JSONValue]:
    """The owner of each occupied point, by point name in listing order."""
    owner_at: dict[int, int] = {}
    for owner, mask in enumerate(moles):
        while mask:  # data.points_of, inlined
            low = mask & -mask
            owner_at[low.bit_length() - 1] = owner
            mask ^= low
    return {POINT_NAMES[point]: owner_at[point] for point in sorted(owner_at)}


def new_state(
    players: int,
    *,
    any_hole_exit: bool,
    special_fields: bool,
    survivor_wins: bool,
    tournament: bool,
    max_turns: int,
) -> MaulwurfCompanyState:
    """The state before the first orientation node (setup, section 3)."""
    return MaulwurfCompanyState(
        players,
        any_hole_exit,
        special_fields,
        survivor_wins,
        tournament,
        max_turns,
        moles=(0,) * players,
        face_down=(FULL_DISCS,) * players,
        face_up=((),) * players,
    )


def render_layer(state: MaulwurfCompanyState) -> str:
    """A plain-text drawing of the current layer: seat digits for moles, ``O`` for an empty
    hole, ``*`` for an empty special field, ``.`` for any other point; a mole in a hole is
    shown as its seat digit in brackets."""
    on_layer = LAYER_POINTS[state.layer]
    in_holes, special = rules.holes(state), rules.specials(state)
    owner = {point: s for s, mask in enumerate(state.moles) for point in points_of(mask)}
    lines = []
    for r in range(-5, 6):
        row = [" "] * 46
        for q in range(-5, 6):
            point = POINT_INDEX.get((q, r))
            if point is None or not on_layer >> point & 1:
                continue
            if point in owner:
                mark = f"[{owner[point]}]" if in_holes >> point & 1 else f" {owner[point]} "
            else:
                mark = " O " if in_holes >> point & 1 else " * " if special >> point & 1 else " . "
            column = (2 * q + r + 10) * 2  # screen x = q + r/2, four characters per unit
            row[column : column + 3] = mark
        if "".join(row).strip():
            lines.append(f"{r:+d} " + "".join(row).rstrip())
    phase = rules.PHASE_NAMES[state.phase]
    colours = ", ".join(f"{s}={SEAT_COLOURS[s]}" for s in range(state.players))
    lines.append(
        f"layer {LAYER_NAMES[state.layer]}, phase {phase}, seat {state.current} to act,"
        f" value {state.value or '-'}, turns {state.turns} ({colours})"
    )
    return "\n".join(lines)
