"""Every model, imported together so the metadata (and Alembic) sees all tables."""

from molehaven.server.lobby.models import SeatRow, TableRow
from molehaven.server.matches.models import EventRow

__all__ = ["EventRow", "SeatRow", "TableRow"]
