"""Lobby routes: the game catalogue, creating and listing tables, seats, bots and the start."""

from __future__ import annotations

import asyncio
import functools
import math
import re
import time
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response, status
from markdown_it import MarkdownIt

from molehaven.docs import HOW_TO_PLAY, rules_page, section
from molehaven.server import tokens
from molehaven.server.deps import (
    AuthorityDep,
    HostToken,
    HubDep,
    RegistryDep,
    SeatToken,
    SettingsDep,
)
from molehaven.server.hub import HOST_COOKIE, Hub
from molehaven.server.limits import client_address
from molehaven.server.lobby import service
from molehaven.server.lobby.models import OPEN, RUNNING, SeatRow, TableRow
from molehaven.server.lobby.schemas import (
    BotsAdd,
    Catalogue,
    GameGuide,
    GamePublic,
    OptionPublic,
    Problem,
    RematchAsked,
    RematchJoined,
    SeatJoin,
    SeatJoined,
    SeatPublic,
    TableCreate,
    TableCreated,
    TableList,
    TablePublic,
    TableSummary,
)
from molehaven.server.matches import service as event_store
from molehaven.server.matches.refusals import Rejected
from molehaven.server.matches.table import EMPTY, HUMAN, seat_labels
from molehaven.server.matches.views import table_public
from molehaven.server.settings import Settings

router = APIRouter(prefix="/api", tags=["lobby"])
TableId = Path(max_length=16, description="the table's id, as in its link")
ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": Problem, "description": "not allowed (a wrong or missing token)"},
    404: {"model": Problem, "description": "no such table or game"},
    409: {"model": Problem, "description": "not now (e.g. the game has started)"},
    422: {
        "model": Problem,
        "description": "invalid input, including a body that is not JSON (code `invalid`)",
    },
    503: {"model": Problem, "description": "the server holds too many tables"},
}
RATE_LIMITED: dict[int | str, dict[str, Any]] = {
    429: {
        "model": Problem,
        "description": "too many requests from this address",
        "headers": {
            "Retry-After": {
                "description": "seconds to wait before trying again",
                "schema": {"type": "integer"},
            }
        },
    }
}
CHANGES: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    **RATE_LIMITED,
    413: {"model": Problem, "description": "the request body is too large"},
}


@router.get("/games", response_model=Catalogue)
def games(registry: RegistryDep, authority: AuthorityDep) -> Catalogue:
    """Every registered game with its player counts and options (defaults explained)."""
    entries = []
    for slug in registry.list_games():
        info = registry.game_class(slug).info
        entries.append(
            GamePublic(
                slug=info.slug,
                title=info.title,
                summary=info.summary,
                min_players=info.min_players,
                max_players=info.max_players,
                has_chance=info.has_chance,
                has_clock=info.has_clock,
                simultaneous=info.simultaneous,
                perfect_information=info.perfect_information,
                options=options_public(registry, slug),
            )
        )
    return Catalogue(games=entries, agents=list(authority.agents))


def options_public(registry: RegistryDep, slug: str) -> list[OptionPublic]:
    """A game's options as the lobby's form and a table's page explain them."""
    return [
        OptionPublic(
            name=spec.name,
            label=option_label(spec.name),
            summary=option_label(DECISION_IDS_IN_PARENS.sub("", spec.help)),
            decisions=DECISION_ID.findall(spec.help),
            rules_url=f"/rules/{slug}",
            type=spec.type.__name__,
            default=spec.default,
            help=spec.help,
            choices=list(spec.choices) if spec.choices is not None else None,
            minimum=spec.minimum,
            maximum=spec.maximum,
            allowed=spec.allowed_text(),
        )
        for spec in registry.game_class(slug).option_specs()
    ]


@router.get("/games/{slug}/guide", response_model=GameGuide, responses=ERRORS)
def game_guide(slug: Annotated[str, Path(max_length=40)], registry: RegistryDep) -> GameGuide:
    """The short and the full rules page as HTML, and the game's public content."""
    if slug not in registry.list_games():
        raise Rejected("unknown-game", f"no game {slug!r}", status=404)
    game_class = registry.game_class(slug)
    page = rules_page(slug)
    return GameGuide(
        slug=slug,
        title=game_class.info.title,
        how_to_play_html=markdown_html(section(page, HOW_TO_PLAY)),
        rules_html=markdown_html(page),
        data=dict(game_class.public_data()),
        options=options_public(registry, slug),
    )


DECISION_ID = re.compile(r"\b(?:MH|MC|MP|MM|TM)-\d+\b")
DECISION_IDS_IN_PARENS = re.compile(r"\s*\((?:(?:MH|MC|MP|MM|TM)-\d+(?:,\s*)?)+\)")


