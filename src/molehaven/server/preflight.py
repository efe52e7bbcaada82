"""Checks ``molehaven serve`` makes before it says where to go: the database and Redis answer.

Without them, a wrong URL or a server that is down surfaced only inside the app's startup,
as a driver's traceback after the address had already been printed. Each check connects
once, with a short timeout, and fails with one line that names the URL (its password
hidden) and the reason.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

from sqlalchemy import create_engine, make_url, text
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from molehaven.server.db import backend_urls, ensure_sqlite_directory

CONNECT_SECONDS = 5.0


class Unreachable(Exception):
    """The database or Redis cannot be used; the message is one line, without a password."""


def shown_database(url: str) -> str:
    """A database URL fit to print: the password replaced by ``***``."""
    return make_url(url).render_as_string(hide_password=True)


def shown_redis(url: str) -> str:
    """A Redis URL fit to print: the password replaced by ``***``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


def check_database(url: str, *, seconds: float = CONNECT_SECONDS) -> None:
    """Connect to the database once and run ``SELECT 1``.

    Raises:
        Unreachable: it refused, timed out, rejected the credentials, or cannot be opened.
    """
    _, sync_url = backend_urls(url)
    prefix = f"cannot connect to the database {shown_database(url)}"
    try:
        ensure_sqlite_directory(sync_url)
    except OSError as error:
        raise Unreachable(f"{prefix}: {_sentence_case(error.strerror or str(error))}") from None
    is_sqlite = sync_url.get_backend_name() == "sqlite"
    engine = create_engine(
        sync_url, connect_args={} if is_sqlite else {"connect_timeout": max(1, round(seconds))}
    )
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except DBAPIError as error:
        raise Unreachable(f"{prefix}: {_driver_reason(str(error.orig))}") from None
    except SQLAlchemyError as error:
        raise Unreachable(f"{prefix}: {_first_line(str(error))}") from None
    finally:
        engine.dispose()


def check_redis(url: str, *, seconds: float = CONNECT_SECONDS) -> None:
    """Connect to Redis once and ``PING`` it.

    Raises:
        Unreachable: a malformed URL, or a Redis that refused, timed out or said no.
    """
    import redis

    prefix = f"cannot connect to Redis {shown_redis(url)}"
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=seconds, socket_timeout=seconds)
    except ValueError as error:
        raise Unreachable(f"{prefix}: {error}") from None
    try:
        client.ping()
    except redis.RedisError as error:
        raise Unreachable(f"{prefix}: {_redis_reason(str(error))}") from None
    finally:
        client.close()


def _first_line(message: str) -> str:
    return " ".join(message.strip().splitlines()[0].split()) if message.strip() else "unknown"


def _sentence_case(reason: str) -> str:
    # "Connection refused" reads as part of our sentence; "SSL ..." keeps its capitals.
    if len(reason) > 1 and reason[0].isupper() and reason[1].islower():
        return reason[0].lower() + reason[1:]
    return reason


def _driver_reason(message: str) -> str:
    """The useful end of psycopg's and sqlite3's messages, e.g. ``connection refused`` out of
    'connection failed: connection to server at "127.0.0.1", port 1 failed: Connection
    refused⏎ Is the server running …'."""
    reason = _first_line(message).rpartition(" failed: ")[2]
    reason = re.sub(r"^(FATAL|ERROR):\s*", "", reason)
    reason = re.sub(r"\[Errno -?\d+\]\s*", "", reason)
    return _sentence_case(reason)


def _redis_reason(message: str) -> str:
    """``connection refused`` out of redis-py's 'Error 111 connecting to host:1. Connection
    refused.'."""
    found = re.fullmatch(r"Error -?\d+ connecting to \S+\.\s+(.+?)\.?", _first_line(message))
    return _sentence_case(found.group(1) if found else _first_line(message))
