"""What each seat may see of a Mole Majority state (rules section 7), and a plain-text
summary for ``str(state)``. Redrawing what a seat cannot see is ``sampler.py``'s.

Hidden: hand contents (owner only), deck order (nobody; a deck is a multiset), the values of
face-down Home Tokens on the board and in the pool (nobody) and of collected ones (owner
only). At the end every hand and every collected token is shown.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from molehaven.core import JSONValue, Observation
from molehaven.games.mole_majority import ending, phases
from molehaven.games.mole_majority.board import hex_owners
from molehaven.games.mole_majority.data import (
    CARD_NAMES,
    EDGE_NAMES,
    HEX_VALUES,
    KEEPERS,
    LABELS,
    NO_TOKEN,
    POSITIONS,
    SLOTS,
    pile_names,
)
from molehaven.games.mole_majority.notation import NO_CARD
from molehaven.games.mole_majority.setup import placing_seat

if TYPE_CHECKING:
    from molehaven.games.mole_majority.state import MoleMajorityState


_TURN_CHANCE = (phases.CAVE_TOKEN, phases.DRAW)


def _token_seen(state: MoleMajorityState, position: int) -> JSONValue:
    value = state.tokens[position]
    if value == NO_TOKEN:
        return "none"
    return value if state.revealed >> position & 1 else "hidden"


@cache
def _spaces_seen(owners: tuple[int, ...]) -> tuple[int | None, ...]:
    """A hex's owners as shown, ``None`` for an empty space; public, so shared by every
    viewer (at most 5**6 + 5**5 + 5**4 + 5**3 different hexes)."""
    return tuple(None if owner < 0 else owner for owner in owners)


def _board(state: MoleMajorityState) -> dict[str, JSONValue]:
    # One pass over the per-position tuples; hex_owners and _token_seen inlined (an
    # observation is taken every environment step).
    board: dict[str, JSONValue] = {}
    values = state.values
    spaces = state.spaces
    revealed = state.revealed
    home_of = {position: seat for seat, position in enumerate(state.home_bases)}
    for position, label, value, claim, token, entrant in zip(
        range(POSITIONS),
        LABELS,
        values,
        state.claims,
        state.tokens,
        state.last_entrant,
        strict=True,
    ):
        if not value:
            continue
        start = position * SLOTS
        shown = token if revealed >> position & 1 else "hidden"
        board[label] = {
            "value": value,
            "spaces": list(_spaces_seen(spaces[start : start + value])),
            "claim": None if claim < 0 else claim,
            "token": "none" if token == NO_TOKEN else shown,
            "last_entrant": None if entrant < 0 else entrant,
            "home_base_of": home_of.get(position),
        }
    return board


def _seats(state: MoleMajorityState) -> list[JSONValue]:
    """Each seat's public entry, in one pass over the per-seat tuples."""
    spaces = state.spaces
    return [
        {
            "moles": moles,
            "moles_on_board": spaces.count(seat),  # ending.moles_on_board, inlined
            "claims": claims,
            "cave_ins": cave_ins,
            "hand_size": sum(hand),
            "deck_size": sum(deck),
            "discard": pile_names(discard),
            "home_tokens": len(secret) + len(shown),
            "shown_home_tokens": sorted(shown),
            "eliminated": eliminated,
        }
        for seat, moles, claims, cave_ins, hand, deck, discard, secret, shown, eliminated in zip(
            range(state.players),
            state.moles,
            state.claim_supply,
            state.cave_in_supply,
            state.hands,
            state.decks,
            state.discards,
            state.secret_tokens,
            state.shown_tokens,
            state.eliminated,
            strict=True,
        )
    ]


def _edge_names(mask: int) -> list[str]:
    names = []
    while mask:
        low = mask & -mask
        names.append(EDGE_NAMES[low.bit_length() - 1])
        mask ^= low
    return names


def roll_status(state: MoleMajorityState) -> str:
    """The Groundskeeper's roll: none (no keeper), available, done or forfeited (MM-24), as
    the observation and the RL layer's tensor show it."""
    if state.action not in KEEPERS:
        return "none"
    if state.roll_done:
        return "done"
    return "forfeited" if state.phase == phases.BONUS else "available"


