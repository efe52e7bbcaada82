"""Mole Majority's actions and their notation (rules section 8).

Setup: ``base b``, ``place s``; turns: ``play three``, ``play keeper2 four``, ``discard``,
``pass``, ``stack keeper1``, ``stack convert roll``, ``move b1 e2``, ``breed b1``,
``convert f3``, ``roll b3 cw``, ``cave b-e b-f``, ``home a``, ``end``; chance: ``hex 5``,
``token 2``, ``card twoplus``. Every instance is interned, so listing legal actions allocates
only the list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from molehaven.core import Action, NotationError
from molehaven.core.errors import shown
from molehaven.core.notation import notation_words
from molehaven.games.mole_majority.data import (
    CARD_BY_NAME,
    CARD_NAMES,
    CAVEIN,
    CONVERT,
    EDGE_BY_PAIR,
    EDGE_NAMES,
    FOUR,
    HEX_VALUES,
    KEEPER1,
    KEEPER2,
    KEEPERS,
    KINDS,
    LABELS,
    NUMBER_CARDS,
    POSITION_BY_LABEL,
    POSITIONS,
    SLOTS,
    SPACE_COUNT,
    SPACE_NAMES,
    THREE,
    TOKEN_VALUES,
    TWO,
    TWOPLUS,
)

NO_CARD: Final = -1
STEP, ROLL, REPEAT = range(3)  # the three modes of a stacked Convert (MM-23)
CONVERT_MODES: Final = ("step", "roll", "repeat")


@dataclass(frozen=True, slots=True)
class Base(Action):
    """Setup: the acting seat puts its Home Base on a mid position (MM-6, MM-8)."""

    position: int

    def __str__(self) -> str:
        return f"base {LABELS[self.position]}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Setup: the acting seat puts the drawn extra hex on a position (MM-7)."""

    position: int

    def __str__(self) -> str:
        return f"place {LABELS[self.position]}"


@dataclass(frozen=True, slots=True)
class HexDraw(Action):
    """Chance: a tile of this value comes off the hex pile."""

    value: int

    def __str__(self) -> str:
        return f"hex {self.value}"


@dataclass(frozen=True, slots=True)
class TokenDraw(Action):
    """Chance: a Home Token of this value comes out of the pool (MM-9, MM-27)."""

    value: int

    def __str__(self) -> str:
        return f"token {self.value}"


@dataclass(frozen=True, slots=True)
class CardDraw(Action):
    """Chance: the seat being dealt or drawing gets a card of this kind (MM-10, MM-34)."""

    kind: int

    def __str__(self) -> str:
        return f"card {CARD_NAMES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """START: the turn's Action card; a Groundskeeper names its Number card (MM-31)."""

    kind: int
    number: int = NO_CARD

    def __str__(self) -> str:
        if self.number == NO_CARD:
            return f"play {CARD_NAMES[self.kind]}"
        return f"play {CARD_NAMES[self.kind]} {CARD_NAMES[self.number]}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """START: the whole hand goes to the discard pile and the turn ends (MM-34)."""

    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """START, only when no card can be played (MM-12)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Stack(Action):
    """MAIN: a stackable card on the Action (MM-22, MM-23); ``mode`` only for Convert."""

    kind: int
    mode: int = NO_CARD

    def __str__(self) -> str:
        if self.kind == CONVERT:
            return f"stack convert {CONVERT_MODES[self.mode]}"
        return f"stack {CARD_NAMES[self.kind]}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A mole moves from one space to an empty space of another hex (MM-15)."""

    source: int
    target: int

    def __str__(self) -> str:
        return f"move {SPACE_NAMES[self.source]} {SPACE_NAMES[self.target]}"


@dataclass(frozen=True, slots=True)
class Breed(Action):
    """A mole from supply onto an empty space of an own claimed hex (MM-17)."""

    space: int

    def __str__(self) -> str:
        return f"breed {SPACE_NAMES[self.space]}"


