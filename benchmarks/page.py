"""What a table page costs the browser: Chrome's own counters over a game against bots.

    .venv/bin/python benchmarks/page.py [--game SLUG] [--players N] [--games G]
                                        [--width 1280] [--height 900] [--chromium PATH]

Starts ``molehaven serve`` of this checkout on a fresh SQLite database (bots without delay),
and for each of ``--games`` games creates a table where Ann sits at seat 0 and random bots
fill the others, opens its page in Chromium's headless shell at the given size, and clicks a
random one of the moves the page offers whenever it offers some, to the end. Chrome's
``Performance.getMetrics`` (CDP) before and after give the renderer's busy time (``task``),
script, style recalculation and layout time, and how many style recalculations and layouts
it ran, each divided by the updates the page received: the versions the table moved through
from the page's first drawing to the end (what the bots played before it, the page drew at
once from its first snapshot). In The Mole the random bots may end a game before the person's
seat is ever asked: such a game has few updates and a short time. The
server's bots are not seeded, so every game differs: each line is one game, and the last the
median over games.

To compare two commits, run the script of each (``git worktree add /tmp/before <commit>``,
then that tree's ``benchmarks/page.py`` with this tree's ``.venv``), one after the other on a
quiet machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import Page, sync_playwright

# The browser tests' server, Chromium and reading of the offered moves, so the page measured
# is driven exactly as the tests drive it; this checkout's code, in the servers too (they
# inherit PYTHONPATH), when the virtual environment was installed from another checkout.
CHECKOUT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(CHECKOUT), str(CHECKOUT / "src")]
os.environ["PYTHONPATH"] = str(CHECKOUT / "src")
from tests.browser.pages import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    play_random_targets_until_over,
)
from tests.server.live_server import LiveServer  # noqa: E402

COUNTERS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration")
COUNTS = ("RecalcStyleCount", "LayoutCount")


def new_table(url: str, game: str, players: int | None) -> tuple[str, str]:
    """A running table: Ann at seat 0, random bots at the others; its id and Ann's token."""
    body: dict[str, object] = {"game": game, "sit": {"name": "Ann"}}
    if players is not None:
        body["players"] = players
    created = httpx.post(f"{url}/api/tables", json=body).raise_for_status().json()
    table_id, host = created["table"]["id"], {"X-Host-Token": created["host_token"]}
    httpx.post(
        f"{url}/api/tables/{table_id}/bots", json={"agent": "random"}, headers=host
    ).raise_for_status()
    httpx.post(f"{url}/api/tables/{table_id}/start", headers=host).raise_for_status()
    return table_id, created["seat"]["token"]


def _version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or 0)


def one_game(page: Page, url: str, args: argparse.Namespace, seed: int) -> dict[str, float]:
    table_id, token = new_table(url, args.game, args.players)
    seat = json.dumps({"seat": 0, "token": token, "since": 0})
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)", [f"molehaven.seat.{table_id}", seat]
    )
    page.goto(f"{url}/tables/{table_id}")
    page.wait_for_selector("#table[data-you='0']")
    first = _version(page)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    before = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    started = time.perf_counter()
    play_random_targets_until_over(page, random.Random(seed))
    wall = time.perf_counter() - started
    after = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    updates = max(1, _version(page) - first)
    figures = {name: (after[name] - before[name]) * 1000 / updates for name in COUNTERS}
    figures |= {name: (after[name] - before[name]) / updates for name in COUNTS}
    return {"updates": updates, "wall": wall, **figures}


def describe(figures: dict[str, float]) -> str:
    times = " ".join(
        f"{name.removesuffix('Duration').lower()} {figures[name]:5.1f}" for name in COUNTERS
    )
    counts = " ".join(
        f"{name.removesuffix('Count').lower()}s {figures[name]:4.1f}" for name in COUNTS
    )
    head = f"{figures['updates']:6.0f} updates {figures['wall']:6.1f} s"
    return f"{head} | ms per update: {times} | per update: {counts}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="mole-majority")
    parser.add_argument("--players", type=int, default=None, help="default: the game's least")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = LiveServer(f"sqlite:///{Path(folder) / 'molehaven.db'}", Path(folder) / "log")
        server.start()
        url = server.url
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
                games = []
                for seed in range(args.games):
                    context = browser.new_context(
                        viewport={"width": args.width, "height": args.height}
                    )
                    page = context.new_page()
                    page.goto(url)
                    games.append(one_game(page, url, args, seed))
                    print(f"game {seed + 1}: {describe(games[-1])}", flush=True)
                    context.close()
                browser.close()
        finally:
            server.stop()
    median = {name: statistics.median(game[name] for game in games) for name in games[0]}
    print(f"median: {describe(median)}")


if __name__ == "__main__":
    main()
