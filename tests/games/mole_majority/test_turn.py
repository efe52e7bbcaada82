"""A turn (rules 4.2 … 4.4, 4.6): Action cards, stacking, bonus breeds, Cave-In and Make A
Home, passing, discarding, draws (MM-12, MM-13, MM-22 … MM-28, MM-33 … MM-35, MM-46, MM-47)."""

from __future__ import annotations

import pytest

from molehaven.core import CHANCE, State
from tests.games.mole_majority.helpers import (
    apply_all,
    hand,
    hex_view,
    legal,
    legal_of,
    s2,
    seat_view,
    spaces,
)


def current(state: State, viewer: int | None = None) -> dict[str, object]:
    value = state.observation(viewer)["current"]
    assert isinstance(value, dict)
    return value


def test_mm_12_pass_is_legal_only_when_no_card_can_be_played() -> None:
    """MM-12, MM-46: with ``keeper1 keeper2 convert convert`` (no Number card, no convert
    target) the only choices are ``discard`` and ``pass``; a pass ends the turn and draws
    one card (MM-34). With a playable card ``pass`` is refused."""
    state = s2(hand_0=("four", "twoplus", "keeper1", "convert", "convert"))
    with pytest.raises(ValueError, match="not legal"):
        state.apply(0, "pass")
    apply_all(state, "0: play four, 0: stack twoplus, 0: end, C: card keeper2")
    apply_all(state, "1: play two, 1: end, C: card two")
    assert hand(state, 0) == ["convert", "convert", "keeper1", "keeper2"]
    assert legal(state) == {"pass", "discard"}
    state.apply(0, "pass")
    assert state.is_chance()
    assert current(state)["draws_left"] == 1
    state.apply(CHANCE, "card three")
    assert state.to_move() == [1]
    assert seat_view(state, 0)["hand_size"] == 5


def test_mm_13_up_to_means_a_turn_may_end_at_once() -> None:
    """MM-13: after ``play four`` the seat may end without moving; the card is spent."""
    state = s2()
    state.apply(0, "play four")
    assert "end" in legal(state)
    state.apply(0, "end")
    assert seat_view(state, 0)["discard"] == ["four"]
    assert spaces(state, "b") == [0] * 6


def test_mm_22_stacks_only_in_main_any_number_at_any_point() -> None:
    """MM-22: no stack at START; in MAIN several stacks, before or after moves; a stack
    adds its bonus breeds; stacked cards are discarded at once."""
    state = s2(hand_1=("two", "twoplus", "keeper1", "keeper2", "three"))
    apply_all(state, "0: play two, 0: end, C: card two")
    assert not legal_of(state, "stack")
    with pytest.raises(ValueError, match="not legal"):
        state.apply(1, "stack keeper1")
    apply_all(state, "1: play two, 1: stack keeper2, 1: move r1 o1")
    assert legal_of(state, "stack") == {"stack twoplus", "stack keeper1"}
    apply_all(state, "1: stack twoplus, 1: stack keeper1")
    assert current(state)["bonus"] == 4
    assert current(state)["stacked"] == ["stack keeper2", "stack twoplus", "stack keeper1"]
    assert hand(state, 1) == ["three"]
    assert seat_view(state, 1)["discard"] == ["two", "twoplus", "keeper1", "keeper2"]


