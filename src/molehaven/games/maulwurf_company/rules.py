"""Die Maulwurf Company's rules as functions over the state (rules sections 3 and 4).

``legal_moves`` is section 4.5; ``apply_action`` carries out one recorded action and then every
automatic step it triggers (keep, reshuffle, layer removal, end of turn, skipped seats), so the
state always rests at a chance node, a seat's decision or the end. Each line that carries out a
decision cites its id (MC-n).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from molehaven.core import Action
from molehaven.games.maulwurf_company.data import (
    BLUE,
    FULL_DISCS,
    GREEN,
    HOLES,
    LAYER_POINTS,
    MOLES_PER_SEAT,
    ORIENT_ORDER,
    PATHS,
    POINT_INDEX,
    ROTATIONS,
    SPECIALS,
    landing,
    points_of,
)
from molehaven.games.maulwurf_company.notation import (
    BONUS,
    DECLINE,
    FLIPS,
    KEEPS,
    MOVES,
    PLACES,
    ROTATES,
    STARTS,
    Bonus,
    Decline,
    Flip,
    Keep,
    Move,
    Place,
    Rotate,
    Start,
)

if TYPE_CHECKING:
    from molehaven.games.maulwurf_company.state import MaulwurfCompanyState

ORIENT, START, PLACE, FLIP, FLIP2, KEEP, MOVE, BONUS_CHOICE, OVER = range(9)
PHASE_NAMES = ("orient", "start", "place", "flip", "flip2", "keep", "move", "bonus", "over")
CHANCE_PHASES = frozenset((ORIENT, START, FLIP, FLIP2))
SEAT_PHASES = frozenset((PLACE, KEEP, MOVE, BONUS_CHOICE))

# How a game ended, and the words its final view gives for it (``end_reason``).
NOT_OVER, GOLDEN_SHOVEL, LAST_WITH_MOLES, TURN_LIMIT = range(4)
END_REASONS = (
    "",
    "a mole reached the golden shovel",  # MC-22
    "no other player has a mole left",  # MC-23
    "the turn limit was reached: everyone with a mole left shares the win",  # MC-25
)

DIRECTIONS = range(6)


# --------------------------------------------------------------------------- board queries


def holes(state: MaulwurfCompanyState) -> int:
    """The hole points of the current layer (its rotation applied, MC-4); 0 until known."""
    rotation = state.rotations[state.layer]
    return 0 if rotation < 0 else HOLES[state.layer][rotation]


def specials(state: MaulwurfCompanyState) -> int:
    """The special fields of the current layer, none with ``special_fields`` off (MC-19)."""
    rotation = state.rotations[state.layer]
    if rotation < 0 or not state.special_fields:
        return 0
    return SPECIALS[state.layer][rotation]


def occupied(state: MaulwurfCompanyState) -> int:
    mask = 0
    for moles in state.moles:
        mask |= moles
    return mask


def is_out(state: MaulwurfCompanyState, seat: int) -> bool:
    """A seat with no mole once placement is over never plays again (MC-17)."""
    return state.phase > PLACE and not state.moles[seat]


def _path_open(
    layer: int, point: int, direction: int, value: int, blocked: int, no_landing: int
) -> bool:
    """Whether a mole on ``point`` may go ``value`` steps in ``direction`` (section 4.5, 2–5)."""
    masks = PATHS[layer][point][direction]
    index = value - 1
    if len(masks) <= index:  # MC-3: the line would leave the layer
        return False
    crossed = masks[index]
    if blocked & crossed:  # MC-10: never over or onto a mole; MC-9: holes and specials are open
        return False
    landed = crossed ^ masks[index - 1] if index else crossed
    return not no_landing & landed  # MC-21: a bonus move may not land on a special field


def _moves_from(
    sources: int, layer: int, value: int, blocked: int, no_landing: int, first_only: bool
) -> list[Move]:
    """The moves of ``value`` steps from the points in ``sources``, in listing order."""
    found: list[Move] = []
    for point in points_of(sources):
        for direction in DIRECTIONS:
            if _path_open(layer, point, direction, value, blocked, no_landing):
                found.append(MOVES[point][direction])
                if first_only:
                    return found
    return found


def legal_moves(
    state: MaulwurfCompanyState, seat: int, value: int, *, first_only: bool = False
) -> list[Move]:
    """Every legal ``move`` of ``seat`` with ``value`` now, in listing order (section 4.5).

    With ``first_only`` the search stops at the first move found (an existence test).
    """
    own = state.moles[seat]
    blocked = occupied(state)
    no_landing = specials(state) if state.bonus_move else 0
    layer = state.layer
    if state.any_hole_exit:  # MC-11 option "any": every own mole may move
        return _moves_from(own, layer, value, blocked, no_landing, first_only)
    in_holes = holes(state)
    outside = _moves_from(own & ~in_holes, layer, value, blocked, no_landing, first_only)
    if outside:
        return outside
    # MC-11 "last_resort": a mole leaves its hole only when no other mole can move.
    return _moves_from(own & in_holes, layer, value, blocked, no_landing, first_only)


def _is_legal_move(state: MaulwurfCompanyState, move: Move) -> bool:
    point = POINT_INDEX.get((move.q, move.r))
    own = state.moles[state.current]
    if point is None or not own >> point & 1:
        return False
    blocked = occupied(state)
    no_landing = specials(state) if state.bonus_move else 0
    layer, value = state.layer, state.value
    if not _path_open(layer, point, move.direction, value, blocked, no_landing):
        return False
    in_holes = holes(state)
    if state.any_hole_exit or not in_holes >> point & 1:
        return True
    # MC-11 "last_resort": out of a hole only if no mole outside a hole can move.
    return not _moves_from(own & ~in_holes, layer, value, blocked, no_landing, True)


# ---------------------------------------------------------------------------- what can happen


def chance_outcomes(state: MaulwurfCompanyState) -> list[tuple[Action, float]]:
    phase = state.phase
    if phase in (FLIP, FLIP2):  # MC-7: one node per disc, weighted by count
        counts = state.face_down[state.current]
        total = sum(counts)
        return [(FLIPS[v + 1], c / total) for v, c in enumerate(counts) if c]
    if phase == ORIENT:  # MC-4: bottom layer first
        layer = ORIENT_ORDER[sum(r >= 0 for r in state.rotations)]
        return [(action, 1 / ROTATIONS) for action in ROTATES[layer]]
    if phase == START:  # MC-5
        n = state.players
        return [(STARTS[seat], 1 / n) for seat in range(n)]
    return []


def legal_actions(state: MaulwurfCompanyState) -> list[Action]:
    """The current seat's legal actions, in the order of section 8."""
    phase = state.phase
    if phase == MOVE:
        return list(legal_moves(state, state.current, state.value))
    if phase == BONUS_CHOICE:  # MC-20
        return [BONUS, DECLINE]
    if phase == KEEP:  # MC-24
        return [KEEPS[v] for v in sorted(state.pending)]
    if phase == PLACE:  # MC-6: a free green point that is not a hole
        free = LAYER_POINTS[GREEN] & ~holes(state) & ~occupied(state)
        return [PLACES[point] for point in points_of(free)]
    return []


