"""Setup (rules section 3, MM-1 … MM-10), options (MM-49) and who may act (MM-50)."""

from __future__ import annotations

import pytest

import molehaven
from molehaven.core import CHANCE, OptionsError, State
from tests.games.mole_majority.helpers import (
    CORE_DRAWS,
    apply_all,
    board_s2,
    hand,
    hex_view,
    legal,
    new_game,
    outcomes,
    s2,
    seat_view,
)


def setup_with_first_choices(players: int) -> State:
    """Run setup taking the first listed chance outcome and the first legal choice each
    time, until the first turn."""
    state = new_game(players)
    while state.observation(None)["phase"] != "start":
        if state.is_chance():
            state.apply(CHANCE, state.chance_outcomes()[0][0])
        else:
            seat = state.to_move()[0]
            state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_mm_1_seat_0_takes_the_first_turn_and_play_passes_left() -> None:
    """MM-1: after the deal seat 0 acts; its turn over, seat 1 follows."""
    state = s2()
    assert state.to_move() == [0]
    assert state.observation(None)["active"] == 0
    apply_all(state, "0: play two, 0: end, C: card two")
    assert state.to_move() == [1]


def test_mm_2_every_seat_has_the_same_18_card_deck() -> None:
    """MM-2: each seat's first draw is over the 18 cards of table 2.2; after the deal every
    deck holds 13."""
    state = board_s2(new_game(2))
    first = outcomes(state)
    state.apply(CHANCE, "card four")
    assert outcomes(state) == first  # seat 1's own deck is still full
    assert first["card two"] == pytest.approx(5 / 18)
    assert first["card twoplus"] == pytest.approx(1 / 18)
    dealt = s2()
    assert [seat_view(dealt, s)["deck_size"] for s in (0, 1)] == [13, 13]
    assert [seat_view(dealt, s)["hand_size"] for s in (0, 1)] == [5, 5]


@pytest.mark.parametrize(("players", "sixes"), [(2, 4), (3, 3), (4, 2)])
def test_mm_3_the_hex_pile_lacks_one_six_per_home_base(players: int, sixes: int) -> None:
    """MM-3, 2.3: six tiles of each value, less one 6-tile per Home Base."""
    state = new_game(players)
    total = 18 + sixes
    assert outcomes(state) == pytest.approx(
        {"hex 3": 6 / total, "hex 4": 6 / total, "hex 5": 6 / total, "hex 6": sixes / total}
    )
    assert state.observation(None)["pile"] == {"3": 6, "4": 6, "5": 6, "6": sixes}


def test_mm_4_home_tokens_are_eight_each_of_1_2_3() -> None:
    """MM-4: the first token node is even over 1, 2, 3; the pool holds 24 tokens."""
    state = new_game(2)
    assert state.observation(None)["pool"] == 24
    apply_all(state, CORE_DRAWS)
    apply_all(state, "1: base r, 0: base b, C: hex 3, 1: place s, C: hex 3, 0: place a")
    apply_all(state, "C: hex 4, 1: place q, C: hex 6, 0: place c")
    assert outcomes(state) == pytest.approx({"token 1": 1 / 3, "token 2": 1 / 3, "token 3": 1 / 3})
    apply_all(state, "C: token 3")
    assert outcomes(state) == pytest.approx(
        {"token 1": 8 / 23, "token 2": 8 / 23, "token 3": 7 / 23}
    )


@pytest.mark.parametrize(("players", "hexes"), [(2, 13), (3, 16), (4, 19)])
def test_mm_5_the_board_has_7_plus_3n_hexes(players: int, hexes: int) -> None:
    """MM-5: 13, 16 and 19 hexes; every one but the Home Bases holds a face-down token;
    the pool keeps 24 − (7 + 2n)."""
    state = setup_with_first_choices(players)
    board = state.observation(None)["board"]
    assert isinstance(board, dict)
    assert len(board) == hexes
    tokens = [hex_view(state, label)["token"] for label in board]
    assert tokens.count("hidden") == hexes - players
    assert tokens.count("none") == players
    assert state.observation(None)["pool"] == 24 - (7 + 2 * players)


def test_mm_6_home_bases_go_on_mid_positions_with_a_claim_and_six_moles() -> None:
    """MM-6: only empty mids may hold a Home Base; a corner is refused; the base carries a
    claim, six moles, and the supply drops to 24."""
    state = new_game(2)
    apply_all(state, CORE_DRAWS)
    with pytest.raises(ValueError, match="not legal"):
        state.apply(1, "base a")
    state.apply(1, "base d")
    assert hex_view(state, "d") == {
        "value": 6,
        "spaces": [1] * 6,
        "claim": 1,
        "token": "none",
        "last_entrant": 1,
        "home_base_of": 1,
    }
    assert seat_view(state, 1)["moles"] == 24
    assert seat_view(state, 1)["claims"] == 9
    assert "base d" not in legal(state)


