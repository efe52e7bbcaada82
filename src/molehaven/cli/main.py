"""The ``molehaven`` command line: list games, read rules, play, replay and simulate."""

from __future__ import annotations

import contextlib
import inspect
import os
import random
import secrets
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from molehaven.agents import AGENTS, LEVEL_NAMES, Agent
from molehaven.cli.arena import arena
from molehaven.cli.catalogue import games_table, print_rules
from molehaven.cli.console import PipeSafeConsole
from molehaven.cli.errors import (
    CliError,
    OneLineUsageGroup,
    interrupts_deferred,
    one_line_errors,
)
from molehaven.cli.lab import lab
from molehaven.cli.options import agent_names, check_budget_option, parse_option_pairs
from molehaven.cli.outputs import check_output_file
from molehaven.cli.play import QuitGame, Table, save_record
from molehaven.cli.replaying import browse, first_step, load_record, show_step, states_of
from molehaven.cli.serve import serve
from molehaven.cli.simulating import run_simulation
from molehaven.games import REGISTRY

app = typer.Typer(
    name="molehaven",
    help="Play, study and simulate five mole-themed tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=OneLineUsageGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
)
console = Console()

GameArg = Annotated[str, typer.Argument(help="Game slug, e.g. mole-hill (see 'molehaven games').")]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of seats (default: the minimum).")
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as name=value; repeat for several."),
]


def _ask(prompt: str) -> str:
    try:
        return console.input(prompt)
    except EOFError:
        raise QuitGame from None


@app.command()
@one_line_errors
def games() -> None:
    """List the games with their player counts and options."""
    console.print(games_table(console.width))


@app.command()
@one_line_errors
def rules(
    game: GameArg,
    plain: Annotated[bool, typer.Option(help="Print the Markdown source as it is.")] = False,
) -> None:
    """Print a game's rules page, with every rule decision."""
    print_rules(console, game, plain=plain)


@app.command()
@one_line_errors
def play(
    game: GameArg,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    human: Annotated[
        list[int] | None,
        typer.Option("--human", help="A seat you play (repeat; default: seat 0)."),
    ] = None,
    hotseat: Annotated[
        bool, typer.Option(help="Every seat is a human at this keyboard, with a privacy screen.")
    ] = False,
    bot: Annotated[str, typer.Option(help=f"Agent for the other seats: {', '.join(AGENTS)}.")] = (
        "random"
    ),
    opponent: Annotated[
        str | None,
        typer.Option(help="Level of the other seats: easy, medium or hard (overrides --bot)."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for chance and bots (default: unpredictable).")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            help="Write the game record (JSON) to this file at the end, or on quit or Ctrl-C."
        ),
    ] = None,
) -> None:
    """Play a game in the terminal, typing moves in the game's notation.

    '?' lists your legal actions, numbered: typing a number then plays that action. In The
    Mole the round's clock runs in real seconds (option round_seconds), with the time left
    shown in the prompt; when it runs out, time-up is applied before the next move.
    """
    game_class = REGISTRY.game_class(game)
    options = parse_option_pairs(game_class.option_specs(), option or [])
    the_game = REGISTRY.make(game, players, **options)
    seats = range(the_game.players)
    humans = frozenset(seats if hotseat else (human or [0]))
    if not humans <= set(seats):
        raise CliError(f"--human seats must be 0-{the_game.players - 1}")
    if opponent is not None:
        if opponent not in LEVEL_NAMES:
            raise CliError(f"unknown level {opponent!r}; valid: {', '.join(LEVEL_NAMES)}")
        bot = opponent
    if bot not in AGENTS:
        raise CliError(f"unknown agent {bot!r}; valid: {', '.join(AGENTS)}")
    check_output_file(save, "--save")
    seed = secrets.randbits(63) if seed is None else seed
    agents: dict[int, Agent] = {s: AGENTS[bot](seed + 1 + s) for s in seats if s not in humans}
    console.print(
        f"[bold]{the_game.info.title}[/] · {the_game.players} players · you: "
        f"{', '.join(f'seat {s}' for s in sorted(humans))} · seed {seed} · '?' for help"
    )
    table = Table(
        the_game,
        humans,
        agents,
        random.Random(seed),
        console,
        _ask,
        privacy=not the_game.info.perfect_information,
    )
    try:
        table.play()
    except QuitGame:
        console.print("game abandoned")
    except KeyboardInterrupt:
        # Ctrl-C ends the game like quit, so --save keeps the record; the command still
        # ends as interrupted (status 130). A second Ctrl-C waits until the file is whole.
        console.print()  # off the prompt's line
        if save is not None and table.state is not None:
            with interrupts_deferred():
                save_record(console, table.state, save)
        raise
    if save is not None and table.state is not None:
        save_record(console, table.state, save)


