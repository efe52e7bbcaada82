"""Mole Majority's move log: the visibility table (rules section 7) as the words each viewer
reads."""

from __future__ import annotations

from molehaven.core import CHANCE, State, name_seats
from tests.games.mole_majority.helpers import apply_all, board_s2, new_game, s2

NAMES = ["Ann", "Bob"]
VIEWERS = (0, 1, None)


def told(state: State, seat: int, text: str, viewer: int | None) -> str:
    action = state.game.parse_action(text)
    return name_seats(state.describe_action(seat, action, viewer), NAMES)


def test_mm_9_setup_tiles_are_public_and_setup_tokens_hidden_from_everyone() -> None:
    """Section 7: a hex drawn at setup is public; MM-9: a Home Token goes on the board face
    down, so every value reads the same to everyone."""
    state = new_game(2)
    for viewer in VIEWERS:
        assert told(state, CHANCE, "hex 5", viewer) == "chance: a 5-space hex is laid on j"
    state = new_game(2)
    apply_all(state, "C: hex 5, C: hex 3, C: hex 4, C: hex 5, C: hex 4, C: hex 3, C: hex 5")
    apply_all(state, "1: base r, 0: base b")
    apply_all(state, "C: hex 3, 1: place s, C: hex 3, 0: place a, C: hex 4, 1: place q")
    apply_all(state, "C: hex 6, 0: place c")
    for viewer in VIEWERS:
        words = {told(state, CHANCE, f"token {value}", viewer) for value in (1, 2, 3)}
        assert words == {"chance: a face-down Home Token goes on a"}


def test_mm_10_a_dealt_card_is_read_by_its_owner_only() -> None:
    """MM-10, section 7 (a card drawn: the owner sees the kind; others that a card was
    drawn)."""
    state = board_s2(new_game(2))
    assert told(state, CHANCE, "card four", 0) == "chance: Ann is dealt Number 4"
    for viewer in (1, None):
        assert told(state, CHANCE, "card four", viewer) == "chance: Ann is dealt a card"
        assert told(state, CHANCE, "card keeper2", viewer) == "chance: Ann is dealt a card"


def test_mm_27_the_cave_in_token_value_is_read_by_its_taker_only() -> None:
    """MM-27, section 7 (a Home Token drawn after ``cave``: the owner sees the value); the
    Cave-In itself, like every seat action, is public."""
    state = s2()
    apply_all(state, "0: play cavein")
    for viewer in VIEWERS:
        assert told(state, 0, "cave a-b b-c", viewer) == "Ann caved in the borders a-b and b-c"
    state.apply(0, "cave a-b b-c")
    worth = "chance: Ann takes a Home Token worth 3 from the pool"
    assert told(state, CHANCE, "token 3", 0) == worth
    for viewer in (1, None):
        assert {told(state, CHANCE, f"token {v}", viewer) for v in (1, 2, 3)} == {
            "chance: Ann takes a Home Token from the pool"
        }


def test_every_seat_action_and_a_discarded_hand_are_public() -> None:
    """Section 7 (the Action and stacked cards, every seat action: everyone) and MM-47 (the
    discard piles are public, so a discarded hand is named to everyone)."""
    state = s2(hand_0=("four", "three", "twoplus", "cavein", "convert"))
    for viewer in VIEWERS:
        assert told(state, 0, "discard", viewer) == (
            "Ann discarded the whole hand (Number 4, Number 3, Number 2 +1,"
            " Cave-In / Make A Home, Convert) and ended the turn"
        )
        assert told(state, 0, "play cavein", viewer) == "Ann played Cave-In / Make A Home"
    apply_all(state, "0: play cavein")
    for viewer in VIEWERS:
        assert told(state, 0, "stack twoplus", viewer) == (
            "Ann stacked Number 2 +1 (+1 bonus breed)"
        )
        assert told(state, 0, "move b1 a1", viewer) == "Ann moved a mole from b1 to a1"
