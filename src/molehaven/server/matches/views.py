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

import json
import time
from collections.abc import Collection, Sequence

from molehaven.core import CHANCE, CLOCK, Action, Seat, address_seat, name_seats
from molehaven.core.game import JSONValue, Observation
from molehaven.server.matches.clock import round_seconds
from molehaven.server.matches.table import LiveTable

History = Sequence[tuple[Seat, Action]]

# A move log at least this long is kept as JSON text for whole views (``log_json``).
LOG_KEPT_FROM = 1000


def compact(value: JSONValue) -> str:
    """JSON as the server sends it: no spaces, text as it is (UTF-8 on the wire)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


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
        "length_cap": table.length_cap,
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


def log_json(table: LiveTable, viewer: Seat | None, history: History) -> str | None:
    """The whole move log as ``viewer`` may read it (``log_entries`` from 0), as JSON text,
    when it holds at least ``LOG_KEPT_FROM`` entries; else ``None`` (built each time, which
    costs little).

    A long log's entries are kept on the table as text, per viewer, and only those added
    since are built: every socket's hello built the whole log, about 10 us an entry and as
    much again for its JSON, so 0.2-0.45 s for a 25,000-action game of Die Maulwurf Company
    (what its default options allow), on the event loop, at the two new sockets a second one
    address may open (found in a security review). What a viewer reads of an entry changes
    only when the game ends, or with the names (which do not change once it has started):
    the texts kept for another phase or other names are let go."""
    if len(history) < LOG_KEPT_FROM:
        return None
    phase = (table.is_over, tuple(table.names()))
    for gone in [key for key in table.log_texts if key[1:] != phase]:
        del table.log_texts[gone]
    kept = table.log_texts.setdefault((viewer, *phase), [])
    if len(kept) < len(history):
        kept.extend(compact(entry) for entry in log_entries(table, viewer, history, len(kept)))
    return "[" + ",".join(kept[: len(history)]) + "]"


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
    log: bool = True,
) -> dict[str, JSONValue]:
    """Everything ``viewer`` (a seat, or ``None`` for a spectator) may see now; without its
    ``log`` entries if not ``log`` (``viewer_message`` adds them as kept text)."""
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
        **({"log": log_entries(table, viewer, history, since)} if log else {}),
        "log_from": since,
        "clock": clock_view(table),
        "result": table.result(),
        # A whole view carries the chat's last lines; later lines come as "chat" messages.
        **({"chat": [line.public() for line in table.chat]} if since == 0 else {}),
    }


def viewer_message(
    kind: str,
    table: LiveTable,
    viewer: Seat | None,
    *,
    history: History,
    since: int = 0,
    connected: Collection[Seat] = (),
    at_rematch: Collection[Seat] = (),
) -> str:
    """The message (``{"type", "version", "data"}``) that sends ``viewer`` its view
    (``viewer_payload``) as JSON text; a whole long log comes from the texts kept on the
    table (``log_json``)."""
    log = log_json(table, viewer, history) if since == 0 else None
    payload = viewer_payload(
        table,
        viewer,
        history=history,
        since=since,
        connected=connected,
        at_rematch=at_rematch,
        log=log is None,
    )
    data = compact(payload)
    if log is not None:  # the payload has keys, so "{...}" becomes "{"log":[...],...}"
        data = '{"log":' + log + "," + data[1:]
    head = f'{{"type":{compact(kind)},"version":{compact(table.version)},"data":'
    return head + data + "}"