@app.command()
@one_line_errors
def replay(
    record: Annotated[Path, typer.Argument(help="A record (.json) or records file (.jsonl).")],
    index: Annotated[
        int | None,
        typer.Option(
            help="Which game of a records file (0: the first); negative counts from the end"
            " (-1: the last)."
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            help="Show only what this seat could see and read at each step"
            " (default: the whole record, as a spectator sees the board)."
        ),
    ] = None,
    step: Annotated[
        int, typer.Option(help="Start at this step; negative counts from the end (-1: last).")
    ] = 0,
    no_pause: Annotated[
        bool, typer.Option("--no-pause", help="Print every step without waiting.")
    ] = False,
) -> None:
    """Step through a saved game, move by move."""
    data, where = load_record(record, index)
    states = states_of(data)
    if seat is not None and not 0 <= seat < states[0].game.players:
        raise CliError(f"--seat must be 0-{states[0].game.players - 1}")
    start = first_step(states, step)
    console.print(where, style="dim", markup=False, highlight=False, soft_wrap=True)
    if no_pause or not sys.stdin.isatty():
        for number in range(start, len(states)):
            show_step(console, states, number, seat)
        return
    with contextlib.suppress(QuitGame):
        browse(console, states, seat, _ask, start=start)


@app.command()
@one_line_errors
def simulate(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 1000,
    seed: Annotated[int, typer.Option(help="Seed: the same seed gives the same games.")] = 0,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=1, help="Worker processes (default: all cores).")
    ] = os.cpu_count() or 1,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    save: Annotated[
        Path | None, typer.Option(help="Write every game record to this JSON-lines file.")
    ] = None,
    agent: Annotated[
        list[str] | None,
        typer.Option(
            "--agent",
            "-a",
            help="Agent per seat, in seat order, or one for every seat: repeat -a or separate"
            f" with commas ({', '.join(AGENTS)}); default: all random.",
        ),
    ] = None,
    budget: Annotated[
        float | None,
        typer.Option(
            help="Seconds per decision for search agents, as in the arena and the lab (default:"
            " their own; mcts, 400 iterations a decision, takes seconds a game)."
        ),
    ] = None,
) -> None:
    """Play many games (random agents unless --agent) and print win rates, scores, lengths.

    Real-time games keep simulated time: each seat action takes 15 seconds of The Mole's round
    clock, so a round of round_seconds=600 runs out (time-up) after 40 seat actions. With
    several jobs, the first games are timed here and workers start only when they pay off (the
    first line of the figures says what ran).
    """
    game_class = REGISTRY.game_class(game)
    options = parse_option_pairs(game_class.option_specs(), option or [])
    the_game = REGISTRY.make(game, players, **options)
    agents = seat_agents(agent_names(agent or []), the_game.players)
    check_budget_option(budget)
    check_output_file(save, "--save")
    run_simulation(
        PipeSafeConsole(),  # a reader who leaves early (| head) does not fail the run
        game,
        players=the_game.players,
        options=dict(the_game.options_dict()),
        games=games,
        seed=seed,
        jobs=jobs,
        save=save,
        agents=agents,
        budget=budget,
    )


def seat_agents(names: list[str], players: int) -> tuple[str, ...] | None:
    """``--agent`` names, one for every seat or one per seat; None when none are given.

    Raises:
        CliError: an unknown name, or neither one nor one per seat.
    """
    unknown = [name for name in names if name not in AGENTS]
    if unknown:
        raise CliError(f"unknown agent {unknown[0]!r}; choose from {', '.join(AGENTS)}")
    if len(names) == 1:
        return tuple(names) * players
    if names and len(names) != players:
        raise CliError(
            f"give one --agent for all seats, or one per seat ({players});"
            f" got {len(names)}: {', '.join(names)}"
        )
    return tuple(names) or None


app.command()(serve)
app.command()(lab)
app.command()(arena)


def one_line_paragraphs(text: str) -> str:
    """``text`` with each paragraph on one line. Typer's Rich help keeps the line breaks a
    docstring has inside its later paragraphs and wraps those lines again at the terminal's
    width, which breaks sentences mid-line; one line per paragraph wraps evenly."""
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(
        paragraph if paragraph.startswith("\b") else " ".join(paragraph.split())
        for paragraph in paragraphs
    )


def _help_from_docstrings(typer_app: typer.Typer) -> None:
    for command in typer_app.registered_commands:
        if command.help is None and command.callback is not None:
            command.help = one_line_paragraphs(inspect.getdoc(command.callback) or "")


_help_from_docstrings(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
