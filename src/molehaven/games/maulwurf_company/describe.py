"""What a move log says about each Die Maulwurf Company action (everything is public, MC-31)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from molehaven.core import CHANCE, Action, Seat, seat_ref
from molehaven.games.maulwurf_company import rules
from molehaven.games.maulwurf_company.data import (
    LAYER_NAMES,
    POINT_INDEX,
    POINT_NAMES,
    SEAT_COLOURS,
    landing,
)
from molehaven.games.maulwurf_company.notation import (
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

# The directions of ``data.DIRECTION_NAMES`` in words, in the same order.
_WAYS: Final = ("east", "north-east", "north-west", "west", "south-west", "south-east")


def describe_action(
    state: MaulwurfCompanyState, seat: Seat, action: Action, viewer: Seat | None
) -> str:
    """The same words for every viewer: discs, moves and the board are public. What an
    action leads to by the rules is said with it: a disc spent without a move (MC-13), a
    layer lifted and who went out with it (MC-15 … MC-17), the golden shovel (MC-22)."""
    who = seat_ref(seat)
    current = seat_ref(state.current)
    match action:
        case Rotate(layer=layer, k=k):  # MC-4
            return (
                f"chance: the {LAYER_NAMES[layer]} layer is laid into the box,"
                f" turned {k * 60}° (its holes fall where chance puts them)"
            )
        case Start(seat=first):  # MC-5, MC-29
            colour = SEAT_COLOURS[first]
            return f"chance: {seat_ref(first)} ({colour}) places the first mole and plays first"
        case Place(q=q, r=r):
            return f"{who} placed a mole on {POINT_NAMES[POINT_INDEX[(q, r)]]}"
        case Flip(value=value):  # MC-7, MC-24
            extra = " for the bonus move" if state.bonus_move else ""
            return (
                f"chance: {current} turns over a {value}{extra}{_spent(state, seat, action, value)}"
            )
        case Keep(value=value):  # MC-24
            spent = _spent(state, seat, action, value)
            return f"{who} kept the {value} and put the other disc back{spent}"
        case Move(q=q, r=r, direction=direction):  # MC-3
            start = POINT_INDEX[(q, r)]
            target = landing(start, direction, state.value)
            into = " into a hole" if rules.holes(state) >> target & 1 else ""
            steps = f"{state.value} step{'s' if state.value > 1 else ''} {_WAYS[direction]}"
            moved = (
                f"{who} moved a mole {steps}, from {POINT_NAMES[start]} to {POINT_NAMES[target]}"
            )
            after = _after(state, seat, action)
            if after.ended_by == rules.GOLDEN_SHOVEL:  # MC-22
                return f"{moved}, into the golden shovel, and wins"
            return f"{moved}{into}{_lifted(state, after)}"
        case Bonus():  # MC-20
            return f"{who} took the bonus move"
        case Decline():
            return f"{who} declined the bonus move"
    who = "chance" if seat == CHANCE else who
    return f"{who}: {action}"


def _after(state: MaulwurfCompanyState, seat: Seat, action: Action) -> MaulwurfCompanyState:
    after = state.clone()
    after.apply(seat, action)
    return after


def _spent(state: MaulwurfCompanyState, seat: Seat, action: Action, value: int) -> str:
    """MC-13: the words for a disc kept with no legal move for it ('' when there is one, or
    when the disc is not decided yet: the tournament rule's second disc, MC-24)."""
    if _after(state, seat, action).phase in (rules.MOVE, rules.FLIP2, rules.KEEP):
        return ""
    if state.bonus_move:
        return f": no mole can make the bonus move of {value}, so it is lost"
    steps = f"{value} step{'s' if value > 1 else ''}"
    return f": no mole can move {steps}, so the disc is spent and the turn passes"


def _lifted(state: MaulwurfCompanyState, after: MaulwurfCompanyState) -> str:
    """MC-15 … MC-17, MC-23: the words for a move (``state`` before it, ``after`` it) that
    fills the layer's last hole."""
    if after.layer == state.layer:
        return ""
    before = [mask.bit_count() for mask in state.moles]
    kept = [mask.bit_count() for mask in after.moles]
    dropped = sum(kept)
    lost = [(s, before[s] - kept[s]) for s in range(state.players) if before[s] > kept[s]]
    words = [
        f"; the {LAYER_NAMES[state.layer]} layer is full and lifted away:"
        f" {dropped} mole{'s' if dropped != 1 else ''} in holes"
        f" drop{'s' if dropped == 1 else ''} to {LAYER_NAMES[after.layer]}"
    ]
    if lost:
        # Each seat's loss and what it has left, in words: "(Ann 6, Bob 2)" was read as the
        # moles each kept.
        losses = ", ".join(
            f"{seat_ref(s)} loses {n} mole{'s' if n != 1 else ''} ({kept[s]} left)" for s, n in lost
        )
        words.append(f"; the moles outside holes leave the game: {losses}")
    out = [seat_ref(s) for s in range(state.players) if before[s] and not kept[s]]
    if out:
        words.append(f"; {', '.join(out)} {'is' if len(out) == 1 else 'are'} out")
    if after.ended_by == rules.LAST_WITH_MOLES:
        words.append(f"; {seat_ref(after.winners[0])} is the last player with moles and wins")
    return "".join(words)
