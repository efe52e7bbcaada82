"""The Mole's seat actions numbered once per player count.

Free-text answers (``answer "…"``, TM-13) have no index: an action space is finite, so agents
answer with the canned answers ``a1 … a12`` only (they are always offered, TM-12). The clock's
``time-up`` is not a seat action either; the question limit (TM-20) ends a round without it.
"""

from __future__ import annotations

from functools import cache

from molehaven.core.action_space import ActionSpace
from molehaven.games.the_mole.notation import (
    ANSWERS,
    ASKS,
    GUESSES,
    NOMINATIONS,
    POINTINGS,
    VOTE_NO,
    VOTE_YES,
)


@cache
def action_space(players: int) -> ActionSpace:
    """``ask`` per seat and question, ``answer a1-a12``, nominate, vote, point, guess."""
    asks = [ask for per_seat in ASKS[:players] for ask in per_seat[1:]]
    return ActionSpace(
        (
            *asks,
            *ANSWERS[1:],
            *NOMINATIONS[:players],
            VOTE_YES,
            VOTE_NO,
            *POINTINGS[:players],
            *GUESSES,
        )
    )
