"""Build Maulwurf Company positions the way the rules file writes them.

Entries are ``"c flip 3"`` (chance) or ``"0 move +3-3 sw"`` (seat 0), as in section 11.
``position`` is the one helper that bypasses the API: after a real setup it puts moles and
discs where a test needs them, for layers that would take hundreds of actions to reach.
"""

from __future__ import annotations

import molehaven
from molehaven.core import CHANCE, State
from molehaven.games.maulwurf_company.data import LAYER_BY_NAME, POINT_BY_NAME
from molehaven.games.maulwurf_company.rules import FLIP
from molehaven.games.maulwurf_company.state import MaulwurfCompanyState

# Section 11, Example 1: the green position after setup (seat 0 places first).
EXAMPLE_SEAT_0 = "-5+0 -5+1 -4+4 -1+5 +0-4 +0+4 +1+2 +3-3 +4-4 +4+0".split()
EXAMPLE_SEAT_1 = "-5+3 -5+5 -3+5 -2-3 +1-5 +2-5 +3+2 +5-5 +5-2 +5+0".split()
ALL_ROTATIONS_ZERO = ["c rotate blue 0", "c rotate brown 0", "c rotate red 0", "c rotate green 0"]


def new_game(players: int = 2, **options: object) -> MaulwurfCompanyState:
    state = molehaven.make("maulwurf-company", players=players, **options).initial_state()
    assert isinstance(state, MaulwurfCompanyState)
    return state


def apply_all(state: State, entries: str | list[str]) -> State:
    """Apply entries (a list, or one string separated by commas) in order."""
    items = entries.split(",") if isinstance(entries, str) else entries
    for entry in items:
        who, _, text = entry.strip().partition(" ")
        state.apply(CHANCE if who == "c" else int(who), text)
    return state


def example_setup(**options: object) -> MaulwurfCompanyState:
    """Section 11, Example 1 setup: every layer in rotation 0, seat 0 starts, the placements
    alternate seat 0 / seat 1."""
    state = new_game(2, **options)
    placements = []
    for mine, theirs in zip(EXAMPLE_SEAT_0, EXAMPLE_SEAT_1, strict=True):
        placements += [f"0 place {mine}", f"1 place {theirs}"]
    apply_all(state, [*ALL_ROTATIONS_ZERO, "c start 0", *placements])
    return state


def legal(state: State, seat: int) -> list[str]:
    return [str(action) for action in state.legal_actions(seat)]


def outcomes(state: State) -> dict[str, float]:
    return {str(action): probability for action, probability in state.chance_outcomes()}


def moles_of(state: State, seat: int) -> list[str]:
    moles = state.observation(None)["moles"]
    assert isinstance(moles, dict)
    return [point for point, owner in moles.items() if owner == seat]


def position(
    moles: dict[int, str],
    *,
    players: int = 2,
    layer: str = "green",
    current: int = 0,
    face_down: dict[int, str] | None = None,
    rotations: tuple[int, int, int, int] = (0, 0, 0, 0),
    **options: object,
) -> MaulwurfCompanyState:
    """A position at the current seat's flip: ``moles`` maps a seat to its points (``"-3+0
    +2+2"``), ``face_down`` a seat to its face-down values (``"1 2 4"``; default all six).

    Setup runs through the API (rotations given as green, red, brown, blue), then the moles and
    discs are set directly.
    """
    state = new_game(players, **options)
    green, red, brown, blue = rotations
    orientations = [f"c rotate {name} {k}" for name, k in (("blue", blue), ("brown", brown))]
    orientations += [f"c rotate red {red}", f"c rotate green {green}"]
    apply_all(state, [*orientations, f"c start {current}"])
    state.layer = LAYER_BY_NAME[layer]
    state.moles = tuple(_mask(moles.get(seat, "")) for seat in range(players))
    counts = []
    for seat in range(players):
        values = (face_down or {}).get(seat, "1 2 2 3 3 4").split()
        counts.append(tuple(values.count(str(v)) for v in (1, 2, 3, 4)))
    state.face_down = tuple(counts)
    state.face_up = tuple(_face_up(c) for c in counts)
    state.current = current
    state.phase = FLIP
    return state


def _mask(points: str) -> int:
    mask = 0
    for name in points.split():
        mask |= 1 << POINT_BY_NAME[name]
    return mask


def _face_up(face_down: tuple[int, ...]) -> tuple[int, ...]:
    full = (1, 2, 2, 1)
    return tuple(v + 1 for v in range(4) for _ in range(full[v] - face_down[v]))
