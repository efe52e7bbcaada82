"""Mole Hill in the terminal: the lawn with flowers, the mole's trail, rods and the stack."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from molehaven.core import Observation, Seat

FILES = "abcdefghi"
RANKS = "1234567"
RED = {"e7", "a4", "i4", "e1"}
WHITE = {"b6", "h6", "b2", "h2"}
CENTRE = "e4"
LIGHT_PIECES = 10


def _cell(name: str, order: dict[str, int], stack: str | None) -> Text:
    if name in order:
        number = order[name]
        colour = "bold white on grey35" if number <= LIGHT_PIECES else "bold white on orange4"
        if name == stack:
            return Text(f"[{number:>2}]", style="bold black on yellow")
        return Text(f" {number:>2} ", style=colour)
    # Red and white flowers differ in shape as well as colour: without colour (NO_COLOR, a
    # pipe) a colour-only difference would vanish.
    if name in RED:
        return Text("  ✿ ", style="bold red on dark_green")
    if name in WHITE:
        return Text("  ❀ ", style="bold white on dark_green")
    if name == CENTRE:
        return Text("  ◉ ", style="bold black on green")
    return Text("  · ", style="green on dark_green")


def render(observation: Observation, viewer: Seat | None) -> RenderableType:
    """Draw the board from an observation; rods are ``┃`` and ``━━━`` between squares."""
    visited = observation.get("visited")
    rods_list = observation.get("rods")
    assert isinstance(visited, list)
    assert isinstance(rods_list, list)
    order = {str(square): index + 1 for index, square in enumerate(visited)}
    rods = {str(rod) for rod in rods_list}
    stack = observation.get("stack")
    stack_name = stack if isinstance(stack, str) else None
    lines: list[Text] = [Text("    " + "".join(f"  {f}  " for f in FILES), style="bold")]
    for rank in reversed(RANKS):
        row = Text(f" {rank}  ", style="bold")
        for index, file in enumerate(FILES):
            name = file + rank
            row.append_text(_cell(name, order, stack_name))
            if index < len(FILES) - 1:
                right = FILES[index + 1] + rank
                row.append("┃" if f"{name} {right}" in rods else " ", style="bold yellow")
        row.append(f"  {rank}", style="bold")
        lines.append(row)
        if rank != RANKS[0]:
            walls = Text("    ")
            below = RANKS[RANKS.index(rank) - 1]
            for file in FILES:
                blocked = f"{file}{below} {file}{rank}" in rods
                walls.append("━━━━ " if blocked else "     ", style="bold yellow")
            lines.append(walls)
    lines.append(Text("    " + "".join(f"  {f}  " for f in FILES), style="bold"))
    scores = observation.get("scores")
    shown_scores = (
        ", ".join(f"{score:g} (seat {seat})" for seat, score in enumerate(scores))
        if isinstance(scores, list) and all(isinstance(score, int | float) for score in scores)
        else "none yet"
    )
    summary = Text(
        f"Round {observation.get('round')} of {observation.get('rounds')} · "
        f"mole: seat {observation.get('mole')} · gardener: seat {observation.get('gardener')} · "
        f"pieces left {observation.get('pieces_left')} · rods left {observation.get('rods_left')}"
        f" · points: {shown_scores}"
    )
    if observation.get("jump"):
        summary.append("  · centre jump: the mole may move to any unvisited square", style="bold")
    legend = Text.assemble(
        ("✿", "bold red"),
        " red flower 2  ",
        ("❀", "bold white"),
        " white flower 1  ",
        ("◉", "bold green"),
        " centre  ",
        (" n ", "white on grey35"),
        " light piece  ",
        (" n ", "white on orange4"),
        " dark piece (1 point)  ",
        ("[n]", "black on yellow"),
        " stack",
    )
    return Group(*lines, summary, legend)
