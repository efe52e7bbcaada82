"""Bots think in worker processes with a hard budget: a person's move is never queued behind
a bot's thinking, and a bot that overruns its budget is replaced by a random legal move."""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path

from molehaven.agents import RandomAgent, SeatView
from molehaven.core import Action
from tests.server.helpers import hello, new_table, receive_until, run_apart, running_app, sit, start

WAIT_LIMIT = 60.0  # a safety net only: the tests release the bot long before


class SlowAgent:
    """Says it started thinking (a file), then thinks until a release file appears."""

    name = "slow"

    def __init__(self, seed: int | None = None, *, folder: str = "") -> None:
        self._random = RandomAgent(seed)
        self.folder = Path(folder)

    def act(self, view: SeatView) -> Action:
        (self.folder / "started").touch()
        deadline = time.monotonic() + WAIT_LIMIT
        while not (self.folder / "release").exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        (self.folder / "finished").touch()
        return self._random.act(view)


def slow_table(client: object, folder: Path) -> str:
    table_id, host = new_table(client, "mole-hill")  # type: ignore[arg-type]
    response = client.post(  # type: ignore[attr-defined]
        f"/api/tables/{table_id}/bots", json={"agent": "slow"}, headers={"X-Host-Token": host}
    )
    assert response.status_code == 204
    start(client, table_id, host)  # type: ignore[arg-type]
    return table_id


def test_a_persons_move_is_acknowledged_while_a_bot_is_still_thinking(
    sqlite_url: str, tmp_path: Path
) -> None:
    agents = {"random": RandomAgent, "slow": partial(SlowAgent, folder=str(tmp_path))}
    with running_app(sqlite_url, agents=agents, bot_seconds=WAIT_LIMIT, bot_workers=1) as client:
        slow_table(client, tmp_path)
        deadline = time.monotonic() + WAIT_LIMIT
        while not (tmp_path / "started").exists():
            assert time.monotonic() < deadline, "the bot never started thinking"
            time.sleep(0.01)
        table_id, host = new_table(client, "mole-hill")
        ann = sit(client, table_id, 0, "Ann")
        sit(client, table_id, 1, "Bob")
        start(client, table_id, host)
        with client.websocket_connect(f"/ws/tables/{table_id}") as tab:
            hello(tab, ann)
            tab.send_json({"type": "act", "version": 0, "data": {"action": "place e4"}})
            acknowledged = receive_until(tab, lambda m: m.get("version") == 1)
            assert acknowledged["data"]["log"][-1]["text"] == "place e4"
            assert not (tmp_path / "finished").exists()  # the bot was thinking all along
        (tmp_path / "release").touch()


def test_a_bot_over_its_budget_is_replaced_by_a_random_legal_move(
    sqlite_url: str, tmp_path: Path
) -> None:
    agents = {"random": RandomAgent, "slow": partial(SlowAgent, folder=str(tmp_path))}
    with running_app(sqlite_url, agents=agents, bot_seconds=0.2) as client:
        table_id = slow_table(client, tmp_path)
        with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
            hello(watcher, None)
            moved = receive_until(watcher, lambda m: m.get("version", 0) >= 1)
            assert moved["data"]["log"][0]["text"].startswith("place")
        assert not (tmp_path / "finished").exists()  # it never answered: it was stopped
        (tmp_path / "release").touch()


def test_the_random_bot_chooses_in_the_server_process(tmp_path: Path) -> None:
    """No worker round trip for an agent that answers in microseconds (capacity, #18)."""

    import molehaven
    from molehaven.agents import AGENTS
    from molehaven.server.bots import BotPool

    pool = BotPool(AGENTS, workers=1, seconds=1.0)
    try:

        def no_worker(*_args: object, **_kwargs: object) -> None:
            raise AssertionError("the random bot went to a worker")

        pool._pool.schedule = no_worker  # type: ignore[method-assign]
        state = molehaven.make("mole-hill").initial_state()
        seat = state.to_move()[0]
        text = run_apart(pool.choose("random", state, seat, 7))
        assert text in [str(action) for action in state.legal_actions(seat)]
    finally:
        pool.close()


def test_busy_workers_serve_the_hosting_addresses_in_turn() -> None:
    """One address's eight tables of search bots do not make another's bot wait behind all
    eight (a security review measured 2 s a move becoming 18 s): with the one worker busy,
    the waiting owner served least recently goes next."""
    import asyncio
    from concurrent.futures import Future

    import molehaven
    from molehaven.agents import AGENTS
    from molehaven.server.bots import BotPool

    pool = BotPool(AGENTS, workers=1, seconds=1.0)
    running: list[tuple[str, Future[str]]] = []

    def schedule(_function: object, *, args: tuple[object, ...], timeout: float) -> Future[str]:
        assert len(running) == 0 or running[-1][1].done(), "two tasks in one worker"
        future: Future[str] = Future()
        running.append((str(args[2]), future))  # the seat stands for the task's owner here
        return future

    pool._pool.schedule = schedule  # type: ignore[method-assign]
    state = molehaven.make("mole-hill").initial_state()

    async def main() -> list[str]:
        asked = []
        for n in range(4):  # the attacker's tables ask first
            asked.append(asyncio.create_task(pool.choose("mcts", state, 0, n, owner="attacker")))
            await asyncio.sleep(0)
        asked.append(asyncio.create_task(pool.choose("mcts", state, 1, 9, owner="victim")))
        await asyncio.sleep(0)
        for _ in range(5):
            while not running or running[-1][1].done():
                await asyncio.sleep(0)
            running[-1][1].set_result("place e4")
        await asyncio.gather(*asked)
        return [seat for seat, _ in running]

    try:
        # First come, first served would run the victim's bot last, after all four.
        assert run_apart(main()) == ["0", "1", "0", "0", "0"]
    finally:
        pool.close()


def test_a_cancelled_wait_for_a_worker_gives_its_turn_away() -> None:
    import asyncio

    from molehaven.server.bots import FairShare

    async def main() -> list[str]:
        share = FairShare(1)
        served: list[str] = []
        await share.acquire("a")

        async def wait(owner: str) -> None:
            await share.acquire(owner)
            served.append(owner)
            share.release()

        gone = asyncio.create_task(wait("b"))  # never served: first in line
        kept = asyncio.create_task(wait("c"))
        await asyncio.sleep(0)
        gone.cancel()
        await asyncio.sleep(0)
        share.release()
        await kept
        await share.acquire("d")  # the place came back: no one waits, so it is free at once
        return served

    assert run_apart(asyncio.wait_for(main(), 5)) == ["c"]
