"""Every answer carries the site's security headers: pages, the API, static files, errors and
refusals alike (docs/web.md, "Security")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import new_table, running_app

EXPECTED = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
}


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with running_app(sqlite_url) as client:
        yield client


def test_pages_api_files_and_errors_carry_the_security_headers(client: TestClient) -> None:
    table_id, _ = new_table(client, "mole-hill")
    answers = {
        "lobby": client.get("/"),
        "table page": client.get(f"/tables/{table_id}"),
        "unknown table page": client.get("/tables/nosuchtable"),
        "rules page": client.get("/rules/mole-hill"),
        "API": client.get(f"/api/tables/{table_id}"),
        "API error": client.get("/api/tables/nosuchtable"),
        "refused change": client.post(
            f"/api/tables/{table_id}/start", headers={"X-Host-Token": "x"}
        ),
        "invalid body": client.post("/api/tables", json={"game": 5}),
        "static file": client.get("/static/js/table.js"),
        "missing file": client.get("/static/js/no-such-file.js"),
    }
    expected_status = {
        "unknown table page": 404,
        "API error": 404,
        "refused change": 403,
        "invalid body": 422,
        "missing file": 404,
    }
    for what, answer in answers.items():
        assert answer.status_code == expected_status.get(what, 200), (what, answer.text[:200])
        for name, value in EXPECTED.items():
            assert answer.headers.get(name) == value, (what, name, answer.headers.get(name))
        policy = answer.headers.get("content-security-policy", "")
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy, what
