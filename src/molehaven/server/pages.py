"""The HTML pages: the lobby, a table, a game's rules, and the page for a table that is not."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from molehaven.docs import rules_page
from molehaven.server.deps import AuthorityDep, RegistryDep
from molehaven.server.lobby.routes import anchor_decisions, markdown_html
from molehaven.server.matches.refusals import Rejected

WEB = Path(__file__).resolve().parent.parent / "web"
templates = Jinja2Templates(directory=WEB / "templates")
router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse, name="lobby_page")
def lobby_page(request: Request) -> HTMLResponse:
    return templates.TemplateResponse(request, "lobby.html", {"title": "Molehaven"})


@router.get("/tables/{table_id}", response_class=HTMLResponse, name="table_page")
async def table_page(request: Request, table_id: str, authority: AuthorityDep) -> HTMLResponse:
    """A table's page; an unknown id is a 404 page that says so and links to the lobby."""
    try:
        table = await authority.get(table_id) if len(table_id) <= 16 else None
    except Rejected as refusal:  # this address had too many old games read back lately
        return templates.TemplateResponse(
            request,
            "busy.html",
            {"title": "Slow down · Molehaven"},
            status_code=refusal.status,
            headers=refusal.headers,
        )
    if table is None:
        return templates.TemplateResponse(
            request,
            "missing.html",
            {"title": "No such table · Molehaven", "what": "table"},
            status_code=404,
        )
    return templates.TemplateResponse(
        request, "table.html", {"title": "Molehaven table", "table_id": table.id}
    )


@router.get("/rules/{slug}", response_class=HTMLResponse, name="rules_page")
def rules(request: Request, slug: str, registry: RegistryDep) -> HTMLResponse:
    """A game's rules page (the options' decision ids link to its anchors)."""
    if slug not in registry.list_games():
        return templates.TemplateResponse(
            request,
            "missing.html",
            {"title": "No such game · Molehaven", "what": "game"},
            status_code=404,
        )
    title = registry.info(slug).title
    return templates.TemplateResponse(
        request,
        "rules.html",
        {
            "title": f"{title}: rules · Molehaven",
            "game_title": title,
            "slug": slug,
            # rendered from our own rules page, raw HTML in it escaped (``markdown_html``)
            "rules_html": anchor_decisions(markdown_html(rules_page(slug))),
        },
    )
