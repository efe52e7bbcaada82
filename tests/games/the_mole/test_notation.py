"""The notation of section 8 and free-text cleaning (TM-13, TM-30)."""

from __future__ import annotations

import pytest

import molehaven
from molehaven.core import NotationError

GAME = molehaven.make("the-mole", 5)


@pytest.mark.parametrize(
    "text",
    [
        "location ski-resort",
        "mole 3",
        "role air-traffic-controller",
        "card q17",
        "ask 2 q17",
        "answer a3",
        'answer "Mostly by bus"',
        'answer "She said \\"hi\\""',
        "nominate 0",
        "vote yes",
        "vote no",
        "point 4",
        "guess bowling-alley",
        "time-up",
    ],
)
def test_section_8_canonical_texts_round_trip(text: str) -> None:
    """Section 8: every example is its own canonical text."""
    assert str(GAME.parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("ASK  2 Q17", "ask 2 q17"),
        ('Answer   "  Hi\\tthere "', 'answer "Hi there"'),
        ("  Vote   YES ", "vote yes"),
        ("GUESS Bowling-Alley", "guess bowling-alley"),
        ("Time-Up", "time-up"),
        ('answer "Caf\\u00e9 ünd ÜBER"  ', 'answer "Café ünd ÜBER"'),
        ('answer "line\\nbreak\\u2028here"', 'answer "line break here"'),
        ('answer "zero\\u200bwidth\\u200e"', 'answer "zerowidth"'),
        ('answer "back\\\\slash"', 'answer "back\\\\slash"'),
    ],
)
def test_tm_13_parsing_normalizes(text: str, canonical: str) -> None:
    """TM-13: any case and spacing for words; free text cleaned but never lower-cased."""
    assert str(GAME.parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('answer ""', "empty"),
        ('answer "   "', "empty"),
        ('answer "\\u200b\\u200e"', "empty"),
        ("answer 'hi'", "expected"),
        ("answer hi", "expected"),
        ('answer "hi" now', "nothing after"),
        ('answer "unterminated', "JSON"),
        ('answer "tab\tinside"', "JSON"),  # a raw control character inside the quotes
        ('answer "\\ud800"', "surrogate"),
        ('answer "' + "é" * 201 + '"', "200"),
        ('answer"hi"', "expected"),
    ],
)
def test_tm_13_bad_free_text_is_refused(text: str, message: str) -> None:
    """TM-13: empty, unquoted, trailing words, bad JSON, lone surrogates, too long."""
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(text)


def test_tm_13_long_text_counts_code_points_after_cleaning() -> None:
    """TM-13: the 200-character limit applies after whitespace is collapsed."""
    padded = "  ".join(["word"] * 40)  # 238 characters, 199 once collapsed
    assert len(str(GAME.parse_action(f'answer "{padded}"'))) == len('answer ""') + 199


@pytest.mark.parametrize(
    "text",
    [
        "ask 2 q017",
        "ask 2 q81",
        "ask 2 q0",
        "ask 5 q1",  # seat 5 in a 5-player game
        "ask 02 q1",
        "guess mars",
        "vote maybe",
        "answer a0",
        "answer a13",
        "answer a01",
        "role astronaut",
        "location mars",
        "card 17",
        "mole -1",
        "point",
        "nominate 1 2",
        "time-up now",
        "",
    ],
)
def test_tm_30_grammar_errors(text: str) -> None:
    """TM-30: parsing checks the grammar against the player count and the content."""
    with pytest.raises(NotationError, match="expected"):
        GAME.parse_action(text)


def test_tm_30_parsing_does_not_need_a_state() -> None:
    """TM-30: a grammatical action parses whether or not it is legal anywhere now; roles of
    any location parse."""
    assert str(GAME.parse_action("role visitor")) == "role visitor"
    assert str(GAME.parse_action("answer a12")) == "answer a12"
    assert str(GAME.parse_action("ask 4 q80")) == "ask 4 q80"
    three = molehaven.make("the-mole", 3)
    with pytest.raises(NotationError, match="seat"):
        three.parse_action("point 3")


@pytest.mark.parametrize("value", [None, 5, b"vote yes"])
def test_anything_but_text_is_a_notation_error(value: object) -> None:
    """Issue 20: ``parse_action(None)`` raised TypeError; every game raises NotationError."""
    with pytest.raises(NotationError, match="must be a string"):
        GAME.parse_action(value)  # type: ignore[arg-type]


def test_non_ascii_stays_allowed_inside_a_quoted_answer_only() -> None:
    """TM-13 keeps any character inside the quotes; outside them the shared ASCII rule holds
    (issue 20), separators included."""
    assert str(GAME.parse_action('answer "Près du café \u3000 au coin"')) == (
        'answer "Près du café au coin"'
    )
    for text in ('answer\u00a0"by bus"', "vote\u3000yes", 'answer "by bus"\u2003'):
        with pytest.raises(NotationError):
            GAME.parse_action(text)
