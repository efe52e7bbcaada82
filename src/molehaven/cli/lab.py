"""``molehaven lab``: compare rule variants of a game on common random numbers."""

from __future__ import annotations

import functools
import itertools
import logging
import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from molehaven.agents import AGENTS
from molehaven.cli.arena import budget_text
from molehaven.cli.console import PipeSafeConsole
from molehaven.cli.errors import (
    CliError,
    interrupted,
    interrupts_deferred,
    one_line_errors,
    os_error_text,
    os_reason,
)
from molehaven.cli.options import (
    agent_names,
    check_budget_option,
    option_text,
    parse_option_pairs,
)
from molehaven.cli.outputs import check_output_file, check_output_folder
from molehaven.cli.progress import progress_bar
from molehaven.core import OptionsError, counted
from molehaven.games import REGISTRY
from molehaven.sim.lab import (
    GameMetrics,
    LocalRunner,
    RayRunner,
    Runner,
    Variant,
    lab_games,
    run_lab,
)
from molehaven.sim.lab_journal import Journal, JournalError, Setup
from molehaven.sim.lab_report import (
    difference_rows,
    render_html,
    save_plots,
    side_by_side,
    summary_json,
    write_csv,
)
from molehaven.sim.lab_stats import (
    PairedDifference,
    VariantSummary,
    alike_text,
    compare,
    pairs_alike_in_every_game,
    summarise,
    widest_interval,
)

console = PipeSafeConsole()
BATCH = 100  # games per variant between two --until-ci checks

RAY_TOKEN_NOTICE_LOGGER = "ray._private.authentication.authentication_token_setup"
"""The logger of Ray's notice, at every start of a local Ray, that token authentication is
on (``Token authentication is enabled for this Ray cluster. Set RAY_AUTH_MODE=disabled…``)."""


def quiet_ray_token_notice() -> None:
    """Keep Ray's token notice off the lab's output: a warning of Ray's (2.60,
    ``_warn_token_auth_enabled``) about the cluster that ``--ray local`` starts for this run
    alone and stops at its end, printed before the figures on every run. Only that logger
    is raised to errors, so Ray's other warnings and every error still show. Ray's own ways
    out are worse: ``RAY_AUTH_MODE=disabled`` turns the authentication off;
    ``RAY_AUTH_MODE=token`` is read once, when ``ray`` is imported, and set after that
    import ``ray.init`` fails with an authentication error; ``ray.init(logging_level=…)``
    would silence every warning of Ray's."""
    logging.getLogger(RAY_TOKEN_NOTICE_LOGGER).setLevel(logging.ERROR)


def parse_variant(text: str, slug: str) -> Variant:
    """``NAME`` or ``NAME=option=value,option=value``, typed and checked for ``slug``."""
    name, _, rest = text.partition("=")
    name = name.strip()
    if not name:
        raise CliError(f"a variant is NAME=option=value,...; got {text!r}")
    pairs = [pair.strip() for pair in rest.split(",") if pair.strip()]
    specs = REGISTRY.game_class(slug).option_specs()
    if pairs and "=" not in pairs[0] and name.replace("-", "_") in {spec.name for spec in specs}:
        # ``-v hand_limit=3``: the option was read as the variant's name.
        raise CliError(
            f"a variant is NAME=option=value,...: {text!r} has no name before the option;"
            f" give one, e.g. -v mine={text}"
        )
    options = parse_option_pairs(specs, pairs)
    REGISTRY.make(slug, None, **options)  # the values themselves are checked here
    return Variant(name, options)


def parse_agents(values: list[str], players: int) -> tuple[str, ...]:
    """``--agents``: one name for every seat, or one per seat, comma-separated or repeated.

    Raises:
        CliError: naming the unknown agent, or the count given against the seats.
    """
    names = tuple(agent_names(values))
    unknown = [name for name in names if name not in AGENTS]
    if unknown:
        raise CliError(f"unknown agent {unknown[0]!r}; choose from {', '.join(AGENTS)}")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise CliError(
            f"give one --agents for all seats, or one per seat ({players});"
            f" got {len(names)}: {', '.join(names)}"
        )
    return names


