"""``TheMoleGame.public_data()``: the printed content a table page may show (TM-1, TM-2, section 7).

It is read from the game's content module, so a page never keeps a second copy of the words;
it must hold every location, role, question and canned answer, and nothing about a game.
"""

from __future__ import annotations

import json

from molehaven.core import CHANCE, JSONValue
from molehaven.games.the_mole.content import LOCATIONS, QUESTIONS
from molehaven.games.the_mole.game import TheMoleGame
from tests.games.the_mole.test_content import EXPECTED_ROLES, FIXED_TEXTS


def _as_dict(value: JSONValue) -> dict[str, JSONValue]:
    assert isinstance(value, dict)
    return value


def _as_list(value: JSONValue) -> list[JSONValue]:
    assert isinstance(value, list)
    return value


def test_tm_1_locations_and_roles_in_list_order_with_names() -> None:
    data = TheMoleGame.public_data()
    locations = [_as_dict(entry) for entry in _as_list(data["locations"])]
    assert [entry["id"] for entry in locations] == list(EXPECTED_ROLES)
    for entry, location in zip(locations, LOCATIONS, strict=True):
        assert entry["name"] == location.name
        roles = [_as_dict(role) for role in _as_list(entry["roles"])]
        assert [role["id"] for role in roles] == EXPECTED_ROLES[location.id]
        assert [role["name"] for role in roles] == [role.name for role in location.roles]
    assert _as_dict(locations[4])["name"] == "Cruise Ship"


def test_tm_2_every_question_and_canned_answer_by_id() -> None:
    questions = _as_dict(TheMoleGame.public_data()["questions"])
    assert list(questions) == [f"q{number}" for number in range(1, 81)]
    for question in QUESTIONS:
        shown = _as_dict(questions[question.id])
        assert shown["text"] == question.text
        answers = [_as_dict(answer) for answer in _as_list(shown["answers"])]
        assert [answer["id"] for answer in answers] == [f"a{i}" for i in range(1, len(answers) + 1)]
        assert [answer["text"] for answer in answers] == [a.text for a in question.answers]
    for question_id, text in FIXED_TEXTS.items():
        assert _as_dict(questions[question_id])["text"] == text


def test_public_data_is_plain_json_and_depends_on_no_game() -> None:
    """Section 7: static content only. It is the same for every player count and option, after
    play as before, and holds no key that could carry a round's secrets."""
    before = json.dumps(TheMoleGame.public_data(), sort_keys=True)
    game = TheMoleGame(5, target_score=2)
    state = game.initial_state()
    while not state.is_terminal() and state.num_actions < 40:
        if state.is_chance():
            state.apply(CHANCE, state.chance_outcomes()[-1][0])
        else:
            seat = next(s for s in state.to_move() if state.legal_actions(s))
            state.apply(seat, state.legal_actions(seat)[-1])
    assert state.num_actions == 40  # a round was dealt and played on
    assert json.dumps(game.public_data(), sort_keys=True) == before
    assert json.dumps(type(game).public_data(), sort_keys=True) == before
    text = before.lower()
    for secret_key in ('"mole"', '"location":', '"hand"', '"fits"', '"seat"'):
        assert secret_key not in text
