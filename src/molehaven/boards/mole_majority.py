"""Mole Majority in the terminal: the hex meadow by label and axial coordinates (each hex with
its value, claim, Mole Spaces, Home Token and Cave-Ins), every seat's public supplies, the
turn under way and the viewer's own hand."""

from __future__ import annotations

from collections.abc import Mapping

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from molehaven.boards.reading import as_mapping, as_sequence, header
from molehaven.core import JSONValue, Observation, Seat
from molehaven.games.mole_majority.data import COORDINATES, LABELS, NEIGHBOURS, positions_of

ROWS = ("abc", "defg", "hijkl", "mnop", "qrs")
CELL = 16  # characters per hex cell (5 cells fit 80 columns); rows shift by half a cell
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta")


def _seat_style(seat: JSONValue) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)] if isinstance(seat, int) else "dim"


def _pad(text: Text) -> Text:
    text.truncate(CELL, pad=True)
    return text


def _cell(label: str, entry: Mapping[str, JSONValue] | None, caved: set[str]) -> list[Text]:
    """Three lines for one position: label, value and claim; the spaces; the axial
    coordinates, the Home Token (``h?`` face down) and Cave-Ins (``✕`` and the neighbours)."""
    q, r = COORDINATES[LABELS.index(label)]
    where = Text(f" {q},{r}", style="dim")
    if entry is None:
        return [_pad(Text(f" {label}", style="dim")), _pad(Text()), _pad(where)]
    claim = entry["claim"]
    heading = Text.assemble(" ", (label, "bold"), f" {entry['value']}")
    heading.append(" ⚑" + str(claim) if claim is not None else " ·", style=_seat_style(claim))
    if entry["home_base_of"] is not None:
        heading.append(" ⌂", style=_seat_style(entry["home_base_of"]))
    spaces = Text(" ")
    for owner in as_sequence(entry["spaces"]):
        spaces.append("·" if owner is None else str(owner), style=_seat_style(owner))
        spaces.append(" ")
    token = entry["token"]
    if token != "none":
        where.append(f" h{'?' if token == 'hidden' else token}", style="green")
    if caved:
        where.append(" ✕" + "".join(sorted(caved)), style="bold yellow")
    return [_pad(heading), _pad(spaces), _pad(where)]