def option_label(name: str) -> str:
    """An option's name (or help) as people read it: ``centre_start_jump`` → "Centre start
    jump"."""
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


@functools.lru_cache(maxsize=16)
def anchor_decisions(html: str) -> str:
    """Give each decision id's first mention an anchor, so ``/rules/<slug>#MH-2`` lands on it."""
    seen: set[str] = set()

    def anchor(match: re.Match[str]) -> str:
        decision = match.group(0)
        if decision in seen:
            return decision
        seen.add(decision)
        return f'<span class="decision" id="{decision}">{decision}</span>'

    return DECISION_ID.sub(anchor, html)


# The rules pages ship with the package and never change while the server runs: each is
# rendered once, not on every request (2.6-6.5 ms each, and reads are not rate limited).
@functools.lru_cache(maxsize=32)
def markdown_html(text: str) -> str:
    # Raw HTML in a page is escaped, never passed through: the pages are ours, but the rule
    # costs nothing and keeps the page safe if one ever quotes a player.
    html: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    return html


@router.post(
    "/tables", status_code=status.HTTP_201_CREATED, response_model=TableCreated, responses=CHANGES
)
async def create_table(
    body: TableCreate,
    authority: AuthorityDep,
    settings: SettingsDep,
    request: Request,
    response: Response,
) -> TableCreated:
    """Create an open table; the answer holds the host token and the link to share (built
    from the server's configured public address, never from the request). One address may
    host a few tables at a time (``max_tables_per_address``). A cookie carries the host token
    to the table's socket only, so the lobby counts the host as there while they wait for
    players without sitting down."""
    table, host_token, seat_token = await authority.create(
        game=body.game,
        players=body.players,
        options=body.options,
        away_seconds=body.away_seconds,
        listed=body.listed,
        host_address=client_address(request),
        first_player=body.sit.name if body.sit is not None else None,
    )
    _host_cookie(response, settings, table.id, host_token)
    return TableCreated(
        table=TablePublic.model_validate(table_public(table)),
        host_token=host_token,
        join_url=f"{settings.public_url}/tables/{table.id}",
        seat=SeatJoined(seat=0, token=seat_token) if seat_token is not None else None,
    )


def _host_cookie(response: Response, settings: Settings, table_id: str, token: str) -> None:
    """Let the browser that holds the host token show the table's socket (and nothing else:
    the cookie's path is that socket's) that it does. The cookie holds not the token but a
    proof made from its hash (``tokens.presence_token``), which lets its holder do nothing
    but count as at their table (``Hub.host_here``)."""
    response.set_cookie(
        HOST_COOKIE,
        tokens.presence_token(tokens.hash_token(token), table_id),
        max_age=HOST_COOKIE_SECONDS,
        path=f"/ws/tables/{table_id}",
        secure=settings.public_url.startswith("https:"),
        httponly=True,
        samesite="strict",
    )


# An open table expires ``open_table_seconds`` after its host and its people left it; a day
# is longer than any host waits at it for players (the cookie counts at the socket's start).
HOST_COOKIE_SECONDS = 24 * 3600


def _summary(row: TableRow) -> TableSummary:
    return TableSummary(
        id=row.id,
        game=row.game,
        title=row.game,
        players=row.players,
        status=row.status,
        version=row.version,
        seats=[
            _seat(seat, label)
            for seat, label in zip(
                row.seats, seat_labels([seat.name for seat in row.seats]), strict=True
            )
        ],
        updated_at=row.updated_at,
        result=dict(row.result) if row.result is not None else None,
        host_seat=row.host_seat,
        options=dict(row.options),
    )


def _seat(row: SeatRow, label: str) -> SeatPublic:
    return SeatPublic(
        seat=row.seat,
        kind=row.kind,
        name=row.name,
        label=label,
        agent=row.agent,
        stand_in=row.stand_in,
        resigned=row.resigned,
    )


