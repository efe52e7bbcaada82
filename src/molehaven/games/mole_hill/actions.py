"""Mole Hill's seat actions numbered once: 63 placements, 63 moves, 110 rods (236)."""

from __future__ import annotations

from functools import cache

from molehaven.core.action_space import ActionSpace
from molehaven.games.mole_hill.notation import MOVES, PLACES, RODS_BY_EDGE


@cache
def action_space(players: int) -> ActionSpace:
    """``place`` a1 … i7, then ``move`` a1 … i7, then ``rod`` in edge order (MH-33)."""
    return ActionSpace((*PLACES, *MOVES, *RODS_BY_EDGE))


@cache
def chance_space(players: int) -> ActionSpace:
    """Mole Hill has no chance (MH-27)."""
    return ActionSpace(())
