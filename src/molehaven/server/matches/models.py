"""The event log (every action applied at a table, in order, never updated or deleted) and
the table chat."""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from molehaven.server.db import Base


class EventRow(Base):
    """Action number ``number`` (from 0) of a table: who applied it and its notation.

    The log is the game record: replaying it through the engine rebuilds the state exactly.
    """

    __tablename__ = "events"

    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
    source: Mapped[str] = mapped_column(String(8))  # "seat", "bot", "chance" or "clock"


class ChatRow(Base):
    """Line ``number`` (from 0) of a table's chat: who said it, under which name, and when."""

    __tablename__ = "chat"

    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