@one_line_errors
def lab(
    game: Annotated[str, typer.Argument(help="Game slug, e.g. mole-hill (see 'molehaven games').")],
    variant: Annotated[
        list[str] | None,
        typer.Option(
            "--variant",
            "-v",
            help="A rule variant: NAME=option=value,option=value, e.g. short=rounds=1 (repeat;"
            " NAME alone keeps the defaults; each game's options: 'molehaven games')."
            " Default: one variant with the defaults.",
        ),
    ] = None,
    agents: Annotated[
        list[str] | None,
        typer.Option(
            "--agents",
            "-a",
            help="The agent in every seat, or one per seat: separate with commas or repeat -a"
            f" ({', '.join(AGENTS)}). Default: random.",
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Seats (default: the minimum).")
    ] = None,
    games: Annotated[
        int,
        typer.Option("--games", "-n", min=1, help="Games per variant (with --until-ci: the most)."),
    ] = 1000,
    seed: Annotated[
        int,
        typer.Option(
            help="The same seed gives the same games and report (with a time budget, search"
            " agents also depend on the machine's speed)."
        ),
    ] = 0,
    budget: Annotated[
        float | None,
        typer.Option(help="Seconds per decision for search agents (default: their own)."),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", min=1, help="Local worker processes (default: every core)."),
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(help="Run the games as Ray tasks: a cluster address, or 'local'."),
    ] = None,
    until_ci: Annotated[
        float | None,
        typer.Option(
            min=0.0,
            help="Play batches until the widest 95% interval of the seat-0 win share (or of"
            " its paired differences) is at most this wide, or --games is reached.",
        ),
    ] = None,
    report: Annotated[
        Path | None, typer.Option(help="Write the HTML report (with plots) here.")
    ] = None,
    csv_path: Annotated[
        Path | None, typer.Option("--csv", help="Write one row per game here (CSV).")
    ] = None,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="Write the summary here (JSON).")
    ] = None,
    plots: Annotated[
        Path | None, typer.Option(help="Write each plot as a PNG file into this folder.")
    ] = None,
    journal_path: Annotated[
        Path | None,
        typer.Option(
            "--journal",
            help="Keep every finished game in this file (a line each). Run the same command"
            " again after a crash, a kill or Ctrl-C and only the missing games are played; a"
            " larger -n extends a finished run.",
        ),
    ] = None,
) -> None:
    """Play rule variants on the same chance streams and compare them, with intervals.

    Game k of every variant uses the same seed and seats, so each difference between two
    variants is measured game by game. Prints each variant's figures and every paired
    difference (first minus second) with its 95% interval; --report, --csv, --json and
    --plots also write them to files. Worked examples: docs/lab.md.
    """
    game_class = REGISTRY.game_class(game)
    texts = variant or ["default"]
    variants = [parse_variant(text, game) for text in texts]
    names = [v.name for v in variants]
    if len(set(names)) != len(names):
        raise CliError(f"variant names must differ; got {', '.join(names)}")
    seats = REGISTRY.make(game, players).players
    seat_agents = parse_agents(agents or ["random"], seats)
    outputs = ((report, "--report"), (csv_path, "--csv"), (json_path, "--json"))
    for path, option in (*outputs, (journal_path, "--journal")):
        check_output_file(path, option)
    check_output_folder(plots, "--plots")
    check_budget_option(budget)
    journal = None
    if journal_path is not None:
        setup = Setup(game, seats, variants, seat_agents, seed, budget)
        try:
            journal = Journal(journal_path, setup)
        except JournalError as error:
            raise CliError(f"--journal: {error}") from None
        except OSError as error:
            raise CliError(f"--journal: {os_error_text(error)}") from None
    if ray:
        quiet_ray_token_notice()
    try:
        runner: Runner = RayRunner(ray, cpus=jobs) if ray else LocalRunner(jobs)
    except BaseException as error:  # Ray unreachable, or Ctrl-C while it starts
        if journal is not None:
            journal.close()
        if isinstance(error, ValueError):
            raise CliError(f"--ray: {error}") from None
        raise
    started = time.perf_counter()
    results: list[GameMetrics] = []
    arrived: list[GameMetrics] = []  # as they finish, to keep what a Ctrl-C leaves
    cut_short: str | None = None
    most_games = games * len(variants)  # all variants together
    of_games = f"games ({games} per variant)" if len(variants) > 1 else "games"

    reused = 0  # games the journal held from an earlier run

    def finished(result: GameMetrics) -> None:
        arrived.append(result)
        if journal is not None:
            journal.record(result)
        progress.advance(task)

    width = math.inf
    progress = progress_bar(console)
    try:
        with progress:
            total = games if until_ci is None else min(games, BATCH)
            task = progress.add_task(
                f"{game_class.info.title}, {counted(len(variants), 'variant')}",
                total=total * len(variants),
            )
            played = 0
            while played < games:
                batch = games - played if until_ci is None else min(BATCH, games - played)
                specs = lab_games(
                    game,
                    players=seats,
                    variants=variants,
                    agents=seat_agents,
                    seed=seed,
                    indices=range(played, played + batch),
                    budget=budget,
                )
                if journal is not None:  # games kept from an earlier run count as played
                    before = [
                        journal.kept[key]
                        for key in ((spec.index, spec.variant.name) for spec in specs)
                        if key in journal.kept
                    ]
                    arrived += before
                    reused += len(before)
                    progress.advance(task, len(before))
                earlier = None if journal is None else journal.kept
                results += run_lab(runner, specs, on_result=finished, played=earlier)
                played += batch
                if until_ci is not None:
                    width = widest_interval(results, names)
                    if width <= until_ci:
                        break
                    progress.update(task, total=min(games, played + BATCH) * len(variants))
    except OptionsError as error:
        raise CliError(str(error)) from None
    except KeyboardInterrupt:
        # A game counts only where every variant finished it: the comparison is paired.
        results = paired_games(arrived, names)
        played = len(results) // len(names)
        if not played:
            kept = "no file written" if (report or csv_path or json_path or plots) else ""
            raise interrupted(len(arrived), most_games, of_games, kept) from None
        cut_short = (
            f"interrupted after {len(arrived)} of {most_games} {of_games}: these"
            f" figures cover the {counted(played, 'game')} every variant finished"
        )
        if until_ci is not None:
            width = widest_interval(results, names)  # of these games, not the last batch
    finally:
        runner.close()
        if journal is not None:
            journal.close()
    elapsed = time.perf_counter() - started
    summaries = [summarise(name, [r for r in results if r.variant == name]) for name in names]
    differences = compare(results, names)
    meta: dict[str, object] = {
        "game": game,
        "players": seats,
        "agents": ", ".join(f"seat {s}: {a}" for s, a in enumerate(seat_agents)),
        "variants": "; ".join(
            f"{v.name}: "
            + (", ".join(f"{k}={option_text(val)}" for k, val in v.options.items()) or "defaults")
            for v in variants
        ),
        "games per variant": played,
        "seed": seed,
        "time budget": budget_text(budget),
        # A rerun whose games all came back from the journal played none: say so, not
        # "1 local process (too few games for workers)" in 0.0 s (a designer's walk).
        "ran on": "nothing played: every game read back from the journal"
        if arrived and reused == len(arrived)
        else _where(runner, ray),
        "seconds": round(elapsed, 1),
    }
    if journal is not None:
        meta["journal"] = f"{journal_path}: {counted(reused, 'game')} kept from before"
    target = (
        None
        if until_ci is None
        else IntervalTarget(until_ci, width, played, interrupted=cut_short is not None)
    )
    if target is not None:
        meta["--until-ci"] = target.text
    if cut_short is not None:
        meta["interrupted"] = cut_short
    # The files first: a reader who stops reading the tables (``| head``) must not cost them.
    notices = [cut_short, None if target is None or target.reached else target.text]
    notice = "; ".join(text for text in notices if text) or None
    written: list[str] = []
    # A file that cannot be written (its folder went away during the run, a disk full) costs
    # only itself: the others and the tables still come, then the command fails saying which.
    failed: list[str] = []

    def attempt(path: Path, write: Callable[[], list[str]]) -> None:
        try:
            written.extend(write())
        except OSError as error:
            named = os_error_text(error) if error.filename else f"{path}: {os_reason(error)}"
            failed.append(f"cannot write {named}")

    def write_report(path: Path) -> list[str]:
        page = render_html(meta, summaries, differences, results, notice=notice, agents=seat_agents)
        path.write_text(page, encoding="utf-8")
        return [f"report written to {path}"]

    def write_plots(folder: Path) -> list[str]:
        return [f"plot written to {p}" for p in save_plots(folder, summaries, differences, results)]

    def write_games(path: Path) -> list[str]:
        write_csv(path, results)
        return [f"games written to {path}"]

    def write_summary(path: Path) -> list[str]:
        status = None if target is None else target.status()
        text = summary_json(meta, summaries, differences, until_ci=status)
        path.write_text(text, encoding="utf-8")
        return [f"summary written to {path}"]

    try:
        with interrupts_deferred():  # Ctrl-C waits until every file is written whole
            for path, write in (
                (report, write_report),
                (plots, write_plots),
                (csv_path, write_games),
                (json_path, write_summary),
            ):
                if path is not None:
                    attempt(path, functools.partial(write, path))
    except KeyboardInterrupt:
        kept = "every file was written whole first" if written else ""
        raise interrupted(len(arrived), most_games, of_games, kept) from None
    print_results(summaries, differences, meta, seat_agents)
    if target is not None:
        console.print(target.text, style=None if target.reached else "bold yellow")
    if reused:  # as the arena says it, or a rerun that played nothing looks like a fresh run
        console.print(
            f"{counted(reused, 'game')} read back from {journal_path},"
            f" {len(arrived) - reused} played now",
            highlight=False,
        )
    for line in written:
        console.print(line)
    if failed:
        raise CliError("; ".join(failed))
    if cut_short is not None:
        kept = f"the figures cover the {counted(played, 'game')} every variant finished"
        raise interrupted(len(arrived), most_games, of_games, kept)


