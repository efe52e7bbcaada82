"""``/docs`` works offline: Swagger UI's files come from this server, not a CDN (issue 19)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import running_app


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with running_app(sqlite_url) as client:
        yield client


def test_docs_page_loads_nothing_from_another_host(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    assert "swagger-ui-bundle.js" in page.text
    assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", page.text, re.IGNORECASE)
    sources = re.findall(r"""(?:src|href)=["']([^"']+)["']""", page.text)
    assert sources
    for source in sources:
        asset = client.get(source)
        assert asset.status_code == 200, source
        assert len(asset.content) > 100, source
    assert '"/openapi.json"' in page.text or "'/openapi.json'" in page.text
    # The site's Content-Security-Policy runs no inline code: an inline start-up script (as
    # FastAPI writes it) left the page blank in browsers.
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert not re.search(r"<script(?![^>]*\bsrc=)", page.text)
    assert "<style" not in page.text
    assert client.get("/openapi.json").json()["info"]["title"] == "Molehaven"


def test_redoc_leads_to_the_local_docs(client: TestClient) -> None:
    response = client.get("/redoc", follow_redirects=False)
    assert response.status_code in (302, 307)
    assert response.headers["location"] == "/docs"
