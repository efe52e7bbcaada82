"""Build Mole Majority positions from action lists written as in the rules file
(``C: hex 5``, ``0: play three``), starting from the standard boards S2 and S3 of section
11.0."""

from __future__ import annotations

from collections.abc import Sequence

import molehaven
from molehaven.core import CHANCE, JSONValue, State

S2_HAND_0 = ("four", "three", "two", "cavein", "convert")
S2_HAND_1 = ("four", "three", "two", "twoplus", "keeper1")
S3_HAND_0 = ("two", "two", "three", "four", "cavein")
S3_HAND_OTHERS = ("three", "two", "four", "cavein", "convert")
CORE_DRAWS = "C: hex 5, C: hex 3, C: hex 4, C: hex 5, C: hex 4, C: hex 3, C: hex 5"


def new_game(players: int, **options: object) -> State:
    return molehaven.make("mole-majority", players, **options).initial_state()


def apply_all(state: State, moves: str | Sequence[str]) -> State:
    """Apply ``"seat: text"`` entries (comma-separated in a string, or a list); ``C`` is
    CHANCE."""
    entries = [m for m in (moves.split(",") if isinstance(moves, str) else moves) if m.strip()]
    for entry in entries:
        who, _, text = entry.partition(":")
        seat = CHANCE if who.strip() == "C" else int(who)
        state.apply(seat, text)
    return state


def deal(state: State, hands: Sequence[Sequence[str]]) -> State:
    """Deal five rounds, one card per seat in seat order each round (MM-10)."""
    for round_cards in zip(*hands, strict=True):
        for card in round_cards:
            state.apply(CHANCE, f"card {card}")
    return state


def board_s2(state: State) -> State:
    """Board S2 up to the deal (rules 11.0)."""
    apply_all(state, CORE_DRAWS)
    apply_all(state, "1: base r, 0: base b")
    apply_all(state, "C: hex 3, 1: place s, C: hex 3, 0: place a, C: hex 4, 1: place q")
    apply_all(state, "C: hex 6, 0: place c")
    for value in (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2):
        state.apply(CHANCE, f"token {value}")
    return state


def s2(
    hand_0: Sequence[str] = S2_HAND_0, hand_1: Sequence[str] = S2_HAND_1, **options: object
) -> State:
    """Board S2 dealt: seat 0 to play its first turn."""
    return deal(board_s2(new_game(2, **options)), [hand_0, hand_1])


def s3(
    hands: Sequence[Sequence[str]] = (S3_HAND_0, S3_HAND_OTHERS, S3_HAND_OTHERS),
    **options: object,
) -> State:
    """Board S3 dealt (rules 11.0): seat 0 to play its first turn."""
    state = new_game(3, **options)
    apply_all(state, CORE_DRAWS)
    apply_all(state, "2: base m, 1: base p, 0: base b")
    apply_all(state, "C: hex 3, 2: place d, C: hex 3, 1: place g, C: hex 4, 0: place r")
    apply_all(state, "C: hex 4, 2: place h, C: hex 5, 1: place l, C: hex 6, 0: place a")
    for value in (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1):
        state.apply(CHANCE, f"token {value}")
    return deal(state, hands)


def s3_to_the_turn_limit(turn_limit: int = 4) -> State:
    """Board S3 played to its end by the turn limit (MM-40): each seat ends its turn at once,
    chance takes its first outcome."""
    state = s3(turn_limit=turn_limit)
    while not state.is_terminal():
        if state.is_chance():
            state.apply(CHANCE, state.chance_outcomes()[0][0])
            continue
        seat = state.to_move()[0]
        offered = sorted(str(action) for action in state.legal_actions(seat))
        state.apply(seat, "end" if "end" in offered else offered[0])
    return state


def legal(state: State, seat: int | None = None) -> set[str]:
    """The legal actions of ``seat`` (the seat to move when omitted) as notation strings."""
    if seat is None:
        seat = state.to_move()[0]
    return {str(action) for action in state.legal_actions(seat)}


def legal_of(state: State, verb: str) -> set[str]:
    """The legal actions of the seat to move that start with ``verb``."""
    return {text for text in legal(state) if text.split()[0] == verb}


def outcomes(state: State) -> dict[str, float]:
    return {str(action): probability for action, probability in state.chance_outcomes()}


def hex_view(state: State, label: str, viewer: int | None = None) -> dict[str, JSONValue]:
    board = state.observation(viewer)["board"]
    assert isinstance(board, dict)
    entry = board[label]
    assert isinstance(entry, dict)
    return entry


def spaces(state: State, label: str) -> list[JSONValue]:
    """The owner of each space of a hex, space 1 first (``None`` when empty)."""
    value = hex_view(state, label)["spaces"]
    assert isinstance(value, list)
    return value


def seat_view(state: State, seat: int, viewer: int | None = None) -> dict[str, JSONValue]:
    seats = state.observation(viewer)["seats"]
    assert isinstance(seats, list)
    entry = seats[seat]
    assert isinstance(entry, dict)
    return entry


def hand(state: State, seat: int) -> JSONValue:
    return state.observation(seat)["hand"]


def s2_with_tokens(values: tuple[int, ...], **options: object) -> State:
    """Board S2 with the given face-down token values on a c e f i j k n o q s, dealt as in
    11.0."""
    state = new_game(2, **options)
    apply_all(state, CORE_DRAWS)
    apply_all(state, "1: base r, 0: base b, C: hex 3, 1: place s, C: hex 3, 0: place a")
    apply_all(state, "C: hex 4, 1: place q, C: hex 6, 0: place c")
    for value in values:
        state.apply(CHANCE, f"token {value}")
    return deal(
        state,
        [
            ("four", "three", "two", "cavein", "convert"),
            ("four", "three", "two", "twoplus", "keeper1"),
        ],
    )


TOKENS_A = (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2)
TOKENS_B = (3, 3, 1, 2, 1, 2, 3, 1, 2, 3, 1)