def paired_games(arrived: list[GameMetrics], names: list[str]) -> list[GameMetrics]:
    """The games of a run cut short that every variant finished (the same chance stream in
    each, so still paired), in (index, variant) order; the others are dropped."""
    by_index: dict[int, dict[str, GameMetrics]] = {}
    for result in arrived:
        by_index.setdefault(result.index, {})[result.variant] = result
    return [
        variants[name]
        for index, variants in sorted(by_index.items())
        if len(variants) == len(names)
        for name in names
    ]


@dataclass(frozen=True, slots=True)
class IntervalTarget:
    """How ``--until-ci`` ended: the widest interval reached against the width asked for."""

    target: float
    widest: float
    games: int
    interrupted: bool = False  # Ctrl-C, not -n, ended the run

    @property
    def reached(self) -> bool:
        return self.widest <= self.target

    @property
    def text(self) -> str:
        asked = f"--until-ci {self.target:g}"
        if self.interrupted and not self.reached:
            widest = "none yet" if math.isinf(self.widest) else f"{self.widest:.4f}"
            return (
                f"{asked} not reached: interrupted after {counted(self.games, 'game')} per"
                f" variant, when the widest 95% interval was {widest}"
            )
        if self.reached:
            return (
                f"{asked} reached: the widest 95% interval is {self.widest:.4f} after"
                f" {counted(self.games, 'game')} per variant"
            )
        if math.isinf(self.widest) and self.games >= 2:
            # widest_interval: paired differences that never varied measure no interval.
            return (
                f"{asked} not reached: in {counted(self.games, 'game')} per variant the"
                " variants' seat-0 results differed by the same amount in every game (most"
                " often: not at all), which measures no interval; the rule may change few"
                " games or none"
            )
        if math.isinf(self.widest):
            return (
                f"{asked} not reached: {counted(self.games, 'game')} per variant cannot"
                " measure an interval; give a larger -n"
            )
        return (
            f"{asked} not reached within -n {self.games}: the widest 95% interval is"
            f" {self.widest:.4f}, wider than {self.target:g}; {self._advice()}"
        )

    def _advice(self) -> str:
        if self.target <= 0:
            return "only variants that play identically reach a width of 0"
        # An interval narrows as 1/sqrt(games): this many games should reach the target.
        needed = math.ceil(self.games * (self.widest / self.target) ** 2 / BATCH) * BATCH
        return f"try a larger -n (about {needed} games per variant)"

    def status(self) -> dict[str, object]:
        return {
            "target": self.target,
            "reached": self.reached,
            "widest": None if math.isinf(self.widest) else self.widest,
            "games per variant": self.games,
            "interrupted": self.interrupted,
        }


