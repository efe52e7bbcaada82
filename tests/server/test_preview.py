"""``POST /api/tables/{id}/preview``: a seat's own legal action applied to a clone, shown as that
seat's observation. It must leak nothing: the same preview comes out of every state the seat
cannot tell apart from the true one, chance is never applied, a finished game is never shown,
and only the seat's own token can ask."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from fastapi.testclient import TestClient

from molehaven.core import State
from molehaven.server.matches.table import LiveTable
from molehaven.server.tokens import hash_token
from tests.games.mole_majority.test_reveals import state_with_a_home_action
from tests.server.helpers import new_table, running_app, sit, start

SHORT = {"turn_limit": 6, "claim_tokens": 3}
RESAMPLES = 4
# Always legal at the start of a turn (MM-13); a hand of five always holds one of them.
SIMPLE_PLAYS = {"play four", "play three", "play two", "play twoplus", "play cavein"}


def two_people(client: TestClient, game: str = "mole-majority") -> tuple[str, list[str]]:
    table_id, host = new_table(client, game, 2, **(SHORT if game == "mole-majority" else {}))
    tokens = [sit(client, table_id, 0, "Ann"), sit(client, table_id, 1, "Bob")]
    start(client, table_id, host)
    return table_id, tokens


def live_table(client: TestClient, table_id: str) -> LiveTable:
    table: LiveTable = client.app.state.authority.live[table_id]  # type: ignore[attr-defined]
    return table


def act(client: TestClient, table: LiveTable, token: str, seat: int, action: str) -> None:
    authority = client.app.state.authority  # type: ignore[attr-defined]
    assert client.portal is not None
    holder = hash_token(token)  # the authority checks the seat is still this token's
    client.portal.call(
        partial(authority.act, table, seat=seat, holder=holder, text=action, version=None)
    )


def ask(client: TestClient, table_id: str, token: str | None, action: str) -> Any:
    headers = {} if token is None else {"X-Seat-Token": token}
    return client.post(f"/api/tables/{table_id}/preview", json={"action": action}, headers=headers)


def seen_after(state: State, seat: int, action: str) -> dict[str, Any] | None:
    trial = state.clone()
    trial.apply(seat, action)
    return None if trial.is_terminal() else dict(trial.observation(seat))


def test_a_preview_is_what_the_seat_would_see_and_nothing_more(sqlite_url: str) -> None:
    rng = random.Random(14)
    checked = ended = refused = 0
    games = 0
    with running_app(sqlite_url) as client:
        # The server draws chance from its own generator, so whether a game's last action is
        # ever previewed varies: play short games until one is and enough were checked.
        while (ended == 0 or checked <= 50) and games < 8:
            games += 1
            checked, ended, refused = _preview_a_whole_game(client, rng, checked, ended, refused)
    assert checked > 50
    assert ended >= 1  # the last "end" was previewed and withheld at least once


def _preview_a_whole_game(
    client: TestClient, rng: random.Random, checked: int, ended: int, refused: int
) -> tuple[int, int, int]:
    table_id, tokens = two_people(client)
    table = live_table(client, table_id)
    while not table.state.is_terminal():
        state = table.state
        seat = state.to_move()[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        homes = [action for action in legal if action.startswith("home ")]
        for action in rng.sample(legal, min(3, len(legal))) + homes:
            response = ask(client, table_id, tokens[seat], action)
            if action in homes:  # MM-28: the token taken would show its value first
                assert response.status_code == 409
                assert response.json()["code"] == "reveals"
                refused += 1
                continue
            body = response.json()
            expected = seen_after(state, seat, action)
            assert body["ends"] == (expected is None)
            assert body["observation"] == expected
            # The seat cannot tell these states from the true one: neither can its preview.
            for _ in range(RESAMPLES):
                other = state.resample_hidden(seat, rng)
                assert seen_after(other, seat, action) == expected
            if expected is not None:
                checked += 1
                assert "hands" not in body["observation"]  # only a finished game opens them
            else:
                ended += 1
            assert table.state.num_actions == state.num_actions  # the game did not move
        act(client, table, tokens[seat], seat, rng.choice(legal))
    return checked, ended, refused


def test_chance_is_never_applied_in_a_preview(sqlite_url: str) -> None:
    """Ending a turn draws a card (MM-34): the preview stops before the draw."""
    with running_app(sqlite_url) as client:
        table_id, tokens = two_people(client)
        table = live_table(client, table_id)
        while table.state.observation(None)["phase"] != "start":
            seat = table.state.to_move()[0]
            act(client, table, tokens[seat], seat, str(table.state.legal_actions(seat)[0]))
        seat = table.state.to_move()[0]
        hand = table.state.observation(seat)["hand"]
        simple = [a for a in map(str, table.state.legal_actions(seat)) if a in SIMPLE_PLAYS]
        act(client, table, tokens[seat], seat, simple[0])
        body = ask(client, table_id, tokens[seat], "end").json()
        assert body["observation"]["phase"] == "draw"
        assert len(body["observation"]["hand"]) == len(hand) - 1
        assert table.state.observation(seat)["phase"] == "main"  # the real game did not move


def test_only_the_seat_itself_may_preview(sqlite_url: str) -> None:
    with running_app(sqlite_url) as client:
        table_id, tokens = two_people(client)
        table = live_table(client, table_id)
        seat = table.state.to_move()[0]
        action = str(table.state.legal_actions(seat)[0])
        assert ask(client, table_id, tokens[seat], action).status_code == 200
        assert ask(client, table_id, None, action).status_code == 403
        assert ask(client, table_id, "not-a-token", action).status_code == 403
        # The other seat may not preview the mover's action: it is not legal for it.
        assert ask(client, table_id, tokens[1 - seat], action).status_code == 422
        assert ask(client, table_id, tokens[seat], "fly away").status_code == 422
        assert ask(client, "nosuchtable", tokens[seat], action).status_code == 404


def test_games_whose_actions_reveal_secrets_offer_no_preview(sqlite_url: str) -> None:
    with running_app(sqlite_url) as client:
        table_id, _host = new_table(client, "the-mole", 3)
        token = sit(client, table_id, 0, "Ann")
        response = ask(client, table_id, token, "anything")
        assert response.status_code == 404
        assert response.json()["code"] == "no-preview"


def test_make_a_home_is_not_previewed(sqlite_url: str) -> None:
    """MM-28: the face-down token taken would show its value before the seat commits."""
    state, seat = state_with_a_home_action()
    home = next(str(a) for a in state.legal_actions(seat) if str(a).startswith("home "))
    other = next(str(a) for a in state.legal_actions(seat) if not str(a).startswith("home "))
    with running_app(sqlite_url) as client:
        table_id, tokens = two_people(client)
        table = live_table(client, table_id)
        table.game, table.state = state.game, state  # the table reaches a Make A Home
        refused = ask(client, table_id, tokens[seat], home)
        assert refused.status_code == 409
        assert refused.json()["code"] == "reveals"
        assert ask(client, table_id, tokens[seat], other).status_code == 200
