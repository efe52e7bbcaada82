"""The errors every game raises, all of them ``ValueError`` subclasses.

Each message names what was expected or what is allowed, so a caller can show it to a
player as it is.
"""

from __future__ import annotations

QUOTED_CHARS = 40


def shown(given: object, limit: int = QUOTED_CHARS) -> str:
    """What was given, quoted (``repr``) and shortened for an error message: a typed line or
    an answer's text as long as its request came back whole, once or twice, in the message."""
    text = repr(given)
    return text if len(text) <= limit else f"{text[: limit - 2]}…{text[-1]}"


class MolehavenError(ValueError):
    """Base class of every error raised for bad input to a game."""


class UnknownGameError(MolehavenError):
    """A slug that names no registered game."""


class OptionsError(MolehavenError):
    """Bad game options or player count: unknown name, wrong type, value not allowed."""


class NotationError(MolehavenError):
    """Text that is not an action of the game's notation."""


class IllegalActionError(MolehavenError):
    """A well-formed action that the rules forbid in the current state."""


class RecordError(MolehavenError):
    """A game record that cannot be replayed.

    ``index`` and ``text`` name the offending action when there is one.
    """

    def __init__(self, message: str, *, index: int | None = None, text: str | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.text = text
