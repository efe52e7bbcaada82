"""Match routes: the live WebSocket, the record download and replay steps."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Path, Query, WebSocket
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from molehaven.server.deps import AuthorityDep, HubDep, SettingsDep
from molehaven.server.hub import CLOSE_ABUSE, Connection, Hub
from molehaven.server.lobby.routes import ERRORS
from molehaven.server.matches.authority import Authority, Rejected
from molehaven.server.matches.schemas import CLIENT_MESSAGE, Act, Hello, LoggedAction, ReplayStep
from molehaven.server.settings import Settings

router = APIRouter(tags=["matches"])
TableId = Path(max_length=16, description="the table's id, as in its link")

CLOSE_NO_TABLE = 4404
CLOSE_FOREIGN_ORIGIN = 4403
CLOSE_CROWDED = 4429


@router.get("/api/tables/{table_id}/record", responses=ERRORS)
async def record(authority: AuthorityDep, table_id: str = TableId) -> JSONResponse:
    """The game record (replayable with ``molehaven.replay``), as a download.

    Hidden information is in it, so it is given once the game is over; a perfect-information
    game's record is public from the start.
    """
    table = await authority.require(table_id)
    public = table.game.info.perfect_information and not table.is_open
    if not (table.is_over or public):
        raise Rejected("hidden", "the record holds hidden information until the game is over")
    filename = f"{table.game.slug}-{table.id}.json"
    return JSONResponse(
        table.state.record(), headers={"Content-Disposition": f'attachment; filename="{filename}"'}
    )


@router.get("/api/tables/{table_id}/replay/{step}", response_model=ReplayStep, responses=ERRORS)
async def replay_step(
    step: int,
    authority: AuthorityDep,
    seat: int | None = Query(None, description="whose view; omit for a spectator's"),
    table_id: str = TableId,
) -> ReplayStep:
    """A finished game as it stood after ``step`` actions, as ``seat`` saw it."""
    table = await authority.require(table_id)
    if not table.is_over:
        raise Rejected("not-over", "a game can be replayed once it is over")
    history = table.state.history()
    if not 0 <= step <= len(history):
        raise Rejected("bad-step", f"steps are 0-{len(history)}", status=422)
    if seat is not None and not 0 <= seat < table.game.players:
        raise Rejected("bad-seat", f"seats are 0-{table.game.players - 1}", status=422)
    state = table.game.initial_state()
    for who, action in history[:step]:
        state.apply(who, action)
    last = history[step - 1] if step else None
    return ReplayStep(
        step=step,
        total=len(history),
        seat=seat,
        action=LoggedAction(seat=last[0], text=str(last[1])) if last else None,
        observation=dict(state.observation(seat)),
    )


def _same_origin(websocket: WebSocket) -> bool:
    """Browsers send Origin: refuse pages of other sites (they could only watch, but still)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host")


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket,
    authority: AuthorityDep,
    hub: HubDep,
    settings: SettingsDep,
    table_id: str,
) -> None:
    """Live play. Send ``hello`` (with a seat token, or none to watch), then ``act``."""
    if not _same_origin(websocket):
        await websocket.close(CLOSE_FOREIGN_ORIGIN)
        return
    table = await authority.get(table_id) if len(table_id) <= 16 else None
    if table is None:
        await websocket.close(CLOSE_NO_TABLE)
        return
    if hub.watchers(table_id) >= settings.max_connections_per_table:
        await websocket.close(CLOSE_CROWDED)
        return
    await websocket.accept()
    connection = hub.open(websocket, table_id)
    try:
        while connection.close_code is None:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                text = raw.decode("utf-8", errors="replace")
            await _handle(connection, text, authority=authority, hub=hub, settings=settings)
    finally:
        was_seated = connection.greeted and connection.seat is not None
        await hub.close(connection)
        if was_seated:
            current = await authority.get(table_id)
            if current is not None:
                hub.publish(current)


async def _handle(
    connection: Connection, text: str, *, authority: Authority, hub: Hub, settings: Settings
) -> None:
    """One client message; every refusal is an error to this client alone."""
    table = await authority.require(connection.table_id)
    version = table.version
    if not connection.bucket.take():
        connection.strikes += 1
        if connection.strikes >= settings.rate_strikes:
            hub.drop(connection, CLOSE_ABUSE)
        else:
            hub.send_error(
                connection,
                "rate-limited",
                "too many messages; slow down",
                version=version,
                ref=None,
            )
        return
    connection.strikes = 0
    if len(text.encode()) > settings.max_message_bytes:
        message = (
            f"message too large ({len(text.encode())} bytes; at most {settings.max_message_bytes})"
        )
        hub.send_error(connection, "too-large", message, version=version, ref=None)
        return
    try:
        parsed = CLIENT_MESSAGE.validate_json(text)
    except ValidationError as error:
        hub.send_error(
            connection, "malformed", _explain(error, text), version=version, ref=_ref(text)
        )
        return
    if isinstance(parsed, Hello):
        if connection.greeted:
            hub.send_error(
                connection, "greeted", "hello was already sent", version=version, ref=parsed.ref
            )
            return
        connection.seat = authority.seat_of(table, parsed.data.token)
        connection.greeted = True
        if parsed.data.token and connection.seat is None:
            hub.send_error(
                connection,
                "unknown-token",
                "that token holds no seat here; you are watching",
                version=version,
                ref=parsed.ref,
            )
        hub.send_snapshot(connection, table)
        if connection.seat is not None:
            hub.publish(table, skip=connection)  # the others see this seat connected
        return
    if isinstance(parsed, Act):
        if not connection.greeted:
            hub.send_error(
                connection, "hello-first", "send hello first", version=version, ref=parsed.ref
            )
        elif connection.seat is None:
            hub.send_error(
                connection, "spectator", "spectators cannot act", version=version, ref=parsed.ref
            )
        else:
            try:
                await authority.act(
                    table, seat=connection.seat, text=parsed.data.action, version=parsed.version
                )
            except Rejected as refusal:
                hub.send_error(
                    connection, refusal.code, refusal.message, version=table.version, ref=parsed.ref
                )
        return
    hub.push(
        connection, json.dumps({"type": "pong", "version": version, "data": {"ref": parsed.ref}})
    )


def _explain(error: ValidationError, text: str) -> str:
    first: dict[str, Any] = dict(error.errors()[0]) if error.errors() else {}
    where = ".".join(str(part) for part in first.get("loc", ())) or "message"
    return (
        f"malformed message ({where}: {first.get('msg', 'invalid')}); expected JSON like "
        '{"type": "act", "version": 3, "data": {"action": "..."}}'
    )


def _ref(text: str) -> str | None:
    """The client's ``ref`` if a malformed message still carried one, to match the error."""
    try:
        value = json.loads(text)
    except ValueError:
        return None
    ref = value.get("ref") if isinstance(value, dict) else None
    return ref[:64] if isinstance(ref, str) else None
