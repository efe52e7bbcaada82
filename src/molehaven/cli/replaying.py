"""``molehaven replay``: step through a saved game record."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.rule import Rule

from molehaven.cli.boards import render
from molehaven.cli.errors import CliError
from molehaven.core import JSONValue, Seat, State
from molehaven.games import REGISTRY

REPLAY_HELP = "Enter: next · b: back · a number: go to that step · q: quit"


def load_record(path: Path, index: int | None) -> dict[str, JSONValue]:
    """Read a record from a JSON file, or line ``index`` of a JSON-lines file of records.

    Raises:
        CliError: the file is not JSON, or has no such line.
    """
    text = path.read_text(encoding="utf-8")
    try:
        if index is None:
            try:
                data = json.loads(text)
            except json.JSONDecodeError:
                data = json.loads(text.splitlines()[0])  # a records file: its first game
        else:
            lines = [line for line in text.splitlines() if line.strip()]
            if not 0 <= index < len(lines):
                raise CliError(
                    f"{path} has {len(lines)} records; --index must be 0-{len(lines) - 1}"
                )
            data = json.loads(lines[index])
    except (json.JSONDecodeError, IndexError) as error:
        raise CliError(f"{path} is not a JSON game record: {error}") from None
    if not isinstance(data, dict):
        raise CliError(f"{path} does not hold a game record (a JSON object)")
    return data


def states_of(record: dict[str, JSONValue]) -> list[State]:
    """The state before each action and after the last (checked by a full replay first)."""
    final = REGISTRY.replay(record)
    state = final.game.initial_state()
    states = [state.clone()]
    for seat, action in final.history():
        state.apply(seat, action)
        states.append(state.clone())
    return states


def show_step(console: Console, states: list[State], step: int, viewer: Seat | None) -> None:
    state = states[step]
    total = len(states) - 1
    console.print(Rule(f"step {step} of {total}"))
    if step > 0:
        seat, action = state.history()[-1]
        who = {-1: "chance", -2: "clock"}.get(seat, f"seat {seat}")
        console.print(f"[bold]{who}:[/] {action}")
    console.print(render(state.game.slug, state.observation(viewer), viewer))


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