def is_legal(state: MaulwurfCompanyState, action: Action) -> bool:
    phase = state.phase
    kind = type(action)
    if phase == MOVE:
        return kind is Move and _is_legal_move(state, action)  # type: ignore[arg-type]
    if phase == BONUS_CHOICE:
        return kind is Bonus or kind is Decline
    if phase == KEEP:
        return kind is Keep and action.value in state.pending  # type: ignore[attr-defined]
    if phase == PLACE and kind is Place:
        point = POINT_INDEX.get((action.q, action.r))  # type: ignore[attr-defined]
        free = LAYER_POINTS[GREEN] & ~holes(state) & ~occupied(state)
        return point is not None and bool(free >> point & 1)
    return False


# ------------------------------------------------------------------------- changing the state


def apply_action(state: MaulwurfCompanyState, action: Action) -> None:
    """Carry out a legal action and every automatic step it triggers (section 4.4)."""
    kind = type(action)
    if kind is Flip:
        _flip(state, action.value)  # type: ignore[attr-defined]
    elif kind is Move:
        _move(state, action)  # type: ignore[arg-type]
    elif kind is Place:
        _place(state, POINT_INDEX[(action.q, action.r)])  # type: ignore[attr-defined]
    elif kind is Keep:
        kept = action.value  # type: ignore[attr-defined]
        first, second = state.pending
        _return_disc(state, second if kept == first else first)  # MC-24
        _keep(state, kept)
    elif kind is Bonus:  # MC-20: another disc, for a bonus move (MC-21)
        state.bonus_move = True
        state.phase = FLIP
    elif kind is Decline:
        _end_turn(state)
    elif kind is Rotate:
        rotations = list(state.rotations)
        rotations[action.layer] = action.k  # type: ignore[attr-defined]
        state.rotations = tuple(rotations)
        if min(rotations) >= 0:
            state.phase = START
    else:
        assert isinstance(action, Start)
        state.start = state.current = action.seat  # MC-5, MC-29
        state.phase = PLACE


def _place(state: MaulwurfCompanyState, point: int) -> None:
    """MC-6: one mole per action, in seat order from the start player."""
    seat = state.current
    moles = list(state.moles)
    moles[seat] |= 1 << point
    state.moles = tuple(moles)
    n = state.players
    if sum(m.bit_count() for m in moles) < n * MOLES_PER_SEAT[n]:
        state.current = (seat + 1) % n
        return
    state.current = state.start  # MC-29: the start player also plays first
    _begin_turn(state)


