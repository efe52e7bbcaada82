"""Build Mole Park positions from move lists written as in the rules file (``C: deal 3``,
``0: glove``), plus a few shortcuts for whole rounds."""

from __future__ import annotations

from collections.abc import Sequence

import molehaven
from molehaven.core import CHANCE, JSONValue, State


def new_game(players: int, king: int | None = 0, **options: object) -> State:
    """A fresh game; with ``king`` given, the setup chance node is already applied."""
    state = molehaven.make("mole-park", players, **options).initial_state()
    if king is not None:
        state.apply(CHANCE, f"king {king}")
    return state


def apply_all(state: State, moves: str | Sequence[str]) -> State:
    """Apply ``"seat: text"`` entries (comma-separated in a string, or a list); ``C`` is
    CHANCE."""
    entries = [m for m in (moves.split(",") if isinstance(moves, str) else moves) if m.strip()]
    for entry in entries:
        who, _, text = entry.partition(":")
        seat = CHANCE if who.strip() == "C" else int(who)
        state.apply(seat, text)
    return state


def deal(state: State, *values: int) -> State:
    return apply_all(state, [f"C: deal {value}" for value in values])


def roll(state: State, faces: str) -> State:
    """Chance rolls in the order the state asks for them, e.g. ``"x 3 x"``."""
    return apply_all(state, [f"C: roll {face}" for face in faces.split()])


def choose(state: State, dice: str) -> State:
    """Every seat still to choose picks the die named at its seat's position, e.g.
    ``"glove prize prize"``; a ``-`` skips a seat that does not choose (a declarer)."""
    for seat, die in enumerate(dice.split()):
        if die != "-":
            state.apply(seat, die)
    return state


def play_round(state: State, deals: Sequence[int], rolls: str, dice: str | None = None) -> State:
    """A round without declarations: the deals, every seat's die (glove unless given), the
    rolls in seat order."""
    deal(state, *deals)
    players = state.game.players
    choose(state, dice if dice is not None else " ".join(["glove"] * players))
    return roll(state, rolls)


def legal(state: State, seat: int) -> set[str]:
    return {str(action) for action in state.legal_actions(seat)}


def outcomes(state: State) -> dict[str, float]:
    return {str(action): probability for action, probability in state.chance_outcomes()}


def hand(state: State, seat: int) -> JSONValue:
    return state.observation(seat)["hand"]


def seat_view(state: State, seat: int, viewer: int | None = None) -> dict[str, JSONValue]:
    seats = state.observation(viewer)["seats"]
    assert isinstance(seats, list)
    entry = seats[seat]
    assert isinstance(entry, dict)
    return entry


def public(state: State, key: str) -> JSONValue:
    return state.observation(None)[key]
