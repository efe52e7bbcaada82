"""Server capacity with bots: many bot tables at the default pace, and people's moves beside them.

    .venv/bin/python benchmarks/server_bots.py [--bot-tables 100 500] [--people 10]
        [--think 0.5] [--seconds 30] [--database sqlite|postgres] [--repeats N]

Starts ``molehaven serve`` (SQLite by default) with the default bot delay (0.6 s), creates
``--bot-tables`` tables of mixed games (Mole Hill, Die Maulwurf Company, Mole Park, Mole
Majority and The Mole in turn, at their smallest player counts) seated with random bots, starts
them, and after a warm-up plays ``--people`` one-round Mole Hill tables with two simulated
people each, who think ``--think`` seconds before every move. Prints the bots' accepted actions
per second over the people's games (actions stored in the database, chance outcomes not
counted) and the people's move
latency (p50/p99: from sending the action to receiving the update that includes it).
Random bots choose in microseconds, so this measures the server, not the agents.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from sqlalchemy import create_engine, func, select

from molehaven.server.db import backend_urls
from molehaven.server.matches.models import EventRow
from server import drop_postgres, free_port, fresh_postgres, percentile, run, start_server

GAMES = ["mole-hill", "maulwurf-company", "mole-park", "mole-majority", "the-mole"]


async def fill_bot_tables(port: int, count: int) -> None:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:

        async def one(index: int) -> None:
            created = await client.post("/api/tables", json={"game": GAMES[index % len(GAMES)]})
            created.raise_for_status()
            table_id, host = created.json()["table"]["id"], created.json()["host_token"]
            headers = {"X-Host-Token": host}
            seated = await client.post(
                f"/api/tables/{table_id}/bots", json={"agent": "random"}, headers=headers
            )
            seated.raise_for_status()
            started = await client.post(f"/api/tables/{table_id}/start", headers=headers)
            started.raise_for_status()

        for first in range(0, count, 50):  # in batches: the lobby's own limits stay out of it
            await asyncio.gather(*(one(i) for i in range(first, min(count, first + 50))))


def actions_stored(database_url: str) -> int:
    engine = create_engine(backend_urls(database_url)[1])
    try:
        with engine.connect() as connection:
            query = select(func.count()).where(EventRow.source != "chance")  # actions only
            return int(connection.execute(query.select_from(EventRow)).scalar_one())
    finally:
        engine.dispose()


def one_run(
    url: str,
    scratch: Path,
    bot_tables: int,
    people: int,
    think: float,
    warm_up: float,
    profile: Path | None = None,
) -> tuple[float, float, float, int]:
    port = free_port()
    server = start_server(url, port, scratch / "server.log", profile, bot_delay=0.6)
    try:
        asyncio.run(fill_bot_tables(port, bot_tables))
        time.sleep(warm_up)
        before, began = actions_stored(url), time.perf_counter()
        figures, _ = asyncio.run(run(port, people, think))
        seconds = time.perf_counter() - began
        # the people's own moves are events too
        bot_rate = (actions_stored(url) - before - figures.moves) / seconds
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(30)
    p50 = percentile(figures.latencies, 0.50) * 1000
    p99 = percentile(figures.latencies, 0.99) * 1000
    return bot_rate, p50, p99, figures.moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--bot-tables", type=int, nargs="+", default=[100, 500])
    parser.add_argument("--people", type=int, default=10, help="people's tables (2 each)")
    parser.add_argument("--think", type=float, default=0.5, help="a person's seconds per move")
    parser.add_argument("--warm-up", type=float, default=5.0)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--postgres-url", default=None)
    parser.add_argument("--repeats", type=int, default=1, help="runs per line (the median)")
    parser.add_argument(
        "--profile", type=Path, help="run the server under cProfile, statistics to FILE"
    )
    arguments = parser.parse_args()
    print(
        f"{'database':<9} {'bot tables':>10} {'bot act/s':>10} {'moves':>6}"
        f" {'p50 ms':>8} {'p99 ms':>8}"
    )
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        for count in arguments.bot_tables:
            runs = []
            for repeat in range(arguments.repeats):
                if arguments.database == "sqlite":
                    url = f"sqlite:///{scratch / f'bots-{count}-{repeat}.db'}"
                else:
                    url = fresh_postgres(arguments.postgres_url)
                try:
                    runs.append(
                        one_run(
                            url,
                            scratch,
                            count,
                            arguments.people,
                            arguments.think,
                            arguments.warm_up,
                            arguments.profile,
                        )
                    )
                finally:
                    if arguments.database == "postgres":
                        drop_postgres(url)
            rate, p50, p99, moves = (statistics.median(c) for c in zip(*runs, strict=True))
            print(
                f"{arguments.database:<9} {count:>10} {rate:>10.0f} {moves:>6.0f}"
                f" {p50:>8.1f} {p99:>8.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
