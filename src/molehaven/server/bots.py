"""Bots think in worker processes, so a bot's search never holds up the server.

Each move is one task: the worker gets a copy of the state (its history dropped: agents see only
``SeatView.of(state, seat)``, and how far into its turn the seat is is counted before), builds
the agent from its factory with the table's seed and the server's per-move cap ``seconds``
(``make_bot``), and answers the action's notation. A
task that runs past 1.5 times the cap (plus a second for the process's own overhead) is
stopped by killing its worker (pebble replaces it); the server then plays a random legal move,
so no agent can stall a table or the machine.

The workers are shared fairly between the addresses that host tables (``FairShare``): a
client that fills its tables with search bots takes its turn with everyone else, it does not
make everyone else's bots wait behind all of its own.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import multiprocessing
from collections import deque
from collections.abc import Mapping
from concurrent.futures import TimeoutError as FutureTimeout

from pebble import ProcessPool

from molehaven.agents import Agent, AgentFactory, SeatView
from molehaven.agents.base import decisions_in_a_row, interjects
from molehaven.core import Game, Seat, State

log = logging.getLogger("molehaven.server")

OVERHEAD_SECONDS = 1.0
# Agents that answer in microseconds and cannot hang think in the server process: a worker's
# round trip (pickling the state, two messages) would cost far more than their choice.
INLINE_AGENTS = frozenset({"random"})


def think(
    factory: AgentFactory,
    state: State,
    seat: Seat,
    seed: int,
    seconds: float,
    optional: bool = False,
    turn_step: int | None = None,
) -> str:
    """In a worker: the agent's action for ``seat``, as notation. ``optional``: the seat may
    act but is not awaited, and the agent only says what it wants to do now ('' to wait).
    ``turn_step``: the seat's decisions in a row before this one (``SeatView.turn_step``),
    counted from ``state``'s record if not given."""
    agent = make_bot(factory, seed, seconds)
    view = SeatView.of(state, seat, turn_step)
    if optional:
        chosen = agent.interjection(view)  # type: ignore[attr-defined]
        return "" if chosen is None else str(chosen)
    return str(agent.act(view))


def make_bot(factory: AgentFactory, seed: int, seconds: float) -> Agent:
    """The agent thinking with its own budget, cut to ``seconds`` where it is longer (the
    levels keep their pace: ``medium`` thinks 0.3 s and ``hard`` 1 s, not both the cap). A
    factory that takes only a budget gets ``seconds`` as its budget."""
    keywords = budget_keywords(factory)
    if "max_seconds" in keywords:
        return factory(seed, max_seconds=seconds)  # type: ignore[call-arg]
    if "seconds" in keywords:
        return factory(seed, seconds=seconds)  # type: ignore[call-arg]
    return factory(seed)


@functools.cache
def budget_keywords(factory: AgentFactory) -> frozenset[str]:
    """Which of ``max_seconds`` (a cap on the agent's own budget) and ``seconds`` (a budget)
    the agent's factory accepts; a factory taking ``**keywords`` is given a budget."""
    try:
        parameters = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return frozenset()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return frozenset({"seconds"})
    return frozenset(parameters) & {"max_seconds", "seconds"}


class FairShare:
    """``slots`` places to think, handed out to the owners that wait for one (the addresses
    hosting tables), the one served least recently first, one request at a time. First come,
    first served gave an owner of eight tables of search bots eight turns for another's one
    (found in a security review: one client slowed every other table's bot from about 2 s a
    move to 18 s)."""

    REMEMBERED = 4096  # owners whose last turn is kept; one forgotten counts as never served

    def __init__(self, slots: int) -> None:
        self._free = slots
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}
        self._served: dict[str, int] = {}  # owner -> when it was last served, oldest first
        self._clock = 0

    async def acquire(self, owner: str) -> None:
        """Wait for a place (give it back with ``release``)."""
        if self._free and not self._waiting:
            self._free -= 1
            self._note_served(owner)
            return
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(owner, deque()).append(granted)
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self.release()  # granted, then cancelled before it could run: pass it on
            raise

    def release(self) -> None:
        """Give a place back: to the waiting owner served least recently, else keep it."""
        while self._waiting:
            owner = min(self._waiting, key=lambda waiting: self._served.get(waiting, -1))
            line = self._waiting[owner]
            granted = line.popleft()
            if not line:
                del self._waiting[owner]
            if not granted.done():  # a cancelled waiter is skipped
                self._note_served(owner)
                granted.set_result(None)
                return
        self._free += 1

    def _note_served(self, owner: str) -> None:
        self._clock += 1
        self._served.pop(owner, None)
        self._served[owner] = self._clock
        if len(self._served) > self.REMEMBERED:
            del self._served[next(iter(self._served))]


class BotPool:
    """Worker processes for the bots of every table, with a hard budget per move."""

    def __init__(self, agents: Mapping[str, AgentFactory], *, workers: int, seconds: float) -> None:
        self._interjects: dict[tuple[str, str], bool] = {}
        self.agents = agents
        self.seconds = seconds
        # Not a plain fork: the server process runs threads (database drivers) whose locks a
        # fork would copy. A fork server, started once per process with the games and agents
        # imported, starts workers quickly and cleanly.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["molehaven.server.bots"])
        self._pool = ProcessPool(max_workers=max(1, workers), context=context)
        self._share = FairShare(max(1, workers))  # so nothing queues inside the pool

    def interjects(self, agent: str, game: Game[object]) -> bool:
        """Whether this bot decides for itself when to act where acting is optional
        (``agents.base.interjects``); asked once per agent and game, in this process."""
        key = (agent, game.slug)
        if key not in self._interjects:
            factory = self.agents.get(agent) or self.agents["random"]
            self._interjects[key] = interjects(make_bot(factory, 0, self.seconds), game)
        return self._interjects[key]

    async def choose(
        self,
        agent: str,
        state: State,
        seat: Seat,
        seed: int,
        *,
        optional: bool = False,
        owner: str = "",
    ) -> str | None:
        """The bot's action text, or ``None`` when it failed or ran out of time; with
        ``optional``, '' when the bot prefers to wait. ``owner`` (the address hosting the
        table) is whose turn it is when the workers are busy (``FairShare``)."""
        factory = self.agents.get(agent) or self.agents["random"]
        if agent in INLINE_AGENTS or agent not in self.agents:
            return think(factory, state, seat, seed, self.seconds, optional)
        turn_step = decisions_in_a_row(state, seat)  # the only thing agents need of the record
        detached = state.clone()
        detached._history = None  # a long game would pickle slowly
        detached._length = 0
        await self._share.acquire(owner)
        try:
            future = self._pool.schedule(
                think,
                args=(factory, detached, seat, seed, self.seconds, optional, turn_step),
                timeout=self.seconds * 1.5 + OVERHEAD_SECONDS,
            )
            try:
                text: str = await asyncio.wrap_future(future)
            except (FutureTimeout, TimeoutError):
                log.warning("a %s bot ran out of time (%.1f s a move)", agent, self.seconds)
                return None
            except asyncio.CancelledError:
                future.cancel()  # type: ignore[no-untyped-call]
                raise
            except Exception:
                log.exception("a %s bot failed", agent)
                return None
            return text
        finally:
            self._share.release()

    def close(self) -> None:
        self._pool.stop()  # type: ignore[no-untyped-call]
        self._pool.join(timeout=5)
