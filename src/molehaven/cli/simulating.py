"""``molehaven simulate``: many random games on all cores, with statistics."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.table import Table

from molehaven.cli.errors import interrupted
from molehaven.cli.options import options_line
from molehaven.cli.progress import progress_bar
from molehaven.core import counted
from molehaven.core.options import OptionValue
from molehaven.sim.runner import GameResult, Summary, record_line, simulate
from molehaven.sim.stats import NO_SD


def run_simulation(
    console: Console,
    slug: str,
    *,
    players: int,
    options: dict[str, OptionValue],
    games: int,
    seed: int,
    jobs: int,
    save: Path | None,
    agents: tuple[str, ...] | None = None,
    budget: float | None = None,
) -> Summary:
    """Simulate with a progress bar, writing each record to ``save`` as soon as it exists."""
    out: TextIO | None = save.open("w", encoding="utf-8") if save else None
    started = time.perf_counter()

    def figures(played: Summary) -> None:
        elapsed = time.perf_counter() - started
        print_figures(
            console,
            played,
            elapsed,
            seed,
            jobs,
            agents,
            planned=games,
            budget=budget,
            options=options,
        )

    finished: list[GameResult] = []
    try:
        with progress_bar(console) as progress:
            task = progress.add_task(f"{slug}, {players} players", total=games)

            def on_result(result: GameResult) -> None:
                if out is not None:
                    out.write(record_line(result) + "\n")
                    out.flush()
                finished.append(result)
                progress.advance(task)

            summary = simulate(
                slug,
                players=players,
                options=options,
                games=games,
                seed=seed,
                jobs=jobs,
                agents=agents,
                on_result=on_result,
                budget=budget,
            )
    except KeyboardInterrupt:
        # Ctrl-C after a long run must not cost the games already played: their figures
        # are printed as a shorter run's would be, and every finished game's record is
        # already in the file (said, or it looks lost). The games come back in order, so
        # they are the first games of the run: the figures of -n N with the same seed.
        if finished:
            cut_short = Summary(slug, players)
            for result in finished:
                cut_short.add(result)
            figures(cut_short)
        kept = [f"the figures cover these {counted(len(finished), 'game')}"] if finished else []
        kept += [f"their records are in {save}"] if save and finished else []
        raise interrupted(len(finished), games, "games", "; ".join(kept)) from None
    finally:
        if out is not None:
            out.close()
    figures(summary)
    if save:
        console.print(f"records written to {save}")
    return summary


def print_figures(
    console: Console,
    summary: Summary,
    elapsed: float,
    seed: int,
    jobs: int,
    agents: tuple[str, ...] | None,
    *,
    planned: int,
    budget: float | None = None,
    options: dict[str, OptionValue] | None = None,
) -> None:
    """The game's options, if any differ from the defaults, the agents, if chosen, their
    budget, if given, and the figures of the games in ``summary``."""
    given_options = options_line(summary.slug, options or {})
    if given_options:
        console.print(given_options, highlight=False)
    if agents or budget is not None:
        seats = ", ".join(f"seat {s}: {a}" for s, a in enumerate(agents or ()))
        given = "" if budget is None else f"{budget:g} s per decision"
        console.print("agents: " + "; ".join(part for part in (seats, given) if part))
    print_summary(console, summary, elapsed=elapsed, seed=seed, jobs=jobs, planned=planned)


def games_played(played: int, planned: int | None) -> tuple[str, bool]:
    """``3 games``, or ``3 of 50 games`` and True for a run of ``planned`` cut short."""
    if planned is not None and planned > played:
        return f"{played} of {counted(planned, 'game')}", True
    return counted(played, "game"), False


def pace(games: int, seconds: float) -> str:
    """How fast games went, in a figure that is not rounded to nothing: ``36 games/s``,
    ``2.5 games/s``, or for slow games ``2.4 s a game`` (search agents made '0 games/s')."""
    rate = games / max(seconds, 1e-9)
    if rate >= 10:
        return f"{rate:.0f} games/s"
    if rate >= 1:
        return f"{rate:.1f} games/s"
    return f"{seconds / games:.1f} s a game"


def processes(workers: int, jobs: int) -> str:
    """Where the games were played: ``-j`` only allows workers, and a run too short for them
    to save time starts none (it read "2 jobs" all the same)."""
    if workers:
        return f"this process and {counted(workers, 'worker')}"
    if jobs > 1:
        return "1 process (workers not worth starting)"
    return "1 process"


def print_summary(
    console: Console,
    summary: Summary,
    *,
    elapsed: float,
    seed: int,
    jobs: int,
    planned: int | None = None,
) -> None:
    """The figures of a run; ``planned``, when more than were played, marks a run cut short
    in its first line, which a file the figures went to would otherwise not tell."""
    played, cut_short = games_played(summary.games, planned)
    console.print(
        f"[bold]{played} of {summary.slug}[/]{' (interrupted)' if cut_short else ''}"
        f" with {summary.players}"
        f" players, seed {seed}, {processes(summary.workers(), jobs)}: {elapsed:.1f} s"
        f" ({pace(summary.games, elapsed)})"
    )
    one_game = summary.games == 1
    table = Table(
        title="per seat (win share counts a k-way draw as 1/k; 95% intervals)",
        caption=NO_SD if one_game else None,
    )
    for column in ("seat", "win share", "95% interval", "score mean", "sd", "min", "median", "max"):
        table.add_column(column, justify="right")
    for seat, (rate, scores) in enumerate(
        zip(summary.win_rates(), summary.score_distributions(), strict=True)
    ):
        table.add_row(
            str(seat),
            f"{rate.mean:.3f}",
            f"{rate.low:.3f}-{rate.high:.3f}",
            f"{scores.mean:.2f}",
            "—" if one_game else f"{scores.stdev:.2f}",
            f"{scores.minimum:g}",
            f"{scores.median:g}",
            f"{scores.maximum:g}",
        )
    console.print(table)
    length = summary.length_distribution()
    spread = f" ({NO_SD})" if one_game else f", sd {length.stdev:.1f}"
    console.print(
        f"game length (actions, chance included): mean {length.mean:.1f}{spread},"
        f" min {length.minimum:g}, median {length.median:g}, max {length.maximum:g}"
    )
    console.print(f"games with a shared win or draw: {summary.draws} of {summary.games}")
