"""What a replay step of a long finished game costs with its book kept, and rebuilt.

    PYTHONPATH=src .venv/bin/python benchmarks/replay_books.py

A 10,000-action game of The Mole (8 seats, 200 answers a round, to 20 points; played with
asks and answers only, so that each round runs to its limit) stands for a long finished
game. Printed: building its book (``ReplayBook``: the whole log replayed, a state kept every
200 steps), one step from the kept book, and a replay request of ``ReplayLibrary`` while a
client steps through more such games than the server used to keep books for (33; the old
library kept 32, so each such request rebuilt a book).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time

import molehaven
from molehaven.core import Game, State
from molehaven.core.play import step_random
from molehaven.server.matches.replay import ReplayBook, ReplayLibrary
from molehaven.server.matches.table import BOT, LiveTable, SeatSlot

ACTIONS = 10_000
GAMES = 33
EVERY = 200  # Settings.replay_snapshot_every


def long_game() -> tuple[Game[object], State]:
    game = molehaven.make("the-mole", 8, question_limit=200, target_score=20)
    rng = random.Random(1)
    state = game.initial_state()
    while not state.is_terminal() and state.num_actions < ACTIONS:
        if state.is_chance():
            step_random(state, rng)
            continue
        talk = [
            (seat, action)
            for seat in state.to_move()
            for action in state.legal_actions(seat)
            if not str(action).startswith(("nominate", "guess"))
        ]
        seat, action = rng.choice(talk)
        state.apply(seat, action)
    return game, state


def table_of(game: Game[object], state: State, number: int) -> LiveTable:
    seats = [SeatSlot(BOT, "random bot", "random") for _ in range(game.players)]
    table = LiveTable(f"t{number}", game, seats, host_token_hash="", created_at=0.0)
    table.state = state
    return table


def milliseconds(seconds: list[float]) -> str:
    return f"{statistics.median(seconds) * 1000:.1f} ms"


async def cycling(tables: list[LiveTable], steps: list[int]) -> list[float]:
    """Each table's replay asked for once (the books built), then again in turn: the time
    of each request of the second pass."""
    library = ReplayLibrary(EVERY)
    for table in tables:
        await library.state_at(table, 0)
    times = []
    for table, step in zip(tables, steps, strict=False):
        started = time.perf_counter()
        await library.state_at(table, step)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    game, state = long_game()
    table = table_of(game, state, 0)
    rng = random.Random(2)
    steps = [rng.randrange(state.num_actions + 1) for _ in range(GAMES)]
    builds = []
    for _ in range(5):
        started = time.perf_counter()
        book = ReplayBook(table, EVERY)
        builds.append(time.perf_counter() - started)
    kept = []
    for step in steps:
        started = time.perf_counter()
        book.at(step)
        kept.append(time.perf_counter() - started)
    tables = [table_of(game, state, number) for number in range(GAMES)]
    requests = asyncio.run(cycling(tables, steps))
    print(f"{state.num_actions} actions, a state every {EVERY}: {len(book.snapshots)} kept")
    print(f"building the book:              {milliseconds(builds)}")
    print(f"a step from the kept book:      {milliseconds(kept)}")
    print(f"a request, cycling {GAMES} games:    {milliseconds(requests)}")


if __name__ == "__main__":
    main()
