"""The arena: agents play each other round-robin, reproducibly, and are ranked.

Every *lineup* (a choice of agents for the seats) plays ``games`` games. Seats rotate: game
``k`` of a lineup turns it by ``k % players`` seats, and the ``players`` rotations of one
lineup share one chance stream, so every agent plays each deal from every seat. Chance streams
are also shared between lineups (common random numbers): game ``k`` of every lineup draws its
chance outcomes from the same seed, so differences between agents are not drowned by luck.
Chance outcomes, the order of seats that may act at once and each agent's own generator come
from separate seeded streams; the same seed reproduces a run exactly, whatever ``jobs`` is.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from molehaven.agents import AGENTS, Agent, make_agent
from molehaven.core import JSONValue, State
from molehaven.core.options import OptionValue
from molehaven.games import REGISTRY, replay
from molehaven.sim.driver import check_budget, play_game
from molehaven.sim.jsonl import what_differs
from molehaven.sim.stats import Estimate, mean_interval, wilson_interval
from molehaven.sim.workers import worker_pool


@dataclass(frozen=True, slots=True)
class ArenaGame:
    """Everything a worker needs to play one arena game: plain, picklable data."""

    slug: str
    players: int
    options: tuple[tuple[str, OptionValue], ...]
    index: int  # position in the whole run
    lineup: int  # which lineup
    round: int  # game number within the lineup
    seats: tuple[str, ...]  # agent name per seat, rotated for this game
    seed: int
    budget: float | None


@dataclass(frozen=True, slots=True)
class ArenaRecord:
    """One finished arena game."""

    index: int
    lineup: int
    round: int
    seats: tuple[str, ...]
    returns: tuple[float, ...]
    scores: tuple[float, ...]
    ranks: tuple[float, ...]
    length: int
    record: dict[str, JSONValue]

    def line(self, spec: ArenaGame | None = None) -> str:
        """The game as one JSON line for a records file; with its ``spec``, also the run's
        ``seed`` and ``budget``, so that ``--resume`` can tell a run's games from another's."""
        data: dict[str, JSONValue] = {
            "index": self.index,
            "lineup": self.lineup,
            "round": self.round,
            "agents": list(self.seats),
            "returns": list(self.returns),
            "scores": list(self.scores),
            "ranks": list(self.ranks),
        }
        if spec is not None:
            data |= {"seed": spec.seed, "budget": spec.budget}
        data |= self.record
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def resumed_record(line: dict[str, JSONValue], spec: ArenaGame) -> ArenaRecord:
    """A game read back from a records file, checked to be game ``spec`` of this run: the
    same place in the schedule, agents, seed, budget, game and options, and its record
    replays to the results it states.

    Raises:
        ValueError: naming the first thing that differs.
    """
    expected: dict[str, object] = {
        "index": spec.index,
        "lineup": spec.lineup,
        "round": spec.round,
        "agents": list(spec.seats),
        "seed": spec.seed,
        "budget": spec.budget,
        "game": spec.slug,
        "players": spec.players,
        "options": dict(spec.options),
    }
    for key, value in expected.items():
        if key not in line:
            raise ValueError(f"it has no {key}")
        if line[key] != value:
            raise ValueError(what_differs(key, repr(line[key]), repr(value)))
    record = {key: line[key] for key in ("format", "game", "options", "players", "actions")}
    state = replay(record)
    if not state.is_terminal() or state.returns() != line["returns"]:
        raise ValueError("its record does not replay to the returns it states")
    return finished_game(spec, state)


def derived_seed(*parts: object) -> int:
    """A 63-bit seed from ``parts`` (stable across processes and Python runs)."""
    return random.Random(":".join(["molehaven-arena", *map(str, parts)])).getrandbits(63)


def lineups(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The tables to play: every ``players`` distinct agents; with fewer agents than seats,
    every pair of agents alternating round the table (both orders), so each meets each."""
    if len(agents) >= players:
        return list(itertools.combinations(agents, players))
    tables: list[tuple[str, ...]] = []
    for first, second in itertools.combinations(agents, 2):
        for pair in ((first, second), (second, first)):
            tables.append(tuple(pair[seat % 2] for seat in range(players)))
    return tables


