"""A fixed integer numbering of every seat action of a game (for RL and OpenSpiel).

Learning libraries want a fixed set ``0 … n-1`` of actions per game and player count. Each game
lists its seat actions once, in a fixed order, in ``games/<pkg>/actions.py``; ``ActionSpace``
turns that list into a bijection between actions and indices. Chance outcomes and clock events
are not seat actions and have no index here.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, SupportsIndex, cast

from molehaven.core.errors import IllegalActionError

if TYPE_CHECKING:
    from molehaven.core.game import Action, Seat, State


class ActionSpace:
    """Every seat action of one game and player count, numbered ``0 … size-1``.

    >>> from molehaven import make
    >>> space = make("mole-hill").action_space()
    >>> space.size, str(space.at(0)), space.index(space.at(0))
    (236, 'place a1', 0)
    """

    __slots__ = ("_actions", "_by_id", "_index")

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions: tuple[Action, ...] = tuple(actions)
        self._index: dict[Action, int] = {a: i for i, a in enumerate(self._actions)}
        if len(self._index) != len(self._actions):
            raise ValueError("an action space lists each action once")
        # Games intern their actions, so most lookups match by identity and skip hashing a
        # dataclass; the tuple keeps these objects alive, so their ids stay theirs.
        self._by_id: dict[int, int] = {id(a): i for i, a in enumerate(self._actions)}

    @property
    def size(self) -> int:
        return len(self._actions)

    @property
    def actions(self) -> tuple[Action, ...]:
        return self._actions

    def index(self, action: Action) -> int:
        """The index of a seat action.

        Raises:
            IllegalActionError: the action has no index (a chance outcome, a clock event, or
                free text, which The Mole's action space leaves out).
        """
        index = self._by_id.get(id(action))
        if index is None:
            index = self._index.get(action)
        if index is None:
            raise IllegalActionError(f"{action} is not a seat action of this action space")
        return index

    def at(self, index: int) -> Action:
        """The action numbered ``index``.

        NumPy integers pass (a mask's ``argmax()``); ``True`` and floats do not.

        Raises:
            TypeError: ``index`` is not an integer.
            IndexError: ``index`` is outside ``0 … size-1``.
        """
        if type(index) is not int:
            index = as_index(index)
        if not 0 <= index < len(self._actions):
            raise IndexError(f"action index {index!r} is outside 0-{len(self._actions) - 1}")
        return self._actions[index]

    def legal_indices(self, state: State, seat: Seat) -> list[int]:
        """The indices of ``seat``'s legal actions in ``state``, ascending.

        Legal actions without an index (The Mole's free text) are left out.
        """
        indices = self.indices_of(state.legal_actions(seat))
        indices.sort()
        return indices

    def indices_of(self, actions: Sequence[Action]) -> list[int]:
        """The indices of ``actions`` in their order, skipping actions without one."""
        # map() keeps the common case (interned actions) in C: legal lists can be long.
        try:
            return list(map(self._by_id.__getitem__, map(id, actions)))
        except KeyError:  # an action that is not interned, or has no index
            pass
        by_id, by_value = self._by_id, self._index
        found = []
        for action in actions:
            index = by_id.get(id(action))
            if index is None:
                index = by_value.get(action)
            if index is not None:
                found.append(index)
        return found


def as_index(action: object) -> int:
    """An action index as an ``int``: ints and NumPy integers pass, anything else (a float, a
    string, ``True``) is refused rather than truncated or parsed.

    Raises:
        TypeError: ``action`` is not an integer.
    """
    if type(action) is int:
        return action
    try:
        if not isinstance(action, bool):
            return operator.index(cast(SupportsIndex, action))
    except TypeError:
        pass
    raise TypeError(f"an action index is an integer, got {action!r}")