def _set_face_down(state: MaulwurfCompanyState, seat: int, counts: tuple[int, ...]) -> None:
    face_down = list(state.face_down)
    face_down[seat] = counts
    state.face_down = tuple(face_down)


def _take_disc(state: MaulwurfCompanyState, value: int) -> None:
    counts = list(state.face_down[state.current])
    counts[value - 1] -= 1
    _set_face_down(state, state.current, tuple(counts))


def _return_disc(state: MaulwurfCompanyState, value: int) -> None:
    counts = list(state.face_down[state.current])
    counts[value - 1] += 1
    _set_face_down(state, state.current, tuple(counts))


def _flip(state: MaulwurfCompanyState, value: int) -> None:
    """MC-7 and MC-24: turn one disc; in a tournament game, two when two are face down."""
    seat = state.current
    face_down_before = sum(state.face_down[seat])
    _take_disc(state, value)
    if state.phase == FLIP2:
        first = state.pending[0]
        if first == value:  # MC-24: equal values, one is kept and the other goes back
            _return_disc(state, value)
            _keep(state, value)
        else:
            state.pending = (first, value)
            state.phase = KEEP
    elif state.tournament and face_down_before >= 2:
        state.pending = (value,)
        state.phase = FLIP2
    else:
        _keep(state, value)


def _keep(state: MaulwurfCompanyState, value: int) -> None:
    """The kept disc lies face up; without a legal move it is spent (MC-13)."""
    seat = state.current
    face_up = list(state.face_up)
    face_up[seat] = (*face_up[seat], value)
    state.face_up = tuple(face_up)
    state.value = value
    state.pending = ()
    if legal_moves(state, seat, value, first_only=True):
        state.phase = MOVE  # MC-12: a legal move must be made
        return
    _after_disc(state)  # MC-13: no action, the disc is used up
    _end_turn(state)


def _after_disc(state: MaulwurfCompanyState) -> None:
    """MC-8: once all six discs are face up, they are shuffled face down at once."""
    seat = state.current
    if not sum(state.face_down[seat]):
        _set_face_down(state, seat, FULL_DISCS)
        face_up = list(state.face_up)
        face_up[seat] = ()
        state.face_up = tuple(face_up)


def _move(state: MaulwurfCompanyState, move: Move) -> None:
    seat = state.current
    start = POINT_INDEX[(move.q, move.r)]
    target = landing(start, move.direction, state.value)
    moles = list(state.moles)
    moles[seat] ^= (1 << start) | (1 << target)
    state.moles = tuple(moles)
    _after_disc(state)  # MC-8: before the layer check and the bonus choice
    in_holes = holes(state)
    if occupied(state) & in_holes == in_holes:  # MC-15: the last hole is filled
        _remove_layer(state)
    elif not state.bonus_move and specials(state) >> target & 1:
        state.phase = BONUS_CHOICE  # MC-20; MC-21: never after a bonus move
    else:
        _end_turn(state)


def _remove_layer(state: MaulwurfCompanyState) -> None:
    """Section 4.6: the layer goes; moles in holes drop, the others leave the game."""
    if state.layer == BLUE:  # MC-22: the golden shovel
        _finish(state, (state.current,), GOLDEN_SHOVEL)
        return
    in_holes = holes(state)
    state.moles = tuple(m & in_holes for m in state.moles)  # MC-15, MC-16: same point below
    state.layer += 1
    survivors = tuple(seat for seat, m in enumerate(state.moles) if m)  # MC-17
    if len(survivors) == 1 and state.survivor_wins:  # MC-23
        _finish(state, survivors, LAST_WITH_MOLES)
        return
    _end_turn(state)  # MC-18: the mover's turn ends as usual


def _end_turn(state: MaulwurfCompanyState) -> None:
    state.turns += 1
    state.value = 0
    state.pending = ()
    state.bonus_move = False
    if state.turns >= state.max_turns:  # MC-25: a shared win for every seat still in
        _finish(state, tuple(seat for seat, m in enumerate(state.moles) if m), TURN_LIMIT)
        return
    state.current = (state.current + 1) % state.players  # MC-28
    _begin_turn(state)


def _begin_turn(state: MaulwurfCompanyState) -> None:
    """The next seat in order that is still in and has a mole outside a hole (MC-14, MC-17)."""
    in_holes = holes(state)
    n = state.players
    for offset in range(n):
        seat = (state.current + offset) % n
        if state.moles[seat] & ~in_holes:
            state.current = seat
            state.phase = FLIP
            return
    raise AssertionError("every seat skipped: impossible by MC-27")


def _finish(state: MaulwurfCompanyState, winners: tuple[int, ...], reason: int) -> None:
    state.winners = winners
    state.ended_by = reason
    state.phase = OVER
    state.value = 0
    state.pending = ()
    state.bonus_move = False