def _where(runner: Runner, ray: str | None) -> str:
    if isinstance(runner, LocalRunner):
        # What ran, not what -j allowed: a single game is played without workers.
        if runner.workers:
            return f"{runner.workers} local process{'es' if runner.workers != 1 else ''}"
        return "1 local process" + (" (too few games for workers)" if runner.jobs > 1 else "")
    return f"Ray ({ray})"


PAIRED_TITLE = "paired differences (first − second, 95% interval)"


def print_differences_narrow(differences: list[PairedDifference]) -> None:
    """The paired differences for a terminal too narrow for their table: squeezed into six
    columns, at 80 each note wrapped over about five lines. Here each pair heads its figures
    with their number of games (named again on a figure measured on fewer, such as "winner
    leads for good from"), a figure takes a line and its note the next, indented."""
    console.print(PAIRED_TITLE, style="italic", justify="center", highlight=False)
    for pair, group in itertools.groupby(difference_rows(differences), key=lambda row: row[0]):
        rows = list(group)
        games = Counter(row[2] for row in rows).most_common(1)[0][0]
        console.print(Text(f"{pair} ({counted(int(games), 'game')})", style="bold"))
        for _, metric, count, mean, interval, note in rows:
            spread = "" if interval == "—" else f" ({interval})"
            fewer = "" if count == games else f", {counted(int(count), 'game')}"
            console.print(
                Padding(Text(f"{metric}: {mean}{spread}{fewer}"), (0, 0, 0, 2), expand=False)
            )
            if note:
                console.print(Padding(Text(note, style="dim"), (0, 0, 0, 4), expand=False))