def test_mm_7_extra_hexes_alternate_from_the_last_seat_and_need_two_neighbours() -> None:
    """MM-7: placing order n−1 … 0 twice; a corner becomes legal once one of its mids is on
    the board; the drawn tile's value is public while it waits."""
    state = new_game(3)
    apply_all(state, CORE_DRAWS)
    apply_all(state, "2: base m, 1: base p, 0: base b, C: hex 4")
    assert state.observation(None)["pending_hex"] == 4
    placers = []
    corners_before = {text for text in legal(state) if text[-1] in "achlqs"}
    assert corners_before == {"place a", "place c", "place h", "place l", "place q", "place s"}
    for position in "dgr":
        placers.append(state.to_move()[0])
        state.apply(placers[-1], f"place {position}")
        state.apply(CHANCE, "hex 3")
    for position in "hla":
        placers.append(state.to_move()[0])
        state.apply(placers[-1], f"place {position}")
        if position != "a":
            state.apply(CHANCE, "hex 5")
    assert placers == [2, 1, 0, 2, 1, 0]
    assert state.observation(None)["phase"] == "setup-token"


def test_mm_7_corners_far_from_any_mid_are_not_legal() -> None:
    """MM-7: with Home Bases on r and b, h and l touch only one board hex."""
    state = new_game(2)
    apply_all(state, CORE_DRAWS)
    apply_all(state, "1: base r, 0: base b, C: hex 3")
    assert "place h" not in legal(state) and "place l" not in legal(state)
    with pytest.raises(ValueError, match="not legal"):
        state.apply(1, "place h")


def test_mm_8_home_bases_are_chosen_from_the_last_seat_down() -> None:
    """MM-8: in a 4-player game seats 3, 2, 1, 0 choose in turn."""
    state = new_game(4)
    apply_all(state, CORE_DRAWS)
    order = []
    for position in "bdgm":
        order.append(state.to_move()[0])
        state.apply(order[-1], f"base {position}")
    assert order == [3, 2, 1, 0]


def test_mm_9_tokens_go_on_unclaimed_hexes_in_label_order() -> None:
    """MM-9: on S2 the tokens land on a c e f i j k n o q s in that order; Home Bases get
    none."""
    state = new_game(2, reveal_home_tokens=True)
    apply_all(state, CORE_DRAWS)
    apply_all(state, "1: base r, 0: base b, C: hex 3, 1: place s, C: hex 3, 0: place a")
    apply_all(state, "C: hex 4, 1: place q, C: hex 6, 0: place c")
    filled = []
    for value in (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2):
        before = {label: hex_view(state, label)["token"] for label in "acefijknoqs"}
        state.apply(CHANCE, f"token {value}")
        after = {label: hex_view(state, label)["token"] for label in "acefijknoqs"}
        filled += [label for label in before if before[label] != after[label]]
    assert filled == list("acefijknoqs")
    assert hex_view(state, "b")["token"] == "none" and hex_view(state, "r")["token"] == "none"


def test_mm_10_cards_are_dealt_one_at_a_time_in_seat_order() -> None:
    """MM-10: the deal alternates seat 0, seat 1 for five rounds, then play starts."""
    state = board_s2(new_game(2))
    for card in ("four", "two", "three", "keeper1", "cavein"):
        state.apply(CHANCE, f"card {card}")
    assert hand(state, 0) == ["four", "three", "cavein"]
    assert hand(state, 1) == ["two", "keeper1"]
    for _ in range(5):
        state.apply(CHANCE, "card two")
    assert state.to_move() == [0]
    assert hand(state, 0) == ["four", "three", "two", "two", "cavein"]


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("claim_tokens", 1),
        ("claim_tokens", 11),
        ("mole_tokens", 6),
        ("mole_tokens", 31),
        ("turn_limit", 0),
        ("turn_limit", 10001),
        ("end_on_empty_supply", 1),
        ("reveal_home_tokens", "yes"),
    ],
)
def test_mm_49_options_outside_their_range_are_refused(option: str, value: object) -> None:
    """MM-49, MM-40, MM-37, MM-45 and section 6: values out of range or of the wrong type
    raise ValueError naming the option."""
    with pytest.raises(OptionsError, match=option):
        molehaven.make("mole-majority", 2, **{option: value})


def test_mm_49_short_supplies_and_the_record_lists_all_options() -> None:
    """MM-49: ``mole_tokens=7`` leaves one mole in supply after the Home Base; the record
    lists all five options; 5 players are refused."""
    state = s2(mole_tokens=7, claim_tokens=3)
    assert seat_view(state, 0)["moles"] == 1
    assert seat_view(state, 0)["claims"] == 2
    assert state.record()["options"] == {
        "turn_limit": 400,
        "end_on_empty_supply": True,
        "reveal_home_tokens": False,
        "claim_tokens": 3,
        "mole_tokens": 7,
    }
    with pytest.raises(OptionsError, match="2-4"):
        molehaven.make("mole-majority", 5)


def test_mm_50_only_the_active_seat_acts() -> None:
    """MM-50: seat 1 has no legal action during seat 0's turn, and trying one changes
    nothing."""
    state = s2()
    assert state.legal_actions(1) == []
    before = state.observation(None)
    with pytest.raises(ValueError, match="seat 1"):
        state.apply(1, "play four")
    assert state.observation(None) == before
    state.apply(0, "play three")
    assert state.legal_actions(1) == []
