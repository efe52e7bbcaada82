"""``molehaven replay``: step through a saved game record."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.rule import Rule

from molehaven.boards import render
from molehaven.cli.errors import CliError, os_reason
from molehaven.core import CHANCE, CLOCK, JSONValue, Seat, State, address_seat, counted, name_seats
from molehaven.games import REGISTRY

REPLAY_HELP = "Enter: next · b: back · a number: go to that step · q: quit"


def load_record(path: Path, index: int | None) -> tuple[dict[str, JSONValue], str]:
    """Read a record from a JSON file, or game ``index`` of a JSON-lines file of records.

    Returns the record and a line saying which game of the file it is.

    Raises:
        CliError: the file is unreadable, not UTF-8, not JSON, empty, or has no such game.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CliError(f"{path} is not a text file (UTF-8): not a game record") from None
    except FileNotFoundError:
        raise CliError(f"cannot read {path}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"cannot read {path}: it is a directory, not a record file") from None
    except OSError as error:  # Python's own words would read "[Errno 13] Permission denied: …"
        raise CliError(f"cannot read {path}: {os_reason(error)}") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise CliError(f"{path} is empty: no game record in it")
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
    # A file holding one JSON object is one game however many lines it spans (play --save
    # indents it); otherwise each line is a game.
    games = 1 if isinstance(whole, dict) else len(lines)
    chosen = 0 if index is None else from_the_end(index, games)
    if chosen is None:
        raise CliError(
            f"{path} holds {counted(games, 'game')}; --index must be between -{games} and"
            f" {games - 1} (0 is the first, -1 the last)"
        )
    if isinstance(whole, dict):
        data: JSONValue = whole
        where = f"{path}: the game it holds"
    else:
        try:
            data = json.loads(lines[chosen])
        except json.JSONDecodeError as error:
            raise CliError(f"{path}, line {chosen + 1}, is not JSON: {error}") from None
        # Counted from 1 for people, with the --index that picks it (counted from 0).
        where = f"{path}: game {chosen + 1} of {len(lines)} (--index {chosen}; 0 is the first)"
    if not isinstance(data, dict):
        raise CliError(f"{path} does not hold a game record (a JSON object)")
    return data, where


def states_of(record: dict[str, JSONValue]) -> list[State]:
    """The state before each action and after the last (checked by a full replay first)."""
    final = REGISTRY.replay(record)
    state = final.game.initial_state()
    states = [state.clone()]
    for seat, action in final.history():
        state.apply(seat, action)
        states.append(state.clone())
    return states


def first_step(states: list[State], step: int) -> int:
    """The step to start from; negative counts back from the end (-1 is the last step).

    Raises:
        CliError: the step is outside the game.
    """
    total = len(states) - 1
    chosen = from_the_end(step, len(states))
    if chosen is None:
        raise CliError(f"--step must be between -{total + 1} and {total} (this game has {total})")
    return chosen


def from_the_end(position: int, count: int) -> int | None:
    """``position`` among ``count`` things as Python indexes them (-1 is the last), counted
    from 0; None when there is no such thing. ``--index`` and ``--step`` both read so."""
    chosen = count + position if position < 0 else position
    return chosen if 0 <= chosen < count else None


def seat_names(players: int, viewer: Seat | None) -> list[str]:
    return [f"seat {seat}" + (" (you)" if seat == viewer else "") for seat in range(players)]


def step_text(states: list[State], step: int, viewer: Seat | None) -> str:
    """The words for the action that led to ``step``: everything for a spectator of the whole
    record, and for ``--seat`` exactly what that seat could read when it happened."""
    seat, action = states[step].history()[-1]
    before = states[step - 1]
    if viewer is None:
        who = {CHANCE: "chance", CLOCK: "clock"}.get(seat, f"seat {seat}")
        return f"{who}: {action}"
    words = address_seat(before.describe_action(seat, action, viewer), viewer)
    return name_seats(words, seat_names(before.game.players, viewer))


def show_step(console: Console, states: list[State], step: int, viewer: Seat | None) -> None:
    state = states[step]
    total = len(states) - 1
    console.print(Rule(f"step {step} of {total}"))
    if step > 0:
        console.print(step_text(states, step, viewer), markup=False, highlight=False)
    console.print(render(state.game.slug, state.observation(viewer), viewer))
    if step == total and state.is_terminal():
        console.print(result_text(state), style="bold")


def result_text(state: State) -> str:
    """The end of the game in words: winners and scores."""
    returns = state.returns()
    best = max(returns)
    winners = [seat for seat, share in enumerate(returns) if share == best and best > 0]
    scores = ", ".join(f"seat {seat} {score:g}" for seat, score in enumerate(state.scores()))
    if len(winners) == len(returns):
        outcome = "a draw between every seat"
    elif len(winners) == 1:
        outcome = f"seat {winners[0]} wins"
    else:
        outcome = "a shared win: " + " and ".join(f"seat {seat}" for seat in winners)
    return f"game over: {outcome} (scores: {scores})"


def browse(
    console: Console,
    states: list[State],
    viewer: Seat | None,
    ask: Callable[[str], str],
    start: int = 0,
) -> None:
    """Interactive stepping through ``states``."""
    step = start
    show_step(console, states, step, viewer)
    console.print(REPLAY_HELP, style="dim")
    while True:
        answer = ask("replay > ").strip().lower()
        if answer in ("q", "quit"):
            return
        if answer == "b":
            step = max(0, step - 1)
        elif answer.isdigit():
            step = min(int(answer), len(states) - 1)
        elif answer == "":
            if step == len(states) - 1:
                console.print("end of the game", style="dim")
                return
            step += 1
        else:
            console.print(REPLAY_HELP, style="dim")
            continue
        show_step(console, states, step, viewer)
