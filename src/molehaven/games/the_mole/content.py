"""The Mole's printed content as data: locations, roles, question cards and canned answers.

The content lives in two JSON files beside this module (``locations.json``, ``questions.json``)
and is loaded once, at import. Section 2.2 of the decisions file fixes the 16 locations and their
7 roles (TM-1); section 2.3 fixes the shape of the 80 questions and the rules C1 … C8 their
canned answers obey (TM-2). ``tests/games/the_mole/test_content.py`` checks those rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Final

_PACKAGE: Final = "molehaven.games.the_mole"


@dataclass(frozen=True, slots=True)
class Role:
    """One location card's role: ``id`` for the rules code, ``name`` for people."""

    id: str
    name: str


@dataclass(frozen=True, slots=True)
class Location:
    """A location of the Location List with its 7 roles in card order."""

    id: str
    name: str
    roles: tuple[Role, ...]


@dataclass(frozen=True, slots=True)
class CannedAnswer:
    """A ready-made answer; ``fits`` holds the ids of the locations where it is true."""

    id: str
    text: str
    fits: frozenset[str]


@dataclass(frozen=True, slots=True)
class Question:
    """A question card: ``id`` is ``q<number>``; answers are ``a1``, ``a2``, … in order."""

    id: str
    number: int
    text: str
    answers: tuple[CannedAnswer, ...]


def _read_json(filename: str) -> object:
    text = resources.files(_PACKAGE).joinpath(filename).read_text(encoding="utf-8")
    loaded: object = json.loads(text)
    return loaded


def _as_list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise TypeError(f"expected a JSON list, got {value!r:.60}")
    return value


def _as_dict(value: object) -> dict[str, object]:
    if not isinstance(value, dict):
        raise TypeError(f"expected a JSON object, got {value!r:.60}")
    return value


def _as_str(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a JSON string, got {value!r:.60}")
    return value


def _load_locations() -> tuple[Location, ...]:
    locations = []
    for raw in _as_list(_read_json("locations.json")):
        entry = _as_dict(raw)
        roles = tuple(
            Role(id=_as_str(role["id"]), name=_as_str(role["name"]))
            for role in map(_as_dict, _as_list(entry["roles"]))
        )
        locations.append(
            Location(id=_as_str(entry["id"]), name=_as_str(entry["name"]), roles=roles)
        )
    return tuple(locations)


def _load_questions() -> tuple[Question, ...]:
    questions = []
    for raw in _as_list(_read_json("questions.json")):
        entry = _as_dict(raw)
        question_id = _as_str(entry["id"])
        answers = tuple(
            CannedAnswer(
                id=_as_str(answer["id"]),
                text=_as_str(answer["text"]),
                fits=frozenset(_as_str(fit) for fit in _as_list(answer["fits"])),
            )
            for answer in map(_as_dict, _as_list(entry["answers"]))
        )
        questions.append(
            Question(
                id=question_id,
                number=int(question_id.removeprefix("q")),
                text=_as_str(entry["text"]),
                answers=answers,
            )
        )
    return tuple(questions)


LOCATIONS: Final[tuple[Location, ...]] = _load_locations()  # Location List order
LOCATION_BY_ID: Final[dict[str, Location]] = {location.id: location for location in LOCATIONS}
ROLE_IDS: Final[frozenset[str]] = frozenset(
    role.id for location in LOCATIONS for role in location.roles
)  # 106 distinct ids: a few roles occur at two or three locations
QUESTIONS: Final[tuple[Question, ...]] = _load_questions()  # q1 … q80 in order
QUESTION_BY_ID: Final[dict[str, Question]] = {question.id: question for question in QUESTIONS}
