"""What the authority answers besides success: a refusal, and whom it tells of changes."""

from __future__ import annotations

from typing import Protocol

from molehaven.core import JSONValue, Seat
from molehaven.server.matches.table import LiveTable


class Rejected(Exception):
    """A request the authority refuses; ``code`` is stable, ``message`` is for people."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        status: int = 409,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.headers = headers


class Publisher(Protocol):
    def publish(self, table: LiveTable) -> None:
        """Send every watcher of ``table`` what it may now see."""

    def publish_presence(self, table: LiveTable) -> None:
        """Someone came or went at ``table``: tell its watchers, and the finished table's it
        is the rematch of."""

    def chat(self, table_id: str, line: dict[str, JSONValue]) -> None:
        """Send every watcher of the table a line of its chat."""

    def connected_seats(self, table_id: str) -> set[Seat]:
        """The seats whose person has a greeted connection to the table now."""

    def watched(self, table_id: str) -> bool:
        """Whether anyone watches the table through this process."""

    def someone_here(self, table_id: str) -> bool:
        """Whether a seated person or the host (seated or not) is connected to the table."""

    def last_seen(self, table_id: str) -> float | None:
        """When a seated person or the host was last connected to the table (epoch seconds;
        ``None``: not lately, as far as this process heard)."""
