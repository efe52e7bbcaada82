"""Redrawing what one seat cannot see, from everything that seat has seen (rules section 7).

A rival's hand and deck together always hold the cards of the printed deck less its public
discard pile (MM-2, MM-47), so their contents as a whole are known; what is hidden is which of
them are in hand. A seat learns more than that over the game:

- when a rival's hand is empty (it discarded it whole, MM-34) or its deck is empty (so the hand
  holds everything not discarded), the seat knows that hand exactly;
- from then on, a card the rival plays, stacks or discards leaves its hand in the open; the
  cards it draws are unknown, drawn from the deck as it then was.

So each rival's hand is *known cards* (known at the last such moment and not played since)
plus *unknown* ones; a sample keeps the known cards and draws only the unknown ones from what
is left. A played card that was not known to be in hand was one of the unknown draws. (The
sampler does not use what a pass reveals, that no card in hand could be played, MM-46.)

Home Token values the seat has not seen (face-down on tiles, in the pool, collected by others)
are shuffled among those places (MM-45). Every pool is built in a fixed order before it is
shuffled, so two states the seat cannot tell apart give the same sample for the same seed.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from molehaven.core import CHANCE, Action, Seat
from molehaven.games.mole_majority import phases
from molehaven.games.mole_majority.data import (
    KINDS,
    NO_CARDS,
    NO_TOKEN,
    POSITIONS,
    TOKEN_VALUES,
    Pile,
    pile_cards,
    pile_from_cards,
    pile_plus,
)

if TYPE_CHECKING:
    from molehaven.core.game import HistoryNode
    from molehaven.games.mole_majority.state import MoleMajorityState

Knowledge = tuple[tuple[Pile, int], ...]
"""Per seat: the cards a viewer knows to be in that seat's hand, and how many others it holds."""

# One replay per viewer, continued as the game goes on: search samples the same position
# thousands of times, and a game's later positions extend its earlier ones.
_CACHE: dict[tuple[int, Seat | None], tuple[HistoryNode, MoleMajorityState, Knowledge]] = {}
_CACHE_LIMIT = 16


def hand_knowledge(state: MoleMajorityState, viewer: Seat | None) -> Knowledge:
    """What ``viewer`` knows of every hand in ``state`` (its own hand is known whole)."""
    node: HistoryNode = state._history  # the record shared by clones (core.game.State)
    # Without a record (detached: a search sample keeps its length, not its history) only
    # the untouched initial state can be replayed; anything else is known by sizes alone.
    if node is None and (state.num_actions > 0 or state != state.game.initial_state()):
        return _sizes_only(state, viewer)
    key = (id(state.game), viewer)
    cached = _CACHE.get(key)
    suffix: list[tuple[Seat, Action]] = []
    start: tuple[MoleMajorityState, Knowledge] | None = None
    walk = node
    while walk is not None:
        if cached is not None and walk is cached[0]:
            start = (cached[1].clone(), cached[2])
            break
        walk, seat, action = walk
        suffix.append((seat, action))
    if start is None:
        fresh = state.game.initial_state()
        replay: MoleMajorityState = fresh  # type: ignore[assignment]
        knowledge: Knowledge = ((NO_CARDS, 0),) * state.players
    else:
        replay, knowledge = start
    for seat, action in reversed(suffix):
        before = replay.hands
        replay.apply(seat, action)
        knowledge = _learn(knowledge, replay, before, seat == CHANCE, viewer)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = (node, replay, knowledge)
    return knowledge


def _sizes_only(state: MoleMajorityState, viewer: Seat | None) -> Knowledge:
    """Knowledge without a record (a state detached from its history, as a host may hand a
    bot): a hand is known whole when it is the viewer's own or its deck is spent (MM-2,
    MM-47), else only its size."""
    knowledge = []
    for seat in range(state.players):
        hand = state.hands[seat]
        if seat == viewer or sum(hand) == 0 or sum(state.decks[seat]) == 0:
            knowledge.append((hand, 0))
        else:
            knowledge.append((NO_CARDS, sum(hand)))
    return tuple(knowledge)


def _learn(
    knowledge: Knowledge,
    replay: MoleMajorityState,
    before: tuple[Pile, ...],
    by_chance: bool,
    viewer: Seat | None,
) -> Knowledge:
    updated = []
    for seat, (known, unknown) in enumerate(knowledge):
        hand = replay.hands[seat]
        if seat == viewer or sum(hand) == 0 or sum(replay.decks[seat]) == 0:
            updated.append((hand, 0))
            continue
        if hand != before[seat]:
            changes = [after - earlier for after, earlier in zip(hand, before[seat], strict=True)]
            if by_chance:  # a draw nobody else sees
                unknown += sum(change for change in changes if change > 0)
            else:  # cards laid down in the open
                counts = list(known)
                for kind in range(KINDS):
                    gone = -changes[kind]
                    if gone > 0:
                        from_known = min(gone, counts[kind])
                        counts[kind] -= from_known
                        unknown -= gone - from_known
                known = tuple(counts)
        updated.append((known, unknown))
    return tuple(updated)


def resample_hidden(
    state: MoleMajorityState, viewer: Seat | None, rng: random.Random
) -> MoleMajorityState:
    """A copy in which everything hidden from ``viewer`` is redrawn (see the module text)."""
    copy = state.clone()
    over = state.phase == phases.OVER
    others = [seat for seat in range(state.players) if seat != viewer]
    if not over:
        knowledge = hand_knowledge(state, viewer)
        hands = list(state.hands)
        decks = list(state.decks)
        for seat in others:
            known, unknown = knowledge[seat]
            unseen = pile_plus(hands[seat], decks[seat])
            free = pile_cards(tuple(a - b for a, b in zip(unseen, known, strict=True)))
            rng.shuffle(free)
            hands[seat] = pile_plus(known, pile_from_cards(free[:unknown]))
            decks[seat] = pile_from_cards(free[unknown:])
        copy.hands = tuple(hands)
        copy.decks = tuple(decks)
    _resample_tokens(state, copy, [] if over else others, rng)
    return copy


def _resample_tokens(
    state: MoleMajorityState, copy: MoleMajorityState, others: list[int], rng: random.Random
) -> None:
    """Shuffle the unseen token values among the face-down board tokens, the pool and the
    secret tokens of ``others``."""
    face_down = [
        p for p in range(POSITIONS) if state.tokens[p] != NO_TOKEN and not state.revealed >> p & 1
    ]
    values = [state.tokens[p] for p in face_down]
    for value, count in zip(TOKEN_VALUES, state.pool, strict=True):
        values += [value] * count
    for seat in others:
        values += state.secret_tokens[seat]
    values.sort()  # the same unseen values, whichever place holds which, give the same sample
    rng.shuffle(values)
    tokens = list(state.tokens)
    for position, value in zip(face_down, values, strict=False):
        tokens[position] = value
    cursor = len(face_down)
    copy.tokens = tuple(tokens)
    pool_size = sum(state.pool)
    pooled = values[cursor : cursor + pool_size]
    cursor += pool_size
    copy.pool = tuple(pooled.count(value) for value in TOKEN_VALUES)
    secret = list(state.secret_tokens)
    for seat in others:
        size = len(secret[seat])
        secret[seat] = tuple(values[cursor : cursor + size])
        cursor += size
    copy.secret_tokens = tuple(secret)