class LobbyList:
    """The lobby's list as JSON, built at most once every ``seconds`` for every client (it is
    the same for all): every open lobby asks for it every 4 s, reads are not rate limited,
    and building it reads the database (30-50 ms of CPU with a few hundred tables), so a
    client asking in a loop kept a process busy (found in a security review). Requests that
    come while it is built wait for it, and get it. ``seconds`` <= 0: built for each request.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._json = b""
        self._built_at = -math.inf
        self._building = asyncio.Lock()

    async def get(self, build: Callable[[], Awaitable[TableList]]) -> bytes:
        if self.seconds <= 0:
            return (await build()).model_dump_json().encode()
        async with self._building:
            if time.monotonic() - self._built_at >= self.seconds:
                self._json = (await build()).model_dump_json().encode()
                self._built_at = time.monotonic()
            return self._json


@router.get("/tables", response_model=TableList)
async def list_tables(
    authority: AuthorityDep,
    registry: RegistryDep,
    hub: HubDep,
    settings: SettingsDep,
    request: Request,
) -> Response:
    """Open tables (seats to take), running ones (to watch) and recently finished ones, up
    to 50 of each. Open and running ones say who of their people is here now and, running,
    when the last move was. Open ones come with free seats first, then the full ones waiting
    for their host to start, then those nobody has been at for a few minutes (``deserted``);
    in each group those with someone here (a seated person, or the host) first, then the
    most recently changed. The list may be up to ``lobby_cache_seconds`` (1 s) old."""
    cache: LobbyList = request.app.state.lobby_list
    listing = await cache.get(lambda: _build_list(authority, registry, hub, settings))
    return Response(listing, media_type="application/json")


async def _build_list(
    authority: AuthorityDep, registry: RegistryDep, hub: HubDep, settings: SettingsDep
) -> TableList:
    listed: dict[str, list[TableSummary]] = {}
    # Someone at an open table wins it a place however long ago its seats changed: of the
    # tables this server knows someone is at (or was a moment ago), those that come first in
    # the list are read besides the 50 that changed last.
    lively = hub.lively(time.time() - settings.deserted_seconds)
    async with authority.db.read() as session:
        for status_name, statuses in service.LISTED.items():
            also: list[str] = []
            if status_name == OPEN and lively:
                also = _first_of(await service.glance_open(session, lively), hub, settings)
            rows = await service.recent_tables(session, statuses=statuses, also=also)
            moved = {}
            if status_name == RUNNING:
                moved = await event_store.last_moves(session, [row.id for row in rows])
            summaries = []
            for row in rows:
                summary = _summary(row)
                if row.game in registry.list_games():
                    summary.title = registry.info(row.game).title
                if status_name in (OPEN, RUNNING):
                    _liveness(summary, row, hub, settings, moved.get(row.id))
                summaries.append(summary)
            if status_name == OPEN:
                summaries.sort(key=_open_order)
            listed[status_name] = summaries[: service.LISTED_PER_STATUS]
    return TableList(**listed)


def _first_of(glances: list[service.Glance], hub: Hub, settings: Settings) -> list[str]:
    """The ids of the ``LISTED_PER_STATUS`` glanced open tables that come first in the
    lobby's order (``_open_order``, the most recently changed first within each group): no
    other of them can win a place, so only these are read whole."""
    now = time.time()

    def rank(glance: service.Glance) -> tuple[bool, bool, bool]:
        people = [seat for seat, kind in enumerate(glance.kinds) if kind == HUMAN]
        present, host_here, _, deserted = _presence(
            glance.id, OPEN, glance.updated_at, people, hub, settings, now
        )
        full = all(kind != EMPTY for kind in glance.kinds)
        return _open_rank(deserted=deserted, full=full, here=bool(present) or host_here)

    newest_first = sorted(glances, key=lambda glance: glance.updated_at, reverse=True)
    return [glance.id for glance in sorted(newest_first, key=rank)][: service.LISTED_PER_STATUS]


def _open_order(summary: TableSummary) -> tuple[bool, bool, bool]:
    """Where an open table comes in the lobby (``_open_rank``; a stable sort keeps the most
    recently changed first within each group). Sorted here, before the list is cut to
    ``LISTED_PER_STATUS``: the tables cut are the ones least wanted."""
    full = all(seat.kind != EMPTY for seat in summary.seats)
    here = bool(summary.present) or summary.host_here
    return _open_rank(deserted=summary.deserted, full=full, here=here)


def _open_rank(*, deserted: bool, full: bool, here: bool) -> tuple[bool, bool, bool]:
    """Those someone has been at lately before the deserted; among them, those with a free
    seat before the full ones (a person looking for a game wants a seat; a full table waits
    for its host to start, and can only be watched); and within each, those someone is at
    now first."""
    return deserted, full, not here


def _presence(
    table_id: str,
    status: str,
    updated_at: float,
    people: list[int],
    hub: Hub,
    settings: Settings,
    now: float,
) -> tuple[int, bool, float, bool]:
    """Of a live table whose seats ``people`` are people's: how many of them are connected,
    whether its host is (open tables), how long ago one of them (or the host) was last here
    (0 while one is) and whether the table is deserted (open, nobody here for a few
    minutes)."""
    connected = hub.connected_seats(table_id)
    present = sum(seat in connected for seat in people)
    # A host who has not sat down is at their table too: they wait there for players.
    host_here = status == OPEN and hub.host_here(table_id)
    # Taking or leaving a seat (``updated_at``) is someone there, if only for a moment.
    seen = max(hub.last_seen(table_id) or 0.0, updated_at)
    seen_ago = 0.0 if present or host_here else max(0.0, now - seen)
    deserted = status == OPEN and seen_ago > settings.deserted_seconds
    return present, host_here, seen_ago, deserted


def _liveness(
    summary: TableSummary, row: TableRow, hub: Hub, settings: Settings, moved_at: float | None
) -> None:
    """Who of a live table's people is here, since when nobody is, and its last move."""
    now = time.time()
    connected = hub.connected_seats(row.id)
    people = [seat for seat in summary.seats if seat.kind == HUMAN]
    for seat in people:
        seat.connected = seat.seat in connected
    summary.present, summary.host_here, summary.seen_ago, summary.deserted = _presence(
        row.id, row.status, row.updated_at, [seat.seat for seat in people], hub, settings, now
    )
    if row.status == RUNNING:
        summary.moved_ago = max(0.0, now - (moved_at if moved_at is not None else row.updated_at))


