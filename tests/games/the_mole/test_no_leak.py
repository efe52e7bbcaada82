"""Hidden information stays hidden (section 7, TM-25, TM-32): targeted changes to what a seat
cannot see leave its observation unchanged, and ``resample_hidden`` redraws only that."""

from __future__ import annotations

import json
import random

import pytest

from molehaven.core import JSONValue, State
from tests.games.the_mole.helpers import apply_all, deal_round, new_game, p4, seen


def _text(state: State, viewer: int | None) -> str:
    return json.dumps(state.observation(viewer), sort_keys=True)


def _play_same_round(state: State) -> State:
    """Public actions that do not depend on who the Mole is: asks, answers, a failed vote."""
    return apply_all(
        state,
        [
            "1: ask 0 q2",
            "-1: card q21",
            "0: answer a3",
            "0: ask 2 q1",
            "-1: card q22",
            '2: answer "Somewhere warm"',
            "1: nominate 2",
            "0: vote no",
            "1: vote yes",
            "3: vote yes",
        ],
    )


@pytest.mark.parametrize("mole", [1, 2, 3])
def test_tm_25_a_spy_sees_the_same_whoever_the_mole_is(mole: int) -> None:
    """TM-25: seat 0 (the baker) cannot tell whether seat 1, 2 or 3 is the Mole, at any
    point of the round: after every action its observation is the same."""
    reference = deal_round(new_game(4), "bakery", 3, ["baker", "cashier", "customer"])
    variant = deal_round(new_game(4), "bakery", mole, ["baker", "cashier", "customer"])
    assert seen(variant, 0, "card") == {"mole": False, "location": "bakery", "role": "baker"}
    assert _text(variant, 0) == _text(reference, 0)
    _play_same_round(reference)
    _play_same_round(variant)
    assert _text(variant, 0) == _text(reference, 0)
    assert _text(variant, None) == _text(reference, None)
    assert mole in variant.to_move()  # seat 1 has nominated, yet as the Mole it may guess


def test_tm_25_no_observation_holds_to_move_or_legal_actions() -> None:
    """TM-25: no key of any observation lists seats to move or actions."""
    state = _play_same_round(p4())
    for viewer in (None, 0, 1, 2, 3):
        observation = state.observation(viewer)
        text = json.dumps(observation)
        assert "to_move" not in text and "legal" not in text
        assert "guess" not in text  # the Mole's extra option is never listed


def test_tm_32_the_role_nodes_do_not_show_which_seat_they_served() -> None:
    """TM-32: seat 2 cannot tell whether the first role went to seat 0 (Mole seat 3) or to
    seat 1 (Mole seat 0); the spectator sees nothing of the deal."""
    first = apply_all(new_game(4), "-1: location farm, -1: mole 3, -1: role farmer")
    second = apply_all(new_game(4), "-1: location farm, -1: mole 0, -1: role vet")
    assert seen(first, 2, "card") is None
    assert _text(first, 2) == _text(second, 2)
    assert _text(first, None) == _text(second, None)
    assert "farm" not in _text(first, None)
    assert "farm" not in _text(first, 3)  # the Mole does not see the location either


@pytest.mark.parametrize("mole", [0, 2])
def test_tm_32_no_card_shows_before_the_whole_deal(mole: int) -> None:
    """TM-32: after the first role node, seat 1 sees the same whether that role went to seat 1
    (the Mole is seat 0) or to seat 0 (the Mole is seat 2); a card that appeared right after
    its own node would give the Mole away by its timing. Cards show once all roles are dealt."""
    state = apply_all(new_game(3), f"-1: location airport, -1: mole {mole}, -1: role pilot")
    other = apply_all(new_game(3), f"-1: location airport, -1: mole {2 - mole}, -1: role pilot")
    for viewer in (None, 0, 1, 2):
        assert seen(state, viewer, "card") is None
    assert _text(state, 1) == _text(other, 1)
    apply_all(state, "-1: role traveller")
    assert seen(state, 1, "card") is not None
    assert seen(state, mole, "card") == {"mole": True}


