"""Match routes: the live WebSocket, the record download and replay steps."""

from __future__ import annotations

import asyncio
import hmac
import json
from typing import Any

from fastapi import APIRouter, Path, Query, Request, WebSocket
from fastapi.responses import Response
from pydantic import ValidationError

from molehaven.core import address_seat, name_seats
from molehaven.server import tokens
from molehaven.server.deps import AuthorityDep, HubDep, SettingsDep
from molehaven.server.hosts import host_allowed, same_origin
from molehaven.server.hub import CLOSE_ABUSE, HOST_COOKIE, Connection, Hub
from molehaven.server.limits import SITE_WATCH_SHARE, AddressLimiter, holders
from molehaven.server.lobby.routes import ERRORS, RATE_LIMITED
from molehaven.server.matches.authority import Authority
from molehaven.server.matches.refusals import Rejected
from molehaven.server.matches.replay import ReplayLibrary
from molehaven.server.matches.schemas import (
    CLIENT_MESSAGE,
    Act,
    Hello,
    LoggedAction,
    ReplayStep,
    Resign,
    Say,
)
from molehaven.server.matches.table import LiveTable
from molehaven.server.matches.views import compact
from molehaven.server.settings import Settings

router = APIRouter(tags=["matches"])
TableId = Path(max_length=16, description="the table's id, as in its link")

CLOSE_NO_TABLE = 4404
CLOSE_FOREIGN_ORIGIN = 4403
CLOSE_CROWDED = 4429
CLOSE_TOO_MANY = 4430  # this address holds too many sockets, or opens them too fast
CLOSE_NO_HELLO = 4408