def print_results(
    summaries: list[VariantSummary],
    differences: list[PairedDifference],
    meta: dict[str, object],
    agents: Sequence[str],
) -> None:
    games = meta["games per variant"]
    console.print(
        f"[bold]{meta['game']}[/]: {counted(games, 'game') if isinstance(games, int) else games}"
        " per variant,"
        f" seed {meta['seed']}, {meta['time budget']}, {meta['ran on']}, {meta['seconds']} s"
    )
    # What was compared, so that a table pasted elsewhere still says it (a designer's walk).
    console.print(
        Text(f"{meta['players']} players; agents: {meta['agents']}\nvariants: {meta['variants']}")
    )
    table = Table(title="each variant (95% intervals)")
    table.add_column("metric")
    for summary in summaries:
        table.add_column(summary.name)
    for row in side_by_side(summaries):
        table.add_row(*row)
    console.print(table)
    if differences:
        paired = Table(title=PAIRED_TITLE)
        for column in ("pair", "metric", "games", "difference", "interval", "note"):
            paired.add_column(column)
        for row in difference_rows(differences):
            paired.add_row(*row)
        unbounded = console.options.update_width(10_000)  # the table's own width, unwrapped
        if console.measure(paired, options=unbounded).maximum <= console.width:
            console.print(paired)
        else:
            print_differences_narrow(differences)
    for first, second, games in pairs_alike_in_every_game(differences):
        console.print(
            alike_text(first, second, games, agents),
            style="bold yellow",
            highlight=False,
        )
