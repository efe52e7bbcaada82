"""Schema migrations with Alembic, run programmatically at start-up (no ``alembic.ini``)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from molehaven.server.db import backend_urls, ensure_sqlite_directory

MIGRATIONS = Path(__file__).parent / "migrations"
# Server processes starting together on one PostgreSQL database take turns migrating it.
MIGRATION_LOCK = 0x6D6F6C65  # "mole"


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(url: str, revision: str = "head") -> None:
    """Bring the database at ``url`` to ``revision`` (default: the newest schema)."""
    _, sync_url = backend_urls(url)
    ensure_sqlite_directory(sync_url)
    engine = create_engine(sync_url)
    try:
        with engine.begin() as connection:
            if connection.dialect.name == "postgresql":  # held until this transaction ends
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
                )
            config = alembic_config()
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()
