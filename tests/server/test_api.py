"""The HTTP API: catalogue, lobby, permissions, records, pages and the OpenAPI schema."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import molehaven
from molehaven.core import address_seat, name_seats
from molehaven.games import REGISTRY
from tests.server.helpers import fill_bots, hello, new_table, running_app, sit, start


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with running_app(sqlite_url) as client:
        yield client


def test_catalogue_lists_every_registered_game_with_explained_options(client: TestClient) -> None:
    body = client.get("/api/games").json()
    assert [game["slug"] for game in body["games"]] == molehaven.list_games()
    assert "random" in body["agents"]
    for game in body["games"]:
        specs = REGISTRY.game_class(game["slug"]).option_specs()
        assert [option["name"] for option in game["options"]] == [spec.name for spec in specs]
        for option, spec in zip(game["options"], specs, strict=True):
            assert option["default"] == spec.default
            assert option["help"] == spec.help
            assert option["allowed"] == spec.allowed_text()


def test_bad_options_are_refused_with_the_valid_choices(client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": "mole-hill", "options": {"rounds": 3}})
    assert response.status_code == 422
    assert "rounds" in response.json()["detail"] and "1, 2" in response.json()["detail"]
    unknown = client.post("/api/tables", json={"game": "chess"})
    assert unknown.status_code == 422
    assert "mole-hill" in unknown.json()["detail"]
    players = client.post("/api/tables", json={"game": "mole-hill", "players": 3})
    assert players.status_code == 422


def test_seats_are_taken_once_and_names_are_checked(client: TestClient) -> None:
    table_id, _host = new_table(client, "mole-hill")
    sit(client, table_id, 0, "Ann")
    taken = client.post(f"/api/tables/{table_id}/seats/0", json={"name": "Bob"})
    assert taken.status_code == 409
    assert client.post(f"/api/tables/{table_id}/seats/5", json={"name": "Bob"}).status_code == 422
    for bad in ("", "   ", "a" * 33, "bell\x07"):
        response = client.post(f"/api/tables/{table_id}/seats/1", json={"name": bad})
        assert response.status_code == 422, bad
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [(s["kind"], s["name"]) for s in seats] == [("human", "Ann"), ("empty", "")]


def test_a_name_that_draws_nothing_or_piles_marks_is_refused(client: TestClient) -> None:
    # Found in a review: Hangul fillers, the Braille blank and lone combining marks passed as
    # names that show nothing (a player nobody can see), and a letter under 30 combining marks
    # drew over the lines around it. Real names with a few marks still pass.
    table_id, _host = new_table(client, "the-mole", 4)
    blank = ("\u3164", "\u2800", "\u115f\u1160", "\uffa0 \u3164", "\u0301", "\ufe0f")
    for bad in (*blank, "a" + "\u0301" * 5, "Zed" + "\u0336\u0337\u0338" * 10):
        response = client.post(f"/api/tables/{table_id}/seats/0", json={"name": bad})
        assert response.status_code == 422, ascii(bad)
        created = client.post("/api/tables", json={"game": "mole-hill", "sit": {"name": bad}})
        assert created.status_code == 422, ascii(bad)
    for seat, good in enumerate(("Nguyễn", "ကြွေး", "བསྒྲུབས", "😀")):
        sit(client, table_id, seat, good)


def test_only_the_host_adds_bots_and_starts(client: TestClient) -> None:
    table_id, host = new_table(client, "mole-hill")
    token = sit(client, table_id, 0, "Ann")
    for headers in ({}, {"X-Host-Token": "guess"}, {"X-Host-Token": token}):
        bots = client.post(f"/api/tables/{table_id}/bots", json={}, headers=headers)
        assert bots.status_code == 403
        assert client.post(f"/api/tables/{table_id}/start", headers=headers).status_code == 403
    early = client.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
    assert early.status_code == 409
    assert early.json()["code"] == "seats-empty"
    fill_bots(client, table_id, host)
    start(client, table_id, host)
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "running"
    late = client.post(f"/api/tables/{table_id}/seats/1", json={"name": "Late"})
    assert late.status_code == 409


def test_a_seat_can_be_left_by_its_player_or_the_host_before_the_start(client: TestClient) -> None:
    table_id, host = new_table(client, "mole-hill")
    token = sit(client, table_id, 0, "Ann")
    other = sit(client, table_id, 1, "Bob")
    url = f"/api/tables/{table_id}/seats/0"
    assert client.delete(url, headers={"X-Seat-Token": other}).status_code == 403
    assert client.delete(url, headers={"X-Seat-Token": token}).status_code == 204
    assert (
        client.delete(f"/api/tables/{table_id}/seats/1", headers={"X-Host-Token": host}).status_code
        == 204
    )
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["kind"] for s in seats] == ["empty", "empty"]


def test_tables_are_listed_by_status_and_finish_with_a_result(client: TestClient) -> None:
    table_id, host = new_table(client, "mole-hill", rounds=1)
    assert [t["id"] for t in client.get("/api/tables").json()["open"]] == [table_id]
    fill_bots(client, table_id, host)
    start(client, table_id, host)  # two bots play it out by themselves
    for _ in range(2000):
        listed = client.get("/api/tables").json()
        if listed["over"]:
            break
    assert [t["id"] for t in listed["over"]] == [table_id]
    finished = listed["over"][0]
    assert sum(finished["result"]["returns"]) == pytest.approx(1.0)
    record = client.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200
    assert "attachment" in record.headers["content-disposition"]
    state = molehaven.replay(record.json())
    assert state.is_terminal()
    assert state.num_actions == finished["version"]
    step = client.get(f"/api/tables/{table_id}/replay/2", params={"seat": 1}).json()
    second = record.json()["actions"][1]
    before = molehaven.replay({**record.json(), "actions": record.json()["actions"][:1]})
    words = before.describe_action(second["seat"], before.game.parse_action(second["action"]), 1)
    assert step["action"] == {
        "seat": second["seat"],
        "text": second["action"],
        # the engine's words, seat 1's own as "you"; two seats named alike are told apart by
        # their numbers from 1
        "describe": name_seats(address_seat(words, 1), ["random bot 1", "random bot 2"]),
    }
    assert step["total"] == finished["version"]
    assert client.get(f"/api/tables/{table_id}/replay/99999").status_code == 422


def test_a_hidden_information_record_stays_closed_until_the_end(client: TestClient) -> None:
    hidden = [s for s in molehaven.list_games() if not REGISTRY.info(s).perfect_information]
    if not hidden:
        pytest.skip("no hidden-information game is registered yet")
    table_id, host = new_table(client, hidden[0])
    sit(client, table_id, 0, "Ann")
    fill_bots(client, table_id, host)
    start(client, table_id, host)
    assert client.get(f"/api/tables/{table_id}/record").status_code == 409
    assert client.get(f"/api/tables/{table_id}/replay/0").status_code == 409


def test_pages_are_served_with_a_content_security_policy(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200
    assert "create-form" in lobby.text
    assert "script-src 'self'" in lobby.headers["content-security-policy"]
    table_id, _host = new_table(client, "mole-hill")
    table = client.get(f"/tables/{table_id}")
    assert f'data-table-id="{table_id}"' in table.text
    assert client.get("/static/js/table.js").status_code == 200
    assert client.get("/api/tables/nothere").status_code == 404


def test_the_api_has_an_openapi_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path in (
        "/api/games",
        "/api/tables",
        "/api/tables/{table_id}/seats/{seat}",
        "/api/tables/{table_id}/bots",
        "/api/tables/{table_id}/start",
        "/api/tables/{table_id}/record",
        "/api/tables/{table_id}/replay/{step}",
    ):
        assert path in schema["paths"], path
    for name in ("TableCreate", "TableCreated", "SeatJoin", "Catalogue", "ReplayStep"):
        assert name in schema["components"]["schemas"], name


def test_floods_of_changes_over_http_are_refused(sqlite_url: str) -> None:
    with running_app(sqlite_url, http_rate_burst=3, http_rate_per_second=0.001) as client:
        codes = [
            client.post("/api/tables", json={"game": "mole-hill"}).status_code for _ in range(5)
        ]
        assert codes == [201, 201, 201, 429, 429]
        assert client.get("/api/games").status_code == 200  # reading is not limited


def test_an_invite_only_table_is_not_listed_and_is_reached_by_its_link(
    client: TestClient,
) -> None:
    # Listed tables' free seats can be taken by anyone who reads the lobby; a table for
    # friends is reached by its link only (its id is a 64-bit random secret).
    response = client.post("/api/tables", json={"game": "mole-hill", "listed": False})
    assert response.status_code == 201
    hidden = response.json()["table"]["id"]
    shown, _host = new_table(client, "mole-hill")
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed["open"]] == [shown]
    sit(client, hidden, 0, "Ann")
    assert client.get(f"/api/tables/{hidden}").json()["seats"][0]["name"] == "Ann"
    hidden_host = response.json()["host_token"]
    fill_bots(client, hidden, hidden_host)
    start(client, hidden, hidden_host)
    assert client.get("/api/tables").json()["running"] == []


def test_the_host_takes_seat_0_in_the_creating_request(client: TestClient) -> None:
    # Two requests (create, then sit) left seat 0 open in between to anyone polling the lobby.
    response = client.post("/api/tables", json={"game": "mole-hill", "sit": {"name": " Ann "}})
    assert response.status_code == 201
    body = response.json()
    assert body["seat"]["seat"] == 0
    assert [(s["kind"], s["name"]) for s in body["table"]["seats"]] == [
        ("human", "Ann"),
        ("empty", ""),
    ]
    table_id = body["table"]["id"]
    (listed,) = client.get("/api/tables").json()["open"]  # read from the database
    assert [s["name"] for s in listed["seats"]] == ["Ann", ""]
    assert client.post(f"/api/tables/{table_id}/seats/0", json={"name": "Bob"}).status_code == 409
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        assert hello(socket, body["seat"]["token"])["data"]["you"] == 0
    bad = client.post("/api/tables", json={"game": "mole-hill", "sit": {"name": "bell\x07"}})
    assert bad.status_code == 422
    assert client.post("/api/tables", json={"game": "mole-hill"}).json()["seat"] is None
