"""Tables and seats as stored. Seat tokens are kept only as SHA-256 hashes."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, String, false, text, true
from sqlalchemy.orm import Mapped, mapped_column, relationship

from molehaven.server.db import Base

OPEN = "open"
RUNNING = "running"
OVER = "over"
ABANDONED = "abandoned"  # ended without a result: nobody touched it for too long


class TableRow(Base):
    """One table: a game with its players and options, from creation to the end.

    ``version`` is the number of events in the table's log; ``clock_deadline`` the wall-clock
    time (epoch seconds) at which the running clock fires, so a restart keeps the same time.
    """

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, bool | int | float | str]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    host_token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float, index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    clock_deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # how long a seated person may be away before a bot plays their seat (until they return)
    away_seconds: Mapped[float] = mapped_column(Float, server_default=text("180"), default=180.0)
    # whether the lobby lists the table; an unlisted one is reached by its link only
    listed: Mapped[bool] = mapped_column(Boolean, server_default=true(), default=True)
    # the table this one's players went on to once it ended (``Authority.rematch``)
    rematch: Mapped[str | None] = mapped_column(String(16), nullable=True, default=None)
    # the seat the host sits at, if they sit: named on the page, so the others know who fills
    # seats and starts (the host token is what lets them; this only says where they sit)
    host_seat: Mapped[int | None] = mapped_column(Integer, nullable=True, default=None)

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="table", order_by="SeatRow.seat", lazy="selectin"
    )


class SeatRow(Base):
    """A seat at a table: empty, a person (by display name and token hash) or a bot."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "empty", "human" or "bot"
    name: Mapped[str] = mapped_column(String(64), default="")
    agent: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    stand_in: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    # a bot plays the seat because its person resigned (``SeatSlot.resigned``)
    resigned: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)

    table: Mapped[TableRow] = relationship(back_populates="seats")
