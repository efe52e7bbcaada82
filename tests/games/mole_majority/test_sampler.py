"""Section 7, MM-2, MM-34, MM-47: the hidden-hand sampler keeps everything a seat has seen of a
rival's hand. A hand is known whole when it is empty (a discarded hand, MM-34) or when its
deck is empty (hand and deck together are the deck less the public discard pile, MM-2,
MM-47); cards played since leave it in the open; only cards drawn since are redrawn."""

from __future__ import annotations

import itertools
import random

import molehaven
from molehaven.core import State
from molehaven.core.conformance import random_step
from molehaven.core.play import step_random
from molehaven.games.mole_majority.data import pile_plus
from molehaven.games.mole_majority.sampler import hand_knowledge
from molehaven.games.mole_majority.state import MoleMajorityState


def positions(seed: int, every: int = 7) -> list[MoleMajorityState]:
    """Every ``every``-th position of a random two-player game, to the end."""
    rng = random.Random(seed)
    state = molehaven.make("mole-majority").initial_state()
    found: list[MoleMajorityState] = []
    while not state.is_terminal():
        step_random(state, rng)
        if state.num_actions % every == 0 and isinstance(state, MoleMajorityState):
            found.append(state.clone())
    return found


def contains(hand: tuple[int, ...], known: tuple[int, ...]) -> bool:
    return all(have >= need for have, need in zip(hand, known, strict=True))


def test_mm_34_mm_47_what_a_seat_knows_of_a_hand_is_always_true() -> None:
    """The known cards are in the true hand and the unknown count makes up its size, at every
    sampled position of three random games; some positions know cards the old sampler did
    not (it redrew the whole hand)."""
    knew_something = 0
    for seed in range(3):
        for state in positions(seed):
            if state.is_terminal():
                continue
            for viewer in (0, 1):
                rival = 1 - viewer
                known, unknown = hand_knowledge(state, viewer)[rival]
                hand = state.hands[rival]
                assert contains(hand, known)
                assert sum(known) + unknown == sum(hand)
                knew_something += 0 < sum(known) < sum(hand) or (sum(known) and not unknown)
    assert knew_something > 0


def test_section_7_samples_keep_known_cards_and_the_unseen_cards_overall() -> None:
    """Every sample gives the rival its known cards, keeps the rival's hand and deck together
    (public), its hand size, and the viewer's own hand."""
    for state in positions(5, every=11):
        if state.is_terminal():
            continue
        viewer, rival = 0, 1
        known, _ = hand_knowledge(state, viewer)[rival]
        for seed in range(5):
            sample = state.resample_hidden(viewer, random.Random(seed))
            assert isinstance(sample, MoleMajorityState)
            assert contains(sample.hands[rival], known)
            assert sum(sample.hands[rival]) == sum(state.hands[rival])
            assert pile_plus(sample.hands[rival], sample.decks[rival]) == pile_plus(
                state.hands[rival], state.decks[rival]
            )
            assert sample.hands[viewer] == state.hands[viewer]
            assert sample.observation(viewer) == state.observation(viewer)


def test_mm_2_a_hand_whose_deck_ran_out_is_redrawn_as_it_is() -> None:
    """With the rival's deck empty, its hand is everything not in its discard pile: every
    sample gives it exactly its true hand."""
    checked = 0
    for seed in range(6):
        for state in positions(seed, every=1):
            if state.is_terminal() or sum(state.decks[1]) or not sum(state.hands[1]):
                continue
            for sample_seed in range(3):
                sample = state.resample_hidden(0, random.Random(sample_seed))
                assert isinstance(sample, MoleMajorityState)
                assert sample.hands[1] == state.hands[1]
            checked += 1
        if checked:
            break
    assert checked > 0


def test_section_7_twins_the_seat_cannot_tell_apart_give_the_same_sample() -> None:
    """Canonical pools: redrawing from a state or from its own resample gives the same
    sample for the same seed."""
    for state in positions(2, every=13)[:6]:
        twin: State = state.resample_hidden(0, random.Random(42))
        first = state.resample_hidden(0, random.Random(7))
        second = twin.resample_hidden(0, random.Random(7))
        assert isinstance(first, MoleMajorityState) and isinstance(second, MoleMajorityState)
        assert (first.hands, first.decks, first.tokens, first.pool) == (
            second.hands,
            second.decks,
            second.tokens,
            second.pool,
        )


def test_a_state_without_its_record_still_resamples_to_the_same_view() -> None:
    """Rules section 7: a host may hand a bot a state detached from its record (the server
    does, to keep pickling cheap); the sampler then knows only hand sizes, and every sample
    must still look the same to the viewer and to everyone (it emptied other hands). A search
    sample (``SeatView.sample_state``) is detached but keeps its length, and resampling one
    again used to replay nothing and deal every hand empty."""
    checked = 0
    for seed, keeps_length in itertools.product(range(6), (False, True)):
        state = molehaven.make("mole-majority").initial_state()
        rng = random.Random(seed)
        while state.num_actions < 120 and not state.is_terminal():
            random_step(state, rng)
        if state.is_terminal():
            continue
        detached = state.clone()
        detached._history = None
        if not keeps_length:
            detached._length = 0
        for viewer in (0, 1, None):
            sample = detached.resample_hidden(viewer, random.Random(1))
            assert sample.observation(None) == state.observation(None)
            if viewer is not None:
                assert sample.observation(viewer) == state.observation(viewer)
            checked += 1
    assert checked >= 12
