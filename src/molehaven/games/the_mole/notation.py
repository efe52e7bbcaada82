"""The Mole's actions and their notation (decisions section 8).

Seat actions: ``ask 2 q17``, ``answer a3``, ``answer "Mostly by bus"``, ``nominate 0``,
``vote yes``, ``point 4``, ``guess bowling-alley``. Chance outcomes: ``location airport``,
``mole 3``, ``role pilot``, ``card q17``. Clock event: ``time-up``.

>>> str(parse_action("ASK  2 Q17", 4))
'ask 2 q17'
>>> str(parse_action('answer "  Near the  big WHEEL "', 4))
'answer "Near the big WHEEL"'
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Final

from molehaven.core import Action, NotationError
from molehaven.core.errors import shown
from molehaven.core.notation import BLANKS, action_text, notation_words
from molehaven.games.the_mole.data import (
    LOCATION_COUNT,
    LOCATION_IDS,
    LOCATION_INDEX,
    MAX_ANSWER_ID,
    MAX_FREE_TEXT,
    MAX_PLAYERS,
    QUESTION_COUNT,
    ROLE_IDS_BY_LOCATION,
    SORTED_ROLE_IDS,
)


@dataclass(frozen=True, slots=True)
class LocationOutcome(Action):
    """Setup chance: the round is at this location (TM-5)."""

    location: int

    def __str__(self) -> str:
        return f"location {LOCATION_IDS[self.location]}"


@dataclass(frozen=True, slots=True)
class MoleOutcome(Action):
    """Setup chance: this seat is dealt the Mole card (TM-4)."""

    seat: int

    def __str__(self) -> str:
        return f"mole {self.seat}"


@dataclass(frozen=True, slots=True)
class RoleOutcome(Action):
    """Setup chance: the next spy in seat order gets this role of the round's location."""

    role: str

    def __str__(self) -> str:
        return f"role {self.role}"


@dataclass(frozen=True, slots=True)
class CardOutcome(Action):
    """Chance: the seat being dealt, or the asker drawing, gets this question card."""

    question: int

    def __str__(self) -> str:
        return f"card q{self.question}"


@dataclass(frozen=True, slots=True)
class Ask(Action):
    """The asker asks ``target`` the question card ``question`` from their hand (TM-10)."""

    target: int
    question: int

    def __str__(self) -> str:
        return f"ask {self.target} q{self.question}"


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """Canned answer ``a<number>`` of the current question (TM-12)."""

    number: int

    def __str__(self) -> str:
        return f"answer a{self.number}"


