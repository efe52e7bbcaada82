"""Die Maulwurf Company in the terminal: the current layer with its holes, special fields and
moles by colour, the layers still below, and each seat's discs.

Only the layer's shape comes from the game's data; everything that changes is read from the
observation.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from molehaven.boards.reading import as_mapping, as_sequence
from molehaven.boards.reading import header as board_header
from molehaven.core import JSONValue, Observation, Seat
from molehaven.games.maulwurf_company.data import (
    DISC_VALUES,
    LAYER_BY_NAME,
    LAYER_POINTS,
    POINT_INDEX,
    SEAT_COLOURS,
    point_name,
)

RADIUS = 5  # the green layer's; every other layer lies inside it
LAYER_STYLES = {"green": "green", "red": "red", "brown": "orange4", "blue": "blue"}
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow")
BOTTOM = "nothing: the centre hole is the golden shovel"
COORDINATES = "points +q+r (right column: each row's first and last) · directions e ne nw w sw se"


def _header(observation: Observation, viewer: Seat | None) -> Text:
    layer = str(observation["layer"])
    below = ", ".join(str(name) for name in as_sequence(observation["layers_below"]))
    facts: list[str | Text] = [
        Text.assemble(
            "layer ",
            (layer, f"bold {LAYER_STYLES[layer]}"),
            f" ({LAYER_BY_NAME[layer] + 1} of 4)",
        ),
        f"below: {below or BOTTOM}",
        f"turn {observation['turns']} of at most {observation['max_turns']}",
        f"phase {observation['phase']}",
    ]
    header = board_header("Die Maulwurf Company", facts, observation, viewer)
    value = observation.get("value")
    if value is not None:
        kind = "bonus move" if observation.get("bonus_move") else "move"
        header.append(f"\nSeat {observation['current']} has turned a {value}: {kind} exactly ")
        header.append(f"{value} step{'s' if value != 1 else ''} in a straight line", style="bold")
    pending = as_sequence(observation["pending"])
    if pending:
        shown = " and ".join(str(v) for v in pending)
        header.append(f"\nTournament: seat {observation['current']} turned {shown}")
    return header


def _cell(name: str, holes: set[str], specials: set[str], moles: Mapping[str, JSONValue]) -> Text:
    owner = moles.get(name)
    if isinstance(owner, int):
        style = SEAT_STYLES[owner]
        return Text(f"({owner})" if name in holes else f" {owner} ", style=f"{style} reverse")
    if name in holes:
        return Text("( )", style="bold orange4")
    if name in specials:
        return Text(" ✦ ", style="bold magenta")
    return Text(" · ", style="dim")


def _layer(observation: Observation) -> Group:
    layer = LAYER_BY_NAME[str(observation["layer"])]
    on_layer = LAYER_POINTS[layer]
    holes = {str(p) for p in as_sequence(observation["holes"])}
    specials = {str(p) for p in as_sequence(observation["specials"])}
    moles = as_mapping(observation["moles"])
    rows: list[Text] = []
    for r in range(-RADIUS, RADIUS + 1):
        cells = [
            q
            for q in range(-RADIUS, RADIUS + 1)
            if (point := POINT_INDEX.get((q, r))) is not None and on_layer >> point & 1
        ]
        if not cells:
            continue
        row = Text(f"{r:+d} ".rjust(4), style="bold")
        column = 0
        for q in cells:
            target = (2 * q + r + 2 * RADIUS) * 2  # screen x = q + r/2, four columns per unit
            row.append(" " * (target - column))
            row.append_text(_cell(point_name(q, r), holes, specials, moles))
            column = target + 3
        row.append(" " * max(0, 4 * 2 * RADIUS + 6 - column))
        first, last = point_name(cells[0], r), point_name(cells[-1], r)
        row.append(f"   {first} … {last}" if first != last else f"   {first}", style="dim")
        rows.append(row)
    return Group(*rows)


def _seats(observation: Observation) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title="Players", title_style="bold")
    for column in ("seat", "moles", "in holes", "discs face down", "turned since shuffle", ""):
        table.add_column(column)
    moles = as_mapping(observation["moles"])
    holes = {str(p) for p in as_sequence(observation["holes"])}
    winners = as_sequence(observation["winners"])
    to_place = as_sequence(observation.get("moles_to_place") or [])
    face_up = as_sequence(observation["face_up"])
    for seat, counts in enumerate(as_sequence(observation["face_down"])):
        down = as_mapping(counts)
        discs = " ".join(f"{v}" for v in DISC_VALUES for _ in range(int(str(down[str(v)]))))
        owned = [name for name, owner in moles.items() if owner == seat]
        status = []
        if seat in winners:
            status.append("winner")
        if as_sequence(observation["out"])[seat]:
            status.append("out")
        if seat == observation.get("current") and not winners:
            status.append("◀ playing")
        if to_place and to_place[seat]:
            status.append(f"{to_place[seat]} to place")
        table.add_row(
            Text(f"{seat} {SEAT_COLOURS[seat]}", style=SEAT_STYLES[seat]),
            str(len(owned)),
            str(sum(name in holes for name in owned)),
            discs or "—",
            " ".join(str(v) for v in as_sequence(face_up[seat])) or "—",
            ", ".join(status),
        )
    return table


def render(observation: Observation, viewer: Seat | None) -> RenderableType:
    """Draw the current layer and the players' discs from an observation."""
    legend = Text.assemble(
        (" · ", "dim"),
        " point  ",
        ("( )", "bold orange4"),
        " hole  ",
        (" ✦ ", "bold magenta"),
        " special field  ",
        (" 0 ", "bold red reverse"),
        " mole of seat 0  ",
        ("(0)", "bold red reverse"),
        " mole in a hole\n",
        (COORDINATES, "dim"),
    )
    return Group(_header(observation, viewer), _layer(observation), legend, _seats(observation))
