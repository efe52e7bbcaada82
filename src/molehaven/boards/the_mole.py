"""The Mole in the terminal: the viewer's card and hand, the question on the table with its
canned answers, the exchanges so far, votes, scores, the timer and past rounds.

Drawn from the observation alone (plus the game's public content: names and question texts),
so a seat sees exactly what it may know.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from molehaven.boards.reading import as_mapping, as_sequence, header
from molehaven.core import JSONValue, Observation, Seat
from molehaven.games.the_mole.content import LOCATION_BY_ID, LOCATIONS, QUESTION_BY_ID

RECENT_EXCHANGES = 10


def _location_name(location_id: JSONValue) -> str:
    location = LOCATION_BY_ID.get(str(location_id))
    return location.name if location is not None else str(location_id)


def _role_name(location_id: JSONValue, role_id: JSONValue) -> str:
    location = LOCATION_BY_ID.get(str(location_id))
    if location is not None:
        for role in location.roles:
            if role.id == role_id:
                return role.name
    return str(role_id)


def _question_text(question_id: JSONValue) -> str:
    question = QUESTION_BY_ID.get(str(question_id))
    return question.text if question is not None else str(question_id)


def _header(observation: Observation, viewer: Seat | None) -> Text:
    # Who may act is secret (TM-25): the observation has no ``to_move`` to show.
    facts = [
        f"round {observation['round']}",
        f"dealer: seat {observation['dealer']}",
        f"phase: {observation['phase']}",
    ]
    return header("The Mole", facts, observation, viewer)


def _card(observation: Observation, viewer: Seat | None) -> Text | None:
    if viewer is None:
        return None
    card = observation["card"]
    if card is None:
        return Text("Your card has not been dealt yet.", style="dim")
    entry = as_mapping(card)
    if entry["mole"]:
        return Text("You are the Mole: find out where everyone is.", style="bold red")
    location = entry["location"]
    return Text.assemble(
        ("You are a spy. Location: ", "bold green"),
        (_location_name(location), "bold"),
        ("  ·  your role: ", "green"),
        (_role_name(location, entry["role"]), "bold"),
    )


def _timer(observation: Observation) -> Text:
    timer = as_mapping(observation["timer"])
    if timer["time_up"]:
        state = Text("time is up", style="bold red")
    elif timer["running"]:
        state = Text(f"timer running ({timer['seconds']} s a round)", style="yellow")
    else:
        state = Text("timer stopped", style="dim")
    limit = observation["question_limit"]
    given = observation["answers_given"]
    answers = f"{given} answer{'' if given == 1 else 's'}" + (f" of {limit}" if limit else "")
    return Text.assemble(state, f" · {answers} · draw pile {observation['draw_pile_size']}")


def _seats(observation: Observation, viewer: Seat | None) -> Table:
    table = Table(title="Players", title_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1))
    for column in ("seat", "score", "cards", "voted", "now"):
        table.add_column(column, no_wrap=True)
    scores = as_sequence(observation["scores"])
    sizes = as_sequence(observation["hand_sizes"])
    nominated = as_sequence(observation["nominated"])
    for seat, score in enumerate(scores):
        name = Text(str(seat), style="bold cyan" if seat == viewer else "bold")
        if seat == observation["dealer"]:
            name.append(" dealer", style="dim")
        if seat == viewer:
            name.append(" you", style="cyan")
        now = ""
        if seat == observation["asker"]:
            now = "asks"
        elif seat == observation["answerer"]:
            now = "answers"
        table.add_row(
            name,
            str(score),
            str(sizes[seat]),
            "called a vote" if nominated[seat] else "",
            Text(now, style="bold yellow"),
        )
    return table


def _question(observation: Observation) -> RenderableType | None:
    question_id = observation["question"]
    if question_id is None:
        return None
    line = Text.assemble(
        (f"Seat {observation['asker']} asks seat {observation['answerer']}: ", "bold"),
        (_question_text(question_id), "bold yellow"),
    )
    question = QUESTION_BY_ID.get(str(question_id))
    if question is None:
        return line
    answers = "\n".join(f"  {answer.id}  {answer.text}" for answer in question.answers)
    return Group(line, Text("Canned answers:\n" + answers, style="dim"))


def _hand(observation: Observation, viewer: Seat | None) -> Text | None:
    hand = observation["hand"]
    if viewer is None or hand is None:
        return None
    lines = [f"  {qid}  {_question_text(qid)}" for qid in as_sequence(hand)]
    return Text("Your questions:\n" + ("\n".join(lines) or "  none"), style="cyan")


def _exchanges(observation: Observation) -> RenderableType:
    exchanges = as_sequence(observation["exchanges"])
    if not exchanges:
        return Text("No question answered yet this round.", style="dim")
    table = Table(
        title="This round's questions", title_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1)
    )
    for column in ("who", "question", "answer"):
        table.add_column(column)
    for raw in exchanges[-RECENT_EXCHANGES:]:
        entry = as_mapping(raw)
        table.add_row(
            f"{entry['asker']}→{entry['answerer']}",
            _question_text(entry["question"]),
            str(entry["text"]),
        )
    return table


def _ballots(ballots: Sequence[JSONValue]) -> str:
    return ", ".join(f"{seat}: {ballot}" for seat, ballot in enumerate(ballots) if ballot)


def _votes(observation: Observation) -> Text | None:
    lines = []
    for raw in as_sequence(observation["votes"]):
        vote = as_mapping(raw)
        result = "passed" if vote["passed"] else "failed"
        lines.append(
            f"Seat {vote['nominator']} accused seat {vote['nominee']}: {result}"
            f" ({_ballots(as_sequence(vote['ballots']))})"
        )
    open_vote = observation["vote"]
    if open_vote is not None:
        vote = as_mapping(open_vote)
        lines.append(
            f"VOTE: seat {vote['nominator']} accuses seat {vote['nominee']} of being the Mole"
            f" — {_ballots(as_sequence(vote['ballots']))}"
        )
    return Text("\n".join(lines), style="bold red") if lines else None


def _final_vote(observation: Observation) -> Text | None:
    pointing = observation["pointing"]
    if pointing is None:
        return None
    shown = ", ".join(
        f"{seat}: {'points at ' + str(p) if isinstance(p, int) else p}"
        for seat, p in enumerate(as_sequence(pointing))
    )
    return Text(f"FINAL VOTE: everyone points at a seat — {shown}", style="bold red")


def _history(observation: Observation) -> Text | None:
    history = as_sequence(observation["history"])
    if not history:
        return None
    lines = []
    for raw in history:
        entry = as_mapping(raw)
        how = {"vote": "a vote", "guess": "a guess", "final-vote": "the final vote"}.get(
            str(entry["end"]), str(entry["end"])
        )
        detail = ""
        if entry["guess"] is not None:
            detail = f", guessed {_location_name(entry['guess'])}"
        elif entry["accused"] is not None:
            detail = f", seat {entry['accused']} accused"
        points = " ".join(str(p) for p in as_sequence(entry["points"]))
        lines.append(
            f"Round {entry['round']}: {_location_name(entry['location'])}, the Mole was seat"
            f" {entry['mole']}; ended by {how}{detail}; points {points}"
        )
    return Text("\n".join(lines), style="dim")


def _locations() -> Text:
    names = ", ".join(f"{location.name} ({location.id})" for location in LOCATIONS)
    return Text("Locations: " + names, style="dim")


def render(observation: Observation, viewer: Seat | None) -> RenderableType:
    """Draw a The Mole observation for ``viewer`` (``None``: a spectator)."""
    parts: list[RenderableType] = [_header(observation, viewer)]
    parts += [part for part in (_card(observation, viewer), _timer(observation)) if part]
    parts.append(_seats(observation, viewer))
    parts.append(_exchanges(observation))
    for optional in (
        _question(observation),
        _votes(observation),
        _final_vote(observation),
        _hand(observation, viewer),
        _history(observation),
    ):
        if optional is not None:
            parts.append(optional)
    parts.append(_locations())
    return Group(*parts)
