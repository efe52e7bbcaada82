"""Regression tests for issue 12's findings: seats that stay theirs, error bodies that keep the
documented schema, limits on bodies and replays, tables that expire or end as abandoned."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import molehaven
from molehaven.server.matches.authority import Authority
from tests.server.helpers import (
    fill_bots,
    hello,
    is_over,
    new_table,
    receive_until,
    resign,
    running_app,
    sit,
    start,
)


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with running_app(sqlite_url, rate_burst=1000, rate_per_second=1000.0) as client:
        yield client


def authority_of(client: TestClient) -> Authority:
    authority: Authority = client.app.state.authority  # type: ignore[attr-defined]
    return authority


def test_a_removed_player_is_demoted_at_once_and_cannot_act_for_the_new_one(
    client: TestClient,
) -> None:
    """Bob takes seat 1, the host removes him, Carol takes seat 1: Bob's open connection
    must no longer be seat 1 (it was, for the whole connection, before)."""
    table_id, host = new_table(client, "mole-hill")
    ann = sit(client, table_id, 0, "Ann")
    bob = sit(client, table_id, 1, "Bob")
    with client.websocket_connect(f"/ws/tables/{table_id}") as bobs_tab:
        assert hello(bobs_tab, bob)["data"]["you"] == 1
        removed = client.delete(f"/api/tables/{table_id}/seats/1", headers={"X-Host-Token": host})
        assert removed.status_code == 204
        told = receive_until(bobs_tab, lambda m: m["type"] == "error")
        assert told["data"]["code"] == "seat-revoked"
        demoted = receive_until(bobs_tab, lambda m: m["type"] in ("snapshot", "update"))
        assert demoted["data"]["you"] is None and demoted["data"]["legal"] == []
        carol = sit(client, table_id, 1, "Carol")
        start(client, table_id, host)
        with client.websocket_connect(f"/ws/tables/{table_id}") as anns_tab:
            hello(anns_tab, ann)
            anns_tab.send_json({"type": "act", "data": {"action": "place e4"}})
            receive_until(anns_tab, lambda m: m.get("version") == 1)
        seen = receive_until(bobs_tab, lambda m: m.get("version") == 1)
        assert seen["data"]["you"] is None and seen["data"]["legal"] == []
        bobs_tab.send_json({"type": "act", "data": {"action": "rod e4 e5"}})
        assert receive_until(bobs_tab, lambda m: m["type"] == "error")["data"]["code"] in (
            "spectator",
            "seat-revoked",
        )
    assert client.get(f"/api/tables/{table_id}").json()["version"] == 1
    with client.websocket_connect(f"/ws/tables/{table_id}") as carols_tab:
        assert hello(carols_tab, carol)["data"]["you"] == 1


def test_a_resigned_seat_is_played_by_a_bot_to_the_end(client: TestClient) -> None:
    table_id, host = new_table(client, "mole-hill", rounds=1)
    ann = sit(client, table_id, 0, "Ann")
    fill_bots(client, table_id, host)
    start(client, table_id, host)
    with client.websocket_connect(f"/ws/tables/{table_id}") as tab:
        hello(tab, ann)
        resign(tab)
        final = receive_until(tab, is_over)
    seats = final["data"]["table"]["seats"]
    assert seats[0]["kind"] == "bot" and seats[0]["name"] == "Ann"
    assert final["data"]["you"] is None
    assert "Final scores: Ann" in final["data"]["result"]["summary"]


def test_an_away_seat_is_played_by_the_tables_bot_and_reclaimed_on_return(
    client: TestClient,
) -> None:
    created = client.post(
        "/api/tables", json={"game": "mole-hill", "options": {"rounds": 1}, "away_seconds": 1}
    ).json()
    table_id, host = created["table"]["id"], created["host_token"]
    ann = sit(client, table_id, 0, "Ann")
    fill_bots(client, table_id, host)
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        start(client, table_id, host)  # Ann never comes: after a second a bot plays for her
        standing_in = receive_until(
            watcher, lambda m: m["type"] != "error" and m["data"]["table"]["seats"][0]["stand_in"]
        )
        assert standing_in["data"]["table"]["seats"][0]["kind"] == "human"
        receive_until(watcher, lambda m: m.get("version", 0) >= 1)
    with client.websocket_connect(f"/ws/tables/{table_id}") as back:
        snapshot = hello(back, ann)
        if not is_over(snapshot):
            assert snapshot["data"]["you"] == 0
            assert snapshot["data"]["table"]["seats"][0]["stand_in"] is False


def test_get_table_reports_connected_seats(client: TestClient) -> None:
    table_id, _host = new_table(client, "mole-hill")
    ann = sit(client, table_id, 0, "Ann")
    with client.websocket_connect(f"/ws/tables/{table_id}") as tab:
        hello(tab, ann)
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert [seat["connected"] for seat in seats] == [True, False]


def test_deeply_nested_json_on_a_socket_is_answered_malformed(client: TestClient) -> None:
    table_id, _host = new_table(client, "mole-hill")
    with client.websocket_connect(f"/ws/tables/{table_id}") as tab:
        hello(tab, None)
        tab.send_text("[" * 1500)
        assert tab.receive_json()["data"]["code"] == "malformed"
        tab.send_text('{"ref": ' + "[" * 1800 + "]" * 1800 + "}")
        assert tab.receive_json()["data"]["code"] == "malformed"
        tab.send_json({"type": "ping"})
        assert tab.receive_json()["type"] == "pong"  # the connection carries on


@pytest.mark.parametrize("version", ["0", True, 0.0, -1])
def test_an_acts_version_must_be_a_real_whole_number(client: TestClient, version: object) -> None:
    table_id, host = new_table(client, "mole-hill")
    ann = sit(client, table_id, 0, "Ann")
    sit(client, table_id, 1, "Bob")
    start(client, table_id, host)
    with client.websocket_connect(f"/ws/tables/{table_id}") as tab:
        hello(tab, ann)
        tab.send_json({"type": "act", "version": version, "data": {"action": "place e4"}})
        assert tab.receive_json()["data"]["code"] == "malformed"
    assert client.get(f"/api/tables/{table_id}").json()["version"] == 0


def test_an_oversized_body_is_refused_before_it_is_parsed(sqlite_url: str) -> None:
    with running_app(sqlite_url, max_body_bytes=1024) as client:
        huge = json.dumps({"game": "mole-hill", "options": {f"k{i}": i for i in range(5000)}})
        response = client.post(
            "/api/tables", content=huge, headers={"Content-Type": "application/json"}
        )
        assert response.status_code == 413
        assert response.json()["code"] == "too-large"
        assert len(response.content) < 200

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
            yield huge.encode()[:800]
            yield huge.encode()[800:]

        streamed = client.post(
            "/api/tables", content=chunks(), headers={"Content-Type": "application/json"}
        )
        assert streamed.status_code == 413


def test_validation_errors_follow_the_schema_and_never_echo_input(client: TestClient) -> None:
    secret = "x" * 500
    response = client.post(f"/api/tables/{'a' * 8}/seats/0", json={"name": secret})
    assert response.status_code in (404, 422)
    table_id, _host = new_table(client, "mole-hill")
    response = client.post(f"/api/tables/{table_id}/seats/0", json={"name": secret})
    assert response.status_code == 422
    body = response.json()
    assert set(body) == {"detail", "code"} and isinstance(body["detail"], str)
    assert body["code"] == "invalid" and secret not in response.text
    unparsable = client.post(
        "/api/tables", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert unparsable.status_code == 422 and unparsable.json()["code"] == "invalid"


def test_rate_limits_answer_429_with_retry_after_and_are_documented(sqlite_url: str) -> None:
    with running_app(sqlite_url, http_rate_burst=1, http_rate_per_second=0.5) as client:
        client.post("/api/tables", json={"game": "mole-hill"})
        refused = client.post("/api/tables", json={"game": "mole-hill"})
        assert refused.status_code == 429 and refused.headers["retry-after"] == "2"
        assert refused.json()["code"] == "rate-limited"
        schema = client.get("/openapi.json").json()
        create = schema["paths"]["/api/tables"]["post"]["responses"]
        assert "Retry-After" in create["429"]["headers"]
        assert "413" in create
        replay = schema["paths"]["/api/tables/{table_id}/replay/{step}"]["get"]["responses"]
        assert "429" in replay


def test_join_url_comes_from_configuration_not_the_host_header(sqlite_url: str) -> None:
    with running_app(sqlite_url, public_url="https://moles.example") as client:
        created = client.post(
            "/api/tables", json={"game": "mole-hill"}, headers={"Host": "mypc:8000"}
        ).json()
        assert created["join_url"] == f"https://moles.example/tables/{created['table']['id']}"
        # A domain name the server does not answer to is refused outright (tests/server/
        # test_hosts.py): a rebinding page never gets this far.
        foreign = client.post(
            "/api/tables", json={"game": "mole-hill"}, headers={"Host": "evil.example"}
        )
        assert foreign.status_code == 400


def test_an_unknown_table_page_is_a_404_linking_to_the_lobby(client: TestClient) -> None:
    page = client.get("/tables/nosuchtable")
    assert page.status_code == 404
    assert "No such table" in page.text
    assert 'id="to-lobby" href="/"' in page.text


def finished_table(client: TestClient) -> tuple[str, molehaven.core.State]:  # type: ignore[name-defined]
    table_id, host = new_table(client, "mole-hill", rounds=1)
    fill_bots(client, table_id, host)
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        start(client, table_id, host)
        receive_until(watcher, is_over)
    record = client.get(f"/api/tables/{table_id}/record").json()
    return table_id, molehaven.replay(record)


def test_replay_steps_show_that_step_and_are_rate_limited(sqlite_url: str) -> None:
    with running_app(
        sqlite_url, replay_rate_burst=3, replay_rate_per_second=0.01, replay_snapshot_every=4
    ) as client:
        table_id, final = finished_table(client)
        history = final.history()
        # A step whose scores differ from the final ones where the game has one (the bots
        # play at random, so which step that is varies), else the middle.
        state = final.game.initial_state()
        step = 0
        for seat, action in history[:-1]:
            state.apply(seat, action)
            step += 1
            if step >= len(history) // 2 and state.scores() != final.scores():
                break
        shown = client.get(f"/api/tables/{table_id}/replay/{step}", params={"seat": 0}).json()
        assert shown["observation"] == json.loads(json.dumps(state.observation(0)))
        assert shown["scores"] == state.scores()
        assert step < len(history)
        assert shown["result"] is None
        last = client.get(f"/api/tables/{table_id}/replay/{len(history)}").json()
        assert last["scores"] == final.scores() and last["result"]["summary"]
        client.get(f"/api/tables/{table_id}/replay/0")
        refused = client.get(f"/api/tables/{table_id}/replay/1")
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1


def test_open_tables_nobody_touched_expire_and_free_their_place(sqlite_url: str) -> None:
    with running_app(sqlite_url, max_live_tables=1, open_table_seconds=60.0) as client:
        table_id, _host = new_table(client, "mole-hill")
        full = client.post("/api/tables", json={"game": "mole-hill"})
        assert full.status_code == 503 and full.json()["code"] == "full"
        authority = authority_of(client)
        later = authority.live[table_id].touched_at + 61
        client.portal.call(authority.sweep, later)  # type: ignore[attr-defined]
        assert client.get(f"/api/tables/{table_id}").status_code == 404
        assert client.post("/api/tables", json={"game": "mole-hill"}).status_code == 201


def test_a_game_nobody_touched_for_a_day_ends_abandoned_with_its_record(sqlite_url: str) -> None:
    with running_app(sqlite_url) as client:
        table_id, host = new_table(client, "mole-hill")
        sit(client, table_id, 0, "Ann")
        sit(client, table_id, 1, "Bob")
        start(client, table_id, host)
        authority = authority_of(client)
        later = authority.live[table_id].touched_at + 24 * 3600 + 1
        client.portal.call(authority.sweep, later)  # type: ignore[attr-defined]
        table = client.get(f"/api/tables/{table_id}").json()
        assert table["status"] == "abandoned"
        assert "Abandoned" in table["result"]["summary"]
        assert client.get(f"/api/tables/{table_id}/record").status_code == 200
        listed = client.get("/api/tables").json()
        assert [t["id"] for t in listed["over"]] == [table_id]
        assert listed["running"] == []


def test_sweeping_is_safe_to_run_concurrently(client: TestClient) -> None:
    new_table(client, "mole-hill")
    authority = authority_of(client)

    async def twice() -> None:
        await asyncio.gather(authority.sweep(10**12), authority.sweep(10**12))

    client.portal.call(twice)  # type: ignore[attr-defined]
    assert authority.live == {}


def test_options_read_as_labels_with_rule_ids_as_links(client: TestClient) -> None:
    games = {game["slug"]: game for game in client.get("/api/games").json()["games"]}
    jump = next(o for o in games["mole-hill"]["options"] if o["name"] == "centre_start_jump")
    assert jump["label"] == "Centre start jump"
    assert "MH-18" not in jump["summary"] and jump["summary"].startswith("A first placement")
    assert jump["decisions"] == ["MH-18"] and jump["rules_url"] == "/rules/mole-hill"
    rules = client.get("/rules/mole-hill")
    assert rules.status_code == 200 and 'id="MH-18"' in rules.text
    assert client.get("/rules/chess").status_code == 404


def test_a_resigned_token_may_ask_for_a_rematch_and_do_nothing_else(client: TestClient) -> None:
    """A resigned seat keeps its person's token hash, for the rematch alone: the token acts,
    talks, resigns, previews and leaves no more than a stranger's would."""
    created = client.post(
        "/api/tables", json={"game": "mole-hill", "options": {"rounds": 1}, "away_seconds": 3600}
    ).json()
    table_id, host = created["table"]["id"], created["host_token"]
    sit(client, table_id, 0, "Ann")
    bob = sit(client, table_id, 1, "Bob")
    start(client, table_id, host)
    with client.websocket_connect(f"/ws/tables/{table_id}") as tab:
        hello(tab, bob)
        resign(tab)
    with client.websocket_connect(f"/ws/tables/{table_id}") as tab:
        snapshot = hello(tab, bob)
        assert snapshot["data"]["you"] is None and snapshot["data"]["legal"] == []
        for message in (
            {"type": "act", "data": {"action": "place e4"}, "ref": "a"},
            {"type": "say", "data": {"text": "still here"}, "ref": "s"},
            {"type": "resign", "ref": "r"},
        ):
            tab.send_json(message)
            refused = receive_until(tab, lambda m: m["type"] == "error")
            assert refused["data"]["ref"] == message["ref"]
            assert refused["data"]["code"] in ("spectator", "seat-revoked"), refused
    headers = {"X-Seat-Token": bob}
    preview = client.post(
        f"/api/tables/{table_id}/preview", json={"action": "place e4"}, headers=headers
    )
    assert preview.status_code == 403
    assert client.delete(f"/api/tables/{table_id}/seats/1", headers=headers).status_code >= 400
    table = client.get(f"/api/tables/{table_id}").json()
    assert table["seats"][1]["kind"] == "bot" and table["seats"][1]["resigned"]
