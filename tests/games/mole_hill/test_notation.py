"""Mole Hill notation (rules section 8, MH-29)."""

from __future__ import annotations

import pytest

import molehaven
from molehaven.core import NotationError

GAME = molehaven.make("mole-hill")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("place e4", "place e4"),
        ("place e7", "place e7"),
        ("move f5", "move f5"),
        ("move a1", "move a1"),
        ("rod e4 e5", "rod e4 e5"),
        ("rod d4 e4", "rod d4 e4"),
        ("rod a1 b1", "rod a1 b1"),
        ("rod h7 i7", "rod h7 i7"),
        ("rod i6 i7", "rod i6 i7"),
        ("rod c3 c4", "rod c3 c4"),
        ("ROD  E4 e5", "rod e4 e5"),
        ("  Move\tF5  ", "move f5"),
    ],
)
def test_section_8_examples_parse_to_canonical_text(text: str, canonical: str) -> None:
    """Section 8: any case, any run of spaces; str() gives the canonical text."""
    assert str(GAME.parse_action(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "rod e5 e4", "rod e4 d4", "rod e4 f5", "rod e4 e6", "rod e4 e4", "rod e4", "rod e7 e8",
        "rod i4 j4", "rod a0 a1", "move j1", "move e0", "move e44", "place", "move e4 e5",
        "jump e4", "pass", "", "   ",
    ],
)  # fmt: skip
def test_mh_29_section_8_rejected_texts(text: str) -> None:
    """MH-29 / section 8: every listed bad text raises a NotationError (a ValueError)."""
    with pytest.raises(NotationError):
        GAME.parse_action(text)


def test_mh_29_reversed_rod_error_says_which_order() -> None:
    """MH-29: the message for a reversed rod shows the canonical order."""
    with pytest.raises(NotationError, match="rod e4 e5"):
        GAME.parse_action("rod e5 e4")


def test_notation_errors_say_what_was_expected() -> None:
    with pytest.raises(NotationError, match="expected 'place <square>'"):
        GAME.parse_action("jump e4")
    with pytest.raises(NotationError, match="a1 … i7"):
        GAME.parse_action("move z9")


def test_parse_rejects_non_text() -> None:
    with pytest.raises(NotationError, match="string"):
        GAME.parse_action(42)  # type: ignore[arg-type]


def test_equal_texts_give_equal_hashable_actions() -> None:
    first, second = GAME.parse_action("rod c3 c4"), GAME.parse_action("ROD C3 C4")
    assert first == second
    assert len({first, second}) == 1


@pytest.mark.parametrize(
    "text", ["place\u00a0e4", "place\u3000e4", "rod e4\u2003e5", "move e\uff14"]
)
def test_unicode_spaces_and_digits_are_refused_like_every_game(text: str) -> None:
    """Issue 20: ``str.split()`` took no-break, ideographic and em spaces as separators; the
    shared rule (``core.notation``) splits on ASCII spaces and tabs only."""
    with pytest.raises(NotationError, match="ASCII only"):
        GAME.parse_action(text)
    assert str(GAME.parse_action("rod\te4  e5")) == "rod e4 e5"
