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
    CARD_OUTCOMES,
    GUESSES,
    LOCATION_OUTCOMES,
    MOLE_OUTCOMES,
    NOMINATIONS,
    POINTINGS,
    ROLE_OUTCOMES,
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


@cache
def chance_space(players: int) -> ActionSpace:
    """Chance outcomes numbered for OpenSpiel: ``location`` per location, ``mole`` per seat,
    ``role`` per role id (each once, in box order), ``card q1-q80``."""
    roles = dict.fromkeys(role for per_location in ROLE_OUTCOMES for role in per_location)
    return ActionSpace((*LOCATION_OUTCOMES, *MOLE_OUTCOMES[:players], *roles, *CARD_OUTCOMES[1:]))
