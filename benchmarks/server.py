"""Server speed: simulated clients play Mole Hill tables over WebSockets on loopback.

    .venv/bin/python benchmarks/server.py [--tables 10 100 500] [--database sqlite postgres]
        [--postgres-url URL] [--processes 1 2] [--redis-url URL] [--repeats N]

For each database and each number of concurrent tables, starts ``molehaven serve`` on a fresh
database, creates that many one-round Mole Hill tables, seats two simulated clients at each
(one WebSocket per seat, random legal moves, no think time) and lets all of them play to the
end at once. Prints moves per second over the whole run and the p50/p99 latency of a move:
from sending the action to receiving the observation that includes it (the server stores the
action before it answers). The server runs with a raised per-connection rate limit, since
these clients act far faster than people. PostgreSQL needs ``--postgres-url`` (or
``MOLEHAVEN_TEST_POSTGRES_URL``, as ``scripts/test`` sets it) naming a role that may create
databases; each run uses a new database and drops it afterwards. ``--processes 2`` runs
``molehaven serve --workers 2`` (PostgreSQL and Redis: ``--redis-url`` or
``MOLEHAVEN_TEST_REDIS_URL``), where a table's two clients may land on different processes.
With ``--repeats N`` each line is the median of N runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psycopg
from sqlalchemy import make_url
from websockets.asyncio.client import connect

GAME = {"game": "mole-hill", "options": {"rounds": 1}}


@dataclass(slots=True)
class Figures:
    moves: int = 0
    latencies: list[float] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(
    database_url: str,
    port: int,
    log: Path,
    profile: Path | None = None,
    cluster: list[str] | None = None,
    bot_delay: float = 0.0,
) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "MOLEHAVEN_BOT_DELAY": str(bot_delay),
        "MOLEHAVEN_RATE_PER_SECOND": "10000",
        "MOLEHAVEN_RATE_BURST": "10000",
        "MOLEHAVEN_HTTP_RATE_BURST": "100000",
        # Every simulated client is this one address: its per-address limits are lifted.
        "MOLEHAVEN_MAX_TABLES_PER_ADDRESS": "1000000",
        "MOLEHAVEN_MAX_CONNECTIONS_PER_ADDRESS": "1000000",
        "MOLEHAVEN_SOCKET_RATE_BURST": "1000000",
        "MOLEHAVEN_BOT_ONLY_TABLES": "1",
    }
    profiler = ["-m", "cProfile", "-o", str(profile)] if profile else []
    command = [sys.executable, *profiler, "-m", "molehaven.cli.main", "serve", "--port", str(port)]
    with log.open("ab") as output:
        process = subprocess.Popen(
            [*command, "--database", database_url, *(cluster or [])],
            env=env,
            stdout=output,
            stderr=output,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"the server did not start: {log.read_text()[-1000:]}")


async def seat_table(client: httpx.AsyncClient) -> tuple[str, list[str]]:
    created = (await client.post("/api/tables", json=GAME)).json()
    table_id, host = created["table"]["id"], created["host_token"]
    tokens = []
    for seat in range(2):
        joined = await client.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": "sim"})
        tokens.append(joined.json()["token"])
    return table_id, [host, *tokens]


async def play_seat(
    url: str,
    token: str,
    ready: asyncio.Event,
    figures: Figures,
    rng: random.Random,
    think: float = 0.0,
) -> None:
    """One simulated player: act at random whenever it may (after ``think`` seconds),
    until the game is over."""
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "data": {"token": token}}))
        ready.set()
        sent_at: float | None = None
        sent_version = -1
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error":
                sent_at = None
                continue
            if sent_at is not None and message["version"] > sent_version:
                figures.latencies.append(time.perf_counter() - sent_at)
                figures.moves += 1
                sent_at = None
            data = message["data"]
            if data["table"]["status"] == "over":
                return
            if data["legal"] and sent_at is None:
                if think:
                    await asyncio.sleep(think)
                sent_version = message["version"]
                sent_at = time.perf_counter()
                action = rng.choice(data["legal"])
                envelope = {"type": "act", "version": sent_version, "data": {"action": action}}
                await ws.send(json.dumps(envelope))


async def run(port: int, tables: int, think: float = 0.0) -> tuple[Figures, float]:
    base = f"http://127.0.0.1:{port}"
    figures = Figures()
    rng = random.Random(tables)
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        seated = await asyncio.gather(*(seat_table(client) for _ in range(tables)))
        players = []
        for table_id, (_host, *tokens) in seated:
            url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
            for token in tokens:
                ready = asyncio.Event()
                players.append((play_seat(url, token, ready, figures, rng, think), ready))
        tasks = [asyncio.create_task(play) for play, _ in players]
        await asyncio.gather(*(ready.wait() for _, ready in players))
        began = time.perf_counter()
        starts = [
            client.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
            for table_id, (host, *_tokens) in seated
        ]
        await asyncio.gather(*starts)
        await asyncio.gather(*tasks)
        return figures, time.perf_counter() - began


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def fresh_postgres(admin_url: str) -> str:
    name = f"molehaven_bench_{secrets.token_hex(4)}"
    with psycopg.connect(admin_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return make_url(admin_url).set(database=name).render_as_string(hide_password=False)


def drop_postgres(url: str) -> None:
    parsed = make_url(url)
    admin = parsed.set(database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{parsed.database}" WITH (FORCE)')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument(
        "--database", nargs="+", choices=["sqlite", "postgres"], default=["sqlite", "postgres"]
    )
    parser.add_argument("--postgres-url", default=os.environ.get("MOLEHAVEN_TEST_POSTGRES_URL"))
    parser.add_argument(
        "--profile",
        type=Path,
        help="run the server under cProfile and write its statistics to FILE (the last run's)",
    )
    parser.add_argument("--processes", type=int, nargs="+", default=[1])
    parser.add_argument("--redis-url", default=os.environ.get("MOLEHAVEN_TEST_REDIS_URL"))
    parser.add_argument("--repeats", type=int, default=1, help="runs per line (the median)")
    parser.add_argument("--logs", type=Path, help="keep the servers' log (and SQLite files) here")
    arguments = parser.parse_args()
    print(
        f"{'database':<9} {'procs':>5} {'tables':>6} {'moves':>7} {'moves/s':>9}"
        f" {'p50 ms':>8} {'p99 ms':>8}"
    )
    with tempfile.TemporaryDirectory() as scratch:
        if arguments.logs is not None:  # kept after the run, SQLite files included
            arguments.logs.mkdir(parents=True, exist_ok=True)
            scratch = str(arguments.logs)
        for backend in arguments.database:
            if backend == "postgres" and not arguments.postgres_url:
                print("postgres: skipped (give --postgres-url or MOLEHAVEN_TEST_POSTGRES_URL)")
                continue
            for processes in arguments.processes:
                if processes > 1 and (backend == "sqlite" or not arguments.redis_url):
                    print(f"{backend}, {processes} processes: skipped (PostgreSQL and Redis)")
                    continue
                for count in arguments.tables:
                    runs = [
                        one_run(arguments, scratch, backend, processes, count, repeat)
                        for repeat in range(arguments.repeats)
                    ]
                    columns = zip(*runs, strict=True)
                    moves, rate, p50, p99 = (statistics.median(column) for column in columns)
                    print(
                        f"{backend:<9} {processes:>5} {count:>6} {moves:>7.0f} {rate:>9.0f}"
                        f" {p50:>8.1f} {p99:>8.1f}",
                        flush=True,
                    )


def one_run(
    arguments: argparse.Namespace,
    scratch: str,
    backend: str,
    processes: int,
    count: int,
    repeat: int,
) -> tuple[float, float, float, float]:
    """One run on a fresh database: moves, moves/s, p50 and p99 latency in ms."""
    if backend == "sqlite":
        url = f"sqlite:///{Path(scratch) / f'bench-{count}-{processes}-{repeat}.db'}"
    else:
        url = fresh_postgres(arguments.postgres_url)
    cluster = ["--workers", str(processes), "--redis", arguments.redis_url] if processes > 1 else []
    port = free_port()
    server = start_server(url, port, Path(scratch) / "server.log", arguments.profile, cluster)
    try:
        figures, seconds = asyncio.run(run(port, count))
    finally:
        # Ctrl+C lets the server (and cProfile, when profiling) finish cleanly.
        server.send_signal(signal.SIGINT)
        server.wait(30)
        if backend == "postgres":
            drop_postgres(url)
    p50 = percentile(figures.latencies, 0.50) * 1000
    p99 = percentile(figures.latencies, 0.99) * 1000
    return figures.moves, figures.moves / seconds, p50, p99


if __name__ == "__main__":
    main()
