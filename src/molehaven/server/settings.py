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


def default_database_url() -> str:
    return f"sqlite:///{data_dir() / 'molehaven.db'}"


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
    max_connections_per_table: int = 64
    max_live_tables: int = 5000
    outbox_limit: int = 512  # queued messages to a client that does not read, before closing
    http_rate_per_second: float = 5.0  # changes over HTTP (create, join, bots, start) per address
    http_rate_burst: int = 60

    @classmethod
    def from_env(cls, database_url: str | None = None) -> Settings:
        """Settings from ``MOLEHAVEN_*`` environment variables; ``database_url`` wins over
        ``MOLEHAVEN_DATABASE``."""
        url = database_url or os.environ.get(f"{ENV_PREFIX}DATABASE") or default_database_url()
        settings = cls(database_url=url)
        overrides: dict[str, float | int] = {}
        for name, kind in (
            ("bot_delay", float),
            ("max_message_bytes", int),
            ("rate_per_second", float),
            ("rate_burst", int),
            ("http_rate_per_second", float),
            ("http_rate_burst", int),
        ):
            raw = os.environ.get(ENV_PREFIX + name.upper())
            if raw is not None:
                overrides[name] = kind(raw)
        return replace(settings, **overrides)  # type: ignore[arg-type]
