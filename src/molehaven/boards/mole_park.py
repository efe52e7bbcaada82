"""Mole Park in the terminal: the holes, the prize stands, every seat's public facts (hand
size, prizes, die choice, roll, total), the viewer's own hand and what happened lately."""

from __future__ import annotations

from collections.abc import Mapping

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from molehaven.boards.reading import as_mapping, as_sequence, header
from molehaven.core import JSONValue, Observation, Seat, counted
from molehaven.games.mole_park.data import STAND_KEYS, STAND_NAMES

DICE = ("glove", "pan", "mallet", "prize")
RECENT_EVENTS = 12


def _header(observation: Observation, viewer: Seat | None) -> Text:
    facts = [
        f"round {observation['round']} of at most {observation['round_limit']}",
        f"step: {observation['step']}",
        f"King Mole: seat {observation['king']}",
    ]
    return header("Mole Park: Whack and Win!", facts, observation, viewer)


def _holes(observation: Observation) -> Text:
    line = Text("Mole holes  ", style="bold")
    for number, count in enumerate(as_sequence(observation["holes"]), start=1):
        moles = int(count) if isinstance(count, int) else 0
        line.append(f" {number}:", style="bold")
        line.append("●" * moles if moles <= 8 else f"●×{moles}", style="sandy_brown")
        line.append(f"({moles}) ")
    line.append(
        f"   deck {observation['deck']} · discard pile {observation['discard']}", style="dim"
    )
    return line


def _stands(observation: Observation) -> Table:
    table = Table(title="Prize stands", title_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1))
    for column in ("stand", "stars", "face up", "below"):
        table.add_column(column)
    stands = as_mapping(observation["stands"])
    for key, name in zip(STAND_KEYS, STAND_NAMES, strict=True):
        stand = as_mapping(stands[key])
        up = Text("take " + key, style="bold green") if stand["face_up"] else Text("—")
        table.add_row(name, str(stand["value"]), up, str(stand["face_down"]))
    return table


def _die(text: JSONValue) -> Text:
    if text is None:
        return Text("")
    if text == "not yet":
        return Text("…", style="yellow")
    if text == "chosen":
        return Text("chosen", style="cyan")
    return Text(str(text), style="bold")


def _seats(observation: Observation, viewer: Seat | None) -> Table:
    """One row per seat, narrow enough for an 80-column terminal."""
    table = Table(
        title="Players (▶ to act, 👑 King Mole)",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
    )
    for column in ("seat", "moles", "prizes", "crown", "die", "roll", "cash-in", "score"):
        table.add_column(column, no_wrap=True)
    king = observation["king"]
    scores = as_sequence(observation["scores"])
    to_move = as_sequence(observation["to_move"])
    for seat, raw in enumerate(as_sequence(observation["seats"])):
        entry = as_mapping(raw)
        name = Text("▶ " if seat in to_move else "  ", style="bold yellow")
        name.append(f"{seat}", style="bold cyan" if seat == viewer else "bold")
        if seat == king:
            name.append("👑")
        if seat == viewer:
            name.append(" you", style="cyan")
        prizes = as_sequence(entry["prizes"])
        crown = "GOING" if entry["declared"] else ("may" if entry["may_declare"] else "")
        laid = entry["laid_down"]
        cash_in = ""
        if laid is not None:
            cash_in = " ".join(str(v) for v in as_sequence(laid)) + f" → {entry['total']}★"
        table.add_row(
            name,
            str(entry["hand_size"]),
            f"{entry['prize_stars']}★ ({len(prizes)})" if prizes else "—",
            Text(crown, style="bold red" if entry["declared"] else "dim"),
            _die(entry["die"]),
            "" if entry["roll"] is None else str(entry["roll"]),
            cash_in,
            str(scores[seat]),
        )
    return table


def _showdown(observation: Observation) -> Table | None:
    entries = observation.get("showdown")
    if not entries:
        return None
    table = Table(
        title="Showdown for the Crown", title_style="bold red", box=box.SIMPLE_HEAD, padding=(0, 1)
    )
    for column in ("seat", "glove", "pan", "mallet", "prize", "moles", "total ★"):
        table.add_column(column)
    for raw in as_sequence(entries):
        entry = as_mapping(raw)
        rolls = as_mapping(entry["rolls"])
        cells = ["" if rolls[die] is None else str(rolls[die]) for die in DICE]
        moles = " ".join(str(v) for v in as_sequence(entry["moles"])) or "—"
        total = "" if entry["total"] is None else str(entry["total"])
        table.add_row(str(entry["seat"]), *cells, moles, total)
    return table


def _situation(observation: Observation) -> Text | None:
    """One line on the draft, the crown choice or the result, when one applies."""
    draft = observation.get("draft")
    if isinstance(draft, Mapping):
        order = ", ".join(str(seat) for seat in as_sequence(draft["pickers"]))
        text = f"Prize draft at {draft['total']} stars: seats {order}"
        if observation["step"] == "order":
            text += " are tied: King Mole names their pick order"
            if draft["king_picks_last"]:
                text += " (he picks after them)"
        return Text(text, style="bold green")
    finalists = observation.get("finalists")
    if isinstance(finalists, list):
        names = ", ".join(str(seat) for seat in finalists)
        return Text(f"Tied Showdown: King Mole crowns one of seats {names}", style="bold red")
    winners = as_sequence(observation["winners"])
    if winners:
        names = ", ".join(str(seat) for seat in winners)
        why = observation.get("end_reason")
        because = f" ({why})" if isinstance(why, str) else ""
        return Text(f"Game over — winner: seat {names}{because}", style="bold magenta")
    return None


def _hand(observation: Observation, viewer: Seat | None) -> Text | None:
    if viewer is None or "hand" not in observation:
        return None
    values = [int(v) for v in as_sequence(observation["hand"]) if isinstance(v, int)]
    shown = " ".join(f"[{value}★]" for value in values) or "empty"
    return Text.assemble(
        ("Your hand: ", "bold cyan"),
        shown,
        f"  ({counted(len(values), 'mole')}, {counted(sum(values), 'star')};"
        f" limit {observation['hand_limit']})",
    )


def _events(observation: Observation) -> Text:
    last = [str(e) for e in as_sequence(observation["last_round_events"])]
    now = [str(e) for e in as_sequence(observation["events"])]
    lines = [("last round: " + e) for e in last] + [("this round: " + e) for e in now]
    shown = lines[-RECENT_EVENTS:]
    return Text("\n".join(shown) if shown else "nothing has happened yet", style="dim")


def render(observation: Observation, viewer: Seat | None) -> RenderableType:
    """Draw a Mole Park observation for ``viewer`` (``None``: a spectator)."""
    parts: list[RenderableType] = [_header(observation, viewer), _holes(observation)]
    parts += [_stands(observation), _seats(observation, viewer)]
    for optional in (_showdown(observation), _situation(observation), _hand(observation, viewer)):
        if optional is not None:
            parts.append(optional)
    parts.append(_events(observation))
    return Group(*parts)
