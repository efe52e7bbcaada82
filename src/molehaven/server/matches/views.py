"""What one viewer of a table may see, as JSON-ready data.

This is the only place the server filters for a recipient; everything a client receives
about a game comes from here. A seat gets ``observation(seat)`` and its own legal actions; a
spectator gets ``observation(None)`` and none. Who may act (``to_move()``) is shown only when
it is public: in a perfect-information game, or when the engine puts ``to_move`` in the
observation itself (in The Mole it is a secret, TM-25). The move log shows every action in
a perfect-information game; otherwise a viewer sees its own actions and the clock's, and for
the others only that they acted, until the game is over and the whole record is public.
Each entry also carries its description (``State.describe_action``, computed when the action
was applied, see ``story``) with the players' names filled in: what that viewer may read.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence

from molehaven.core import CHANCE, CLOCK, Action, Seat, address_seat, name_seats
from molehaven.core.game import JSONValue, Observation
from molehaven.server.matches.clock import round_seconds
from molehaven.server.matches.table import LiveTable

History = Sequence[tuple[Seat, Action]]


def table_public(
    table: LiveTable, connected: Collection[Seat] = (), at_rematch: Collection[Seat] = ()
) -> dict[str, JSONValue]:
    """Facts about a table anyone may know: game, options, status and who sits where, who of
    them is connected (``connected``) and, once it is over, at its rematch (``at_rematch``)."""
    info = table.game.info
    labels = table.names()
    return {
        "id": table.id,
        "game": info.slug,
        "title": info.title,
        "players": table.game.players,
        "options": dict(table.game.options_dict()),
        "status": table.status,
        "version": table.version,
        "perfect_information": info.perfect_information,
        "simultaneous": info.simultaneous,
        "has_clock": info.has_clock,
        "away_seconds": table.away_seconds,
        "result": table.result(),
        "rematch": table.rematch,
        # Who fills seats and starts: everyone at the table may know it, as they see it done.
        "host_seat": table.host_seat,
        "seats": [
            {
                "seat": seat,
                "kind": slot.kind,
                "name": slot.name,
                # The name the page shows: the seat number is added to a shared name.
                "label": labels[seat],
                "agent": slot.agent,
                "connected": seat in connected,
                # Where a finished table's player went: not "away" but at the rematch.
                "at_rematch": seat in at_rematch,
                "stand_in": slot.stand_in,
                "resigned": slot.resigned,
            }
            for seat, slot in enumerate(table.seats)
        ],
    }


def log_entries(
    table: LiveTable, viewer: Seat | None, history: History, since: int = 0
) -> list[JSONValue]:
    """The move log from entry ``since`` on, as ``viewer`` may read it."""
    reveal_all = table.is_over or table.game.info.perfect_information
    names = table.names()
    entries: list[JSONValue] = []
    for number in range(since, len(history)):
        seat, action = history[number]
        shown = reveal_all or seat == CLOCK or (viewer is not None and seat == viewer)
        described = table.entries[number]
        words = described.after_the_end() if table.is_over else described.for_viewer(viewer)
        entries.append(
            {
                "n": number,
                "seat": seat,
                "text": str(action) if shown else None,
                # The viewer reads its own moves as "You placed…" (``address_seat``).
                "describe": name_seats(address_seat(words, viewer), names),
            }
        )
    return entries


def waiting_for(table: LiveTable, observation: Observation, legal: list[str]) -> JSONValue:
    """Whose turn it is, as far as it is public: ``seats`` is ``None`` when it is secret."""
    if not table.is_running:
        return None
    seats: list[Seat] | None = None
    shown = observation.get("to_move")
    if table.game.info.perfect_information:
        seats = table.state.to_move()
    elif isinstance(shown, list) and all(type(seat) is int for seat in shown):
        seats = [int(seat) for seat in shown if type(seat) is int]
    return {"seats": list(seats) if seats is not None else None, "you": bool(legal)}


def clock_view(table: LiveTable, now: float | None = None) -> JSONValue:
    if table.clock_deadline is None or not table.is_running:
        return None
    now = time.time() if now is None else now
    return {
        "remaining": max(0.0, table.clock_deadline - now),
        "seconds": round_seconds(table.game, table.state),
    }


def viewer_payload(
    table: LiveTable,
    viewer: Seat | None,
    *,
    history: History,
    since: int = 0,
    connected: Collection[Seat] = (),
    at_rematch: Collection[Seat] = (),
) -> dict[str, JSONValue]:
    """Everything ``viewer`` (a seat, or ``None`` for a spectator) may see now."""
    state = table.state
    observation = state.observation(viewer)
    legal = (
        [str(action) for action in state.legal_actions(viewer)]
        if viewer is not None and viewer not in (CHANCE, CLOCK) and table.is_running
        else []
    )
    return {
        "table": table_public(table, connected, at_rematch),
        "you": viewer,
        "observation": observation,
        "legal": list(legal),
        "waiting": waiting_for(table, observation, legal),
        "log": log_entries(table, viewer, history, since),
        "log_from": since,
        "clock": clock_view(table),
        "result": table.result(),
        # A whole view carries the chat's last lines; later lines come as "chat" messages.
        **({"chat": [line.public() for line in table.chat]} if since == 0 else {}),
    }