def test_hands_and_draw_pile_are_secret() -> None:
    """Section 7: swapping a card between seat 1's hand and the draw pile changes only seat
    1's observation (a direct state edit, the documented way to vary hidden cards)."""
    state = p4()
    changed = state.clone()
    hands = list(changed.hands)  # type: ignore[attr-defined]
    hands[1] = hands[1] & ~(1 << 2) | 1 << 70  # q2 back to the pile, q70 into the hand
    changed.hands = tuple(hands)  # type: ignore[attr-defined]
    changed.draw = changed.draw & ~(1 << 70) | 1 << 2  # type: ignore[attr-defined]
    for viewer in (None, 0, 2, 3):
        assert _text(changed, viewer) == _text(state, viewer)
    assert _text(changed, 1) != _text(state, 1)


def test_ballots_are_secret_until_the_vote_completes() -> None:
    """TM-15: seat 1's yes or no is invisible to everyone else while the vote is open."""
    yes = apply_all(p4(), "0: nominate 3, 1: vote yes")
    no = apply_all(p4(), "0: nominate 3, 1: vote no")
    for viewer in (None, 0, 2, 3):
        assert _text(yes, viewer) == _text(no, viewer)
    assert _text(yes, 1) != _text(no, 1)


def test_pointings_are_secret_until_the_final_vote_completes() -> None:
    """TM-21: seat 2's pointing is invisible to everyone else while the final vote is open."""
    at_zero = apply_all(p4(), "-2: time-up, 2: point 0")
    at_three = apply_all(p4(), "-2: time-up, 2: point 3")
    for viewer in (None, 0, 1, 3):
        assert _text(at_zero, viewer) == _text(at_three, viewer)
    assert _text(at_zero, 2) != _text(at_three, 2)


def _field(state: State, name: str) -> JSONValue:
    value: JSONValue = getattr(state, name)
    return value


def test_resample_for_a_spy_keeps_the_location_and_moves_the_mole() -> None:
    """resample_hidden(spy): the location and the spy's role stay; the Mole's seat is
    redrawn among the other seats; other hands are redrawn keeping their sizes."""
    state = _play_same_round(p4())
    rng = random.Random(7)
    moles = set()
    for _ in range(40):
        variant = state.resample_hidden(0, rng)
        assert _text(variant, 0) == _text(state, 0)
        assert _field(variant, "location") == _field(state, "location")
        moles.add(_field(variant, "mole"))
    assert moles == {1, 2, 3}


def test_resample_for_the_mole_redraws_the_location() -> None:
    """resample_hidden(Mole): the Mole keeps its card; the location is redrawn among the
    locations not used earlier in the cycle."""
    state = deal_round(new_game(3, target_score=9), "airport", 2, ["pilot", "traveller"])
    state.apply(2, "guess bakery")
    deal_round(state, "cruise-ship", 1, ["captain", "purser"])
    rng = random.Random(3)
    locations = set()
    for _ in range(60):
        variant = state.resample_hidden(1, rng)
        assert _text(variant, 1) == _text(state, 1)
        assert _field(variant, "mole") == 1
        locations.add(_field(variant, "location"))
    assert len(locations) > 5
    assert 0 not in locations  # airport was round 1's location: it cannot come again


def test_resample_for_a_seat_still_waiting_for_its_card() -> None:
    """TM-32: mid-deal, seat 2 (no card yet) could face any Mole seat that leaves it undealt."""
    state = apply_all(new_game(4), "-1: location farm, -1: mole 3, -1: role farmer")
    rng = random.Random(11)
    moles = set()
    for _ in range(40):
        variant = state.resample_hidden(2, rng)
        assert _text(variant, 2) == _text(state, 2)
        moles.add(_field(variant, "mole"))
    assert moles == {0, 1, 3}
