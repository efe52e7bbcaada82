"""What people type for others to read (names, chat lines): ``server.text.readable``."""

from __future__ import annotations

import pytest

from molehaven.server.text import readable


@pytest.mark.parametrize(
    "text",
    [
        "gg \U0001f3f3\ufe0f\u200d\U0001f308",  # an emoji sequence joined by a zero-width joiner
        "\U0001f469\u200d\U0001f4bb brb",
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian: a zero-width non-joiner
        "Nguy\u1ec5n",
    ],
)
def test_what_writing_needs_passes(text: str) -> None:
    assert readable(text, "a line") == text


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("a\u202eb", "control characters"),  # a bidirectional override turns the page around
        ("a\u2066b", "control characters"),  # an isolate
        ("tab\x07bell", "control characters"),
        ("\u200d\u200c", "visible character"),  # joiners alone show nothing
        ("\u3164", "visible character"),
        ("e" + "\u0301" * 5, "marks on one character"),
    ],
)
def test_tricks_are_refused_with_the_reason(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        readable(text, "a line")


def test_whitespace_runs_become_one_space() -> None:
    assert readable("  good \t\n luck  ", "a line") == "good luck"
