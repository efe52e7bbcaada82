"""The authority: the only code that changes a table.

Every change follows one path: check it against the engine on a clone of the state, resolve
any chance nodes that follow with ``secrets.SystemRandom``, store the new events (the
append-only log) in one transaction, and only then swap the state in, re-arm the clock, tell
the hub and wake the bots. A table's ``lock`` orders all of this, so actions apply one at a time
and a stale ``version`` is refused (boardgame.io's state id).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from molehaven.agents import AgentFactory
from molehaven.core import CHANCE, CLOCK, Action, Game, Seat, State
from molehaven.core.errors import MolehavenError
from molehaven.core.game import JSONValue
from molehaven.core.play import sample_outcome
from molehaven.core.registry import Registry
from molehaven.server import tokens
from molehaven.server.bots import BotPool
from molehaven.server.cluster import Cluster
from molehaven.server.db import Database
from molehaven.server.limits import READER, AddressLimiter, holders, site_of
from molehaven.server.lobby import service as lobby_store
from molehaven.server.lobby.models import ABANDONED, OVER, RUNNING, TableRow
from molehaven.server.matches import service as event_store
from molehaven.server.matches.chat import Talk, read_chat
from molehaven.server.matches.clock import ClockWatch, round_seconds
from molehaven.server.matches.lifecycle import EXPIRED, Lifecycle
from molehaven.server.matches.models import EventRow
from molehaven.server.matches.refusals import Publisher, Rejected
from molehaven.server.matches.replication import Replication
from molehaven.server.matches.service import NewEvent, VersionMoved
from molehaven.server.matches.story import LogEntry, describe, result_of
from molehaven.server.matches.table import (
    BOT,
    EMPTY,
    HUMAN,
    ON_THE_WAY_SECONDS,
    ChatLine,
    LiveTable,
    SeatSlot,
    bot_name,
)
from molehaven.server.settings import Settings
from molehaven.server.text import readable

log = logging.getLogger("molehaven.server")

FINISHED_CACHED = 128
# A table read back from the database costs its reader a token, and one more for each whole
# this many actions in its log (``Authority.get``).
READ_BACK_ACTIONS = 250


class Authority(Replication, Lifecycle, Talk):
    """Live tables by id, and every operation on them."""

    def __init__(
        self,
        *,
        db: Database,
        registry: Registry,
        agents: Mapping[str, AgentFactory],
        settings: Settings,
        publisher: Publisher,
        cluster: Cluster | None = None,
    ) -> None:
        self.db = db
        self.cluster = cluster
        self.registry = registry
        self.agents = agents
        self.settings = settings
        self.publisher = publisher
        self.live: dict[str, LiveTable] = {}
        self.writer = event_store.EventWriter(db)
        self._finished: OrderedDict[str, LiveTable] = OrderedDict()
        self._building: dict[str, asyncio.Lock] = {}
        self._rng = secrets.SystemRandom()
        self.bots = BotPool(agents, workers=settings.bot_workers, seconds=settings.bot_seconds)
        self._sweeper: asyncio.Task[None] | None = None
        # Paces the clients that make this process read old games back (``get``); set by the
        # app, None in tests that drive the authority alone.
        self.read_back_limiter: AddressLimiter | None = None

    # ----------------------------------------------------------------- loading and lookup

    async def load(self) -> None:
        """Rebuild every open and running table from the database and resume it."""
        async with self.db.read() as session:
            rows = await lobby_store.live_tables(session)
            loaded = [
                (
                    row,
                    await event_store.load_events(session, row.id),
                    await read_chat(session, row.id),
                )
                for row in rows
            ]
        for row, events, chat in loaded:
            try:
                table = self._build(row, events, chat)
            except (MolehavenError, TypeError) as error:
                log.error("table %s cannot be resumed and is left as it is: %s", row.id, error)
                continue
            if table.is_open:
                # Who was at it a moment ago is not known: their pages reconnect within
                # seconds, and must find it there (the sweep below would expire it).
                table.present_at = time.time()
            self.live[table.id] = table
        if self.cluster is not None:
            await self.cluster.start(self)
            for table_id in list(self.live):
                await self.cluster.claim(table_id)  # the rest stay replicas of others' tables
        await self.sweep()
        for table in list(self.live.values()):
            if table.is_running and self._owns(table.id):
                await self._resume(table)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    def _length_cap(self, game: Game[object]) -> int | None:
        """The most actions this server plays, if ``game``'s options allow more: a game that
        reaches it ends abandoned (``_commit``). Options are not refused for it, since a
        clock-bounded variant (The Mole's TM-20) has no bound at all."""
        cap = self.settings.max_game_length
        return cap if game.max_length() > cap else None

    def _build(
        self, row: TableRow, events: Sequence[EventRow], chat: Sequence[ChatLine] = ()
    ) -> LiveTable:
        """A stored table as it stands: its game replayed from its log, with its chat's last
        lines. A long log takes tens of milliseconds (60 ms for 2,000 actions): callers
        serving requests run this in a thread."""
        game = self.registry.make(row.game, row.players, **dict(row.options))
        table = LiveTable(
            id=row.id,
            game=game,
            seats=[SeatSlot.of_row(s) for s in row.seats],
            host_token_hash=row.host_token_hash,
            created_at=row.created_at,
            status=row.status,
            clock_deadline=row.clock_deadline,
            away_seconds=row.away_seconds,
            touched_at=row.updated_at,
            final=dict(row.result) if row.result is not None else None,
            rematch=row.rematch,
            host_seat=row.host_seat,
            length_cap=self._length_cap(game),
            chat=list(chat),
        )
        for event in events:
            table.replay(event.seat, event.action)
        return table

    async def _resume(self, table: LiveTable) -> None:
        async with table.lock:
            if table.state.is_chance():  # only if a start was interrupted before it was stored
                await self._commit(table, table.state.clone(), [], ClockWatch.of(table), [])
            if table.clock_deadline is None and ClockWatch.of(table).live:
                table.clock_deadline = time.time() + round_seconds(table.game, table.state)
        self._arm_clock(table)
        self._start_bots(table)
        connected = self.publisher.connected_seats(table.id)
        for seat, slot in enumerate(table.seats):
            if slot.kind == HUMAN and not slot.stand_in and seat not in connected:
                self.watch_away(table, seat)

    async def get(self, table_id: str) -> LiveTable | None:
        """The table with that id (finished ones are read back from the database on demand).

        Raises:
            Rejected: the table must be read back from the database, for a client (``READER``)
                that had too many read back lately (429).
        """
        table = self.in_memory(table_id)
        if table is not None or len(table_id) > 16:
            return table
        # Reading a game back replays its whole log (80 ms of CPU for a long one), and only
        # the last FINISHED_CACHED are kept: a client cycling through old games' ids could
        # otherwise keep the server busy for free (found in a security review).
        reader = READER.get()
        if reader is not None and self.read_back_limiter is not None:
            # By its length: building a table replays and describes every action for every
            # viewer (0.2 s for a 1,100-action game of Die Maulwurf Company), and at a token
            # a read a client cycling through 129 such games kept most of a core busy from one
            # address (found in a security review). A full bucket pays for any one game.
            async with self.db.read() as session:
                actions = await lobby_store.stored_length(session, table_id) or 0
            cost = 1 + actions // READ_BACK_ACTIONS
            await self.read_back_limiter.check_address(reader, cost=cost)
        if self.cluster is not None:  # another process's table, not yet heard of here
            return await self.refresh(table_id)
        async with self._reading(table_id):  # asked twice at once, it is read once
            table = self._finished.get(table_id)
            if table is not None:
                return table
            row, events, chat = await self._read_whole(table_id)
            if row is None or row.status not in (OVER, ABANDONED):
                return None
            table = await asyncio.to_thread(self._build, row, events, chat)
            self._remember_finished(table)
            return table

    async def require(self, table_id: str) -> LiveTable:
        table = await self.get(table_id)
        if table is None:
            raise Rejected("no-table", f"no table {table_id!r}", status=404)
        return table

    def _remember_finished(self, table: LiveTable) -> None:
        self._finished[table.id] = table
        self._finished.move_to_end(table.id)
        while len(self._finished) > FINISHED_CACHED:
            self._finished.popitem(last=False)

    # ------------------------------------------------------------------------- the lobby

    async def create(
        self,
        *,
        game: str,
        players: int | None,
        options: Mapping[str, object],
        away_seconds: float | None = None,
        listed: bool = True,
        host_address: str | None = None,
        first_player: str | None = None,
        seats: Sequence[SeatSlot] = (),
        host_token: str | None = None,
        host_seat: Seat | None = None,
    ) -> tuple[LiveTable, str, str | None]:
        """A new open table, the host token that manages it, and, when ``first_player``
        names the host, the token of seat 0, taken by them in the same write (nobody can
        take it in between, as between two requests). ``seats``: who sits where from the
        start (a rematch's players), stored in the same write; ``host_token``: the host's
        token, when the caller made it (a rematch's), else a new one; ``host_seat``: where
        the host sits among ``seats`` (a rematch's creator), if anywhere.

        Raises:
            MolehavenError: unknown game, bad player count or options (the message says why).
            Rejected: the server holds too many tables, or ``host_address`` already hosts
                ``max_tables_per_address`` tables that are open or running.
        """
        the_game = self.registry.make(game, players, **dict(options))
        table_id = tokens.new_table_id()
        if host_address is not None:
            await self._check_hosted(host_address, table_id)
        if len(self.live) >= self.settings.max_live_tables:
            raise Rejected("full", "the server has too many tables open; try later", status=503)
        host_token = host_token or tokens.new_token()
        seat_token = tokens.new_token() if first_player is not None else None
        seats = list(seats) or [SeatSlot() for _ in range(the_game.players)]
        if len(seats) != the_game.players:
            raise ValueError(f"{len(seats)} seats for {the_game.players} players")
        if first_player is not None and seat_token is not None:
            seats[0] = SeatSlot(HUMAN, first_player, None, tokens.hash_token(seat_token))
            host_seat = 0
        table = LiveTable(
            id=table_id,
            game=the_game,
            seats=seats,
            host_token_hash=tokens.hash_token(host_token),
            created_at=time.time(),
            away_seconds=away_seconds if away_seconds is not None else self.settings.away_seconds,
            touched_at=time.time(),
            host_address=host_address,
            host_seat=host_seat,
            length_cap=self._length_cap(the_game),
        )
        async with self.db.write() as session:
            await lobby_store.insert_table(
                session,
                table_id=table.id,
                game=the_game.slug,
                players=the_game.players,
                options=the_game.options_dict(),
                host_token_hash=table.host_token_hash,
                away_seconds=table.away_seconds,
                listed=listed,
                host_seat=host_seat,
            )
            for seat, slot in enumerate(seats):
                if slot.kind != EMPTY:
                    await _store_seat(session, table.id, seat, slot)
        self.live[table.id] = table
        if self.cluster is not None:
            await self.cluster.claim(table.id)  # a new id: nobody else can hold it
        return table, host_token, seat_token

    async def _check_hosted(self, host_address: str, table_id: str) -> None:
        """Refuse a new table (``table_id``) for a client that hosts
        ``max_tables_per_address`` open or running tables already, or whose IPv6 site (its
        /56, ``limits.site_of``) hosts ``SITE_SHARE`` times as many: counting /64s alone, one
        home given a /56 could host 256 times as many, and keep them open for as long as its
        pages stayed connected (2,048 of the server's 5,000; found in a security review). In a
        cluster each is counted over every process, and the new table noted there.

        Raises:
            Rejected: 429 ``too-many-tables``.
        """
        for who, limit in holders(host_address, self.settings.max_tables_per_address):
            own = who == host_address  # else its /56
            hosted = sum(
                1
                for t in self.live.values()
                if t.host_address is not None
                and (t.host_address if own else site_of(t.host_address)) == who
            )
            if hosted < limit and self.cluster is not None:
                # Counted over every process: one client cannot host ``limit`` on each.
                hosted = await self.cluster.note_hosted(who, table_id, limit)
            if hosted >= limit:
                words = "you already host" if own else "your network already hosts"
                # Say what a host can do: "leave one" was no way out of a running table.
                wait = max(self.settings.open_table_seconds, self.settings.unattended_seconds)
                raise Rejected(
                    "too-many-tables",
                    f"{words} {hosted} tables still open or being played; finish or resign"
                    f" one, or wait: a table nobody is at closes by itself within"
                    f" {math.ceil(wait / 60)} minutes",
                    status=429,
                )

    async def rematch(
        self,
        table_id: str,
        *,
        token: str | None,
        host_address: str | None = None,
        pass_first_seat: bool = False,
    ) -> tuple[str, Seat | None, str | None]:
        """The table a finished table's players go on to, the asker's seat there (``None``
        if they hold none: its host removed them) and, for the one who created it, its host
        token.

        The rematch is a new open table with the same game, options, away time, listing and
        seats (a listed table's spectators are told where its rematch is, so keeping it out
        of the lobby would hide nothing): each person's seat token holds their seat there
        too, bots keep their agents, and seats a bot stood in for (their person away or
        resigned) are their person's again: a player who resigned may ask too. The first
        player to ask creates it and hosts it (starts it, or removes someone who did not
        come back); later ones are sent to the same table. With ``pass_first_seat`` (the
        creator's choice; later askers' is moot) everyone moves one seat down, so the player
        who sat second sits first and the first sits last: in games where seat 0 begins, the
        start passes on.

        Raises:
            Rejected: the token holds no seat at the table (403), or the game is not over
                (409 ``not-over``).
        """
        old = await self.require(table_id)
        found = self.seat_of(old, token) or self.resigned_seat_of(old, token)
        if found is None:
            raise Rejected(
                "forbidden", "only a player of this table can ask for a rematch", status=403
            )
        if not old.is_over:
            raise Rejected("not-over", "a rematch can be asked for once the game is over")
        # The creator's host token is derived from their seat token, so asking again (the
        # first answer lost on the way) gives it back to them, and to nobody else.
        host_token = tokens.derived_token(token or "", f"rematch-host:{old.id}")
        self._on_the_way(old, found[0])
        async with old.lock:
            made = await self.get(old.rematch) if old.rematch is not None else None
            if made is not None:
                self.publisher.publish(old)  # the others see this one go to the rematch
                mine = tokens.token_matches(host_token, made.host_token_hash)
                return made.id, self._seat_at(made, token), host_token if mine else None
            # None yet, or it expired unstarted (its host never came back): a new one.
            async with self.db.read() as session:
                stored = await lobby_store.get_table(session, old.id)
            seats = [_seat_in_rematch(slot) for slot in old.seats]
            creator = found[0]  # hosts the rematch, from their seat there
            if pass_first_seat:
                seats = seats[1:] + seats[:1]
                creator = (creator - 1) % len(seats)
            new, _, _ = await self.create(
                game=old.game.slug,
                players=old.game.players,
                options=old.game.options_dict(),
                away_seconds=old.away_seconds,
                listed=stored is not None and stored.listed,
                host_address=host_address,
                seats=seats,
                host_token=host_token,
                host_seat=creator,
            )
            new.rematch_of = old.id
            async with self.db.write() as session:
                named = await lobby_store.claim_rematch(
                    session, table_id=old.id, rematch_id=new.id, replacing=old.rematch
                )
            old.rematch = named
            self._changed(old)
        if named is not None and named != new.id:
            # Another process's player asked at the same moment and was first: go there.
            # The table made here would only sit open (and count as one the asker's address
            # hosts) until it expired: it expires now.
            log.info("rematch of %s: %s was made first; %s expires", old.id, named, new.id)
            await self._end(new, EXPIRED, None)
            there = await self.get(named)
            return named, None if there is None else self._seat_at(there, token), None
        return new.id, self._seat_at(new, token), host_token

    def _on_the_way(self, old: LiveTable, seat: Seat) -> None:
        """The seat's person asked to play again: the finished table counts them at the
        rematch while their page goes there (``Hub.at_rematch``), and tells its watchers
        again once that while is over, in case they never arrived."""
        old.rematch_asked[seat] = time.monotonic()
        name = f"on-the-way-{seat}"
        for task in [t for t in old.tasks if t.get_name() == name]:
            task.cancel()  # asked again: one look, after the last ask
        self._spawn(old, self._arrival_due(old), name)

    async def _arrival_due(self, old: LiveTable) -> None:
        await asyncio.sleep(ON_THE_WAY_SECONDS + 0.1)
        self.publisher.publish(old)

    async def join(self, table_id: str, *, seat: Seat, name: str, host: str | None = None) -> str:
        """Seat a person at an empty seat; returns the seat's secret token. A person who
        sends the table's host token (``host``) sits as its host: the table names their seat
        (``host_seat``) until they leave it. Any other ``host`` is ignored: sitting needs
        none."""
        routed = await self._route("join", table_id, seat=seat, name=name, host=host)
        if routed is not None:
            return str(routed)
        table = await self.require(table_id)
        token = tokens.new_token()
        async with table.lock:
            self._check_open(table)
            slot = self._slot(table, seat)
            if slot.kind != EMPTY:
                raise Rejected("seat-taken", f"seat {seat} is taken")
            hosts = tokens.token_matches(host, table.host_token_hash)
            await self._save_seat(
                table, seat, SeatSlot(HUMAN, name, None, tokens.hash_token(token)), hosts=hosts
            )
        return token

    async def leave(
        self, table_id: str, *, seat: Seat, token: str | None, host: str | None
    ) -> None:
        """Free a seat before the start: its person, or the host (for bots or anyone)."""
        if await self._route("leave", table_id, seat=seat, token=token, host=host) is not None:
            return
        table = await self.require(table_id)
        async with table.lock:
            self._check_open(table)
            slot = self._slot(table, seat)
            if not (
                tokens.token_matches(token, slot.token_hash)
                or tokens.token_matches(host, table.host_token_hash)
            ):
                raise Rejected("forbidden", "only the seat's player or the host", status=403)
            await self._save_seat(table, seat, SeatSlot())

    async def add_bots(
        self, table_id: str, *, seats: Sequence[Seat] | None, agent: str, host: str | None
    ) -> None:
        """Put bots at the given seats (``None``: every empty seat). Host only."""
        if await self._route("add_bots", table_id, seats=seats, agent=agent, host=host) is not None:
            return
        table = await self.require(table_id)
        if agent not in self.agents:
            raise Rejected("bad-agent", f"unknown agent {agent!r}; valid: {', '.join(self.agents)}")
        async with table.lock:
            self._check_host(table, host)
            self._check_open(table)
            wanted = [s for s, slot in enumerate(table.seats) if slot.kind == EMPTY]
            if seats is not None:
                for seat in seats:
                    if self._slot(table, seat).kind != EMPTY:
                        raise Rejected("seat-taken", f"seat {seat} is taken")
                wanted = list(seats)
            for seat in wanted:
                await self._save_seat(table, seat, SeatSlot(BOT, bot_name(agent), agent, None))

    async def start(self, table_id: str, *, host: str | None) -> None:
        if await self._route("start", table_id, host=host) is not None:
            return
        table = await self.require(table_id)
        async with table.lock:
            self._check_host(table, host)
            self._check_open(table)
            if table.has_empty_seat():
                raise Rejected("seats-empty", "every seat needs a player or a bot first")
            if not self.settings.bot_only_tables and all(s.kind != HUMAN for s in table.seats):
                # Bots alone would think for nobody, taking the bot workers from real games.
                raise Rejected("no-person", "a table needs at least one person to start")
            watch = ClockWatch.of(table)
            trial = table.state.clone()
            entries: list[LogEntry] = []
            events = self._settle(trial, watch, entries)
            await self._commit(table, trial, events, watch, entries)
        self._start_bots(table)
        connected = self.publisher.connected_seats(table.id)
        for seat, slot in enumerate(table.seats):
            if slot.kind == HUMAN and seat not in connected:
                self.watch_away(table, seat)

    def _check_open(self, table: LiveTable) -> None:
        if not table.is_open:
            raise Rejected("started", "the game has started; seats can no longer change")

    def _check_host(self, table: LiveTable, host: str | None) -> None:
        if not tokens.token_matches(host, table.host_token_hash):
            raise Rejected("forbidden", "only the table's host may do that", status=403)

    def _slot(self, table: LiveTable, seat: Seat) -> SeatSlot:
        if not 0 <= seat < len(table.seats):
            raise Rejected("bad-seat", f"seats are 0-{len(table.seats) - 1}", status=422)
        return table.seats[seat]

    async def _save_seat(
        self, table: LiveTable, seat: Seat, slot: SeatSlot, *, hosts: bool = False
    ) -> None:
        """Store who sits at ``seat`` now; ``hosts``: the host token's holder sits there.
        The host's seat is no longer named once its person is no longer there (left, removed,
        resigned): the page would call someone else, or a bot, the host."""
        host_seat = table.host_seat
        if hosts:
            host_seat = seat
        elif host_seat == seat and not _same_person(table.seats[seat], slot):
            host_seat = None
        async with self.db.write() as session:
            await _store_seat(session, table.id, seat, slot)
            if host_seat != table.host_seat:
                await lobby_store.set_host_seat(session, table_id=table.id, seat=host_seat)
        table.seats[seat] = slot
        table.host_seat = host_seat
        table.touched_at = time.time()
        self._changed(table)  # which also demotes connections whose token lost it

    def seat_of(self, table: LiveTable, token: str | None) -> tuple[Seat, str] | None:
        """The seat whose token this is, with the token's hash, or ``None`` (a spectator)."""
        return _token_seat(table, token, resigned=False)

    def _seat_at(self, rematch: LiveTable, token: str | None) -> Seat | None:
        """The asker's seat at a rematch: where their token sits (everyone may have moved
        one seat down); ``None`` if it sits nowhere (the host removed them since)."""
        found = self.seat_of(rematch, token)
        return None if found is None else found[0]

    def resigned_seat_of(self, table: LiveTable, token: str | None) -> tuple[Seat, str] | None:
        """The seat whose person resigned with this token, or ``None``. The token holds
        nothing there (a bot plays it); its person may only ask to play again."""
        return _token_seat(table, token, resigned=True)

    # ------------------------------------------------------------------------ play

    async def act(
        self, table: LiveTable, *, seat: Seat, holder: str | None, text: str, version: int | None
    ) -> None:
        """Apply a person's action, given as notation; ``holder`` is the hash of the token
        the connection proved, checked again here (it may have lost the seat since).

        Raises:
            Rejected: the token no longer holds the seat, the game is not running,
                ``version`` is stale, the text is not an action of the game, text a player
                wrote in it would not read cleanly (``bad-text``), or the action is not legal
                for that seat now. Nothing changes.
        """
        request = {"seat": seat, "holder": holder, "text": text, "version": version}
        if await self._route("act", table.id, **request) is not None:
            return
        async with table.lock:
            self._check_holder(table, seat, holder)
            if not table.is_running:
                raise Rejected("not-running", "the game is not running")
            if version is not None and version != table.version:
                raise Rejected(
                    "stale", f"the game moved on (version {table.version}, you sent {version})"
                )
            try:
                action = table.game.parse_action(text)
            except MolehavenError as error:
                raise Rejected("notation", str(error), status=422) from None
            _check_readable(action)
            await self._apply(table, seat, action, source="seat")

    async def _apply(self, table: LiveTable, seat: Seat, action: Action, *, source: str) -> None:
        """Apply one action and what chance does after it; the caller holds the lock."""
        watch = ClockWatch.of(table)
        trial = table.state.clone()
        try:
            trial.check(seat, action)
        except MolehavenError as error:
            raise Rejected("illegal", str(error), status=422) from None
        entries = [describe(trial, seat, action)]
        trial.apply(seat, action)
        watch.observe(trial)
        events = [NewEvent(seat, str(action), source), *self._settle(trial, watch, entries)]
        await self._commit(table, trial, events, watch, entries)

    def _settle(self, trial: State, watch: ClockWatch, entries: list[LogEntry]) -> list[NewEvent]:
        """Resolve every chance node from here, sampling with the system's random source."""
        events = []
        while trial.is_chance() and not trial.is_terminal():
            outcome = sample_outcome(trial.chance_outcomes(), self._rng)
            entries.append(describe(trial, CHANCE, outcome))
            trial.apply(CHANCE, outcome)
            watch.observe(trial)
            events.append(NewEvent(CHANCE, str(outcome), "chance"))
        return events

    async def _commit(
        self,
        table: LiveTable,
        trial: State,
        events: list[NewEvent],
        watch: ClockWatch,
        entries: list[LogEntry],
    ) -> None:
        """Store ``events`` and then make ``trial`` the table's state."""
        watch.observe(trial)
        status = OVER if trial.is_terminal() else RUNNING
        result = result_of(trial, table.names()) if status == OVER else None
        if status == RUNNING and trial.num_actions >= self.settings.max_game_length:
            status, result = ABANDONED, _too_long(self.settings.max_game_length)
        deadline = None
        if status == RUNNING and watch.live:
            if watch.restarted or table.clock_deadline is None:
                deadline = time.time() + round_seconds(table.game, trial)
            else:
                deadline = table.clock_deadline
        change = event_store.Append(
            table_id=table.id,
            first_number=table.version,
            events=events,
            status=status,
            clock_deadline=deadline,
            result=result,
        )
        try:
            await self.writer.append(change)
        except VersionMoved:
            # Another process stored actions of this table meanwhile: a lease that changed
            # hands while this process still acted. What it holds is behind, and was never
            # caught up: its bots failed at the same version over and over, the game stuck
            # (a cluster test, 2026-11-28). It reads the table again once the caller lets go
            # of its lock; this action is refused as stale, to be asked again from there.
            self._spawn(table, self._catch_up(table.id), "catch-up")
            raise Rejected("stale", "the game moved on meanwhile; look again") from None
        first = table.version
        table.state = trial
        table.entries.extend(entries)
        table.status = status
        table.final = result
        table.clock_deadline = deadline
        table.touched_at = time.time()
        self._arm_clock(table)
        if status != RUNNING:
            self.live.pop(table.id, None)
            self._remember_finished(table)
        self._changed(table, first, events)
        table.changed.set()

    # ------------------------------------------------------------------------ the clock

    def _arm_clock(self, table: LiveTable) -> None:
        for task in [t for t in table.tasks if t.get_name() == "clock"]:
            task.cancel()
            table.tasks.discard(task)
        if table.clock_deadline is None or not table.is_running or not self._owns(table.id):
            return
        self._spawn(table, self._clock_fires(table, table.clock_deadline), "clock")

    async def _clock_fires(self, table: LiveTable, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        async with table.lock:
            if table.clock_deadline != deadline or not table.is_running:
                return  # re-armed or finished meanwhile
            events = table.state.legal_actions(CLOCK)
            if events:
                await self._apply(table, CLOCK, events[0], source="clock")

    async def _catch_up(self, table_id: str) -> None:
        """Read again a table whose stored log moved on without this process, then go on
        with its clock and bots from there if it is still this process's to run."""
        table = await self.refresh(table_id)
        if table is not None and table.is_running and self._owns(table_id):
            self._arm_clock(table)
            self._wake_bots(table)

    def _spawn(self, table: LiveTable, work: object, name: str) -> None:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(work, name=name)  # type: ignore[arg-type]
        table.tasks.add(task)
        task.add_done_callback(table.tasks.discard)
        task.add_done_callback(_log_failure)

    # ------------------------------------------------------------------------ bots

    def _start_bots(self, table: LiveTable) -> None:
        if not table.is_running or not self._owns(table.id):
            return
        if any(task.get_name() == "bots" for task in table.tasks):
            return
        table.changed.set()
        self._spawn(table, self._drive_bots(table), "bots")

    def _wake_bots(self, table: LiveTable) -> None:
        self._start_bots(table)
        table.changed.set()

    async def _drive_bots(self, table: LiveTable) -> None:
        """Let bots act whenever one may, one action at a time, until the game ends.

        Bots think in worker processes (``BotPool``), outside the table's lock, so people
        act meanwhile. Where several seats may act at once, a random bot among them goes
        first, so people always get their chance too. Bots think while ``bot_delay`` runs
        and act once it is over, so when a bot acts does not tell how long the bots thought:
        that depends on secrets (The Mole's bot is asked whether to guess after it has
        nominated, when other bots are no longer asked anything), and a delay after the
        thinking used to add it to the time people see between moves. Where they think
        longer than the delay (a search's budget), each move waits as long as the table's
        recent ones typically took (``BotPace``), so a forced move does not stand out.
        """
        loop = asyncio.get_running_loop()
        while table.is_running:
            await table.changed.wait()
            table.changed.clear()
            while table.is_running:
                not_before = loop.time() + self.settings.bot_delay
                try:
                    if not await self._bot_turn(table, not_before):
                        break
                except Exception:
                    log.exception("a bot at table %s failed; trying again", table.id)
                    await asyncio.sleep(1.0)
                await asyncio.sleep(0)  # let people and the network in between bot moves

    async def _bot_turn(self, table: LiveTable, not_before: float) -> bool:
        """One bot action, not before the event loop's time ``not_before``, if a bot may
        act now; False when none may.

        A bot whose seat may act without being awaited (``State.awaited``: The Mole's open
        play) and whose agent chooses when to interject is only asked whether it wants to act
        now; it is never made to (TM-26)."""
        movers = [s for s in table.state.to_move() if table.seats[s].played_by_bot]
        if not movers:
            return False
        started = asyncio.get_running_loop().time()
        awaited = table.state.awaited()
        optional = [
            s
            for s in movers
            if s not in awaited
            and self.bots.interjects(table.seats[s].agent or "random", table.game)
        ]
        self._rng.shuffle(optional)
        # Whose turn it is for the bot workers; a table taken over after a restart has no
        # known host address and counts as its own.
        owner = table.host_address or table.id
        for seat in optional:
            version = table.version
            agent = table.seats[seat].agent or "random"
            text = await self.bots.choose(
                agent, table.state, seat, secrets.randbits(63), optional=True, owner=owner
            )
            if table.version != version:
                return True  # the game moved on meanwhile; look again
            if text:
                not_before = max(not_before, self._paced(table, started))
                return await self._bot_acts(table, seat, version, text, not_before)
        movers = [s for s in movers if s not in optional]
        if not movers:
            return False
        seat = movers[0] if len(movers) == 1 else self._rng.choice(movers)
        version = table.version
        agent = table.seats[seat].agent or "random"
        text = await self.bots.choose(agent, table.state, seat, secrets.randbits(63), owner=owner)
        not_before = max(not_before, self._paced(table, started))
        return await self._bot_acts(table, seat, version, text, not_before)

    @staticmethod
    def _paced(table: LiveTable, started: float) -> float:
        """When a bot move that began thinking at ``started`` may be played: once as long
        has passed as the table's bots typically took lately (``BotPace``)."""
        return started + table.bot_pace.note(asyncio.get_running_loop().time() - started)

    async def _bot_acts(
        self, table: LiveTable, seat: Seat, version: int, text: str | None, not_before: float
    ) -> bool:
        """Apply a bot's chosen action, once the loop's time is ``not_before``, unless the
        game moved on; an unusable choice becomes a random legal action, so an agent's
        mistake never stalls the table."""
        await asyncio.sleep(max(0.0, not_before - asyncio.get_running_loop().time()))
        legal = table.state.legal_actions(seat)
        if not legal:
            return True
        async with table.lock:
            if table.version != version or not table.is_running:
                return True  # someone acted first; look again
            if not table.seats[seat].played_by_bot:
                return True  # the person came back meanwhile
            try:
                if text is None:
                    raise Rejected("illegal", "the bot gave no action in time")
                action = table.game.parse_action(text)
                await self._apply(table, seat, action, source="bot")
            except (Rejected, MolehavenError) as error:  # an agent's mistake must not stall
                if isinstance(error, Rejected) and error.code == "stale":
                    return True  # stored elsewhere meanwhile (``_commit``): look again
                log.warning("bot at table %s seat %s: %s", table.id, seat, error)
                await self._apply(table, seat, self._rng.choice(legal), source="bot")
        return True

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        tables = [*self.live.values(), *self._finished.values()]
        for table in tables:
            for task in list(table.tasks):
                task.cancel()
        for table in tables:
            for task in list(table.tasks):
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        await asyncio.to_thread(self.bots.close)
        if self.cluster is not None:
            await self.cluster.close()


def _check_readable(action: Action) -> None:
    """Refuse a person's action whose text would not read as one clean line on everyone's
    page, by the rule names and chat lines follow (``text.readable``).

    The action's canonical notation is checked, not what was sent: a game's notation is plain
    ASCII but for text a player wrote (The Mole's free answers), and the notation holds that
    text decoded, so marks sent as JSON escapes (``\\u0301``) count too. The game's own
    grammar (TM-13) allows any number of combining marks; a pile of them draws over the
    lines around it, so the server, which shows it to others, refuses it.

    Raises:
        Rejected: ``bad-text`` (422) with the reason.
    """
    try:
        readable(str(action), "a move")
    except ValueError as error:
        raise Rejected("bad-text", str(error), status=422) from None


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("table task %s failed", task.get_name(), exc_info=task.exception())


def _token_seat(table: LiveTable, token: str | None, *, resigned: bool) -> tuple[Seat, str] | None:
    """The seat a person holds with ``token`` (``resigned``: the seat they resigned with it),
    with the token's hash, or ``None``."""
    for seat, slot in enumerate(table.seats):
        held = slot.resigned if resigned else slot.kind == HUMAN
        if held and tokens.token_matches(token, slot.token_hash):
            return seat, tokens.hash_token(token or "")
    return None


def _same_person(before: SeatSlot, after: SeatSlot) -> bool:
    """Whether a seat's person is still there (a bot standing in for them, or no longer)."""
    return after.kind == HUMAN and after.token_hash == before.token_hash


def _seat_in_rematch(slot: SeatSlot) -> SeatSlot:
    """Who sits at a seat of a rematch: its person again (the bot that stood in for them
    while they were away or after they resigned drops out) or its bot, with the same agent."""
    if slot.kind == HUMAN or slot.resigned:
        return SeatSlot(HUMAN, slot.name, None, slot.token_hash)
    return SeatSlot(slot.kind, slot.name, slot.agent, slot.token_hash)


async def _store_seat(session: AsyncSession, table_id: str, seat: Seat, slot: SeatSlot) -> None:
    await lobby_store.save_seat(
        session,
        table_id=table_id,
        seat=seat,
        kind=slot.kind,
        name=slot.name,
        agent=slot.agent,
        token_hash=slot.token_hash,
        stand_in=slot.stand_in,
        resigned=slot.resigned,
    )


def _too_long(most: int) -> dict[str, JSONValue]:
    """The result of a game ended at the server's ``max_game_length``."""
    summary = (
        f"Abandoned: the game reached {most:,} actions, the most this server plays, so it"
        " ended without a winner. Its record is kept."
    )
    return {"winners": [], "summary": summary}
