"""What the PettingZoo and Gymnasium environments share: one game in progress, its seeded
chance, its spaces and its tensors.

Chance nodes are resolved at once with the table's own ``random.Random`` (seeded by
``reset(seed=...)``), so agents only ever see seat decisions. Clock events are never applied:
every game ends without them (The Mole's question limit acts as time-up, TM-20).

An environment step asks for the acting seat's legal indices more than once (its mask, the
legality of its action, ``legal_indices``); the table lists them once per position and seat.
A position is known by the state object and its action count, so the cache stays right
whoever applies actions to ``table.state`` (the Gymnasium wrapper's opponents do); the cache
holds the state itself, not its ``id``, which a later state could reuse.

Where a game lets some seats in ``to_move()`` act without being awaited (``State.awaited``;
The Mole's nominations and guesses while the asker asks, TM-26), the action space has one
index more, ``WAIT`` (``wait_index``: ``game.num_distinct_actions()``, the last index): "let
play go on without me". It is legal exactly for those optional movers, never for an awaited
seat, and never reaches the engine. At each position the optional movers are asked first,
round-robin from the seat after the last one that acted (or waited), each once; once they
have all waited, the awaited seats are (``next_asked``). So every optional seat has its
chance before play goes on, and a position is left after at most ``players - 1`` waits.

Each seat's last long listing is kept across positions too: where the engine lists the same
actions again, or one fewer, its indices and mask are patched rather than rebuilt
(``masks.Listing``). That pays for long lists (Mole Hill's rods: about 100 actions, one
fewer each turn); for short ones (a Mole Park die, the mole's steps) looking up each index
costs less than trying, so lists shorter than ``REUSE_FROM`` are indexed directly, and so
are a seat's lists for the rest of a game once ``REUSE_MISSES`` long ones in a row could not
be reused (Mole Majority's hands and spaces change every turn).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Collection
from typing import Any, SupportsIndex, cast

import numpy as np
from gymnasium import spaces
from gymnasium.error import ResetNeeded

import molehaven
from molehaven.core import CHANCE, Game, IllegalActionError, Seat, State
from molehaven.core.action_space import as_index
from molehaven.rl.encoders import encoder
from molehaven.rl.masks import Listing, Mask, mask_of
from molehaven.rl.render import render_text

ObsDict = dict[str, Any]


def agent_name(seat: Seat) -> str:
    """The PettingZoo agent name of a seat: ``seat_0``, ``seat_1``, …"""
    return f"seat_{seat}"


def next_mover(movers: list[Seat], last_seat: Seat) -> Seat:
    """Who acts next when several seats may: the first after ``last_seat``, cyclically.

    In The Mole anyone may nominate while the asker asks; asking round-robin gives each such
    seat its turn instead of always the lowest seat.
    """
    for seat in movers:
        if seat > last_seat:
            return seat
    return movers[0]


def wait_index(game: Game[object]) -> int | None:
    """The index of the wait action in ``game``'s environments (``num_distinct_actions()``,
    one past the engine's own actions), or ``None`` for a game without optional movers
    (``GameInfo.optional_movers``, today The Mole's)."""
    return game.num_distinct_actions() if game.info.optional_movers else None


def optional_movers(state: State) -> list[Seat]:
    """The seats in ``to_move()`` that ``awaited()`` does not list: they may act or wait.
    (The conformance checks hold every game to await someone while seats may act, so the
    seats cannot all wait.)"""
    movers = state.to_move()
    if len(movers) < 2:
        return []
    awaited = state.awaited()
    return [seat for seat in movers if seat not in awaited]


def next_asked(
    movers: list[Seat], optional: list[Seat], waited: Collection[Seat], last_seat: Seat
) -> Seat:
    """Who is asked next at a position where ``movers`` may act, ``optional`` of them need
    not, and ``waited`` have already waited.

    Round-robin from the seat after ``last_seat``: first the optional movers that have not
    waited here, so each has its chance before the awaited seat acts and play goes on; then
    the awaited seats. Without optional movers this is ``next_mover(movers, last_seat)``.
    """
    if optional:
        fresh = [seat for seat in optional if seat not in waited]
        if fresh:
            return next_mover(fresh, last_seat)
        obliged = [seat for seat in movers if seat not in optional]
        return next_mover(obliged, last_seat)
    return next_mover(movers, last_seat)


def as_seed(seed: object) -> int | None:
    """A reset seed as a non-negative ``int`` (or ``None``: go on with the current generator).

    NumPy integers pass. Floats, strings and bools are refused: ``random.Random`` would
    accept them and hash them into a seed, so ``1.5`` or ``"1"`` would run silently. Negative
    seeds are refused as Gymnasium refuses them: ``random.Random(-3)`` plays exactly as
    ``random.Random(3)``, so a sweep over ``range(-5, 5)`` would repeat episodes.

    Raises:
        TypeError: ``seed`` is not an integer.
        ValueError: ``seed`` is negative.
    """
    if seed is None:
        return None
    if isinstance(seed, bool):
        raise TypeError(f"a seed is a non-negative integer or None, got {seed!r}")
    try:
        value = operator.index(cast(SupportsIndex, seed))
    except TypeError:
        raise TypeError(f"a seed is a non-negative integer or None, got {seed!r}") from None
    if value < 0:
        raise ValueError(f"a seed is a non-negative integer or None, got {value}")
    return value


def step_limit(max_steps: int | None, game: Game[object], *, waits: bool = False) -> int:
    """The steps after which an episode is truncated: ``max_steps``, or when it is ``None``
    the game's own length bound, times the player count if ``waits`` (steps that may be
    waits: each engine action may follow up to ``players - 1`` of them, one per optional
    mover).

    Raises:
        ValueError: ``max_steps`` is not a positive int (0 used to mean the default, and a
            negative limit truncated every episode after its first step).
    """
    if max_steps is None:
        return game.max_length() * (game.players if waits else 1)
    try:
        limit = as_index(max_steps)  # NumPy ints pass, as for seeds and actions
    except TypeError:
        limit = 0
    if limit < 1:
        raise ValueError(f"max_steps must be a positive int or None, got {max_steps!r}")
    return limit


def check_render_mode(render_mode: str | None, modes: list[str]) -> None:
    """Refuse a render mode the env does not draw (``None``: no automatic rendering).

    Raises:
        ValueError: ``render_mode`` is not ``None`` or one of ``modes``.
    """
    if render_mode is not None and render_mode not in modes:
        raise ValueError(f"render_mode must be None or one of {modes}, got {render_mode!r}")


def play_chance(state: State, rng: random.Random) -> None:
    """Apply chance outcomes to ``state``, drawn with ``rng`` by their probabilities, until a
    seat must act (or the game is over)."""
    while state.is_chance():
        outcomes = state.chance_outcomes()
        if len(outcomes) == 1:
            action = outcomes[0][0]
        else:
            pick, total = rng.random(), 0.0
            action = outcomes[-1][0]
            for outcome, probability in outcomes:
                total += probability
                if pick < total:
                    action = outcome
                    break
        state.apply(CHANCE, action)


def episode_over() -> ResetNeeded:
    """The error for a step where no episode runs (before the first ``reset`` or after the
    end): Gymnasium's own ``ResetNeeded``, for the PettingZoo envs too."""
    return ResetNeeded("no episode is running: call reset() to start one")


REUSE_FROM = 16
REUSE_MISSES = 4


class Table:
    """One game of ``slug`` in progress with its seeded chance and its spaces."""

    def __init__(self, slug: str, players: int | None, options: dict[str, Any]) -> None:
        self.game: Game[object] = molehaven.make(slug, players, **options)
        self.encoder = encoder(slug, self.game.players)
        space = self.game.action_space()
        self.space = space
        # The wait action, one index past the engine's actions, where seats may act or not.
        self.wait: int | None = wait_index(self.game)
        self.size = space.size + (self.wait is not None)
        self._actions = space.actions
        self.rng = random.Random()
        self.state: State = self.game.initial_state()
        # The position whose legal indices ``_legal`` holds: a state and its action count;
        # ``_listings`` holds the long lists' listings of the same position, ``_optional``
        # its optional movers (None until asked) and ``_waited`` the seats that waited there.
        self._position: tuple[State | None, int] = (None, -1)
        self._legal: dict[Seat, list[int]] = {}
        self._listings: dict[Seat, Listing] = {}
        self._optional: list[Seat] | None = None
        self._waited: set[Seat] = set()
        # Each seat's latest listing, whatever the position: the base of its next one.
        self._latest: dict[Seat, Listing] = {}
        self._not_reusing: set[Seat] = set()

    @property
    def players(self) -> int:
        return self.game.players

    def observation_space(self) -> spaces.Dict:
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self.encoder.shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.size,), dtype=np.int8),
            }
        )

    def reset(self, seed: int | None) -> None:
        """Start a new game; a seed (see ``as_seed``) restarts the chance generator."""
        value = as_seed(seed)
        if value is not None:
            self.rng = random.Random(value)
        self.state = self.game.initial_state()
        self._latest.clear()
        self._not_reusing.clear()
        self.play_chance()

    def play_chance(self) -> None:
        """Apply chance outcomes, drawn by their probabilities, until a seat must act."""
        play_chance(self.state, self.rng)

    def movers(self) -> list[Seat]:
        """The seats that may act now; raises if the game waits on something else."""
        movers = self.state.to_move()
        if not movers and not self.state.is_terminal():
            raise RuntimeError(f"{self.game.slug}: no seat can act and the game is not over")
        return movers

    def _sync(self) -> None:
        """Forget what was known of the last position if the state has moved on."""
        state = self.state
        known, count = self._position
        if state is not known or state.num_actions != count:
            self._position = (state, state.num_actions)
            self._legal = {}
            self._listings = {}
            self._optional = None
            self._waited = set()

    def optional_movers(self) -> list[Seat]:
        """The seats that may act now but need not, so may wait (empty for a game without
        the wait action)."""
        if self.wait is None:
            return []
        self._sync()
        optional = self._optional
        if optional is None:
            optional = self._optional = optional_movers(self.state)
        return optional

    def next_seat(self, last_seat: Seat) -> Seat:
        """The seat to ask now (``next_asked``), ``last_seat`` being the last that acted or
        waited."""
        movers = self.movers()
        if self.wait is None:
            return next_mover(movers, last_seat)
        return next_asked(movers, self.optional_movers(), self._waited, last_seat)

    def check(self, seat: Seat, index: int) -> None:
        """Raise unless ``seat`` may play the action numbered ``index`` now.

        Raises:
            IndexError: no such action index.
            IllegalActionError: the action is not legal for the seat now.
        """
        if not 0 <= index < self.size:
            raise IndexError(f"action index {index!r} is outside 0-{self.size - 1}")
        if index == self.wait and seat not in self.optional_movers():
            raise IllegalActionError(
                f"seat {seat} cannot wait (index {index}): only a seat that may act without"
                " being awaited may wait, and play waits for this one"
            )
        if not self.is_legal(seat, index):
            raise IllegalActionError(f"{self._actions[index]} is not legal for seat {seat} now")

    def act(self, seat: Seat, index: int) -> None:
        """Apply the action numbered ``index`` for ``seat``, then any chance that follows. The
        wait action is only noted (the seat is not asked again at this position); it never
        reaches the engine.

        Raises:
            IndexError: no such action index.
            IllegalActionError: the action is not legal for the seat now.
        """
        if not 0 <= index < self.size:
            raise IndexError(f"action index {index!r} is outside 0-{self.size - 1}")
        if index == self.wait:
            self.check(seat, index)
            self._waited.add(seat)
            return
        self.state.apply(seat, self._actions[index])
        self.play_chance()

    def legal_indices(self, seat: Seat) -> list[int]:
        """The indices of ``seat``'s legal actions now, in the engine's order of
        ``legal_actions(seat)``, then the wait action if the seat may wait (do not modify
        the list)."""
        # ``_sync``'s test written out first: this runs on every step of every game.
        state = self.state
        known, count = self._position
        if state is not known or state.num_actions != count:
            self._sync()
        indices = self._legal.get(seat)
        if indices is None:
            actions = state.legal_actions(seat)
            if len(actions) < REUSE_FROM or seat in self._not_reusing:
                indices = self.space.indices_of(actions)
            else:
                latest = self._latest.get(seat)
                if latest is None:
                    listing = Listing(actions, self.space.indices_of(actions), self.size)
                else:
                    listing = latest.next(actions, self.space)
                    if listing.misses >= REUSE_MISSES:
                        self._not_reusing.add(seat)
                self._latest[seat] = self._listings[seat] = listing
                indices = listing.indices
            if self.wait is not None and seat in self.optional_movers():
                # A new list: the listing's own indices are the base of the seat's next one.
                indices = [*indices, self.wait]
            self._legal[seat] = indices
        return indices

    def is_legal(self, seat: Seat, index: int) -> bool:
        """Whether ``seat`` may play the action numbered ``index`` now."""
        return index in self.legal_indices(seat)

    def mask(self, seat: Seat) -> Mask:
        """An int8 vector over the action space: 1 where the action is legal for ``seat``."""
        indices = self.legal_indices(seat)
        listing = self._listings.get(seat)
        if listing is None:
            return mask_of(indices, self.size)
        mask = listing.mask()  # a fresh copy, the engine's actions only
        if self.wait is not None and seat in self.optional_movers():
            mask[self.wait] = 1
        return mask

    def observe(self, seat: Seat) -> ObsDict:
        return {
            "observation": self.encoder.encode_state(self.state, seat),
            "action_mask": self.mask(seat),
        }

    def render(self) -> str:
        return render_text(self.state)
