"""``MoleMajorityGame.public_data()``: the printed cards and the board layout a table page draws,
taken from the game's data module (MM-2, rules 2.2 and 2.5), so the page restates no rule."""

from __future__ import annotations

import json

from molehaven.docs import how_to_play
from molehaven.games.mole_majority.data import (
    CARD_NAMES,
    COORDINATES,
    DECK,
    DECK_SIZE,
    LABELS,
    NEIGHBOURS,
    NUMBER_VALUE,
    positions_of,
)
from molehaven.games.mole_majority.game import MoleMajorityGame

DATA = MoleMajorityGame.public_data()


def cards() -> dict[str, dict[str, object]]:
    return {card["name"]: card for card in DATA["cards"]}  # type: ignore[index, union-attr, misc]


def test_mm_2_every_card_kind_once_with_its_deck_count_and_number_value() -> None:
    by_name = cards()
    assert list(by_name) == list(CARD_NAMES)
    assert [by_name[name]["in_deck"] for name in CARD_NAMES] == list(DECK)
    assert sum(DECK) == DECK_SIZE == 18
    assert [by_name[name]["number_value"] for name in CARD_NAMES] == list(NUMBER_VALUE)


def test_mm_2_effects_follow_the_card_table() -> None:
    """Steps and bonus breeds as an Action, and what a card adds as a stack (MM-22)."""
    by_name = cards()
    assert by_name["four"]["effect"] == "Move or breed up to 4 moles."
    assert by_name["twoplus"]["effect"] == "Move or breed up to 2 moles, then 1 bonus breed."
    assert "2 bonus breeds" in str(by_name["keeper2"]["effect"])
    assert "Cave-In" in str(by_name["cavein"]["effect"])
    stackable = {name for name, card in by_name.items() if card["stack"] is not None}
    assert stackable == {"twoplus", "convert", "keeper1", "keeper2"}
    assert by_name["keeper2"]["stack"] == "+2 bonus breeds"
    assert set(DATA["convert_stacks"]) == {"step", "roll", "repeat"}  # type: ignore[arg-type]


def test_mm_5_positions_are_the_axial_coordinates_of_the_nineteen_labels() -> None:
    positions = DATA["positions"]
    assert isinstance(positions, dict)
    assert list(positions) == list(LABELS)
    assert [tuple(qr) for qr in positions.values()] == list(COORDINATES)  # type: ignore[arg-type]
    # A page that puts neighbours one axial step apart draws the rules' adjacency: j touches
    # e f i k n o.
    j = LABELS.index("j")
    assert "".join(LABELS[p] for p in positions_of(NEIGHBOURS[j])) == "efikno"


def test_public_data_is_json_and_the_how_to_play_section_exists() -> None:
    assert json.loads(json.dumps(DATA)) == DATA
    text = how_to_play("mole-majority")
    assert "End turn" in text and "Legend" in text