def effect_status(state: MoleMajorityState) -> str:
    """The Cave-In / Make A Home effect; a bonus breed forfeits it when unused (MM-24), as
    the observation and the RL layer's tensor show it."""
    if state.effect == phases.EFFECT_AVAILABLE and state.phase == phases.BONUS:
        return "forfeited"
    return phases.EFFECT_NAMES[state.effect]


def _current(state: MoleMajorityState) -> dict[str, JSONValue]:
    """The turn state of rules 4.1 (public)."""
    action = state.action
    return {
        "action": None if action == NO_CARD else CARD_NAMES[action],
        "number": None if state.number == NO_CARD else CARD_NAMES[state.number],
        "stacked": [str(stack) for stack in state.stacked],
        "steps": state.steps,
        "bonus": state.bonus,
        "converts": state.converts,
        "roll_number": state.roll_number if state.number != NO_CARD else None,
        "roll_done": state.roll_done,
        "roll": roll_status(state),
        "effect": effect_status(state),
        "draws_left": state.draws_left,
    }


def observation(state: MoleMajorityState, viewer: int | None) -> Observation:
    """Public information plus ``viewer``'s hand and collected token values."""
    over = state.phase == phases.OVER
    phase = state.phase
    data: Observation = {
        "game": "mole-majority",
        "phase": phases.PHASE_NAMES[phase],
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        # The seat whose turn is under way, also at its chance nodes (Cave-In token, draws).
        "active": state.active if phase in phases.TURN_PHASES or phase in _TURN_CHANCE else None,
        "to_move": state.to_move(),
        "board": _board(state),
        "cave_ins": _edge_names(state.cave_ins),
        "pile": {
            str(value): count for value, count in zip(HEX_VALUES, state.hex_pile, strict=True)
        },
        "pending_hex": state.pending_hex or None,
        "placing": placing_seat(state) if phase in (phases.BASE, phases.PLACE) else None,
        "pool": sum(state.pool),
        "seats": _seats(state),
        "current": _current(state),
        "scores": [float(points) for points in ending.scores(state)],
    }
    if viewer is not None:
        data["hand"] = pile_names(state.hands[viewer])
        data["my_home_tokens"] = sorted(state.secret_tokens[viewer] + state.shown_tokens[viewer])
    if over:
        data["end_reason"] = state.end_reason
        data["winners"] = list(state.winners)
        data["hands"] = [pile_names(hand) for hand in state.hands]
        data["home_token_values"] = [
            sorted(state.secret_tokens[s] + state.shown_tokens[s]) for s in range(state.players)
        ]
    return data


def describe(state: MoleMajorityState) -> str:
    """A few lines: each board hex with its spaces, claim and token, then the turn."""
    lines = []
    for position in range(POSITIONS):
        if not state.values[position]:
            continue
        owners = "".join("." if o < 0 else str(o) for o in hex_owners(state, position))
        claim = state.claims[position]
        token = _token_seen(state, position)
        lines.append(
            f"{LABELS[position]} ({state.values[position]}): {owners}"
            f"  claim {'-' if claim < 0 else claim}  token {token}"
        )
    lines.append(
        f"phase {phases.PHASE_NAMES[state.phase]}, turn {state.turn}, active seat"
        f" {state.active}: {_describe_current(state)}; scores {ending.scores(state)}"
    )
    return "\n".join(lines)


def _describe_current(state: MoleMajorityState) -> str:
    """The turn state in a few words, for ``str(state)``."""
    if state.action == NO_CARD:
        return "no Action yet"
    parts = [f"action {CARD_NAMES[state.action]}", f"steps {state.steps}", f"bonus {state.bonus}"]
    if state.converts:
        parts.append(f"converts {state.converts}")
    if state.action in KEEPERS:
        parts.append(f"roll {state.roll_number}{' done' if state.roll_done else ''}")
    return ", ".join(parts)