@router.get("/api/tables/{table_id}/record", responses=ERRORS)
async def record(authority: AuthorityDep, table_id: str = TableId) -> Response:
    """The game record (replayable with ``molehaven.replay``), as a download.

    Hidden information is in it, so it is given once the game is over; a perfect-information
    game's record is public from the start.
    """
    table = await authority.require(table_id)
    public = table.game.info.perfect_information and not table.is_open
    if not (table.is_over or public):
        raise Rejected("hidden", "the record holds hidden information until the game is over")
    filename = f"{table.game.slug}-{table.id}.json"
    # Built once for each version (once for a finished game), not for each download: reads
    # are not rate limited, and a long game's record took tens of milliseconds to build.
    kept = table.record_text
    if kept is None or kept[0] != table.version:
        kept = table.record_text = (table.version, compact(table.state.record()).encode())
    return Response(
        kept[1],
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.get(
    "/api/tables/{table_id}/replay/{step}",
    response_model=ReplayStep,
    responses={**ERRORS, **RATE_LIMITED},
)
async def replay_step(
    step: int,
    authority: AuthorityDep,
    request: Request,
    seat: int | None = Query(None, description="whose view; omit for a spectator's"),
    table_id: str = TableId,
) -> ReplayStep:
    """A finished game as it stood after ``step`` actions, as ``seat`` saw it: its
    observation, scores and, at the last step, the result. Limited per client address."""
    limiter: AddressLimiter = request.app.state.replay_limiter
    await limiter.check(request)
    table = await authority.require(table_id)
    if not table.is_over:
        raise Rejected("not-over", "a game can be replayed once it is over")
    total = table.version
    if not 0 <= step <= total:
        raise Rejected("bad-step", f"steps are 0-{total}", status=422)
    if seat is not None and not 0 <= seat < table.game.players:
        raise Rejected("bad-seat", f"seats are 0-{table.game.players - 1}", status=422)
    replays: ReplayLibrary = request.app.state.replays
    state = await replays.state_at(table, step)
    last = table.entries[step - 1] if step else None
    names = table.names()
    return ReplayStep(
        step=step,
        total=total,
        seat=seat,
        action=LoggedAction(
            seat=last.seat,
            text=last.notation,
            describe=name_seats(address_seat(last.after_the_end(), seat), names),
        )
        if last
        else None,
        observation=dict(state.observation(seat)),
        scores=state.scores(),
        result=table.result() if step == total else None,
    )


def _same_origin(websocket: WebSocket, settings: Settings) -> bool:
    """Browsers send Origin: refuse pages of other sites (they could only watch, but still).
    A page that rebinds its own name to this server passes this test; ``host_allowed``
    refuses such names."""
    headers = websocket.headers
    return same_origin(headers.get("origin"), headers.get("host"), settings.public_url)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket,
    authority: AuthorityDep,
    hub: HubDep,
    settings: SettingsDep,
    table_id: str,
) -> None:
    """Live play. Send ``hello`` (with a seat token, or none to watch), then ``act``.

    Every refusal is sent after the socket is accepted, so its close code reaches the page (a
    close before accept is an HTTP 403 that a browser sees as 1006).
    """
    await websocket.accept()
    if not _same_origin(websocket, settings) or not host_allowed(
        websocket.headers.get("host"), settings
    ):
        await websocket.close(CLOSE_FOREIGN_ORIGIN)
        return
    if not await hub.admits(websocket):
        await websocket.close(CLOSE_TOO_MANY)
        return
    try:
        table = await authority.get(table_id) if len(table_id) <= 16 else None
    except Rejected:  # this address had too many old games read back lately
        await websocket.close(CLOSE_TOO_MANY)
        return
    if table is None:
        await websocket.close(CLOSE_NO_TABLE)
        return
    connection = hub.open(websocket, table_id)
    shown = websocket.cookies.get(HOST_COOKIE)
    connection.host = shown is not None and hmac.compare_digest(
        shown.encode(), tokens.presence_token(table.host_token_hash, table.id).encode()
    )
    greeting_ends = asyncio.get_running_loop().time() + settings.hello_seconds
    try:
        while connection.close_code is None:
            if connection.greeted:
                message = await websocket.receive()
            else:  # a socket that never greets must not hold a place for long
                left = greeting_ends - asyncio.get_running_loop().time()
                try:
                    message = await asyncio.wait_for(websocket.receive(), max(left, 0.0))
                except TimeoutError:
                    hub.drop(connection, CLOSE_NO_HELLO)
                    break
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                text = raw.decode("utf-8", errors="replace")
            await _handle(connection, text, authority=authority, hub=hub, settings=settings)
    finally:
        seat = connection.seat if connection.greeted else None
        host = connection.greeted and connection.host
        await hub.close(connection)
        # Only when the seat's (or the host's) last socket through this process closes: a
        # second tab closing changes nothing, and republishing anyway let one client flood
        # the table's viewers. The other processes hear of this one's sockets alone (a seat
        # still connected through another was never announced from here as gone).
        seat_gone = seat is not None and seat not in hub.local_seats(table_id)
        if seat_gone or (host and not hub.local_host_here(table_id)):
            authority.connections_changed(
                table_id, hub.local_seats(table_id), hub.local_host_here(table_id)
            )
        # Only a table in memory: a finished one read back again would tell no one anything.
        current = authority.in_memory(table_id)
        if (
            seat is not None
            and seat_gone
            and current is not None
            and seat not in hub.connected_seats(table_id)
        ):
            hub.publish_presence(current)  # the others see this seat away
            authority.watch_away(current, seat)