def _board(observation: Observation) -> Text:
    board = as_mapping(observation["board"])
    caved: dict[str, set[str]] = {label: set() for label in LABELS}
    for edge in as_sequence(observation["cave_ins"]):
        first, second = str(edge).split("-")
        caved[first].add(second)
        caved[second].add(first)
    lines: list[Text] = []
    for row in ROWS:
        indent = " " * ((5 - len(row)) * CELL // 2)
        cells = [
            _cell(label, as_mapping(board[label]) if label in board else None, caved[label])
            for label in row
        ]
        for line in range(3):
            text = Text(indent)
            for cell in cells:
                text.append_text(cell[line])
            lines.append(text)
        lines.append(Text())
    caves = ", ".join(str(edge) for edge in as_sequence(observation["cave_ins"]))
    if caves:
        lines.append(Text(f"Cave-Ins: {caves}", style="bold yellow"))
    return Text("\n").join(lines)


def _header(observation: Observation, viewer: Seat | None) -> Text:
    facts = [
        f"phase {observation['phase']}",
        f"turn {observation['turn']} of at most {observation['turn_limit']}",
    ]
    return header("Mole Majority", facts, observation, viewer)


def _setup_line(observation: Observation) -> Text | None:
    pending = observation["pending_hex"]
    placing = observation["placing"]
    if placing is None:
        return None
    what = f"a {pending}-space hex" if pending is not None else "its Home Base (6)"
    pile = as_mapping(observation["pile"])
    left = ", ".join(f"{count}×{value}" for value, count in pile.items())
    return Text(f"Seat {placing} places {what}. Hex pile: {left}.", style="bold green")


def _seats(observation: Observation, viewer: Seat | None) -> Table:
    table = Table(title="Players (▶ to act)", title_style="bold", box=box.SIMPLE_HEAD)
    columns = ("seat", "moles", "on board", "claims", "cave-ins", "hand", "deck", "homes", "score")
    for column in columns:
        table.add_column(column, no_wrap=True)
    scores = as_sequence(observation["scores"])
    to_move = as_sequence(observation["to_move"])
    for seat, raw in enumerate(as_sequence(observation["seats"])):
        entry = as_mapping(raw)
        name = Text("▶ " if seat in to_move else "  ", style="bold yellow")
        name.append(str(seat), style=_seat_style(seat))
        if seat == viewer:
            name.append(" you", style="cyan")
        if entry["eliminated"]:
            name.append(" out", style="dim")
        shown = as_sequence(entry["shown_home_tokens"])
        homes = str(entry["home_tokens"]) + (
            f" ({', '.join(map(str, shown))} shown)" if shown else ""
        )
        table.add_row(
            name,
            str(entry["moles"]),
            str(entry["moles_on_board"]),
            str(entry["claims"]),
            str(entry["cave_ins"]),
            str(entry["hand_size"]),
            str(entry["deck_size"]),
            homes,
            f"{scores[seat]:g}" if isinstance(scores[seat], int | float) else str(scores[seat]),
        )
    return table


def _turn(observation: Observation) -> Text | None:
    current = as_mapping(observation["current"])
    if observation["phase"] not in ("main", "bonus", "cave-token", "draw"):
        return None
    if current["action"] is None:
        draws = current["draws_left"]
        cards = f"{draws} card{'' if draws == 1 else 's'}"
        return Text(f"Seat {observation['active']} draws {cards}.")
    action = str(current["action"])
    if current["number"] is not None:
        action += f" with {current['number']} (ROLL NUMBER {current['roll_number']}"
        action += ", rolled)" if current["roll_done"] else ")"
    parts = [f"Action: {action}", f"steps {current['steps']}", f"bonus breeds {current['bonus']}"]
    if current["converts"]:
        parts.append(f"conversions {current['converts']}")
    if current["effect"] != "none":
        parts.append(f"Cave-In/Home {current['effect']}")
    stacked = as_sequence(current["stacked"])
    if stacked:
        parts.append("stacked: " + ", ".join(str(s).removeprefix("stack ") for s in stacked))
    return Text(" · ".join(parts), style="bold")


def _hand(observation: Observation, viewer: Seat | None) -> Text | None:
    if viewer is None or "hand" not in observation:
        return None
    cards = " ".join(f"[{card}]" for card in as_sequence(observation["hand"])) or "empty"
    tokens = as_sequence(observation["my_home_tokens"])
    text = Text.assemble(("Your hand: ", "bold cyan"), cards)
    if tokens:
        text.append(f"   your Home Tokens: {', '.join(map(str, tokens))}", style="green")
    return text


def _result(observation: Observation) -> Text | None:
    """The winners, then every hand and Home Token, public once the game is over."""
    winners = observation.get("winners")
    if not isinstance(winners, list):
        return None
    names = ", ".join(str(seat) for seat in winners)
    text = Text(
        f"Game over ({observation['end_reason']}) — winner: seat {names}", style="bold magenta"
    )
    hands = as_sequence(observation["hands"])
    tokens = as_sequence(observation["home_token_values"])
    for seat, (cards, values) in enumerate(zip(hands, tokens, strict=True)):
        shown = " ".join(str(card) for card in as_sequence(cards)) or "no cards"
        homes = ", ".join(str(value) for value in as_sequence(values)) or "none"
        text.append(f"\n  seat {seat}: hand {shown}; Home Tokens {homes}", style="magenta")
    return text


def _neighbour_note() -> Text:
    """How edges are named, since Cave-Ins and moves depend on neighbours."""
    centre = LABELS.index("j")
    around = " ".join(LABELS[p] for p in positions_of(NEIGHBOURS[centre]))
    return Text(
        "Each hex: label, value (spaces = points), ⚑n claim of seat n, ⌂ Home Base; its spaces"
        " 1… clockwise (a space is label+number, k3); axial q,r, h? face-down Home Token,"
        f" ✕ Cave-In towards those neighbours. The centre j touches {around}.",
        style="dim",
    )


def render(observation: Observation, viewer: Seat | None) -> RenderableType:
    """Draw a Mole Majority observation for ``viewer`` (``None``: a spectator)."""
    parts: list[RenderableType] = [_header(observation, viewer), _board(observation)]
    for optional in (
        _setup_line(observation),
        _turn(observation),
        _result(observation),
    ):
        if optional is not None:
            parts.append(optional)
    parts.append(_seats(observation, viewer))
    hand = _hand(observation, viewer)
    if hand is not None:
        parts.append(hand)
    parts.append(_neighbour_note())
    return Group(*parts)
