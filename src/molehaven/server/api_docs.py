"""``/docs``: the API's Swagger UI, served from this server so it works offline.

FastAPI's own ``/docs`` and ``/redoc`` pages load their scripts from a CDN, so they are blank
without internet. These pages replace them with Swagger UI's files as the ``swagger-ui-py``
package ships them, under ``/docs/assets``, started by a script file of ours (the site's
Content-Security-Policy runs no inline code).
"""

from __future__ import annotations

from html import escape
from importlib import resources

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.routing import APIRoute
from starlette.routing import Route
from starlette.staticfiles import StaticFiles

# Swagger UI 5's files as the swagger-ui-py package ships them (swagger-ui-bundle's 4.15
# cannot read the OpenAPI 3.1 documents FastAPI writes).
SWAGGER_FILES = resources.files("swagger_ui") / "static"

DOCS_URL = "/docs"
ASSETS_URL = f"{DOCS_URL}/assets"


def register_api_docs(app: FastAPI) -> None:
    """Serve ``/docs`` with local assets; ``/redoc`` (CDN only) leads to it."""
    replaced = {app.docs_url, app.redoc_url}
    app.router.routes[:] = [
        route
        for route in app.router.routes
        if not (isinstance(route, APIRoute | Route) and route.path in replaced)
    ]
    openapi_url = app.openapi_url or "/openapi.json"
    title = f"{app.title} API"

    page = _page(title, openapi_url)

    @app.get(DOCS_URL, include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return HTMLResponse(page)

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> RedirectResponse:
        return RedirectResponse(DOCS_URL)

    app.mount(ASSETS_URL, StaticFiles(directory=str(SWAGGER_FILES)), name="api-docs-assets")


def _page(title: str, openapi_url: str) -> str:
    """Swagger UI's page without inline code: the site's Content-Security-Policy allows
    scripts and styles from this server only, so the start-up script is a static file."""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{escape(title)}</title>
<link rel="stylesheet" href="{ASSETS_URL}/swagger-ui.css">
<link rel="icon" href="{ASSETS_URL}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui" data-openapi="{escape(openapi_url)}"></div>
<script src="{ASSETS_URL}/swagger-ui-bundle.js"></script>
<script src="/static/js/api-docs.js"></script>
</body>
</html>
"""
