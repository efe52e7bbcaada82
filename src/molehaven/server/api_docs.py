"""``/docs``: the API's Swagger UI, served from this server so it works offline.

FastAPI's own ``/docs`` and ``/redoc`` pages load their scripts from a CDN, so they are blank
without internet. These pages replace them with Swagger UI's files as the
``swagger-ui-bundle`` package ships them, under ``/docs/assets``.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.routing import APIRoute
from starlette.routing import Route
from starlette.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]  # ships no types

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

    @app.get(DOCS_URL, include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi_url,
            title=title,
            swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS_URL}/favicon-32x32.png",
            oauth2_redirect_url=app.swagger_ui_oauth2_redirect_url,
        )

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> RedirectResponse:
        return RedirectResponse(DOCS_URL)

    app.mount(ASSETS_URL, StaticFiles(directory=str(swagger_ui_path)), name="api-docs-assets")
