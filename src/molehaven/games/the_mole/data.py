"""Tables derived once from The Mole's content, and the game's fixed numbers.

Locations are indices 0 … 15 in Location List order; a spy's role is the index of the role
within its location's 7 cards; a question is its number 1 … 80. A set of question cards (a
hand, the draw pile) is a bitmask with bit ``q`` set for question ``q``.
"""

from __future__ import annotations

from typing import Final

from molehaven.games.the_mole.content import LOCATIONS, QUESTIONS, ROLE_IDS

MIN_PLAYERS: Final = 3  # TM-3
MAX_PLAYERS: Final = 8
HAND_SIZE: Final = 5  # TM-6
MOLE_POINTS: Final = 2  # TM-17, TM-18, TM-21
SPY_POINTS: Final = 1
MAX_FREE_TEXT: Final = 200  # TM-13, in code points
MAX_ANSWER_ID: Final = 12  # C3: a1 … a12 at most (TM-30)

LOCATION_IDS: Final[tuple[str, ...]] = tuple(location.id for location in LOCATIONS)
LOCATION_NAMES: Final[tuple[str, ...]] = tuple(location.name for location in LOCATIONS)
LOCATION_INDEX: Final[dict[str, int]] = {lid: i for i, lid in enumerate(LOCATION_IDS)}
LOCATION_COUNT: Final = len(LOCATION_IDS)
ALL_LOCATIONS: Final[tuple[int, ...]] = tuple(range(LOCATION_COUNT))

ROLE_IDS_BY_LOCATION: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(role.id for role in location.roles) for location in LOCATIONS
)
ROLES_PER_LOCATION: Final = 7  # TM-1
ROLE_INDEX: Final[tuple[dict[str, int], ...]] = tuple(
    {rid: i for i, rid in enumerate(roles)} for roles in ROLE_IDS_BY_LOCATION
)
SORTED_ROLE_IDS: Final[tuple[str, ...]] = tuple(sorted(ROLE_IDS))

QUESTION_COUNT: Final = len(QUESTIONS)  # 80, q1 … q80
# Indexed by question number; index 0 is unused so that ``ANSWER_COUNTS[q]`` reads naturally.
ANSWER_COUNTS: Final[tuple[int, ...]] = (0, *(len(q.answers) for q in QUESTIONS))
ANSWER_TEXTS: Final[tuple[tuple[str, ...], ...]] = (
    (),
    *(tuple(answer.text for answer in q.answers) for q in QUESTIONS),
)
ALL_QUESTIONS: Final = sum(1 << q for q in range(1, QUESTION_COUNT + 1))


def question_id(number: int) -> str:
    return f"q{number}"


# The card numbers in each byte of a card set, by the byte's place and value: a set is read a
# byte at a time, not a card at a time (the bots' look-ahead lists draw piles by the million).
_BYTE_CARDS: Final = tuple(
    tuple(tuple(8 * place + bit for bit in range(8) if value >> bit & 1) for value in range(256))
    for place in range((QUESTION_COUNT + 8) // 8)
)


def cards(mask: int) -> list[int]:
    """The question numbers in a card set, ascending, in a new list (the caller's to change)."""
    numbers: list[int] = []
    place = 0
    while mask:
        numbers += _BYTE_CARDS[place][mask & 255]
        mask >>= 8
        place += 1
    return numbers


def card_count(mask: int) -> int:
    return mask.bit_count()


def mask_of(numbers: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for number in numbers:
        mask |= 1 << number
    return mask


def _check_content() -> None:
    # The rules code relies on these counts (TM-1, TM-2); fail at import if the data drifts.
    if LOCATION_COUNT != 16 or QUESTION_COUNT != 80:
        raise ValueError("The Mole needs 16 locations and 80 questions")
    if any(len(roles) != ROLES_PER_LOCATION for roles in ROLE_IDS_BY_LOCATION):
        raise ValueError("every location needs exactly 7 roles")
    if any(q.number != i for i, q in enumerate(QUESTIONS, start=1)):
        raise ValueError("questions must be q1 … q80 in order")


_check_content()