async def _handle(
    connection: Connection, text: str, *, authority: Authority, hub: Hub, settings: Settings
) -> None:
    """One client message; every refusal is an error to this client alone."""
    # The rate first: a message refused for it must not make the server read a game back.
    if not connection.bucket.take():
        connection.strikes += 1
        if connection.strikes >= settings.rate_strikes:
            hub.drop(connection, CLOSE_ABUSE)
        else:
            known = authority.in_memory(connection.table_id)
            hub.send_error(
                connection,
                "rate-limited",
                "too many messages; slow down",
                version=known.version if known is not None else None,
                ref=None,
            )
        return
    connection.strikes = 0
    try:
        table = await authority.get(connection.table_id)
    except Rejected as refusal:
        hub.send_error(connection, refusal.code, refusal.message, version=None, ref=None)
        return
    if table is None:  # expired meanwhile
        hub.drop(connection, CLOSE_NO_TABLE)
        return
    version = table.version
    if len(text.encode()) > settings.max_message_bytes:
        message = (
            f"message too large ({len(text.encode())} bytes; at most {settings.max_message_bytes})"
        )
        hub.send_error(connection, "too-large", message, version=version, ref=None)
        return
    try:
        parsed = CLIENT_MESSAGE.validate_json(text)
    except ValidationError as error:
        hub.send_error(connection, "malformed", _explain(error), version=version, ref=_ref(text))
        return
    except (ValueError, RecursionError):  # nesting too deep even for the validator
        hub.send_error(connection, "malformed", MALFORMED, version=version, ref=None)
        return
    if isinstance(parsed, Hello):
        await _hello(connection, parsed, table, authority=authority, hub=hub, settings=settings)
        return
    if not connection.greeted:
        hub.send_error(
            connection, "hello-first", "send hello first", version=version, ref=parsed.ref
        )
        return
    if isinstance(parsed, Act | Resign | Say):
        # A seat given up meanwhile acts no more.
        demoted = hub.revalidate(table, connection)
        if connection.seat is None:
            words = (
                "spectators read the chat but cannot write"
                if isinstance(parsed, Say)
                else ("spectators cannot act")
            )
            hub.send_error(connection, "spectator", words, version=version, ref=parsed.ref)
            # Only the connection demoted just now needs a spectator's view. (Asking whether
            # it had been sent any events sent every spectator of a table at version 0 a
            # whole snapshot for each refused message: a security review.)
            if demoted:
                hub.send_snapshot(connection, table)
            return
        try:
            if isinstance(parsed, Act):
                await authority.act(
                    table,
                    seat=connection.seat,
                    holder=connection.token_hash,
                    text=parsed.data.action,
                    version=parsed.version,
                )
            elif isinstance(parsed, Say):
                await authority.say(
                    table, seat=connection.seat, holder=connection.token_hash, text=parsed.data.text
                )
            else:
                await authority.resign(table, seat=connection.seat, holder=connection.token_hash)
        except Rejected as refusal:
            hub.send_error(
                connection, refusal.code, refusal.message, version=table.version, ref=parsed.ref
            )
        return
    hub.push(
        connection, json.dumps({"type": "pong", "version": version, "data": {"ref": parsed.ref}})
    )


async def _hello(
    connection: Connection,
    hello: Hello,
    table: LiveTable,
    *,
    authority: Authority,
    hub: Hub,
    settings: Settings,
) -> None:
    """Claim a seat (or watch). Only greeted spectators count toward the watcher caps (of
    the table, and of one address at it); a seat's person is never refused for want of
    room."""
    version = table.version
    if connection.greeted:
        hub.send_error(
            connection, "greeted", "hello was already sent", version=version, ref=hello.ref
        )
        return
    held = authority.seat_of(table, hello.data.token)
    if held is None and hub.watchers(table.id) >= settings.max_connections_per_table:
        hub.send_error(
            connection, "crowded", "too many people watch this table", version=version, ref=None
        )
        hub.drop(connection, CLOSE_CROWDED)
        return
    shares = holders(connection.address, settings.max_watchers_per_address, SITE_WATCH_SHARE)
    full = (
        None
        if held is not None
        else next((most for holder, most in shares if hub.watchers(table.id, holder) >= most), None)
    )
    if full is not None:
        hub.send_error(
            connection,
            "too-many-watchers",
            f"your network already watches this table through {full} connections",
            version=version,
            ref=None,
        )
        hub.drop(connection, CLOSE_TOO_MANY)
        return
    before = hub.connected_seats(table.id)
    local_before = hub.local_seats(table.id), hub.local_host_here(table.id)
    connection.seat, connection.token_hash = held if held is not None else (None, None)
    if connection.seat is not None and table.seats[connection.seat].stand_in:
        await authority.reclaim(table, connection.seat)  # before this one hears anything
    connection.greeted = True
    if (
        hello.data.token
        and held is None
        and authority.resigned_seat_of(table, hello.data.token) is None
    ):
        hub.send_error(
            connection,
            "unknown-token",
            "that token holds no seat here; you are watching",
            version=version,
            ref=hello.ref,
        )
    hub.send_snapshot(connection, table)
    local_now = hub.local_seats(table.id), hub.local_host_here(table.id)
    if local_now != local_before:  # what this process announces of the table changed
        authority.connections_changed(table.id, *local_now)
    if connection.seat is not None and connection.seat not in before:
        hub.publish_presence(table, skip=connection)  # the others see this seat connected


MALFORMED = (
    'malformed message; expected JSON like {"type": "act", "version": 3, "data": {"action": "..."}}'
)


def _explain(error: ValidationError) -> str:
    # The message names where the message went wrong, never what it held.
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
    except (ValueError, RecursionError):
        return None
    ref = value.get("ref") if isinstance(value, dict) else None
    return ref[:64] if isinstance(ref, str) else None