def test_mm_23_convert_stacks_as_step_roll_or_repeat_by_the_action() -> None:
    """MM-23: on a Number card only ``stack convert step`` (one more move); on a Convert
    ``step`` and ``repeat``; ``roll`` only on a Groundskeeper (11.9)."""
    state = s2()
    state.apply(0, "play two")
    assert legal_of(state, "stack") == {"stack convert step"}
    apply_all(state, "0: stack convert step, 0: move b1 a1, 0: move b2 a2, 0: move b3 c1")
    assert current(state)["steps"] == 0
    assert not legal_of(state, "move")

    two_converts = s2(hand_1=("convert", "convert", "two", "four", "three"))
    apply_all(two_converts, "0: play two, 0: move b1 f1, 0: end, C: card two")
    apply_all(two_converts, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: end")
    apply_all(two_converts, "C: card two, 0: play two, 0: move b2 f2, 0: end, C: card two")
    two_converts.apply(1, "play convert")
    assert legal_of(two_converts, "stack") == {"stack convert step", "stack convert repeat"}


def test_mm_24_breeds_use_steps_first_then_bonus_breeds_close_main() -> None:
    """MM-24: with steps left a breed uses a step; with none it uses a bonus breed and the
    turn moves to BONUS, where moves and stacks are gone."""
    state = s2(hand_1=("four", "three", "convert", "twoplus", "keeper2"))
    apply_all(state, "0: play two, 0: end, C: card two")
    apply_all(state, "1: play twoplus, 1: stack keeper2, 1: move r1 o1")
    assert (current(state)["steps"], current(state)["bonus"]) == (1, 3)
    state.apply(1, "breed r1")
    assert (current(state)["steps"], current(state)["bonus"]) == (0, 3)
    assert state.observation(None)["phase"] == "main"
    apply_all(state, "1: stack convert step, 1: move r2 o2, 1: breed r2")
    assert current(state)["bonus"] == 2
    assert state.observation(None)["phase"] == "bonus"
    assert legal(state) == {"end"}  # r is full again: no breed space, no more moves
    with pytest.raises(ValueError, match="not legal"):
        state.apply(1, "move o1 j1")
    assert seat_view(state, 1)["moles"] == 22


def test_mm_24_a_bonus_breed_shows_the_unused_effect_as_forfeited() -> None:
    """MM-24 (issue 20): after a bonus breed the Cave-In/Home effect is lost, and the
    observation says so instead of "available"; only ``end`` is legal."""
    state = s2(hand_0=("four", "three", "twoplus", "cavein", "convert"))
    apply_all(state, "0: play cavein, 0: stack twoplus, 0: move b1 a1, 0: move b2 a2")
    assert current(state)["effect"] == "available"
    state.apply(0, "breed b1")
    assert state.observation(None)["phase"] == "bonus"
    for viewer in (0, 1, None):
        assert current(state, viewer)["effect"] == "forfeited"
    assert legal(state) == {"end"}


def test_mm_24_a_bonus_breed_shows_an_unmade_roll_as_forfeited() -> None:
    """MM-24 (issue 20), the Groundskeeper case: a bonus breed before the roll loses it; the
    observation says "forfeited" (``roll_done`` stays false: no roll was made)."""
    state = s2(hand_0=("two", "keeper1", "four", "cavein", "twoplus"))
    apply_all(state, "0: play two, 0: move b1 a1, 0: move b2 a2, 0: end, C: card three")
    apply_all(state, "1: play two, 1: end, C: card two, 0: play keeper1 four")
    assert current(state)["roll"] == "available"
    state.apply(0, "breed b1")
    assert state.observation(None)["phase"] == "bonus"
    assert current(state)["roll"] == "forfeited"
    assert current(state)["roll_done"] is False
    assert legal(state) == {"end"}
    apply_all(state, "0: end, C: card two, 1: play keeper1 four, 1: roll b3 cw")
    assert current(state)["roll"] == "done"


def test_mm_25_twoplus_as_a_roll_number_counts_two_without_a_bonus() -> None:
    """MM-25, MM-31: ``play keeper1 twoplus`` rolls 2 and gives only keeper1's breed."""
    state = s2(hand_1=("four", "three", "two", "twoplus", "keeper1"))
    apply_all(state, "0: play two, 0: end, C: card two, 1: play keeper1 twoplus")
    assert current(state)["roll_number"] == 2
    assert current(state)["bonus"] == 1
    assert seat_view(state, 1)["discard"] == ["twoplus", "keeper1"]


def test_mm_26_cavein_moves_then_one_optional_effect_that_closes_main() -> None:
    """MM-26: up to two steps, then ``home``/``cave`` ends MAIN (the unused step is lost);
    bonus breeds stacked before may follow; ``end`` without an effect is legal."""
    state = s2(hand_0=("cavein", "keeper1", "three", "two", "four"))
    apply_all(state, "0: play cavein, 0: stack keeper1, 0: move b1 a1")
    assert current(state)["effect"] == "available"
    assert "end" in legal(state)
    state.apply(0, "cave a-b b-c")
    state.apply(CHANCE, "token 2")
    assert state.observation(None)["phase"] == "bonus"
    assert current(state)["steps"] == 0
    assert legal(state) == {"breed b1", "end"}


def test_mm_27_cave_in_edges_touch_an_own_claim_and_block_every_mover() -> None:
    """MM-27: edges of own claimed hexes only; two tokens per Cave-In so at most two; the
    blocked edge stops seat 1's moles too; a Cave-In also needs board hexes on both
    sides."""
    state = s2(hand_0=("cavein", "cavein", "three", "two", "four"))
    state.apply(0, "play cavein")
    edges = {e for text in legal_of(state, "cave") for e in text.split()[1:]}
    assert edges == {"a-b", "b-c", "b-e", "b-f"}  # no b-d or b-g: d and g are off the board
    with pytest.raises(ValueError, match="not legal"):
        state.apply(0, "cave e-f f-j")
    apply_all(state, "0: cave a-b b-c, C: token 1, 0: end, C: card two")
    apply_all(state, "1: play two, 1: end, C: card two, 0: play cavein")
    assert legal_of(state, "cave") == {"cave b-e b-f"}
    apply_all(state, "0: cave b-e b-f, C: token 1, 0: end, C: card two")
    assert seat_view(state, 0)["cave_ins"] == 0
    apply_all(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f1, 1: end")
    apply_all(state, "C: card two, 0: play two, 0: end, C: card two, 1: play three")
    assert not {text for text in legal_of(state, "move") if text.split()[2][0] == "b"}


def test_mm_28_make_a_home_needs_an_own_claim_and_the_token_stays_with_the_seat() -> None:
    """MM-28: ``home`` lists own claimed hexes with a token; the token is kept after the
    hex is lost; each hex gives one token."""
    state = s2(hand_1=("four", "three", "two", "twoplus", "keeper1"), turn_limit=20)
    apply_all(state, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3, 0: end")
    apply_all(state, "C: card cavein, 1: play two, 1: end, C: card two, 0: play cavein")
    assert legal_of(state, "home") == {"home a"}
    apply_all(state, "0: home a, 0: end, C: card two")
    assert seat_view(state, 0, viewer=1)["home_tokens"] == 1
    assert state.observation(0)["my_home_tokens"] == [1]
    apply_all(state, "1: play keeper1 four, 1: roll a1 cw, 1: end, C: card two")
    assert hex_view(state, "a")["claim"] is None
    assert state.observation(0)["my_home_tokens"] == [1]
    state.apply(0, "play cavein")
    assert not legal_of(state, "home")


def test_mm_33_mm_34_exhausted_hand_draws_five_discard_draws_five_else_one() -> None:
    """MM-33, MM-34: an ordinary turn draws one; a ``discard`` turn draws five and nothing
    more; the discarded hand is public (MM-47)."""
    state = s2()
    apply_all(state, "0: play two, 0: end")
    assert current(state)["draws_left"] == 1
    state.apply(CHANCE, "card two")
    state.apply(1, "discard")
    assert seat_view(state, 1)["discard"] == ["four", "three", "two", "twoplus", "keeper1"]
    assert seat_view(state, 1)["hand_size"] == 0
    for card in ("two", "two", "two", "two", "three"):
        assert state.is_chance()
        state.apply(CHANCE, f"card {card}")
    assert not state.is_chance() and state.to_move() == [0]
    assert hand(state, 1) == ["three", "two", "two", "two", "two"]


def test_mm_35_an_empty_deck_takes_the_discard_pile() -> None:
    """MM-35: three discard turns run seat 0's deck of 13 dry; the discard pile becomes the
    deck before the fourth card of the third draw."""
    state = s2()
    for turn in range(3):
        state.apply(0, "discard")
        for card in range(5):
            if turn == 2 and card == 3:
                assert seat_view(state, 0)["deck_size"] == 15
                assert seat_view(state, 0)["discard"] == []
            state.apply(CHANCE, state.chance_outcomes()[0][0])
        state.apply(1, "discard")
        for _ in range(5):
            state.apply(CHANCE, state.chance_outcomes()[0][0])
    assert seat_view(state, 0)["deck_size"] == 13
    assert seat_view(state, 0)["hand_size"] == 5


def test_mm_46_convert_needs_a_target_and_keepers_need_a_number_card() -> None:
    """MM-46: at the start nobody's mole is in seat 0's network, so no ``play convert``;
    without a Number card a Groundskeeper cannot be played."""
    state = s2(hand_0=("keeper1", "keeper2", "convert", "cavein", "convert"))
    assert legal(state) == {"play cavein", "discard"}
    with pytest.raises(ValueError, match="not legal"):
        state.apply(0, "play convert")
    apply_all(state, "0: play cavein, 0: move b1 f1, 0: end, C: card two")
    apply_all(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: end, C: card two")
    assert legal_of(state, "play") == {
        "play convert",
        "play two",
        "play keeper1 two",
        "play keeper2 two",
    }


def test_mm_47_discard_piles_are_public() -> None:
    """MM-47: the spectator sees each played and stacked card in the discard piles."""
    state = s2()
    apply_all(state, "0: play four, 0: stack convert step, 0: end, C: card two")
    assert seat_view(state, 0, viewer=None)["discard"] == ["four", "convert"]
    assert seat_view(state, 0, viewer=1)["discard"] == ["four", "convert"]
