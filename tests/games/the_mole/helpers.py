"""Build The Mole positions from move lists written as in the decisions file (``-1: mole 2``,
``1: ask 0 q2``), and the standard positions P3 and P4 of its section 11."""

from __future__ import annotations

from collections.abc import Sequence

import molehaven
from molehaven.core import JSONValue, State


def new_game(players: int, **options: object) -> State:
    return molehaven.make("the-mole", players, **options).initial_state()


def apply_all(state: State, moves: str | Sequence[str]) -> State:
    """Apply ``"seat: text"`` entries (comma-separated in a string, or a list); the seat may be
    ``-1`` (CHANCE) or ``-2`` (CLOCK). Free-text answers go in a list (they may hold commas)."""
    entries = [m for m in (moves.split(",") if isinstance(moves, str) else moves) if m.strip()]
    for entry in entries:
        who, _, text = entry.partition(":")
        state.apply(int(who), text.strip())
    return state


def deal_round(
    state: State, location: str, mole: int, roles: Sequence[str], cards: int | None = None
) -> State:
    """A round's setup: the location, the Mole, the spies' roles in seat order, then
    ``card q1`` … ``card q<5n>`` (or the first ``cards`` of them)."""
    players = state.game.players
    count = 5 * players if cards is None else cards
    moves = [f"-1: location {location}", f"-1: mole {mole}"]
    moves += [f"-1: role {role}" for role in roles]
    moves += [f"-1: card q{q}" for q in range(1, count + 1)]
    return apply_all(state, moves)


def p3(**options: object) -> State:
    """Standard position P3: airport, seat 2 the Mole, seat 0 pilot, seat 1 traveller."""
    return deal_round(new_game(3, **options), "airport", 2, ["pilot", "traveller"])


def p4(**options: object) -> State:
    """Standard position P4: bakery, seat 3 the Mole, seats 0-2 baker, cashier, customer."""
    return deal_round(new_game(4, **options), "bakery", 3, ["baker", "cashier", "customer"])


def asked(state: State, asker: int, target: int, question: str, card: str = "q21") -> State:
    """``asker`` asks ``target`` a question, then draws ``card`` (TM-11)."""
    return apply_all(state, [f"{asker}: ask {target} {question}", f"-1: card {card}"])


def legal(state: State, seat: int) -> set[str]:
    return {str(action) for action in state.legal_actions(seat)}


def outcomes(state: State) -> dict[str, float]:
    return {str(action): probability for action, probability in state.chance_outcomes()}


def public(state: State, key: str) -> JSONValue:
    return state.observation(None)[key]


def seen(state: State, seat: int | None, key: str) -> JSONValue:
    return state.observation(seat)[key]


def settled(state: State) -> State:
    """``state`` after its chance steps (an asker's new card), each taking the first outcome."""
    while state.is_chance():
        state.apply(-1, state.chance_outcomes()[0][0])
    return state


def first_legal(state: State, seat: int, prefix: str) -> str:
    """``seat``'s first legal action (by its text) starting with ``prefix``, as a move entry."""
    return f"{seat}: {min(a for a in legal(state, seat) if a.startswith(prefix))}"


def asked_in_turn(state: State, *turns: tuple[int, int]) -> State:
    """``state`` after each (asker, answerer) of ``turns`` in order, the asker's first legal
    question and each answerer's first legal answer, but the last answerer's: it is asked."""
    for at, (asker, answerer) in enumerate(turns, start=1):
        state = settled(apply_all(state, first_legal(state, asker, f"ask {answerer} ")))
        if at < len(turns):
            state = apply_all(state, first_legal(state, answerer, "answer"))
    return state


def seat_view(state: State, seat: int) -> tuple[dict[str, JSONValue], list[str]]:
    """What a table sends ``seat``: its observation and its legal actions' texts, sorted."""
    return state.observation(seat), sorted(legal(state, seat))
