"""What the drawn table reads besides the live round: the previous round's dice (MP-16,
MP-17, MP-40) and the game's printed components (``public_data``, rules section 2)."""

from __future__ import annotations

from molehaven.games.mole_park.game import MoleParkGame
from tests.games.mole_park.helpers import apply_all, deal, new_game, play_round, public
from tests.games.mole_park.test_no_leak import differing_viewers


def test_mp_17_last_round_dice_show_every_choice_and_roll_after_the_round() -> None:
    """MP-16, MP-17: once a round is over its choices and rolls stay readable next round."""
    state = new_game(3)
    play_round(state, [1, 2, 3, 4, 5], "1 4 x", dice="glove pan mallet")
    assert public(state, "round") == 2
    assert public(state, "last_round_dice") == [
        {"die": "glove", "roll": "1"},
        {"die": "pan", "roll": "4"},
        {"die": "mallet", "roll": "x"},
    ]


def test_mp_40_last_round_dice_never_show_the_round_under_way() -> None:
    """MP-16, MP-40: a pending choice of this round is not in ``last_round_dice``, so two
    games differing only in seat 1's secret pan or mallet look the same to seats 0 and 2."""
    games = []
    for die in ("pan", "mallet"):
        state = new_game(3)
        play_round(state, [1, 1, 1, 1, 1], "x x x")
        deal(state, 1, 1, 1, 1, 1)
        apply_all(state, f"1: {die}, 0: glove")
        games.append(state)
        assert public(state, "last_round_dice") == [{"die": "glove", "roll": "x"}] * 3
    assert differing_viewers(*games) == {1}


def test_public_data_lists_the_dice_stands_and_deck_of_rules_section_2() -> None:
    """MP-3, MP-4, MP-5, MP-6: the components as the rules give them, with the die hints."""
    data = MoleParkGame.public_data()
    dice = {die["key"]: die for die in data["dice"]}  # type: ignore[index, union-attr, call-overload]
    assert list(dice) == ["glove", "pan", "mallet", "prize"]
    assert dice["mallet"]["faces"] == ["3", "4", "5", "5", "x", "x"]
    assert dice["prize"]["faces"] == ["1", "2", "3", "4", "5", "6"]
    assert all(die["hint"] for die in dice.values())
    # MP-8: the prize die's words at each prize_value, the standard one the die's own.
    hints = data["prize_hints"]
    assert isinstance(hints, dict) and set(hints) == {"full", "highest"}
    assert hints["full"] == dice["prize"]["hint"]
    assert "your best prize's stars" in str(hints["highest"])
    stands = data["stands"]
    assert [(s["key"], s["value"]) for s in stands] == [  # type: ignore[index, union-attr]
        ("candy", 10),
        ("treasures", 15),
        ("inflation", 20),
        ("plushie", 25),
        ("dugout", 30),
        ("stash", 35),
    ]
    assert data["mole_deck"] == {"1": 30, "2": 26, "3": 22, "4": 16, "5": 10}
    assert data["crown_stars"] == 40
