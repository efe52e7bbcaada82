"""What people type for others to read (display names, table chat, text written into a move
such as The Mole's free answers): one line that draws something, without control characters
or piles of marks; and the words a name reads as."""

from __future__ import annotations

import re
import unicodedata

from confusable_homoglyphs import confusables

# Letters and symbols that draw nothing (the Hangul fillers, the Braille blank): a text of
# these alone reads as nothing at all, so they do not count as visible.
BLANK_CHARACTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Combining marks on one character: a few (Vietnamese, Burmese, Tibetan stacks), not a pile
# that draws over the lines above and below.
MARKS_PER_CHARACTER = 4
# Format characters that writing needs: the zero-width non-joiner (Persian, Hindi) and joiner
# (emoji sequences such as 👩‍💻). Every other control or format character is refused: the
# bidirectional overrides and isolates would turn the text around the name or line.
JOINERS = frozenset("\u200c\u200d")
# A run of letters (not digits, not the underscore): "bot1" and "hard_bot" hold the word "bot".
LETTERS = re.compile(r"[^\W\d_]+")


def readable(text: str, what: str) -> str:
    """``text`` on one line (each run of whitespace one space, none at the ends).

    Raises:
        ValueError: it holds a control character, shows nothing, or piles marks on one
            character; the message starts with ``what`` ("a name").
    """
    text = " ".join(text.split())
    if any(unicodedata.category(ch).startswith("C") and ch not in JOINERS for ch in text):
        raise ValueError(f"{what} may not contain control characters")
    if not any(_visible(ch) for ch in text):
        raise ValueError(f"{what} needs at least one visible character")
    marks = 0
    for ch in text:
        marks = marks + 1 if unicodedata.category(ch).startswith("M") else 0
        if marks > MARKS_PER_CHARACTER:
            raise ValueError(f"{what} may put at most {MARKS_PER_CHARACTER} marks on one character")
    return text


def _visible(ch: str) -> bool:
    """Whether a character draws something by itself (a mark draws on its neighbour)."""
    return unicodedata.category(ch)[0] in "LNPS" and ch not in BLANK_CHARACTERS


def words(text: str) -> list[str]:
    """The words ``text`` reads as, compared loosely: compatibility forms made plain
    (full-width and styled letters, NFKC), case folded, marks and joiners dropped (a mark
    drawn on a letter, or a joiner between two, leaves the word as it reads), split at
    anything but letters, each letter drawn like a plain Latin one written as it (``_as_latin``).

    >>> words("ｈａｒｄ  B̶o̶t̶2 (Ann)")
    ['hard', 'bot', 'ann']
    """
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).casefold())
    kept = "".join(
        ch for ch in folded if not unicodedata.category(ch).startswith("M") and ch not in JOINERS
    )
    return [_as_latin(word) for word in LETTERS.findall(unicodedata.normalize("NFC", kept))]


# A Latin small capital ("ᴛ") is drawn as its letter; NFKC leaves it as it is.
SMALL_CAPITAL = "LATIN LETTER SMALL CAPITAL "


def _as_latin(word: str) -> str:
    """``word`` with each letter that is drawn like a plain Latin one written as it: letters of
    other scripts that Unicode lists as confusable with a Latin letter (Cyrillic "о", Greek
    "ο"; its confusables data) and small capitals.

    >>> _as_latin("b\u043e\u1d1b")
    'bot'
    """
    found = confusables.is_confusable(word, greedy=True, preferred_aliases=["latin"]) or []
    drawn_as = {
        entry["character"]: latin
        for entry in found
        for glyph in entry["homoglyphs"][:1]
        if (latin := _plain_letter(glyph["c"]))
    }
    return "".join(drawn_as.get(ch) or _plain_letter(ch) or ch for ch in word)


def _plain_letter(ch: str) -> str | None:
    """The lower-case ASCII letter ``ch`` is, or is drawn as (a small capital); else None."""
    if len(ch) != 1:  # a glyph drawn as several letters ("ꝏ")
        return None
    if ch.isascii() and ch.isalpha():
        return ch.casefold()
    name = unicodedata.name(ch, "")
    if name.startswith(SMALL_CAPITAL) and len(name) == len(SMALL_CAPITAL) + 1:
        return name[-1].casefold()
    return None
