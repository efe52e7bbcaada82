"""Simulate many games, on several processes, reproducibly from one seed."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from molehaven.agents import AGENTS, Agent
from molehaven.agents.levels import make_agent
from molehaven.core import JSONValue
from molehaven.games import REGISTRY
from molehaven.sim.driver import check_budget, play_game
from molehaven.sim.stats import Distribution, Estimate, wilson_interval
from molehaven.sim.workers import worker_pool


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything a worker needs to play game number ``index``: plain, picklable data."""

    slug: str
    players: int
    options: Mapping[str, bool | int | float | str]
    agents: tuple[str, ...]
    seed: int
    index: int
    budget: float | None = None  # seconds per decision for search agents; None: their own


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    returns: tuple[float, ...]
    scores: tuple[float, ...]
    length: int
    record: dict[str, JSONValue]
    process: int = 0  # the id of the process that played it: which workers really ran


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded with ``seed`` (independent of --jobs)."""
    return random.Random(f"molehaven-sim:{seed}:{index}").getrandbits(63)


def run_one(spec: GameSpec) -> GameResult:
    """Play one game of a simulation (runs in a worker process)."""
    game = REGISTRY.make(spec.slug, spec.players, **spec.options)
    seed = game_seed(spec.seed, spec.index)
    agents: list[Agent] = [
        make_agent(name, seed + 1 + seat, spec.budget) for seat, name in enumerate(spec.agents)
    ]
    state = play_game(game, agents, random.Random(seed))
    return GameResult(
        spec.index,
        tuple(state.returns()),
        tuple(state.scores()),
        state.num_actions,
        state.record(),
        os.getpid(),
    )


PILOT_SECONDS = 0.3
"""Games are played in this process for this long first, to time them."""
WORKER_START_SECONDS = 1.0
"""A generous guess at starting a pool of workers (fresh interpreters importing Molehaven)."""
CHUNK_SECONDS = 0.1
"""About how much work a worker takes at a time: small enough for a smooth progress bar,
large enough that sending games to workers costs little."""


def iter_results(specs: list[GameSpec], jobs: int) -> Iterator[GameResult]:
    """Results in game order, from up to ``jobs`` worker processes.

    More workers must never be slower: the first games are played here and timed, and the
    rest go to a pool only when what is left would take longer than starting the pool costs;
    each worker then takes chunks of about ``CHUNK_SECONDS`` of games, several per worker.
    """
    started = time.perf_counter()
    done = 0
    while done < len(specs) and (
        jobs <= 1 or done == 0 or time.perf_counter() - started < PILOT_SECONDS
    ):
        yield run_one(specs[done])
        done += 1
    rest = specs[done:]
    if not rest:
        return
    per_game = max(time.perf_counter() - started, 1e-9) / done
    if not pool_pays_off(per_game * len(rest), jobs):
        yield from map(run_one, rest)
        return
    chunk = max(1, min(round(CHUNK_SECONDS / per_game), len(rest) // (jobs * 4)))
    with worker_pool(_context(), jobs) as pool:
        yield from pool.imap(run_one, rest, chunksize=chunk)


def pool_pays_off(seconds_left: float, jobs: int) -> bool:
    """Whether ``jobs`` workers finish ``seconds_left`` of one-process work sooner than one
    (no faster than the machine's cores allow)."""
    parallel = min(jobs, os.cpu_count() or 1)
    return parallel > 1 and WORKER_START_SECONDS + seconds_left / parallel < seconds_left


def _context() -> multiprocessing.context.BaseContext:
    """A forkserver where there is one (it imports Molehaven once, then forks each worker
    cheaply and safely even while a progress thread runs), else spawn."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["molehaven.sim.runner"])
        return context
    return multiprocessing.get_context("spawn")


@dataclass(slots=True)
class Summary:
    """Aggregated results of a simulation."""

    slug: str
    players: int
    games: int = 0
    win_share: list[float] = field(default_factory=list)
    scores: list[list[float]] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    draws: int = 0
    processes: set[int] = field(default_factory=set)

    def add(self, result: GameResult) -> None:
        if not self.win_share:
            self.win_share = [0.0] * self.players
            self.scores = [[] for _ in range(self.players)]
        self.games += 1
        for seat, value in enumerate(result.returns):
            self.win_share[seat] += value
            self.scores[seat].append(result.scores[seat])
        self.lengths.append(result.length)
        self.draws += sum(1 for value in result.returns if value > 0) > 1
        self.processes.add(result.process)

    def workers(self) -> int:
        """How many worker processes played games (0: all were played in this process).
        ``-j`` only allows workers; few or quick games never start them."""
        return len(self.processes - {os.getpid()})

    def win_rates(self) -> list[Estimate]:
        return [wilson_interval(share, self.games) for share in self.win_share]

    def score_distributions(self) -> list[Distribution]:
        return [Distribution.of(values) for values in self.scores]

    def length_distribution(self) -> Distribution:
        return Distribution.of([float(n) for n in self.lengths])


def simulate(
    slug: str,
    *,
    players: int,
    options: Mapping[str, bool | int | float | str],
    games: int,
    seed: int,
    jobs: int = 1,
    agents: tuple[str, ...] | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    budget: float | None = None,
) -> Summary:
    """Play ``games`` games and summarise them; ``on_result`` sees each game as it finishes.

    The same seed gives the same games whatever ``jobs`` is (with a ``budget``, search agents
    also depend on how fast the machine is, as in the arena and the lab).

    Raises:
        ValueError: an unknown game, bad options, an unknown agent name, a budget that is
            not a positive number of seconds.
    """
    check_budget(budget)
    game = REGISTRY.make(slug, players, **options)  # validate before starting workers
    names = agents or ("random",) * game.players
    unknown = [name for name in names if name not in AGENTS]
    if unknown or len(names) != game.players:
        raise ValueError(
            f"need {game.players} agents from: {', '.join(AGENTS)}; got {', '.join(names)}"
        )
    specs = [
        GameSpec(slug, game.players, game.options_dict(), tuple(names), seed, index, budget)
        for index in range(games)
    ]
    summary = Summary(slug, game.players)
    for result in iter_results(specs, jobs):
        summary.add(result)
        if on_result is not None:
            on_result(result)
    return summary


def record_line(result: GameResult) -> str:
    """One JSON line for a records file: the record plus its index and result."""
    line = {"index": result.index, "returns": list(result.returns), **result.record}
    return json.dumps(line, separators=(",", ":"), ensure_ascii=False)
