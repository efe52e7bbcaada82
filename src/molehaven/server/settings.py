"""The server's settings: one frozen object, read once from the command line and environment."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

ENV_PREFIX = "MOLEHAVEN_"


def data_dir() -> Path:
    """Where the default SQLite database lives: ``$MOLEHAVEN_DATA_DIR``, else the XDG data
    directory (``~/.local/share/molehaven``)."""
    explicit = os.environ.get(f"{ENV_PREFIX}DATA_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "molehaven"


def defaultdatabase_url_of() -> str:
    return f"sqlite:///{data_dir() / 'molehaven.db'}"


def database_url_of(value: str) -> str:
    """A ``--database`` value as a URL: a URL as given, anything else the path of a SQLite
    file (``games.db``, ``~/moles.db``), made absolute so that it does not depend on where
    later processes start."""
    if "://" in value:
        return value
    return f"sqlite:///{Path(value).expanduser().resolve()}"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the server can be tuned by.

    ``bot_delay`` paces bots so people can follow the game (0 in tests). The message limits
    protect the WebSocket: a message longer than ``max_message_bytes`` is refused with an
    error, and each connection may send ``rate_burst`` messages at once, refilled at
    ``rate_per_second``.
    """

    database_url: str
    bot_delay: float = 0.6
    max_message_bytes: int = 4096
    rate_per_second: float = 8.0
    rate_burst: int = 24
    rate_strikes: int = 200  # refused messages in a row before the connection is closed
    max_connections_per_table: int = 64  # watching spectators of one table
    # ... of whom one address may be this many: else two addresses' sockets (32 each) took
    # every place at a table and nobody else could watch.
    max_watchers_per_address: int = 8
    # One address's sockets over all tables, and how fast it may open new ones: without these a
    # single client could hold every file descriptor, or flood a table with presence changes.
    max_connections_per_address: int = 32
    socket_rate_per_second: float = 2.0
    socket_rate_burst: int = 20
    max_live_tables: int = 5000
    # Tables one address hosts at once (open or running): one client cannot fill the server.
    max_tables_per_address: int = 8
    # Actions a table's game may reach before it ends as abandoned. Every game's default
    # options end it sooner (Die Maulwurf Company's MC-25 at 25,029); options near their
    # maxima allowed about 230,000 (Mole Majority), some 16 MB of memory per 10,000 actions.
    max_game_length: int = 30_000
    # Whether a table of bots alone may start. Off: such tables think for nobody and would
    # take the bot workers from people's games (a bot league's own server may turn it on).
    bot_only_tables: bool = False
    outbox_limit: int = 512  # queued messages to a client that does not read, before closing
    # ... and characters of them: 512 whole views of a long game were gigabytes
    outbox_bytes: int = 4 * 1024 * 1024
    # ... and over all the sockets of one address (an IPv6 /56: 16 times as many), in this
    # process: 512 sockets of a /56 each held a long game's whole view, unread, a gigabyte
    outbox_bytes_per_address: int = 16 * 1024 * 1024
    http_rate_per_second: float = 5.0  # changes over HTTP (create, join, bots, start) per address
    http_rate_burst: int = 60
    replay_rate_per_second: float = 4.0  # replay steps over HTTP per address
    replay_rate_burst: int = 30
    replay_snapshot_every: int = 200  # a replay keeps a state every this many steps
    # The lobby's list is built at most this often for all clients (reads are not limited)
    lobby_cache_seconds: float = 1.0
    max_body_bytes: int = 16 * 1024  # an HTTP request body beyond this is refused (413)
    hello_seconds: float = 5.0  # a socket that has not said hello by then is closed
    open_table_seconds: float = 30 * 60.0  # an open table nobody was at this long expires
    abandon_seconds: float = 24 * 3600.0  # a running table nobody touched ends as abandoned
    # A running table none of whose people has been connected this long ends as abandoned:
    # bots playing on for nobody would take the bot workers from people's games.
    unattended_seconds: float = 15 * 60.0
    # An open table none of whose seated people has been connected this long is listed apart
    # in the lobby: a newcomer who sat there would wait for people who are gone.
    deserted_seconds: float = 5 * 60.0
    sweep_seconds: float = 30.0  # how often expiry and abandonment are checked
    away_seconds: float = 180.0  # default: a seat's person away this long is played by a bot
    bot_workers: int = 1  # processes in which bots think
    bot_seconds: float = 2.0  # most a bot may think per move; past 1.5x it is stopped
    public_url: str = "http://localhost:8000"  # where people reach the server (invite links)
    # Domain names the server answers to besides public_url's (``hosts.py``: DNS rebinding)
    allowed_hosts: tuple[str, ...] = ()
    # Several processes behind one address share PostgreSQL and this Redis (server/cluster.py)
    redis_url: str | None = None
    lease_seconds: float = 5.0  # a dead process's tables are taken over within about this
    # Fewer full garbage collections (``app.calm_the_garbage_collector``): ``molehaven serve``
    # turns it on for its own process; an app embedded elsewhere leaves the collector alone.
    tune_gc: bool = False

    @classmethod
    def from_env(cls, database_url: str | None = None) -> Settings:
        """Settings from ``MOLEHAVEN_*`` environment variables; ``database_url`` wins over
        ``MOLEHAVEN_DATABASE``."""
        given = database_url or os.environ.get(f"{ENV_PREFIX}DATABASE")
        settings = cls(database_url=database_url_of(given) if given else defaultdatabase_url_of())
        overrides: dict[str, float | int | str | tuple[str, ...]] = {}
        public_url = os.environ.get(f"{ENV_PREFIX}PUBLIC_URL")
        if public_url:
            overrides["public_url"] = public_url.rstrip("/")
        allowed_hosts = os.environ.get(f"{ENV_PREFIX}ALLOWED_HOSTS")
        if allowed_hosts:
            overrides["allowed_hosts"] = tuple(h.strip() for h in allowed_hosts.split(",") if h)
        redis_url = os.environ.get(f"{ENV_PREFIX}REDIS")
        if redis_url:
            overrides["redis_url"] = redis_url
        if os.environ.get(f"{ENV_PREFIX}TUNE_GC") == "1":
            overrides["tune_gc"] = True
        if os.environ.get(f"{ENV_PREFIX}BOT_ONLY_TABLES") == "1":
            overrides["bot_only_tables"] = True
        for name, kind in (
            ("bot_delay", float),
            ("max_message_bytes", int),
            ("rate_per_second", float),
            ("rate_burst", int),
            ("http_rate_per_second", float),
            ("http_rate_burst", int),
            ("replay_rate_per_second", float),
            ("replay_rate_burst", int),
            ("lobby_cache_seconds", float),
            ("max_body_bytes", int),
            ("hello_seconds", float),
            ("open_table_seconds", float),
            ("abandon_seconds", float),
            ("unattended_seconds", float),
            ("deserted_seconds", float),
            ("sweep_seconds", float),
            ("max_connections_per_table", int),
            ("max_watchers_per_address", int),
            ("max_connections_per_address", int),
            ("socket_rate_per_second", float),
            ("socket_rate_burst", int),
            ("max_tables_per_address", int),
            ("max_game_length", int),
            ("bot_workers", int),
            ("bot_seconds", float),
            ("lease_seconds", float),
        ):
            raw = os.environ.get(ENV_PREFIX + name.upper())
            if raw is not None:
                overrides[name] = kind(raw)
        return replace(settings, **overrides)  # type: ignore[arg-type]
