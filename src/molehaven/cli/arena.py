"""``molehaven arena``: agents play each other round-robin; win shares, ranks and ratings."""

from __future__ import annotations

import itertools
import json
import os
import time
from pathlib import Path
from typing import IO, Annotated

import typer
from rich.console import Console
from rich.table import Table

from molehaven.agents import AGENTS
from molehaven.cli.console import PipeSafeConsole
from molehaven.cli.errors import CliError, interrupted, one_line_errors
from molehaven.cli.options import (
    agent_names,
    check_budget_option,
    options_line,
    parse_option_pairs,
)
from molehaven.cli.outputs import check_output_file
from molehaven.cli.progress import progress_bar
from molehaven.cli.simulating import games_played
from molehaven.core import counted
from molehaven.core.options import OptionValue
from molehaven.games import REGISTRY
from molehaven.sim.arena import (
    ArenaGame,
    ArenaRecord,
    ArenaSummary,
    resumed_record,
    run_arena,
    schedule,
    summarise,
)
from molehaven.sim.jsonl import whole_lines, write_after

console = PipeSafeConsole()

# More worker processes than this only wait for the cores.
MAX_JOBS = (os.cpu_count() or 1) * 4


@one_line_errors
def arena(
    game: Annotated[str, typer.Argument(help="Game slug, e.g. mole-hill (see 'molehaven games').")],
    agents: Annotated[
        list[str],
        typer.Option(
            "--agents",
            "-a",
            help="Agents to compare, at least two: separate with commas or repeat -a"
            f" ({', '.join(AGENTS)}).",
        ),
    ],
    games: Annotated[
        int,
        typer.Option("--games", "-n", min=1, help="Games per lineup (seats rotate every game)."),
    ] = 20,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", min=1, max=MAX_JOBS, help="Worker processes (at most 4 per core)."
        ),
    ] = 1,
    seed: Annotated[
        int,
        typer.Option(
            help="Seed: the same seed plays the same games (with a time budget, search agents"
            " also depend on the machine's speed)."
        ),
    ] = 0,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats per game (default: the minimum).")
    ] = None,
    budget: Annotated[
        float | None,
        typer.Option(help="Seconds per decision for search agents (default: their own)."),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as name=value; repeat for several."),
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="Write every game (record and result) to this JSONL file.")
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Carry on a run cut short (a crash, a kill, Ctrl-C): read back the games"
            " already in --save (they must be this run's) and play only the rest.",
        ),
    ] = False,
    force: Annotated[
        bool,
        typer.Option("--force", help="Write --save anew even if it holds games (they are lost)."),
    ] = False,
) -> None:
    """Round-robin between agents with rotated seats and shared chance (common random
    numbers); prints win shares with 95% intervals, average ranks and openskill ratings."""
    names = agent_names(agents)
    options = parse_option_pairs(REGISTRY.game_class(game).option_specs(), option or [])
    check_output_file(save, "--save")
    check_budget_option(budget)
    try:
        specs = schedule(
            game, names, players=players, games=games, seed=seed, budget=budget, options=options
        )
    except ValueError as error:
        raise CliError(str(error)) from None
    if resume and save is None:
        raise CliError("--resume carries on the games of --save FILE: give --save too")
    if resume and force:
        raise CliError("--resume keeps the games of --save and --force drops them: give one")
    if save is not None and not (resume or force) and save.exists() and save.stat().st_size:
        # Games that may have taken hours would be lost to a command run once more.
        raise CliError(
            f"--save {save} already holds games: add --resume to carry on its run,"
            " or --force to write it anew"
        )
    lines = whole_lines(save) if resume and save is not None else []
    earlier = read_back(save, lines, specs) if save is not None else []
    # New games go after the games read back; a file not resumed is new, empty or forced.
    out: IO[str] | None = write_after(save, lines) if save is not None else None
    by_index = {spec.index: spec for spec in specs}
    started = time.perf_counter()
    finished: list[ArenaRecord] = list(earlier)
    try:
        with progress_bar(console) as progress:
            task = progress.add_task(f"{game}: {' vs '.join(names)}", total=len(specs))
            progress.advance(task, len(earlier))

            def on_record(record: ArenaRecord) -> None:
                if out is not None:
                    out.write(record.line(by_index[record.index]) + "\n")
                    out.flush()
                finished.append(record)
                progress.advance(task)

            summary = run_arena(specs, jobs=jobs, on_record=on_record, earlier=earlier)
    except KeyboardInterrupt:
        # Hours of games must not be lost to a Ctrl-C: the standings so far are printed,
        # marked as cut short, and every finished game is already in the file (said, or it
        # looks lost; --resume plays the rest).
        if finished:
            print_standings(
                console,
                summarise(specs, finished),
                seed=seed,
                budget=budget,
                elapsed=time.perf_counter() - started,
                planned=len(specs),
                options=options,
            )
        kept = f"they are in {save}" if save and finished else ""
        raise interrupted(len(finished), len(specs), "games", kept) from None
    finally:
        if out is not None:
            out.close()
    print_standings(
        console,
        summary,
        seed=seed,
        budget=budget,
        elapsed=time.perf_counter() - started,
        options=options,
    )
    if earlier:
        read = counted(len(earlier), "game")
        console.print(f"{read} read back from {save}, {len(specs) - len(earlier)} played now")
    if save:
        console.print(f"records written to {save}")


