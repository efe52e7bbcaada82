"""A seat's legal actions as indices into the game's fixed action space, and as a mask."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from molehaven.core import Action, Seat, State
from molehaven.core.action_space import ActionSpace

Mask = npt.NDArray[np.int8]


def legal_indices(state: State, seat: Seat) -> list[int]:
    """The indices of ``seat``'s legal actions, ascending (free text has no index)."""
    return state.game.action_space().legal_indices(state, seat)


def legal_mask(state: State, seat: Seat) -> Mask:
    """An int8 vector over the action space: 1 where the action is legal for ``seat`` now."""
    space = state.game.action_space()
    return mask_of(space.indices_of(state.legal_actions(seat)), space.size)


# Up to this many indices, setting them one by one costs less than ``put``, which converts
# the list to an array first (Mole Hill's steps, Mole Park's dice).
FEW_INDICES = 8


def mask_of(indices: Sequence[int], size: int) -> Mask:
    """A new int8 vector of ``size``: 1 at each of ``indices``."""
    mask = np.zeros(size, dtype=np.int8)
    if len(indices) > FEW_INDICES:
        mask.put(indices, 1)
    else:
        for index in indices:
            mask[index] = 1
    return mask


def dropped_one(before: Sequence[Action], after: Sequence[Action]) -> int | None:
    """Where ``before`` has the one action that ``after`` lacks, if ``after`` is ``before``
    with one action left out (same order); else None.

    Games hand out shared action objects, so the place is found by identity in a binary
    search, then the two sides of it are compared whole. Lists of equal actions that are
    other objects may get None (the caller then indexes the list anew), never a wrong place.
    """
    if len(after) != len(before) - 1:
        return None
    low, high = 0, len(after)
    while low < high:
        middle = (low + high) // 2
        if after[middle] is before[middle]:
            low = middle + 1
        else:
            high = middle
    if after[:low] == before[:low] and after[low:] == before[low + 1 :]:
        return low
    return None


# Above this many actions, copying a kept mask costs about as much as filling a new one
# (Mole Park's 8-player space has 69,297), so masks that large are not kept.
KEPT_MASK_LIMIT = 4096


class Listing:
    """One seat's legal actions at one position: as the engine listed them, as indices (do
    not modify them), and as masks.

    The mask is kept (for action spaces up to ``KEPT_MASK_LIMIT``) so that the seat's next
    listing can be patched from it (``next``); ``reused`` tells whether this listing was,
    ``misses`` how many listings in a row up to this one were not (a fresh one counts).
    """

    __slots__ = (
        "_base",
        "_cleared",
        "_keep",
        "_kept",
        "_size",
        "actions",
        "indices",
        "misses",
        "reused",
    )

    def __init__(
        self,
        actions: Sequence[Action],
        indices: list[int],
        size: int,
        *,
        base: Mask | None = None,
        cleared: int = -1,
    ) -> None:
        self.actions = actions
        self.indices = indices
        self.reused = False
        self.misses = 1
        self._size = size
        self._keep = size <= KEPT_MASK_LIMIT
        # The kept mask of the listing this one was derived from, less the index ``cleared``.
        self._base = base
        self._cleared = cleared
        self._kept: Mask | None = None

    def mask(self) -> Mask:
        """A new int8 vector over the action space, 1 where the action is legal (the
        caller's to keep or change)."""
        if not self._keep:
            return mask_of(self.indices, self._size)
        kept = self._kept
        if kept is None:
            base = self._base
            if base is None:
                kept = mask_of(self.indices, self._size)
            elif self._cleared < 0:
                kept = base
            else:
                kept = base.copy()
                kept[self._cleared] = 0
            self._kept = kept
            self._base = None
        return kept.copy()

    def next(self, actions: Sequence[Action], space: ActionSpace) -> Listing:
        """The listing of the same seat's ``actions`` at a later position.

        A seat's legal actions often come back unchanged, or one shorter (a Mole Hill rod
        taken): then this listing's indices and kept mask are reused and patched, which costs
        a fraction of looking up every action's index (about 55 ns each) and filling a new
        mask. The very list object handed out again is listed anew: it may have been changed
        in place.
        """
        before, size = self.actions, self._size
        if actions is before:
            gone = None
        elif len(actions) == len(before) and actions == before:
            gone = -1
        else:
            gone = dropped_one(before, actions)
        if gone is None:
            fresh = Listing(actions, space.indices_of(actions), size)
            fresh.misses = self.misses + 1
            return fresh
        indices = self.indices
        if gone < 0:
            listing = Listing(actions, indices, size, base=self._kept)
        else:
            kept = indices[:gone] + indices[gone + 1 :]
            listing = Listing(actions, kept, size, base=self._kept, cleared=indices[gone])
        listing.reused = True
        listing.misses = 0
        return listing
