"""The HTML pages: the lobby and a table. Both are thin shells filled by the page's script."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

WEB = Path(__file__).resolve().parent.parent / "web"
templates = Jinja2Templates(directory=WEB / "templates")
router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse, name="lobby_page")
def lobby_page(request: Request) -> HTMLResponse:
    return templates.TemplateResponse(request, "lobby.html", {"title": "Molehaven"})


@router.get("/tables/{table_id}", response_class=HTMLResponse, name="table_page")
def table_page(request: Request, table_id: str) -> HTMLResponse:
    return templates.TemplateResponse(
        request, "table.html", {"title": "Molehaven table", "table_id": table_id[:16]}
    )
