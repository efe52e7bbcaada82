"""Drawing question cards (TM-6, TM-11) by the fast paths: the pile read a byte at a time,
its outcomes kept per pile, and a drawn card checked against the pile without listing it.
Each must answer exactly as the plain definitions do."""

from __future__ import annotations

import random

import pytest

import molehaven
from molehaven.core import CHANCE, IllegalActionError
from molehaven.core.conformance import random_step
from molehaven.games.the_mole import rules
from molehaven.games.the_mole.data import ALL_QUESTIONS, QUESTION_COUNT, cards
from molehaven.games.the_mole.notation import CARD_OUTCOMES, CardOutcome
from molehaven.games.the_mole.state import TheMoleState


def test_cards_lists_every_set_bit_in_order() -> None:
    rng = random.Random(6)
    masks = [0, ALL_QUESTIONS, 1 << QUESTION_COUNT, 0b1011 << 7]
    masks += [rng.getrandbits(QUESTION_COUNT + 1) & ALL_QUESTIONS for _ in range(300)]
    for mask in masks:
        assert cards(mask) == [q for q in range(QUESTION_COUNT + 1) if mask >> q & 1]


def card_nodes(seed: int) -> list[TheMoleState]:
    """The states of a random 5-player game where chance deals or draws a question card."""
    state = molehaven.make("the-mole", players=5, question_limit=8).initial_state()
    assert isinstance(state, TheMoleState)
    rng = random.Random(seed)
    found = []
    while not state.is_terminal():
        if state.phase in rules.CARD_PHASES:
            found.append(state.clone())
        random_step(state, rng)
    return found


@pytest.mark.parametrize("seed", range(3))
def test_tm6_tm11_a_drawn_card_is_legal_exactly_when_it_is_in_the_pile(seed: int) -> None:
    nodes = card_nodes(seed)
    assert len(nodes) > 25  # the deal (TM-6) and the draws after asks (TM-11)
    for state in nodes:
        pile = cards(state.draw)
        listed = state.chance_outcomes()
        assert [outcome for outcome, _ in listed] == [CARD_OUTCOMES[q] for q in pile]
        assert all(chance == pytest.approx(1 / len(pile)) for _, chance in listed)
        for outcome in CARD_OUTCOMES:
            assert rules.draws_card(state, outcome) == (outcome.question in pile)
        for missing in [o for o in CARD_OUTCOMES if o.question not in pile][:3]:
            with pytest.raises(IllegalActionError):  # q0 (no card) or one already dealt
                state.clone().apply(CHANCE, missing)
        drawn = state.clone()
        drawn.apply(CHANCE, listed[-1][0])
        assert not drawn.draw >> pile[-1] & 1  # taken from the pile


def test_a_card_outcome_is_no_chance_move_outside_the_card_nodes() -> None:
    """Where chance picks a location, the Mole or a role, a card is refused as before."""
    state = molehaven.make("the-mole", players=3).initial_state()
    assert isinstance(state, TheMoleState) and state.phase == rules.SETUP_LOCATION
    assert not rules.draws_card(state, CARD_OUTCOMES[1])
    with pytest.raises(IllegalActionError):
        state.apply(CHANCE, CARD_OUTCOMES[1])


def test_a_card_numbered_by_a_string_is_refused_not_a_type_error() -> None:
    """Found in review: the fast check compares numbers, where the listing compared
    actions; a card numbered by a string must still be refused as illegal."""
    state = next(s for s in card_nodes(0) if s.draw >> 1 & 1)
    assert not rules.draws_card(state, CardOutcome("1"))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        state.clone().apply(CHANCE, CardOutcome("1"))  # type: ignore[arg-type]
