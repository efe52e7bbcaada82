"""Build Mole Hill positions from move lists written as in the rules file (``0: place c3``)."""

from __future__ import annotations

import molehaven
from molehaven.core import State


def new_game(**options: object) -> State:
    return molehaven.make("mole-hill", players=2, **options).initial_state()


def play(moves: str | list[str], **options: object) -> State:
    """Apply ``"seat: text"`` entries (comma-separated in a string, or a list) from the start."""
    state = new_game(**options)
    apply_all(state, moves)
    return state


def apply_all(state: State, moves: str | list[str]) -> State:
    entries = [m for m in (moves.split(",") if isinstance(moves, str) else moves) if m.strip()]
    for entry in entries:
        seat, _, text = entry.partition(":")
        state.apply(int(seat), state.game.parse_action(text))
    return state


def legal(state: State, seat: int) -> set[str]:
    return {str(action) for action in state.legal_actions(seat)}


def moves(*squares: str) -> set[str]:
    return {f"move {square}" for square in squares}


def alternate(mole: int, mole_actions: list[str], rods: list[str]) -> list[str]:
    """Interleave mole actions with the gardener's rods: m0, r0, m1, r1, …"""
    gardener = 1 - mole
    entries = []
    for index, action in enumerate(mole_actions):
        entries.append(f"{mole}: {action}")
        if index < len(rods):
            entries.append(f"{gardener}: {rods[index]}")
    return entries