def ranks_of(returns: Sequence[float], scores: Sequence[float]) -> tuple[float, ...]:
    """Each seat's place (1 = best) by returns, then scores; tied seats share the average
    of the places they span."""
    keys = list(zip(returns, scores, strict=True))
    ranks = []
    for key in keys:
        better = sum(1 for other in keys if other > key)
        tied = sum(1 for other in keys if other == key)
        ranks.append(better + (tied + 1) / 2)
    return tuple(ranks)


def play_arena_game(spec: ArenaGame) -> ArenaRecord:
    """Play one arena game (runs in a worker process)."""
    game = REGISTRY.make(spec.slug, spec.players, **dict(spec.options))
    chance = random.Random(derived_seed(spec.seed, "chance", spec.round // spec.players))
    order = random.Random(derived_seed(spec.seed, "order", spec.round // spec.players))
    agents: list[Agent] = [
        make_agent(
            name, derived_seed(spec.seed, "agent", spec.lineup, spec.round, seat), spec.budget
        )
        for seat, name in enumerate(spec.seats)
    ]
    # The simulator's driver: the same clock rule and real-time interjections (TM-26).
    return finished_game(spec, play_game(game, agents, chance, order=order))


def finished_game(spec: ArenaGame, state: State) -> ArenaRecord:
    """The record of game ``spec``, played to its end ``state``."""
    returns = tuple(state.returns())
    scores = tuple(state.scores())
    return ArenaRecord(
        spec.index,
        spec.lineup,
        spec.round,
        spec.seats,
        returns,
        scores,
        ranks_of(returns, scores),
        state.num_actions,
        state.record(),
    )


def schedule(
    slug: str,
    agents: Sequence[str],
    *,
    players: int | None,
    games: int,
    seed: int,
    budget: float | None = None,
    options: dict[str, OptionValue] | None = None,
) -> list[ArenaGame]:
    """Every game of a run, in order.

    Raises:
        ValueError: fewer than two agents, an agent named twice, an unknown agent, fewer
            than one game, a budget that is not positive.
        UnknownGameError, OptionsError: a bad game, player count or option.
    """
    game = REGISTRY.make(slug, players, **(options or {}))
    if len(agents) < 2:
        raise ValueError("the arena needs at least two agents, e.g. --agents greedy,random")
    repeated = sorted({name for name in agents if list(agents).count(name) > 1})
    if repeated:
        raise ValueError(f"agent named twice: {', '.join(repeated)}")
    unknown = [name for name in agents if name not in AGENTS]
    if unknown:
        raise ValueError(f"unknown agent {unknown[0]!r}; valid: {', '.join(AGENTS)}")
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    check_budget(budget)
    option_items = tuple(sorted(game.options_dict().items()))
    specs: list[ArenaGame] = []
    for number, lineup in enumerate(lineups(agents, game.players)):
        for round_ in range(games):
            shift = round_ % game.players
            seats = lineup[shift:] + lineup[:shift]
            specs.append(
                ArenaGame(
                    slug,
                    game.players,
                    option_items,
                    len(specs),
                    number,
                    round_,
                    seats,
                    seed,
                    budget,
                )
            )
    return specs


def iter_records(specs: list[ArenaGame], jobs: int) -> Iterator[ArenaRecord]:
    """Records in schedule order, from ``jobs`` worker processes (1: in this process)."""
    if jobs <= 1:
        yield from map(play_arena_game, specs)
        return
    with worker_pool(multiprocessing.get_context("spawn"), jobs) as pool:
        yield from pool.imap(play_arena_game, specs, chunksize=1)


@dataclass(slots=True)
class AgentStanding:
    """One agent's results over a run (each seat it held counts as one game)."""

    name: str
    games: int = 0
    wins: float = 0.0  # sum of returns: a k-way shared win counts 1/k
    ranks: list[float] = field(default_factory=list)
    mu: float = 0.0
    sigma: float = 0.0

    def win_share(self) -> Estimate:
        return wilson_interval(self.wins, self.games)

    def average_rank(self, players: int) -> Estimate:
        """The mean rank, its interval within the ranks a game of ``players`` seats has."""
        return mean_interval(self.ranks, (1, players))

    @property
    def ordinal(self) -> float:
        """A cautious skill estimate: mu − 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(slots=True)
class ArenaSummary:
    """Standings of a run: win shares, ranks and openskill ratings, per agent."""

    slug: str
    players: int
    agents: tuple[str, ...]
    games: int = 0
    standings: dict[str, AgentStanding] = field(default_factory=dict)
    meetings: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    _model: PlackettLuce = field(default_factory=PlackettLuce)
    _ratings: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in self.agents:
            self.standings[name] = AgentStanding(name)
            self._ratings[name] = self._model.rating(name=name)
        self._refresh()

    def add(self, record: ArenaRecord) -> None:
        self.games += 1
        best: dict[str, float] = {}
        for name, value, rank in zip(record.seats, record.returns, record.ranks, strict=True):
            standing = self.standings[name]
            standing.games += 1
            standing.wins += value
            standing.ranks.append(rank)
            best[name] = min(rank, best.get(name, rank))
        for first, second in itertools.permutations(best, 2):
            ahead = (
                1.0 if best[first] < best[second] else 0.5 if best[first] == best[second] else 0.0
            )
            tally = self.meetings.setdefault((first, second), [0.0, 0.0])
            tally[0] += ahead
            tally[1] += 1
        if len(best) > 1:  # an agent in several seats is rated by its best seat
            names = list(best)
            teams = [[self._ratings[name]] for name in names]
            rated = self._model.rate(teams, ranks=[best[name] for name in names])  # type: ignore[arg-type]
            for name, team in zip(names, rated, strict=True):
                self._ratings[name] = team[0]
        self._refresh()

    def _refresh(self) -> None:
        for name, rating in self._ratings.items():
            self.standings[name].mu = float(getattr(rating, "mu", 0.0))
            self.standings[name].sigma = float(getattr(rating, "sigma", 0.0))

    def head_to_head(self, first: str, second: str) -> Estimate:
        """How often ``first`` finished ahead of ``second`` in games they both played (a tie
        counts half), with a 95% interval; each agent's best seat counts."""
        ahead, games = self.meetings.get((first, second), (0.0, 0.0))
        return wilson_interval(ahead, int(games))

    def table(self) -> list[AgentStanding]:
        """Standings, best rated first."""
        return sorted(self.standings.values(), key=lambda s: (-s.ordinal, s.name))


def summarise(specs: Sequence[ArenaGame], records: Sequence[ArenaRecord]) -> ArenaSummary:
    """The standings after ``records``, the first games of ``specs`` in order (ratings
    depend on the order)."""
    names = tuple(dict.fromkeys(name for spec in specs for name in spec.seats))
    summary = ArenaSummary(specs[0].slug, specs[0].players, names)
    for record in records:
        summary.add(record)
    return summary


def run_arena(
    specs: list[ArenaGame],
    *,
    jobs: int = 1,
    on_record: Callable[[ArenaRecord], None] | None = None,
    earlier: Sequence[ArenaRecord] = (),
) -> ArenaSummary:
    """Play every game of ``specs`` and summarise; ``on_record`` sees each game in order.
    ``earlier``: the first games of ``specs``, played before (a run cut short): they count
    first, in order (ratings depend on it), and only the rest are played."""
    if not specs:
        raise ValueError("nothing to play")
    summary = summarise(specs, earlier)
    for record in iter_records(specs[len(earlier) :], jobs):
        summary.add(record)
        if on_record is not None:
            on_record(record)
    return summary