@router.get("/tables/{table_id}", response_model=TablePublic, responses=ERRORS)
async def get_table(authority: AuthorityDep, hub: HubDep, table_id: str = TableId) -> TablePublic:
    """One table's public facts: its seats, who of them is connected now, the result."""
    table = await authority.require(table_id)
    return TablePublic.model_validate(hub.public(table))


@router.post("/tables/{table_id}/seats/{seat}", response_model=SeatJoined, responses=CHANGES)
async def join_seat(
    body: SeatJoin,
    seat: int,
    authority: AuthorityDep,
    host_token: HostToken = None,
    table_id: str = TableId,
) -> SeatJoined:
    """Take an empty seat under a display name; keep the returned token to reclaim it. The
    host sends their host token too, so that the table shows where its host sits
    (``host_seat``); a token that is not the host's is ignored."""
    token = await authority.join(table_id, seat=seat, name=body.name, host=host_token)
    return SeatJoined(seat=seat, token=token)


@router.delete(
    "/tables/{table_id}/seats/{seat}", status_code=status.HTTP_204_NO_CONTENT, responses=CHANGES
)
async def leave_seat(
    seat: int,
    authority: AuthorityDep,
    seat_token: SeatToken = None,
    host_token: HostToken = None,
    table_id: str = TableId,
) -> None:
    """Free a seat before the start (its player, or the host for any seat)."""
    await authority.leave(table_id, seat=seat, token=seat_token, host=host_token)


@router.post("/tables/{table_id}/bots", status_code=status.HTTP_204_NO_CONTENT, responses=CHANGES)
async def add_bots(
    body: BotsAdd, authority: AuthorityDep, host_token: HostToken = None, table_id: str = TableId
) -> None:
    """Seat bots at the given seats, or at every empty one (host only)."""
    await authority.add_bots(table_id, seats=body.seats, agent=body.agent, host=host_token)


@router.post("/tables/{table_id}/start", status_code=status.HTTP_204_NO_CONTENT, responses=CHANGES)
async def start(
    authority: AuthorityDep, host_token: HostToken = None, table_id: str = TableId
) -> None:
    """Start the game once every seat has a player or a bot (host only)."""
    await authority.start(table_id, host=host_token)


@router.post("/tables/{table_id}/rematch", response_model=RematchJoined, responses=CHANGES)
async def rematch(
    authority: AuthorityDep,
    settings: SettingsDep,
    request: Request,
    response: Response,
    seat_token: SeatToken = None,
    table_id: str = TableId,
    asked: RematchAsked | None = None,
) -> RematchJoined:
    """Once the game is over, play again: the same game, options and seats at a new table
    (listed in the lobby if this one was). Your seat token holds your seat there too, and bots keep
    theirs. The first player to ask creates it and gets its host token, to start it; the
    others are sent to the same table. The body is optional: ``{"pass_first_seat": true}``
    from the first to ask moves everyone one seat down (the second seat's player sits
    first, the first's last), so the start passes on."""
    rematch_id, seat, host_token = await authority.rematch(
        table_id,
        token=seat_token,
        host_address=client_address(request),
        pass_first_seat=asked is not None and asked.pass_first_seat,
    )
    if host_token is not None:
        _host_cookie(response, settings, rematch_id, host_token)
    return RematchJoined(
        table_id=rematch_id,
        seat=seat,
        host_token=host_token,
        join_url=f"{settings.public_url}/tables/{rematch_id}",
    )
