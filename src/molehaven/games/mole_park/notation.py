"""Mole Park's actions and their notation (rules section 8).

Seat actions: ``declare``, ``pass``, ``glove``/``pan``/``mallet``/``prize``, ``discard 3``,
``order 2 0 3``, ``take treasures``, ``crown 1``. Chance outcomes: ``king 2``, ``deal 4``,
``roll x``, ``draw 3``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from molehaven.core import Action, NotationError
from molehaven.core.errors import shown
from molehaven.core.notation import notation_words
from molehaven.games.mole_park.data import (
    DIE_NAMES,
    MAX_PLAYERS,
    MISS,
    PRIZE_DIE_MAX,
    STAND_BY_KEY,
    STAND_KEYS,
    STANDS,
    VALUES,
    face_name,
)


@dataclass(frozen=True, slots=True)
class King(Action):
    """Setup chance: this seat is King Mole (MP-9)."""

    seat: int

    def __str__(self) -> str:
        return f"king {self.seat}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: a mole of this value goes face down into the hole being dealt (MP-11)."""

    value: int

    def __str__(self) -> str:
        return f"deal {self.value}"


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """The acting seat goes for the Crown (MP-13, MP-14)."""

    def __str__(self) -> str:
        return "declare"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """The acting seat does not go for the Crown this round (MP-14)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """The secret die choice of step C (MP-16)."""

    die: int

    def __str__(self) -> str:
        return DIE_NAMES[self.die]


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: the die being rolled shows this face (``MISS`` is ``x``) (MP-17, MP-30)."""

    face: int

    def __str__(self) -> str:
        return f"roll {face_name(self.face)}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the current claimant receives a mole of this value from a shared hole (MP-19)."""

    value: int

    def __str__(self) -> str:
        return f"draw {self.value}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """The acting seat discards a mole of this value over the hand limit (MP-20)."""

    value: int

    def __str__(self) -> str:
        return f"discard {self.value}"


@dataclass(frozen=True, slots=True)
class Order(Action):
    """King Mole names the pick order of a tied group of other seats (MP-24)."""

    seats: tuple[int, ...]

    def __str__(self) -> str:
        return "order " + " ".join(str(seat) for seat in self.seats)


@dataclass(frozen=True, slots=True)
class Take(Action):
    """The acting seat takes the face-up prize of this stand (MP-25)."""

    stand: int

    def __str__(self) -> str:
        return f"take {STAND_KEYS[self.stand]}"


@dataclass(frozen=True, slots=True)
class Crown(Action):
    """King Mole picks the winner of a tied Showdown (MP-33)."""

    seat: int

    def __str__(self) -> str:
        return f"crown {self.seat}"


MoleParkAction = (
    King | Deal | Declare | Pass | Choose | Roll | Draw | Discard | Order | Take | Crown
)

# One shared instance per action, so listing legal actions allocates only the list. Values are
# indexed by ``value - 1``.
KINGS: Final = tuple(King(seat) for seat in range(MAX_PLAYERS))
DEALS: Final = tuple(Deal(value) for value in VALUES)
DECLARE_ACTION: Final = Declare()
PASS_ACTION: Final = Pass()
CHOICES: Final = tuple(Choose(die) for die in range(len(DIE_NAMES)))
ROLLS: Final = tuple(Roll(face) for face in range(PRIZE_DIE_MAX + 1))
DRAWS: Final = tuple(Draw(value) for value in VALUES)
DISCARDS: Final = tuple(Discard(value) for value in VALUES)
TAKES: Final = tuple(Take(stand) for stand in range(STANDS))
CROWNS: Final = tuple(Crown(seat) for seat in range(MAX_PLAYERS))

_EXPECTED = (
    "expected declare, pass, glove, pan, mallet, prize, 'discard <1-5>', 'order <seats>',"
    " 'take <stand>', 'crown <seat>', 'king <seat>', 'deal <1-5>', 'roll <1-6 or x>'"
    " or 'draw <1-5>'"
)
_WORDS: Final[dict[str, MoleParkAction]] = {"declare": DECLARE_ACTION, "pass": PASS_ACTION}
_WORDS.update((name, CHOICES[die]) for die, name in enumerate(DIE_NAMES))
_BY_VALUE: Final[dict[str, tuple[Deal | Draw | Discard, ...]]] = {
    "deal": DEALS,
    "draw": DRAWS,
    "discard": DISCARDS,
}


def _number(word: str, low: int, high: int) -> int | None:
    """``word`` as a decimal in ``low..high`` without leading zeros, else None."""
    if not word.isdigit() or not word.isascii() or (len(word) > 1 and word[0] == "0"):
        return None
    number = int(word)
    return number if low <= number <= high else None


def _seat(word: str, players: int, text: str) -> int:
    seat = _number(word, 0, players - 1)
    if seat is None:
        raise NotationError(
            f"{shown(text)}: {shown(word)} is not a seat; seats are 0-{players - 1}"
        )
    return seat


def parse_action(text: str, players: int) -> MoleParkAction:
    """Parse Mole Park notation for a game of ``players`` seats, any case, any run of ASCII
    spaces or tabs.

    >>> str(parse_action("ORDER  2 0 3", 4))
    'order 2 0 3'
    >>> str(parse_action("roll X", 2))
    'roll x'

    Raises:
        NotationError: the text is not a Mole Park action; the message says what was expected.
    """
    words = notation_words(text, _EXPECTED)
    verb, args = words[0], words[1:]
    if verb in _WORDS:
        if args:
            raise NotationError(f"{shown(text)}: {shown(verb)} takes nothing after it")
        return _WORDS[verb]
    if verb in _BY_VALUE:
        value = _number(args[0], 1, 5) if len(args) == 1 else None
        if value is None:
            raise NotationError(
                f"{shown(text)}: {shown(verb)} takes one mole value 1-5, e.g. '{verb} 3'"
            )
        return _BY_VALUE[verb][value - 1]
    if verb in ("king", "crown"):
        if len(args) != 1:
            raise NotationError(f"{shown(text)}: {shown(verb)} takes one seat, e.g. '{verb} 0'")
        seat = _seat(args[0], players, text)
        return KINGS[seat] if verb == "king" else CROWNS[seat]
    if verb == "roll":
        if len(args) == 1 and args[0] == "x":
            return ROLLS[MISS]
        face = _number(args[0], 1, PRIZE_DIE_MAX) if len(args) == 1 else None
        if face is None:
            raise NotationError(f"{shown(text)}: 'roll' takes a face 1-6 or x, e.g. 'roll 3'")
        return ROLLS[face]
    if verb == "take":
        stand = STAND_BY_KEY.get(args[0]) if len(args) == 1 else None
        if stand is None:
            raise NotationError(f"{shown(text)}: 'take' names one stand: {', '.join(STAND_KEYS)}")
        return TAKES[stand]
    if verb == "order":
        if len(args) < 2:
            raise NotationError(f"{shown(text)}: 'order' names two or more seats, e.g. 'order 2 0'")
        seats = tuple(_seat(word, players, text) for word in args)
        if len(set(seats)) != len(seats):
            raise NotationError(f"{shown(text)}: 'order' names each seat once")
        return Order(seats)
    raise NotationError(f"{shown(text)}: unknown action {shown(verb)}; {_EXPECTED}")