@dataclass(frozen=True, slots=True)
class Convert(Action):
    """Another seat's mole on this space is replaced by one of the actor's (MM-29)."""

    space: int

    def __str__(self) -> str:
        return f"convert {SPACE_NAMES[self.space]}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """The Groundskeeper starts on this space and rolls one way (MM-11, MM-31)."""

    space: int
    clockwise: bool

    def __str__(self) -> str:
        return f"roll {SPACE_NAMES[self.space]} {'cw' if self.clockwise else 'ccw'}"


@dataclass(frozen=True, slots=True)
class Cave(Action):
    """Cave-Ins on two different edges, ``first < second`` (MM-27)."""

    first: int
    second: int

    def __str__(self) -> str:
        return f"cave {EDGE_NAMES[self.first]} {EDGE_NAMES[self.second]}"


@dataclass(frozen=True, slots=True)
class Home(Action):
    """Make A Home: take the Home Token of an own claimed hex (MM-28)."""

    position: int

    def __str__(self) -> str:
        return f"home {LABELS[self.position]}"


@dataclass(frozen=True, slots=True)
class End(Action):
    """MAIN or BONUS: end the turn (MM-13)."""

    def __str__(self) -> str:
        return "end"


BASES: Final = tuple(Base(p) for p in range(POSITIONS))
PLACES: Final = tuple(Place(p) for p in range(POSITIONS))
HOMES: Final = tuple(Home(p) for p in range(POSITIONS))
HEX_DRAWS: Final = {value: HexDraw(value) for value in HEX_VALUES}
TOKEN_DRAWS: Final = {value: TokenDraw(value) for value in TOKEN_VALUES}
CARD_DRAWS: Final = tuple(CardDraw(kind) for kind in range(KINDS))
PLAYS: Final = tuple(Play(kind) for kind in range(KINDS))
KEEPER_PLAYS: Final = {
    (keeper, number): Play(keeper, number) for keeper in KEEPERS for number in NUMBER_CARDS
}
STACKS: Final = {kind: Stack(kind) for kind in (TWOPLUS, KEEPER1, KEEPER2)}
CONVERT_STACKS: Final = tuple(Stack(CONVERT, mode) for mode in range(len(CONVERT_MODES)))
BREEDS: Final = tuple(Breed(s) for s in range(SPACE_COUNT))
CONVERTS: Final = tuple(Convert(s) for s in range(SPACE_COUNT))
ROLLS: Final = tuple((Roll(s, True), Roll(s, False)) for s in range(SPACE_COUNT))
MOVES: Final = tuple(Move(s, t) for s in range(SPACE_COUNT) for t in range(SPACE_COUNT))
DISCARD: Final = Discard()
PASS: Final = Pass()
END: Final = End()
_CAVES: dict[tuple[int, int], Cave] = {}


def move(source: int, target: int) -> Move:
    return MOVES[source * SPACE_COUNT + target]


def cave(first: int, second: int) -> Cave:
    """The interned ``Cave`` for two different edges, in canonical (sorted) order."""
    key = (first, second) if first < second else (second, first)
    action = _CAVES.get(key)
    if action is None:
        action = _CAVES[key] = Cave(*key)
    return action


# --------------------------------------------------------------------------- the parser

_EXPECTED = (
    "expected one of: base <label>, place <label>, play <card>, play keeper1|keeper2 <number"
    " card>, discard, pass, stack twoplus|keeper1|keeper2, stack convert step|roll|repeat,"
    " move <space> <space>, breed <space>, convert <space>, roll <space> cw|ccw,"
    " cave <edge> <edge>, home <label>, end, hex 3-6, token 1-3, card <card>"
)
ACTION_CARDS: Final = (FOUR, THREE, TWO, TWOPLUS, CAVEIN, CONVERT)
_NUMBERS = ", ".join(CARD_NAMES[kind] for kind in NUMBER_CARDS)


def _label(word: str, text: str) -> int:
    position = POSITION_BY_LABEL.get(word)
    if position is None or len(word) != 1:
        raise NotationError(f"{shown(text)}: {shown(word)} is not a hex label; labels are a … s")
    return position


def _space(word: str, text: str) -> int:
    if len(word) != 2 or word[0] not in POSITION_BY_LABEL or word[1] not in "123456":
        raise NotationError(
            f"{shown(text)}: {shown(word)} is not a space;"
            " a space is a label a … s and a number 1 … 6,"
            " e.g. k3"
        )
    return POSITION_BY_LABEL[word[0]] * SLOTS + int(word[1]) - 1


def _edge(word: str, text: str) -> int:
    first, dash, second = word.partition("-")
    if not dash:
        raise NotationError(
            f"{shown(text)}: {shown(word)} is not an edge; an edge is two labels, e.g. b-e"
        )
    a, b = _label(first, text), _label(second, text)
    if a == b:
        raise NotationError(f"{shown(text)}: the edge {shown(word)} needs two different labels")
    return EDGE_BY_PAIR[(a, b) if a < b else (b, a)]


def _card(word: str, text: str, allowed: tuple[int, ...], what: str) -> int:
    kind = CARD_BY_NAME.get(word)
    if kind is None or kind not in allowed:
        names = ", ".join(CARD_NAMES[k] for k in allowed)
        raise NotationError(f"{shown(text)}: {shown(word)} is not {what}; expected one of {names}")
    return kind


def _arity(verb: str, args: list[str], count: int, example: str, text: str) -> None:
    if len(args) != count:
        raise NotationError(f"{shown(text)}: '{verb}' takes {count} word(s), e.g. '{example}'")


_PARSED: dict[str, Action] = {}


def parse_action(text: str) -> Action:
    """Parse Mole Majority notation, any case, any run of ASCII spaces or tabs.

    >>> str(parse_action("CAVE  f-b e-b"))
    'cave b-e b-f'

    Raises:
        NotationError: the text is not a Mole Majority action.
    """
    words = notation_words(text, _EXPECTED)
    key = " ".join(words)
    action = _PARSED.get(key)
    if action is None:
        action = _parse_words(words, text)
        _PARSED[key] = action  # only valid texts are stored, so the cache stays bounded
    return action


def _parse_words(words: list[str], text: str) -> Action:
    verb, args = words[0], words[1:]
    if verb in ("discard", "pass", "end"):
        _arity(verb, args, 0, verb, text)
        return {"discard": DISCARD, "pass": PASS, "end": END}[verb]
    if verb in ("base", "place", "home"):
        _arity(verb, args, 1, f"{verb} b", text)
        position = _label(args[0], text)
        return {"base": BASES, "place": PLACES, "home": HOMES}[verb][position]
    if verb in ("breed", "convert"):
        _arity(verb, args, 1, f"{verb} k3", text)
        space = _space(args[0], text)
        return BREEDS[space] if verb == "breed" else CONVERTS[space]
    if verb == "move":
        _arity(verb, args, 2, "move b1 e2", text)
        return move(_space(args[0], text), _space(args[1], text))
    if verb == "roll":
        _arity(verb, args, 2, "roll b3 cw", text)
        space = _space(args[0], text)
        if args[1] not in ("cw", "ccw"):
            raise NotationError(f"{shown(text)}: a roll goes 'cw' or 'ccw', not {shown(args[1])}")
        return ROLLS[space][0 if args[1] == "cw" else 1]
    if verb == "cave":
        _arity(verb, args, 2, "cave b-e b-f", text)
        first, second = _edge(args[0], text), _edge(args[1], text)
        if first == second:
            raise NotationError(f"{shown(text)}: the two Cave-Ins need two different edges")
        return cave(first, second)
    if verb == "play":
        return _parse_play(args, text)
    if verb == "stack":
        return _parse_stack(args, text)
    return _parse_chance(verb, args, text)


def _parse_play(args: list[str], text: str) -> Action:
    if len(args) == 2:
        keeper = _card(args[0], text, KEEPERS, "a Groundskeeper card")
        number = _card(args[1], text, NUMBER_CARDS, "a Number card")
        return KEEPER_PLAYS[(keeper, number)]
    if len(args) != 1:
        raise NotationError(
            f"{shown(text)}: expected 'play <card>' or 'play keeper1 <number card>'"
        )
    if args[0] in ("keeper1", "keeper2"):
        raise NotationError(
            f"{shown(text)}: a Groundskeeper is played with a Number card ({_NUMBERS}),"
            f" e.g. 'play {args[0]} four'"
        )
    return PLAYS[_card(args[0], text, ACTION_CARDS, "an Action card")]


def _parse_stack(args: list[str], text: str) -> Action:
    if args and args[0] == "convert":
        if len(args) != 2 or args[1] not in CONVERT_MODES:
            raise NotationError(f"{shown(text)}: expected 'stack convert step|roll|repeat'")
        return CONVERT_STACKS[CONVERT_MODES.index(args[1])]
    _arity("stack", args, 1, "stack keeper1", text)
    kind = CARD_BY_NAME.get(args[0])
    if kind not in STACKS:
        raise NotationError(
            f"{shown(text)}: only twoplus, keeper1, keeper2 and convert can be stacked (MM-22)"
        )
    return STACKS[kind]


def _parse_chance(verb: str, args: list[str], text: str) -> Action:
    if verb == "hex":
        _arity(verb, args, 1, "hex 5", text)
        if args[0] not in ("3", "4", "5", "6"):
            raise NotationError(f"{shown(text)}: a hex tile has 3, 4, 5 or 6 spaces")
        return HEX_DRAWS[int(args[0])]
    if verb == "token":
        _arity(verb, args, 1, "token 2", text)
        if args[0] not in ("1", "2", "3"):
            raise NotationError(f"{shown(text)}: a Home Token is worth 1, 2 or 3")
        return TOKEN_DRAWS[int(args[0])]
    if verb == "card":
        _arity(verb, args, 1, "card three", text)
        return CARD_DRAWS[_card(args[0], text, tuple(range(KINDS)), "a card")]
    raise NotationError(f"{shown(text)}: unknown action {shown(verb)}; {_EXPECTED}")
