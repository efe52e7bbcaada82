"""The web app: ``create_app`` wires settings, database, hub, authority and routes together.

One process holds the live tables (the authority), unless ``redis_url`` is set: then several
processes share PostgreSQL and Redis, each table owned by one of them (``server/cluster.py``).
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Final

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from molehaven.agents import AGENTS, AgentFactory
from molehaven.core.errors import MolehavenError
from molehaven.core.registry import Registry
from molehaven.games import REGISTRY
from molehaven.server import migrate, pages
from molehaven.server.api_docs import register_api_docs
from molehaven.server.body_limit import BodyLimit
from molehaven.server.cluster import Cluster
from molehaven.server.db import Database
from molehaven.server.hosts import host_allowed, host_name, same_origin
from molehaven.server.hub import Hub
from molehaven.server.limits import AddressLimiter, ReaderAddress, client_address
from molehaven.server.lobby import routes as lobby_routes
from molehaven.server.matches import preview
from molehaven.server.matches import routes as match_routes
from molehaven.server.matches.authority import Authority
from molehaven.server.matches.refusals import Rejected
from molehaven.server.matches.replay import ReplayLibrary
from molehaven.server.settings import Settings

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
# On every answer: pages, the API, static files and errors. A window of another site that
# opened a page here gets no handle on it (``Cross-Origin-Opener-Policy``), and no other
# site's page may embed what this server sends, as an image, a script or a style
# (``Cross-Origin-Resource-Policy``). HSTS is left to the proxy that holds the certificate:
# this server cannot tell whether it is reached over TLS.
SECURITY_HEADERS: Final[Mapping[str, str]] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def create_app(
    settings: Settings | None = None,
    *,
    registry: Registry | None = None,
    agents: Mapping[str, AgentFactory] | None = None,
) -> FastAPI:
    """The ASGI app. ``registry`` and ``agents`` default to every registered game and agent."""
    settings = settings or Settings.from_env()
    games = registry or REGISTRY
    bots = dict(agents or AGENTS)
    changes = AddressLimiter(rate=settings.http_rate_per_second, burst=settings.http_rate_burst)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(migrate.upgrade, settings.database_url)
        db = Database(settings.database_url)
        cluster = None
        if settings.redis_url is not None:
            if db.is_sqlite:
                raise ValueError("a cluster (a Redis URL) needs a PostgreSQL database")
            cluster = Cluster(settings.redis_url, lease_seconds=settings.lease_seconds)
        hub = Hub(settings, elsewhere=cluster.seats_elsewhere if cluster is not None else None)
        authority = Authority(
            db=db,
            registry=games,
            agents=bots,
            settings=settings,
            publisher=hub,
            cluster=cluster,
        )
        hub.tables = authority.in_memory
        app.state.settings = settings
        app.state.registry = games
        app.state.hub = hub
        app.state.authority = authority
        app.state.replays = ReplayLibrary(settings.replay_snapshot_every)
        app.state.lobby_list = lobby_routes.LobbyList(settings.lobby_cache_seconds)
        app.state.replay_limiter = AddressLimiter(
            rate=settings.replay_rate_per_second, burst=settings.replay_rate_burst
        )
        # Old games read back from the database, for whatever a client asked (its page, its
        # socket, its record): at the replay steps' rate, counted apart from them.
        authority.read_back_limiter = AddressLimiter(
            rate=settings.replay_rate_per_second, burst=settings.replay_rate_burst
        )
        if cluster is not None:  # one rate per client over every process, not one each
            changes.share(cluster.redis, "changes")
            app.state.replay_limiter.share(cluster.redis, "replays")
            authority.read_back_limiter.share(cluster.redis, "read-backs")
            hub.share_limits(cluster)
        await authority.load()
        if settings.tune_gc:
            calm_the_garbage_collector()
        try:
            yield
        finally:
            await authority.close()
            await db.dispose()

    app = FastAPI(
        title="Molehaven",
        summary="Play the Molehaven games in the browser, with friends and bots.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.include_router(lobby_routes.router)
    app.include_router(match_routes.router)
    app.include_router(preview.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=pages.WEB / "static"), name="static")
    register_api_docs(app)

    @app.exception_handler(Rejected)
    async def rejected(_request: Request, error: Rejected) -> JSONResponse:
        return JSONResponse(
            {"detail": error.message, "code": error.code},
            status_code=error.status,
            headers=error.headers,
        )

    @app.exception_handler(MolehavenError)
    async def bad_input(_request: Request, error: MolehavenError) -> JSONResponse:
        return JSONResponse({"detail": str(error), "code": "bad-request"}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": explain_invalid(error), "code": "invalid"}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_problem(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            {"detail": str(error.detail), "code": f"http-{error.status_code}"},
            status_code=error.status_code,
            headers=error.headers,
        )

    @app.middleware("http")
    async def changes_from_this_site_only(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        """A page of another site may send a browser's visitor's requests here without asking
        (a form, or ``fetch`` with ``mode: "no-cors"`` and a body without Content-Type,
        which FastAPI before 0.132 read as JSON): from the internet, through a visitor, it
        could create tables and take seats on a server on their home network. Browsers send
        ``Origin`` with every change, so a change from another origin is refused."""
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return await call_next(request)
        origin, host = request.headers.get("origin"), request.headers.get("host")
        if not same_origin(origin, host, settings.public_url):
            return JSONResponse(
                {
                    "detail": "changes are accepted from this site's pages only",
                    "code": "foreign-origin",
                },
                status_code=403,
            )
        return await call_next(request)

    @app.middleware("http")
    async def known_hosts_only(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        """Requests for a domain name the server does not answer to (``hosts.py``)."""
        host = request.headers.get("host")
        if not host_allowed(host, settings):
            detail = (
                f"this server does not answer to {host_name(host or '')!r}; start it with"
                " --public-url naming it, or list it in MOLEHAVEN_ALLOWED_HOSTS"
            )
            return JSONResponse({"detail": detail, "code": "unknown-host"}, status_code=400)
        return await call_next(request)

    @app.middleware("http")
    async def rate_limit_changes(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        """Each address may make ``http_rate_burst`` changes at once, refilled slowly."""
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return await call_next(request)
        address = client_address(request)
        if not await changes.allow(address):
            return JSONResponse(
                {"detail": "too many requests; slow down", "code": "rate-limited"},
                status_code=429,
                headers={"Retry-After": str(changes.retry_after())},
            )
        return await call_next(request)

    @app.middleware("http")
    async def security_headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    app.add_middleware(ReaderAddress)  # whom the authority paces (``limits.READER``)
    # outermost: an oversized body is refused before anything reads or parses it
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    return app


def calm_the_garbage_collector() -> None:
    """Fewer full collections: a server holding hundreds of live games has millions of
    long-lived objects, and each full collection stopped every table for 130-170 ms (measured
    with 500 bot tables: 14 of them in a minute, the people's p99 latency). What is loaded
    at start-up is frozen out of the collector's scans, and young objects are collected after
    50,000 allocations instead of 700, so full collections come far more rarely."""
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def explain_invalid(error: RequestValidationError) -> str:
    """Where a request went wrong and why, never what it held (inputs can be huge)."""
    problems = []
    for problem in error.errors()[:5]:
        where = ".".join(str(part) for part in problem.get("loc", ()) if part != "body")
        message = str(problem.get("msg", "invalid"))
        problems.append(f"{where}: {message}" if where else message)
    return "; ".join(problems) or "the request is not valid"