def read_back(save: Path, lines: list[bytes], specs: list[ArenaGame]) -> list[ArenaRecord]:
    """The games a cut-short run left in ``save`` (its whole ``lines``: a last line cut off
    mid-write is played again), each checked against ``specs``.

    Raises:
        CliError: a line that is not this run's game at its place in the schedule.
    """
    if len(lines) > len(specs):
        raise CliError(
            f"--resume: {save} holds {len(lines)} games, more than this run's {len(specs)}:"
            " it is another run's"
        )
    records: list[ArenaRecord] = []
    for number, (line, spec) in enumerate(zip(lines, specs, strict=False), start=1):
        try:
            entry = json.loads(line)
        except ValueError:  # JSON's own words ("Expecting value: …") said nothing useful
            raise CliError(
                f"--resume: line {number} of {save} is not JSON: not an arena --save file;"
                " give another --save file"
            ) from None
        try:
            if not isinstance(entry, dict):
                raise ValueError("it is not a game")
            records.append(resumed_record(entry, spec))
        except (ValueError, KeyError, TypeError) as error:
            raise CliError(
                f"--resume: line {number} of {save} is not game {spec.index} of this run"
                f" ({error}); give the same settings, or another --save file"
            ) from None
    return records


def budget_text(budget: float | None) -> str:
    """``--budget`` as the arena and the lab print it."""
    return "agents' own budgets" if budget is None else f"{budget:g} s per decision"


CUT_SHORT = (
    " (interrupted: not every lineup has played every seat yet, so a seat's advantage may"
    " tilt these figures)"
)


def print_standings(
    console: Console,
    summary: ArenaSummary,
    *,
    seed: int,
    budget: float | None,
    elapsed: float,
    planned: int | None = None,
    options: dict[str, OptionValue] | None = None,
) -> None:
    """The standings; ``planned``, when more than were played, marks a run cut short."""
    played, cut_short = games_played(summary.games, planned)
    console.print(
        f"[bold]{played} of {summary.slug}[/], {summary.players} players,"
        f" seed {seed},"
        f" {budget_text(budget)}: {elapsed:.1f} s{CUT_SHORT if cut_short else ''}"
    )
    given_options = options_line(summary.slug, options or {})
    if given_options:
        console.print(given_options, highlight=False)
    even = 1 / summary.players
    ranked = summary.players > 2
    table = Table(title=f"per agent (each seat counts as a game; an even share is {even:.3f})")
    table.add_column("agent", justify="right", overflow="fold")
    columns = ["games", "win\nshare", "95%\ninterval"]
    columns += ["avg\nrank", "95%\ninterval"] if ranked else []
    for column in [*columns, "rating\nmu", "sigma"]:
        add_number_column(table, column)
    for standing in summary.table():
        share = standing.win_share()
        row = [standing.name, str(standing.games), f"{share.mean:.3f}"]
        row.append(f"{share.low:.3f}-{share.high:.3f}")
        if ranked:
            rank = standing.average_rank(summary.players)
            row += [f"{rank.mean:.2f}", f"{rank.low:.2f}-{rank.high:.2f}"]
        table.add_row(*row, f"{standing.mu:.1f}", f"{standing.sigma:.1f}")
    console.print(table)
    pairs = Table(title="head to head (finished ahead; a tie counts half; 95% intervals)")
    for column in ("agent", "against"):
        pairs.add_column(column, justify="right", overflow="fold")
    for column in ("games", "ahead", "95%\ninterval"):
        add_number_column(pairs, column)
    order = [standing.name for standing in summary.table()]
    for first, second in itertools.combinations(order, 2):
        meeting = summary.head_to_head(first, second)
        games = int(summary.meetings.get((first, second), (0.0, 0.0))[1])
        interval = f"{meeting.low:.3f}-{meeting.high:.3f}"
        pairs.add_row(first, second, str(games), f"{meeting.mean:.3f}", interval)
    console.print(pairs)


def add_number_column(table: Table, header: str) -> None:
    """A column of figures, never cut: on a narrow terminal Rich shrank the widest columns
    first, the intervals, to ``0.310-0…``. Their headers come in short lines (``95%`` over
    ``interval``) so that the table still fits 80 columns; the agents' names fold instead."""
    table.add_column(header, justify="right", no_wrap=True)
