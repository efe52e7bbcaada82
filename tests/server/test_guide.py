"""The game guide: the short rules as HTML and the game's public content, for table pages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from molehaven.docs import how_to_play, rules_page, section
from tests.server.helpers import running_app


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with running_app(sqlite_url) as client:
        yield client


def test_section_takes_one_heading_body() -> None:
    page = "# T\n\n## A\none\n\n## How to play\ntwo\nthree\n\n## B\nfour\n"
    assert section(page, "How to play") == "two\nthree"
    assert section(page, "missing") == ""


def test_every_game_ships_its_rules_page(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    for entry in games:
        assert rules_page(entry["slug"]).startswith("# ")
        guide = client.get(f"/api/games/{entry['slug']}/guide").json()
        assert guide["rules_html"].startswith("<h1>")
        assert isinstance(guide["data"], dict)
        assert (guide["how_to_play_html"] == "") == (how_to_play(entry["slug"]) == "")
        # A table page names the options its table changes, in the lobby's words.
        assert guide["options"] == entry["options"]


def test_unknown_game_guide_is_404(client: TestClient) -> None:
    answer = client.get("/api/games/no-such-game/guide")
    assert answer.status_code == 404
