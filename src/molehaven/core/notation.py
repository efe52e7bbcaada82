"""The one rule every game's notation follows for text: ASCII only, words split on ASCII
spaces and tabs.

Every game reads action text through ``notation_words`` (The Mole through ``action_text``
first, because its quoted free-text answers may hold any character). Refusing non-ASCII
outright matters: ``str.split()`` would take a no-break or ideographic space as a separator,
``str.lower()`` would turn the Kelvin sign into ``k``, and ``int()`` would read full-width
digits, so look-alike text would parse as a real action.
"""

from __future__ import annotations

import re
from typing import Final

from molehaven.core.errors import NotationError

BLANKS: Final = " \t"
_BLANK_RUN: Final = re.compile("[ \t]+")


def action_text(text: object) -> str:
    """``text`` itself if it is a ``str``.

    Raises:
        NotationError: anything else (``None``, a number, ``bytes``).
    """
    if not isinstance(text, str):
        raise NotationError(f"action text must be a string (str), got {type(text).__name__}")
    return text


def notation_words(text: object, expected: str) -> list[str]:
    """The lower-case words of action text, split on runs of ASCII spaces and tabs.

    >>> notation_words("  ROD\\tE4   e5 ", "expected an action")
    ['rod', 'e4', 'e5']

    ``expected`` says what the game's notation looks like; it ends every error message.

    Raises:
        NotationError: not a ``str``, any non-ASCII character, or no word at all.
    """
    checked = action_text(text)
    if not checked.isascii():
        raise NotationError(
            f"{checked!r} is not an action: notation is ASCII only (letters, digits, signs,"
            f" spaces and tabs); {expected}"
        )
    stripped = checked.strip(BLANKS)
    if not stripped:
        raise NotationError(f"empty action; {expected}")
    return _BLANK_RUN.split(stripped.lower())
