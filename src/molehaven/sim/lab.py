"""The designer's lab: play rule variants of one game on common random numbers.

Game ``k`` of every variant uses the same seed, so chance and the agents draw from the same
streams, and the seats hold the same agents: the variants differ only by their rules, and
a paired comparison game by game cancels most of the luck (common random numbers). Games run
on local processes or as Ray tasks; either way a seed gives the same numbers.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import socket
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from molehaven.agents import AGENTS, Agent, make_agent
from molehaven.core import OptionsError
from molehaven.core.options import OptionValue
from molehaven.games import REGISTRY
from molehaven.sim.driver import check_budget, play_game
from molehaven.sim.lab_metrics import (
    Tracker,
    end_condition,
    game_extras,
    lead_changes,
    leads_for_good_from,
    margin_curve,
    ranks,
    turns_taken,
)
from molehaven.sim.runner import game_seed
from molehaven.sim.workers import worker_pool


@dataclass(frozen=True, slots=True)
class Variant:
    """A named set of option values (the rest keep their defaults)."""

    name: str
    options: Mapping[str, OptionValue]


@dataclass(frozen=True, slots=True)
class LabGame:
    """Everything a worker needs to play game ``index`` of one variant: plain, picklable."""

    slug: str
    players: int
    variant: Variant
    agents: tuple[str, ...]
    seed: int
    index: int
    budget: float | None = None  # seconds per decision for search agents; None: their own


@dataclass(frozen=True, slots=True)
class GameMetrics:
    """One played game, measured."""

    variant: str
    index: int
    returns: tuple[float, ...]
    scores: tuple[float, ...]
    ranks: tuple[float, ...]
    actions: int
    turns: int
    end: str
    lead_changes: int
    winner_leads_from: float | None
    margins: tuple[float, ...] | None
    branching: float
    choice_share: float
    extras: Mapping[str, float]

    @property
    def sole_winner(self) -> int | None:
        winners = [seat for seat, share in enumerate(self.returns) if share > 0]
        return winners[0] if len(winners) == 1 else None


def play_lab_game(spec: LabGame) -> GameMetrics:
    """Play and measure one game (in a worker process or a Ray task)."""
    game = REGISTRY.make(spec.slug, spec.players, **spec.variant.options)
    seed = game_seed(spec.seed, spec.index)
    agents: list[Agent] = [
        make_agent(name, seed + 1 + seat, spec.budget) for seat, name in enumerate(spec.agents)
    ]
    tracker = Tracker()
    state = play_game(game, agents, random.Random(seed), observer=tracker)
    returns = tuple(state.returns())
    scores = tuple(state.scores())
    winners = [seat for seat, share in enumerate(returns) if share > 0]
    winner = winners[0] if len(winners) == 1 else None
    return GameMetrics(
        variant=spec.variant.name,
        index=spec.index,
        returns=returns,
        scores=scores,
        ranks=ranks(scores, returns),
        actions=state.num_actions,
        turns=turns_taken(state),
        end=end_condition(state),
        lead_changes=lead_changes(tracker.scores),
        winner_leads_from=(
            leads_for_good_from(tracker.scores, winner) if winner is not None else None
        ),
        margins=margin_curve(tracker.scores, winner) if winner is not None else None,
        branching=tracker.branching / max(1, tracker.decisions),
        choice_share=tracker.choices / max(1, tracker.decisions),
        extras=game_extras(state),
    )


def lab_games(
    slug: str,
    *,
    players: int,
    variants: Sequence[Variant],
    agents: tuple[str, ...],
    seed: int,
    indices: range,
    budget: float | None = None,
) -> list[LabGame]:
    """Game ``k`` of every variant, for ``k`` in ``indices``, on the same seed; search agents
    think ``budget`` seconds per decision (``None``: their own budgets).

    Raises:
        OptionsError: an unknown agent, or not one per seat.
        ValueError: a budget that is not a positive number of seconds.
    """
    unknown = [name for name in agents if name not in AGENTS]
    if unknown or len(agents) != players:
        raise OptionsError(
            f"need {players} agents from: {', '.join(AGENTS)}; got {', '.join(agents)}"
        )
    check_budget(budget)
    return [
        LabGame(slug, players, variant, agents, seed, index, budget)
        for index in indices
        for variant in variants
    ]


class LocalRunner:
    """Plays games on this machine's processes (``jobs`` = 1: in this process)."""

    def __init__(self, jobs: int | None = None) -> None:
        self.jobs = jobs or os.cpu_count() or 1
        self.workers = 0  # worker processes started: a single game is played here

    def run(self, specs: Sequence[LabGame]) -> Iterator[GameMetrics]:
        if self.jobs <= 1 or len(specs) < 2:
            yield from map(play_lab_game, specs)
            return
        self.workers = max(self.workers, self.jobs)
        # Small chunks keep the progress bar moving; spawn keeps workers free of our state.
        chunk = max(1, min(16, len(specs) // (self.jobs * 16)))
        with worker_pool(multiprocessing.get_context("spawn"), self.jobs) as pool:
            yield from pool.imap_unordered(play_lab_game, specs, chunksize=chunk)

    def close(self) -> None:
        return None


class RayRunner:
    """Plays games as Ray tasks on a cluster (``address``) or a local Ray (``"local"``)."""

    def __init__(self, address: str, *, cpus: int | None = None) -> None:
        if address not in ("local", "auto"):
            check_reachable(address)
        import ray

        self._ray = ray
        if not ray.is_initialized():
            if address == "local":
                ray.init(
                    num_cpus=cpus or os.cpu_count() or 1,
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
            else:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
        self._task = ray.remote(play_lab_game)

    def run(self, specs: Sequence[LabGame]) -> Iterator[GameMetrics]:
        pending = [self._task.remote(spec) for spec in specs]
        while pending:
            done, pending = self._ray.wait(pending, num_returns=1)
            for reference in done:
                result: GameMetrics = self._ray.get(reference)
                yield result

    def close(self) -> None:
        self._ray.shutdown()


Runner = LocalRunner | RayRunner

RAY_CONNECT_SECONDS = 5.0


def check_reachable(address: str, seconds: float = RAY_CONNECT_SECONDS) -> None:
    """Open (and close) a TCP connection to a Ray address: ``host:port`` or
    ``ray://host:port``. Ray itself retries an address nobody answers at for many minutes,
    printing a warning every few seconds.

    Raises:
        ValueError: the address is not ``host:port``.
        ConnectionError: nothing answers there within ``seconds``.
    """
    host, _, port_text = address.removeprefix("ray://").rpartition(":")
    host = host.strip("[]")  # an IPv6 address is written [::1]:6379
    if not host or not port_text.isdigit():
        raise ValueError(
            f"a Ray address is host:port, ray://host:port, auto or local; got {address!r}"
        )
    try:
        socket.create_connection((host, int(port_text)), timeout=seconds).close()
    except TimeoutError:
        raise ConnectionError(
            f"cannot reach Ray at {address}: no answer within {seconds:g} s"
        ) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise ConnectionError(
            f"cannot reach Ray at {address}: {reason[:1].lower()}{reason[1:]}"
        ) from None


def run_lab(
    runner: Runner,
    specs: Sequence[LabGame],
    on_result: Callable[[GameMetrics], None] | None = None,
    played: Mapping[tuple[int, str], GameMetrics] | None = None,
) -> list[GameMetrics]:
    """Every game's metrics, in (index, variant) order whatever order they finished in.
    Games found in ``played`` by (index, variant), played before (a journal), are not
    played again; ``on_result`` sees only the games played now."""
    order = {(spec.index, spec.variant.name): number for number, spec in enumerate(specs)}
    before = played or {}
    results = [before[key] for key in order if key in before]
    for result in runner.run(
        [spec for spec in specs if (spec.index, spec.variant.name) not in before]
    ):
        results.append(result)
        if on_result is not None:
            on_result(result)
    results.sort(key=lambda result: order[(result.index, result.variant)])
    return results
