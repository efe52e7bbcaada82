"""The public entry points: make, list_games, replay, CHANCE, CLOCK and their errors."""

from __future__ import annotations

import json

import pytest

import molehaven
from molehaven.core import IllegalActionError, RecordError, UnknownGameError
from molehaven.core.game import winners_returns


def test_pseudo_seats_have_fixed_values() -> None:
    assert molehaven.CHANCE == -1
    assert molehaven.CLOCK == -2


def test_list_games_names_every_game_once() -> None:
    games = molehaven.list_games()
    assert "mole-hill" in games
    assert len(games) == len(set(games))


def test_unknown_game_names_the_valid_ones() -> None:
    with pytest.raises(UnknownGameError, match=r"unknown game 'chess'; valid: .*mole-hill"):
        molehaven.make("chess")
    assert issubclass(UnknownGameError, ValueError)


def test_games_compare_by_slug_players_and_options() -> None:
    assert molehaven.make("mole-hill") == molehaven.make("mole-hill", players=2, rounds=2)
    assert molehaven.make("mole-hill") != molehaven.make("mole-hill", rounds=1)
    assert repr(molehaven.make("mole-hill", rounds=1)).startswith("make('mole-hill', players=2")


def sample_record() -> dict[str, object]:
    game = molehaven.make("mole-hill")
    state = game.initial_state()
    for seat, text in [(0, "place e4"), (1, "rod e4 e5"), (0, "move a1")]:
        state.apply(seat, game.parse_action(text))
    return json.loads(json.dumps(state.record()))


def test_replay_rebuilds_the_state() -> None:
    record = sample_record()
    state = molehaven.replay(record)
    assert state.record() == record
    assert state.observation(None)["stack"] == "a1"


@pytest.mark.parametrize(
    ("change", "message", "index", "text"),
    [
        (lambda r: r["actions"].append({"seat": 1, "action": "rod e4 e5"}), "action 3", 3,
         "rod e4 e5"),
        (lambda r: r["actions"].insert(1, {"seat": 1, "action": "dig e4"}), "action 1", 1,
         "dig e4"),
        (lambda r: r["actions"].insert(0, {"seat": 1, "action": "place e4"}), "action 0", 0,
         "place e4"),
    ],
)  # fmt: skip
def test_replay_names_the_bad_action(change, message: str, index: int, text: str) -> None:  # type: ignore[no-untyped-def]
    record = sample_record()
    change(record)
    with pytest.raises(RecordError, match=message) as caught:
        molehaven.replay(record)
    assert (caught.value.index, caught.value.text) == (index, text)
    assert text in str(caught.value)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ([], "must be a JSON object"),
        ({"game": "mole-hill"}, "lacks actions"),
        ({"format": 2, "game": "mole-hill", "actions": []}, "unsupported record format 2"),
        ({"game": "mole-hill", "actions": [], "options": {"rounds": 5}}, "1, 2"),
        ({"game": "mole-hill", "actions": [{"seat": "0", "action": "place e4"}]}, "action 0"),
        ({"game": "mole-hill", "actions": {}}, "'actions' must be a list"),
    ],
)
def test_malformed_records_are_refused(record: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        molehaven.replay(record)  # type: ignore[arg-type]


def test_illegal_action_message_lists_own_legal_actions_only() -> None:
    game = molehaven.make("mole-hill")
    state = game.initial_state()
    state.apply(0, game.parse_action("place a1"))
    with pytest.raises(IllegalActionError, match="seat 0 cannot play move b1 now"):
        state.apply(0, game.parse_action("move b1"))
    with pytest.raises(IllegalActionError, match=r"legal: rod a1 b1, rod a1 a2, .*\(110 in all\)"):
        state.apply(1, game.parse_action("move b1"))


def test_history_and_num_actions_follow_apply() -> None:
    state = molehaven.replay(sample_record())
    assert state.num_actions == 3
    assert [(seat, str(action)) for seat, action in state.history()] == [
        (0, "place e4"), (1, "rod e4 e5"), (0, "move a1"),
    ]  # fmt: skip
    assert list(state.actors_newest_first()) == [0, 1, 0]
    assert list(state.game.initial_state().actors_newest_first()) == []


def test_winners_returns_share_equally() -> None:
    assert winners_returns(4, [1, 3]) == [0.0, 0.5, 0.0, 0.5]
    assert winners_returns(3, [0, 1, 2]) == pytest.approx([1 / 3] * 3)


def test_apply_accepts_notation_text() -> None:
    game = molehaven.make("mole-hill")
    state = game.initial_state()
    state.apply(0, "PLACE  e4")
    assert [str(action) for _, action in state.history()] == ["place e4"]
    with pytest.raises(ValueError, match="unknown action 'dig'"):
        state.apply(1, "dig e4")
    assert state.num_actions == 1
