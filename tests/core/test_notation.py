"""The one notation rule every game shares (issue 20): ``str`` only, ASCII only, words split
on ASCII spaces and tabs."""

from __future__ import annotations

import pytest

from molehaven.core import NotationError
from molehaven.core.notation import action_text, notation_words


def test_words_are_lower_case_and_split_on_runs_of_spaces_and_tabs() -> None:
    assert notation_words(" \tROD  e4\t\te5 ", "x") == ["rod", "e4", "e5"]


@pytest.mark.parametrize(
    "text",
    [
        "place\u00a0e4",  # no-break space
        "place\u3000e4",  # ideographic space
        "rod e4\u2003e5",  # em space
        "place e\uff14",  # full-width digit 4
        "\u212aing 2",  # Kelvin sign, which lower() turns into "k"
    ],
)
def test_any_non_ascii_character_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match=r"ASCII only.*expected a move"):
        notation_words(text, "expected a move")


@pytest.mark.parametrize("text", ["", " \t ", "\t"])
def test_blank_text_is_an_empty_action(text: str) -> None:
    with pytest.raises(NotationError, match="empty action; expected a move"):
        notation_words(text, "expected a move")


def test_other_whitespace_is_not_a_separator() -> None:
    assert notation_words("place\ne4", "x") == ["place\ne4"]


@pytest.mark.parametrize("value", [None, 5, b"place e4", ["place", "e4"]])
def test_anything_but_a_str_is_a_notation_error(value: object) -> None:
    with pytest.raises(NotationError, match="must be a string"):
        notation_words(value, "x")
    with pytest.raises(NotationError, match=type(value).__name__):
        action_text(value)
