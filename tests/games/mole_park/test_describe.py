"""Mole Park's move log: each row of the visibility table (rules section 7, MP-40) as the words
each viewer reads."""

from __future__ import annotations

from molehaven.core import CHANCE, State, name_seats
from tests.games.mole_park.helpers import choose, deal, new_game, play_round, roll

NAMES = ["Ann", "Bob", "Cy"]


def told(state: State, seat: int, text: str, viewer: int | None) -> str:
    action = state.game.parse_action(text)
    return name_seats(state.describe_action(seat, action, viewer), NAMES)


def second_round() -> State:
    """Two seats, round 2 dealt onto round 1's missed holes: two moles in every hole."""
    state = new_game(2)
    play_round(state, [1, 2, 3, 4, 5], "x x")
    return deal(state, 2, 3, 4, 5, 1)


def test_mp_9_king_mole_and_mp_11_face_down_deals() -> None:
    """MP-9: King Mole is public; MP-11, section 7: the value of a mole dealt into a hole is
    seen by nobody, so every value reads the same to everyone."""
    state = new_game(3, king=None)
    for viewer in (0, 1, 2, None):
        assert told(state, CHANCE, "king 2", viewer) == "chance: Cy is King Mole"
    state.apply(CHANCE, "king 2")
    for viewer in (0, 1, 2, None):
        words = {told(state, CHANCE, f"deal {value}", viewer) for value in range(1, 6)}
        assert words == {"chance: a mole is dealt face down into hole 1"}


def test_mp_16_a_die_choice_is_secret_until_the_last_choice_reveals_all() -> None:
    """MP-16, section 7 (a seat's die choice before the last one: owner only; all die choices
    after the last: everyone)."""
    state = second_round()
    assert told(state, 0, "pan", 0) == "Ann chose the Frying Pan (secret until every die is chosen)"
    for viewer in (1, None):
        assert {told(state, 0, die, viewer) for die in ("glove", "pan", "mallet")} == {
            "Ann chose a die"
        }
    state.apply(0, "pan")
    for viewer in (0, 1, None):
        assert (
            told(state, 1, "mallet", viewer) == "Bob chose the Giant Mallet; every die is revealed"
        )


def test_mp_17_every_roll_is_public() -> None:
    state = second_round()
    choose(state, "glove pan")
    for viewer in (0, 1, None):
        assert (
            told(state, CHANCE, "roll 2", viewer)
            == "chance: Ann rolls 2 with the Boxing Glove (hole 2)"
        )
        assert told(state, CHANCE, "roll x", viewer) == "chance: Ann misses with the Boxing Glove"


def test_mp_19_a_mole_drawn_from_a_shared_hole_is_seen_by_its_receiver_only() -> None:
    """MP-19, section 7 (a card received from a split: the owner sees the value)."""
    state = second_round()
    choose(state, "glove glove")
    roll(state, "1 1")  # hole 1 holds two moles, one for each
    assert told(state, CHANCE, "draw 1", 0) == "chance: Ann draws a 1-star mole from hole 1"
    for viewer in (1, None):
        assert told(state, CHANCE, "draw 1", viewer) == "chance: Ann draws a mole from hole 1"
        assert told(state, CHANCE, "draw 2", viewer) == "chance: Ann draws a mole from hole 1"
    state.apply(CHANCE, "draw 1")
    assert told(state, CHANCE, "draw 2", 1) == "chance: Bob draws a 2-star mole from hole 1"
    assert told(state, CHANCE, "draw 2", 0) == "chance: Bob draws a mole from hole 1"


def test_mp_20_a_hand_limit_discard_shows_its_value_to_the_owner_only() -> None:
    """MP-20, section 7 (a hand-limit discard: the owner sees the value)."""
    state = new_game(2, hand_limit=1)
    play_round(state, [1, 2, 3, 4, 5], "x x")
    deal(state, 2, 3, 4, 5, 1)
    choose(state, "glove pan")
    roll(state, "3 x")  # seat 0 takes hole 3's two moles, one over the limit
    assert told(state, 0, "discard 4", 0) == "Ann discarded a 4-star mole"
    for viewer in (1, None):
        assert told(state, 0, "discard 3", viewer) == "Ann discarded a mole"
        assert told(state, 0, "discard 4", viewer) == "Ann discarded a mole"


def test_mp_14_declarations_are_public() -> None:
    state = new_game(2)
    for viewer in (0, 1, None):
        assert told(state, 0, "declare", viewer) == "Ann went for the Crown!"
        assert told(state, 1, "pass", viewer) == "Bob did not go for the Crown"