@dataclass(frozen=True, slots=True)
class FreeAnswer(Action):
    """A free-text answer, already cleaned by ``clean_free_text`` (TM-13)."""

    text: str

    def __str__(self) -> str:
        return "answer " + json.dumps(self.text, ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class Nominate(Action):
    """Call a vote accusing ``seat`` of being the Mole (TM-14)."""

    seat: int

    def __str__(self) -> str:
        return f"nominate {self.seat}"


@dataclass(frozen=True, slots=True)
class Vote(Action):
    """A ballot in the open vote (TM-15)."""

    yes: bool

    def __str__(self) -> str:
        return "vote yes" if self.yes else "vote no"


@dataclass(frozen=True, slots=True)
class Point(Action):
    """A final-vote pointing at ``seat`` (TM-21)."""

    seat: int

    def __str__(self) -> str:
        return f"point {self.seat}"


@dataclass(frozen=True, slots=True)
class Guess(Action):
    """The Mole reveals and guesses the location (TM-18)."""

    location: int

    def __str__(self) -> str:
        return f"guess {LOCATION_IDS[self.location]}"


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """Clock: the round's time has run out (TM-19)."""

    def __str__(self) -> str:
        return "time-up"


# Interned instances, so legal-action lists allocate nothing new.
SEATS: Final = range(MAX_PLAYERS)
QUESTIONS: Final = range(1, QUESTION_COUNT + 1)
LOCATION_OUTCOMES: Final = tuple(LocationOutcome(i) for i in range(LOCATION_COUNT))
MOLE_OUTCOMES: Final = tuple(MoleOutcome(seat) for seat in SEATS)
ROLE_OUTCOMES: Final = tuple(
    tuple(RoleOutcome(role) for role in roles) for roles in ROLE_IDS_BY_LOCATION
)
CARD_OUTCOMES: Final = (CardOutcome(0), *(CardOutcome(q) for q in QUESTIONS))
ASKS: Final = tuple((Ask(t, 0), *(Ask(t, q) for q in QUESTIONS)) for t in SEATS)
ANSWERS: Final = tuple(Answer(k) for k in range(MAX_ANSWER_ID + 1))  # index 0 unused
NOMINATIONS: Final = tuple(Nominate(seat) for seat in SEATS)
VOTE_YES: Final = Vote(True)
VOTE_NO: Final = Vote(False)
POINTINGS: Final = tuple(Point(seat) for seat in SEATS)
GUESSES: Final = tuple(Guess(i) for i in range(LOCATION_COUNT))
TIME_UP: Final = TimeUp()

_ROLE_OUTCOME_BY_ID: Final = {
    outcome.role: outcome for outcomes in ROLE_OUTCOMES for outcome in outcomes
}
_NUMBER = re.compile(r"0|[1-9][0-9]*")
# Outside the quoted text the shared notation rule holds: words are separated by ASCII spaces
# and tabs only, and ``re.ASCII`` keeps the case folding of ``answer`` to ASCII (no Kelvin
# sign for "k").
_FREE_ANSWER = re.compile(r"[ \t]*answer[ \t]+(\".*)", re.IGNORECASE | re.DOTALL | re.ASCII)
_GRAMMAR: Final = (
    'expected one of: ask <seat> q<1-80>, answer a<1-12>, answer "<text>", nominate <seat>,'
    " vote yes|no, point <seat>, guess <location>, location <location>, mole <seat>,"
    " role <role>, card q<1-80>, time-up"
)


def clean_free_text(raw: str) -> str:
    """Normalize a decoded free-text answer (TM-13 steps 2–5).

    >>> clean_free_text("  Hi\\tthere ")
    'Hi there'

    Raises:
        NotationError: a lone surrogate, nothing left after cleaning, or more than 200
            characters.
    """
    if any(0xD800 <= ord(char) <= 0xDFFF for char in raw):
        raise NotationError("a free-text answer may not contain a lone surrogate (\\ud800-\\udfff)")
    kept: list[str] = []
    for char in raw:
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp"):
            kept.append(" ")  # control and line breaks become spaces
        elif category != "Cf":  # zero-width and direction marks vanish
            kept.append(char)
    text = " ".join("".join(kept).split())
    if not text:
        raise NotationError("a free-text answer must say something: it is empty after cleaning")
    if len(text) > MAX_FREE_TEXT:
        raise NotationError(
            f"a free-text answer may have at most {MAX_FREE_TEXT} characters, got {len(text)}"
        )
    return text


def _parse_free_answer(quoted: str) -> FreeAnswer:
    try:
        value, end = json.JSONDecoder().raw_decode(quoted)
    except json.JSONDecodeError as error:
        raise NotationError(
            f'answer "<text>" needs one JSON string literal in double quotes: {error.msg}'
        ) from None
    if not isinstance(value, str) or quoted[end:].strip(BLANKS) != "":
        raise NotationError(
            'answer "<text>" takes one JSON string literal and nothing after it, e.g. '
            'answer "Mostly by bus"'
        )
    return FreeAnswer(clean_free_text(value))


def _number(word: str, low: int, high: int, what: str) -> int:
    if _NUMBER.fullmatch(word) is None or not low <= int(word) <= high:
        raise NotationError(f"expected {what} from {low} to {high}, got {shown(word)}")
    return int(word)


def _seat(word: str, players: int) -> int:
    return _number(word, 0, players - 1, "a seat")


def _question(word: str) -> int:
    if not word.startswith("q"):
        raise NotationError(f"expected a question q1 … q{QUESTION_COUNT}, got {shown(word)}")
    return _number(word[1:], 1, QUESTION_COUNT, "a question number")


def _location(word: str) -> int:
    if word not in LOCATION_INDEX:
        raise NotationError(f"expected a location ({', '.join(LOCATION_IDS)}), got {shown(word)}")
    return LOCATION_INDEX[word]


def parse_action(text: str, players: int) -> Action:
    """Parse The Mole's notation for a game of ``players`` seats (TM-30: grammar only).

    Raises:
        NotationError: the text is not an action of the game; the message says what was
            expected.
    """
    free = _FREE_ANSWER.fullmatch(action_text(text))
    if free is not None:
        return _parse_free_answer(free.group(1))
    # Outside a quoted answer the shared rule holds: ASCII only, split on spaces and tabs.
    words = notation_words(text, _GRAMMAR)
    head, args = words[0], words[1:]
    if head == "time-up" and not args:
        return TIME_UP
    if len(args) == 2 and head == "ask":
        return ASKS[_seat(args[0], players)][_question(args[1])]
    if len(args) != 1:
        raise NotationError(f"{shown(text)} is not an action; {_GRAMMAR}")
    word = args[0]
    if head == "answer":
        if not word.startswith("a"):
            raise NotationError(
                f'expected answer a<1-{MAX_ANSWER_ID}> or answer "<text>" (a JSON string in'
                f" double quotes), got {shown(text)}"
            )
        return ANSWERS[_number(word[1:], 1, MAX_ANSWER_ID, "an answer number")]
    if head == "nominate":
        return NOMINATIONS[_seat(word, players)]
    if head == "point":
        return POINTINGS[_seat(word, players)]
    if head == "mole":
        return MOLE_OUTCOMES[_seat(word, players)]
    if head == "vote":
        if word not in ("yes", "no"):
            raise NotationError(f"expected vote yes or vote no, got {shown(text)}")
        return VOTE_YES if word == "yes" else VOTE_NO
    if head == "guess":
        return GUESSES[_location(word)]
    if head == "location":
        return LOCATION_OUTCOMES[_location(word)]
    if head == "card":
        return CARD_OUTCOMES[_question(word)]
    if head == "role":
        if word not in _ROLE_OUTCOME_BY_ID:
            raise NotationError(
                f"expected a role id such as {', '.join(SORTED_ROLE_IDS[:4])} …, got {shown(word)}"
            )
        return _ROLE_OUTCOME_BY_ID[word]
    raise NotationError(f"{shown(text)} is not an action; {_GRAMMAR}")
