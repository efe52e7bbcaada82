"""Alembic environment: migrations run on the connection ``migrate.upgrade`` hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from molehaven.server import models  # noqa: F401  (registers every table on the metadata)
from molehaven.server.db import Base

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("run migrations through molehaven.server.migrate.upgrade")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
