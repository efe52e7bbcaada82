"""Action descriptions: the words a viewer may read about an action in the move log.

A game describes an action with ``State.describe_action(seat, action, viewer)``. Seats are
written as ``{s0}``, ``{s1}``… so each host names them its own way (the server uses player
names, the terminal "seat 1" or "you"); ``name_seats`` fills them in. Text that came from a
player (The Mole's free answers) goes through ``quote`` first, so braces in it are never read
as a seat.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from molehaven.core.game import Seat

_FIELD = re.compile(r"\{\{|\}\}|\{s(\d+)\}")


def seat_ref(seat: Seat) -> str:
    """The placeholder a description uses for ``seat``."""
    return f"{{s{seat}}}"


def counted(count: int, noun: str) -> str:
    """ "1 mole", "2 moles": a count with its noun, as people read it (regular plurals)."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def and_list(words: Sequence[str]) -> str:
    """Words as a sentence lists them: "a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def quote(text: str) -> str:
    """Player-written text made safe to embed in a description (braces doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


def name_seats(description: str, names: Sequence[str]) -> str:
    """Fill a description's seat placeholders with ``names[seat]`` and undouble braces.

    A placeholder for a seat with no name (out of range) reads ``seat N``.
    """

    def replace(match: re.Match[str]) -> str:
        text = match.group(0)
        if text == "{{":
            return "{"
        if text == "}}":
            return "}"
        seat = int(match.group(1))
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    return _FIELD.sub(replace, description)


# What follows a seat in the games' descriptions, to address that seat as "you": the verbs
# that agree with their subject (the present tense, and "was"), with their form after "you"
# ("Rin turns over a 4" → "you turn over a 4"); the verbs that read the same after "you" (the
# past tense: "placed", "dug", "chose"; a plural: "Bob, Rin are out").
# ``address_seat`` leaves other words as they are; a test reads every description of seeded
# games and fails on a word that follows a seat and is in neither list, so that a new text
# is sorted into one of them.
AGREEING_VERBS: dict[str, str] = {
    "is": "are",
    "was": "were",
    "has": "have",
    "does": "do",
    "goes": "go",
    "cashes": "cash",
    "misses": "miss",
    **{
        verb: verb[:-1]
        for verb in ("digs draws loses places plays rolls scores shows takes turns wins".split())
    },
}
UNCHANGED_VERBS = frozenset(
    (
        "answered are asked bred called caved chose converted declined did discarded drew dug "
        "ended guessed jumped made moved placed played pointed put revealed rolled set "
        "stacked took voted went"
    ).split()
)
_ADDRESSED = re.compile(
    r"\{\{|\}\}|(?P<seat>\{s(?P<number>\d+)\})(?P<possessive>'s\b)?"
    r"(?P<aside> \([^()]*\))?(?: (?P<verb>[a-z]+)\b(?P<rest>[^;:,.{}]*))?"
)
_AND_VERB = re.compile(r" and ([a-z]+)\b")
_THEIR = re.compile(r"^((?: [a-z]+)?) their ")


def address_seat(description: str, seat: Seat | None) -> str:
    """``description`` as ``seat`` reads it: its own placeholder becomes "you" (or "your",
    "You" at a sentence's start), with the verbs after it agreeing ("you are dealt", "you
    turn over"). Other seats' placeholders stay for ``name_seats``; ``None`` (a spectator)
    changes nothing."""
    if seat is None:
        return description

    def replace(match: re.Match[str]) -> str:
        if match.group("seat") is None or int(match.group("number")) != seat:
            return match.group(0)
        before = description[: match.start()].rstrip()
        starts = not before or before.endswith((".", "!", "?"))
        if match.group("possessive"):  # "your mole": what follows is left as it is
            return ("Your" if starts else "your") + description[
                match.end("possessive") : match.end()
            ]
        words = ("You" if starts else "you") + (match.group("aside") or "")
        verb = match.group("verb")
        if verb is None:  # the match ends with the seat (and its aside)
            return words
        rest = match.group("rest") or ""
        # "their" right after the verb, or after the verb and one word, is the seat's own
        # ("shows their card", "answered in their own words").
        rest = _THEIR.sub(r"\1 your ", rest, count=1)
        if verb in AGREEING_VERBS:
            # "and" joins a second verb of the same seat ("places the first mole and plays
            # first").
            rest = _AND_VERB.sub(lambda m: f" and {AGREEING_VERBS.get(m[1], m[1])}", rest)
            verb = AGREEING_VERBS[verb]
        return f"{words} {verb}{rest}"

    return _ADDRESSED.sub(replace, description)
