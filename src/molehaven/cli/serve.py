"""``molehaven serve``: the web app, to play every game in the browser with friends and bots."""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING, Annotated, Any

import typer

from molehaven.cli.errors import CliError, one_line_errors, os_reason

if TYPE_CHECKING:
    import uvicorn

    from molehaven.server import Settings

WEBSOCKET_FRAME_LIMIT = 64 * 1024  # a hard cap under the app's own (smaller, answered) limit


@one_line_errors
def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0 for every interface).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="Database: a SQLite file's path (games.db), sqlite:///path.db or"
            " postgresql://user:password@host/db."
            " Default: a SQLite file in the data directory ($MOLEHAVEN_DATA_DIR or"
            " ~/.local/share/molehaven)."
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The address people use to reach the server, for invite links"
            " (e.g. https://moles.example). Default: $MOLEHAVEN_PUBLIC_URL, else"
            " http://<host>:<port>/. Links are never built from a request's Host header."
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            help="Server processes sharing the port. More than one needs --redis and a"
            " PostgreSQL --database: each table is then owned by one process at a time, and a"
            " process that dies has its tables taken over by the others.",
        ),
    ] = 1,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://host:6379/0) shared by every server process: table"
            " leases and updates between processes. Default: $MOLEHAVEN_REDIS.",
        ),
    ] = None,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="Address (or network, 10.0.0.0/8) of a reverse proxy in front of the server,"
            " whose X-Forwarded-For header names the real client; repeat for several."
            " Default: $MOLEHAVEN_TRUSTED_PROXIES (comma-separated), else none: the header"
            " is ignored, since any client could send one to dodge the per-address limits.",
        ),
    ] = None,
) -> None:
    """Start the web app and print the address to open in a browser."""
    import os
    from dataclasses import replace

    import uvicorn

    from molehaven.server import Settings, create_app
    from molehaven.server.db import backend_urls

    settings = Settings.from_env(database)
    try:
        backend_urls(settings.database_url)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--database") from None
    if redis is not None:
        settings = replace(settings, redis_url=redis)
    if settings.redis_url is not None and settings.database_url.startswith("sqlite"):
        raise CliError("--redis needs a PostgreSQL --database shared by every process")
    if workers > 1 and settings.redis_url is None:
        raise CliError("--workers above 1 needs --redis and a PostgreSQL --database")
    settings = replace(settings, tune_gc=True)
    _check_backends(settings)
    listener = _listen(host, port)
    bound_port = listener.getsockname()[1]
    shown_host = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    if ":" in shown_host:
        shown_host = f"[{shown_host}]"
    if public_url or not os.environ.get("MOLEHAVEN_PUBLIC_URL"):
        address = public_url or f"http://{shown_host}:{bound_port}"
        settings = replace(settings, public_url=address.rstrip("/"))
    database_shown = settings.database_url.split("@")[-1]  # never print a password
    # The address is printed only once the port is ours, with the real port (--port 0 picks
    # a free one), and once the app has started: an address that does not answer misleads.
    announcement = (
        f"Molehaven: open http://{shown_host}:{bound_port}/ in your browser\n"
        f"database: {database_shown} (Ctrl+C to stop)"
    )
    proxies = trusted_proxies(trusted_proxy)
    if workers == 1:
        config = uvicorn.Config(create_app(settings), **uvicorn_options(proxies))
        server = _announcing_server(config, announcement)
        server.run(sockets=[listener])
        if not server.started:
            raise CliError("the server did not start (the reason is above)")
        return
    print(announcement, flush=True)
    _serve_processes(settings, listener, workers, proxies)


def trusted_proxies(given: list[str] | None) -> tuple[str, ...]:
    """The proxies whose ``X-Forwarded-For`` counts: ``--trusted-proxy``, else the
    environment's list; each checked to be an address or a network.

    Raises:
        typer.BadParameter: one is neither.
    """
    import ipaddress
    import os

    if given is None:
        given = os.environ.get("MOLEHAVEN_TRUSTED_PROXIES", "").split(",")
    proxies: list[str] = []
    for entry in filter(None, (entry.strip() for entry in given)):
        try:
            proxies.append(str(ipaddress.ip_network(entry, strict=False)))
        except ValueError:
            raise typer.BadParameter(
                f"{entry!r} is not an IP address or network", param_hint="--trusted-proxy"
            ) from None
    return tuple(proxies)


def uvicorn_options(proxies: tuple[str, ...]) -> dict[str, Any]:
    """What every server process is started with. uvicorn believes ``X-Forwarded-For`` from
    loopback unless told otherwise, and the per-address limits count by the address it
    reports: so the header is read only from the proxies named, and not at all by default."""
    return {
        "ws_max_size": WEBSOCKET_FRAME_LIMIT,
        "log_level": "warning",
        "timeout_graceful_shutdown": 3,
        "proxy_headers": bool(proxies),
        "forwarded_allow_ips": list(proxies) if proxies else None,
    }


def _check_backends(settings: Settings) -> None:
    """Fail in one line, before anything is printed or started, if the database or Redis
    does not answer (the app would otherwise fail inside its startup, in a traceback)."""
    from molehaven.server.preflight import Unreachable, check_database, check_redis

    try:
        check_database(settings.database_url)
        if settings.redis_url is not None:
            check_redis(settings.redis_url)
    except Unreachable as error:
        raise CliError(str(error)) from None


def _announcing_server(config: uvicorn.Config, announcement: str) -> uvicorn.Server:
    """A uvicorn server that prints ``announcement`` once its startup (the app's lifespan:
    migrations, loading the live tables) has succeeded."""
    import uvicorn

    class Announcing(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                print(announcement, flush=True)

    return Announcing(config)


def _serve_processes(
    settings: Settings, listener: socket.socket, workers: int, proxies: tuple[str, ...]
) -> None:
    """Several processes accepting on one socket (uvicorn's supervisor restarts any that
    dies); each builds its app from the same settings, passed through the environment."""
    import os

    import uvicorn
    from uvicorn.config import STARTUP_FAILURE
    from uvicorn.supervisors import Multiprocess

    os.environ["MOLEHAVEN_DATABASE"] = settings.database_url
    os.environ["MOLEHAVEN_PUBLIC_URL"] = settings.public_url
    os.environ["MOLEHAVEN_REDIS"] = settings.redis_url or ""
    os.environ["MOLEHAVEN_TUNE_GC"] = "1"
    print(f"{workers} processes, sharing Redis and the database", flush=True)
    config = uvicorn.Config(
        "molehaven.server.app:create_app",
        factory=True,
        workers=workers,
        **uvicorn_options(proxies),
    )
    supervisor = Multiprocess(config, sockets=[listener])
    supervisor.run()
    if any(process.exitcode == STARTUP_FAILURE for process in supervisor.processes):
        raise CliError("a server process did not start (the reason is above)")


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, or a one-line error saying why not."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        raise CliError(f"cannot listen on {host}: {os_reason(error)}") from None
    family, kind, protocol, _, address = infos[0]
    listener = socket.socket(family, kind, protocol)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
        listener.listen(2048)
    except OSError as error:
        listener.close()
        raise CliError(f"cannot listen on {host}:{port}: {os_reason(error)}") from None
    listener.set_inheritable(True)
    return listener
