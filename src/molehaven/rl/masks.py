"""A seat's legal actions as indices into the game's fixed action space, and as a mask."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from molehaven.core import Seat, State

Mask = npt.NDArray[np.int8]


def legal_indices(state: State, seat: Seat) -> list[int]:
    """The indices of ``seat``'s legal actions, ascending (free text has no index)."""
    return state.game.action_space().legal_indices(state, seat)


def legal_mask(state: State, seat: Seat) -> Mask:
    """An int8 vector over the action space: 1 where the action is legal for ``seat`` now."""
    space = state.game.action_space()
    mask = np.zeros(space.size, dtype=np.int8)
    mask.put(space.indices_of(state.legal_actions(seat)), 1)
    return mask
