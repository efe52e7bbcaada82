"""The direct legality check agrees with the listing: for positions from seeded random games,
``check`` accepts exactly the listed actions among a wide set of candidates (every space for
breed, convert and roll, moves from each mole of the seat to every space, every card play and
stack, every setup placement)."""

from __future__ import annotations

import random

import pytest

import molehaven
from molehaven.core import Action, IllegalActionError, State
from molehaven.core.play import step_random

LABELS = "abcdefghijklmnopqrs"
SPACES = [f"{label}{n}" for label in LABELS for n in range(1, 7)]
CARDS = ("four", "three", "two", "twoplus", "cavein", "convert")
NUMBERS = ("four", "three", "two", "twoplus")


def candidates(state: State, seat: int) -> set[str]:
    texts = {"discard", "pass", "end", "stack twoplus", "stack keeper1", "stack keeper2"}
    texts |= {f"stack convert {mode}" for mode in ("step", "roll", "repeat")}
    texts |= {f"play {card}" for card in CARDS}
    texts |= {f"play {keeper} {n}" for keeper in ("keeper1", "keeper2") for n in NUMBERS}
    for label in LABELS:
        texts |= {f"base {label}", f"place {label}", f"home {label}"}
    for space in SPACES:
        texts |= {f"breed {space}", f"convert {space}", f"roll {space} cw", f"roll {space} ccw"}
    board = state.observation(None)["board"]
    assert isinstance(board, dict)
    for label, entry in board.items():
        assert isinstance(entry, dict) and isinstance(entry["spaces"], list)
        for number, owner in enumerate(entry["spaces"], start=1):
            if owner == seat:
                texts |= {f"move {label}{number} {target}" for target in SPACES}
    texts |= {"cave a-b b-c", "cave b-e b-f", "cave e-j j-k", "cave n-r o-r"}
    return texts


def accepts(state: State, seat: int, action: Action) -> bool:
    try:
        state.check(seat, action)
    except IllegalActionError:
        return False
    return True


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_check_agrees_with_the_legal_action_list(players: int, seed: int) -> None:
    game = molehaven.make("mole-majority", players)
    rng = random.Random(seed)
    checked = 0
    while checked < 30:
        state = game.initial_state()
        while not state.is_terminal() and checked < 30:
            if not state.is_chance() and rng.random() < 0.2:
                seat = state.to_move()[0]
                legal = {str(action) for action in state.legal_actions(seat)}
                for text in candidates(state, seat) | legal:
                    action = game.parse_action(text)
                    assert accepts(state, seat, action) == (text in legal), (
                        f"{text!r} after {state.num_actions} actions"
                    )
                checked += 1
            step_random(state, rng)
