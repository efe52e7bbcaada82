"""The move log once a game is over: every entry in the words of whoever read the most."""

from __future__ import annotations

import random

import molehaven
from molehaven.core import CHANCE, Action, State
from molehaven.games.the_mole.content import QUESTIONS
from molehaven.games.the_mole.notation import CardOutcome
from molehaven.server.matches.story import describe, result_of


def _first_chance(slug: str, players: int, verb: str) -> tuple[State, Action]:
    """A seeded random game of ``slug`` up to its first chance outcome named ``verb``."""
    state = molehaven.make(slug, players).initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance():
            outcomes = [outcome for outcome, _ in state.chance_outcomes()]
            chosen = rng.choice(outcomes)
            if str(chosen).split()[0] == verb:
                return state, chosen
            state.apply(CHANCE, chosen)
        else:
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"no {verb} outcome in the game")


def test_a_card_dealt_in_secret_reads_as_its_receiver_read_it() -> None:
    # TM-6, TM-11: only the receiver reads the question; after the end everyone may.
    state, card = _first_chance("the-mole", 4, "card")
    entry = describe(state, CHANCE, card)
    receiver = entry.described.index(next(w for w in entry.described if "\u201c" in w)) - 1
    assert entry.after_the_end() == entry.for_viewer(receiver)
    # The question's words, as on the card; its id ("q36") is notation, not for the log.
    assert isinstance(card, CardOutcome)
    question = QUESTIONS[card.question - 1].text
    assert f"\u201c{question}\u201d" in entry.after_the_end()
    assert str(card).split()[1] not in entry.after_the_end()
    assert entry.after_the_end() != entry.for_viewer(None)


def test_a_public_outcome_keeps_its_words_rather_than_bare_notation() -> None:
    # Section 11 of Die Maulwurf Company: a disc turned over is public.
    state, flip = _first_chance("maulwurf-company", 3, "flip")
    entry = describe(state, CHANCE, flip)
    assert entry.after_the_end() == entry.for_viewer(None)
    assert "turns over" in entry.after_the_end()


def test_a_seats_own_action_reads_as_its_actor_read_it() -> None:
    state = molehaven.make("mole-park", 3).initial_state()
    rng = random.Random(5)
    while state.is_chance():
        state.apply(CHANCE, rng.choice([o for o, _ in state.chance_outcomes()]))
    seat = state.to_move()[0]
    entry = describe(state, seat, state.legal_actions(seat)[0])
    assert entry.after_the_end() == entry.for_viewer(seat)
    assert entry.for_viewer(seat) != entry.for_viewer((seat + 1) % 3)  # a secret die (MP-5)


def test_the_end_is_explained_in_the_engines_own_words() -> None:
    """A game whose engine says why it ended (Mole Majority's end conditions, MM-36 … MM-40)
    gives that reason as it is, not fitted into a sentence it does not fit."""
    state = _random_game_to_the_end("mole-majority", 2, seed=5, turn_limit=2)
    reason = state.observation(None)["end_reason"]
    summary = result_of(state, ["Ann", "Bob"])["summary"]
    assert isinstance(summary, str) and f"Why: {reason}." in summary
    assert "ended by" not in summary


def _random_game_to_the_end(slug: str, players: int, seed: int, **options: object) -> State:
    state = molehaven.make(slug, players, **options).initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply(CHANCE, rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
        else:
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_a_game_without_points_is_not_summed_up_in_scores() -> None:
    """Die Maulwurf Company scores only who won (MC-30): its result names the winner and why
    (the golden shovel, MC-22, or the last player with moles, MC-23), not "Final scores:
    Ann 0, Bob 1", which said the result a second time as if it were points."""
    state = _random_game_to_the_end("maulwurf-company", 2, seed=1)
    summary = result_of(state, ["Ann", "Bob"])["summary"]
    assert isinstance(summary, str)
    assert "Final scores" not in summary
    assert "highest final score" not in summary
    reason = state.observation(None)["end_reason"]
    assert reason in ("a mole reached the golden shovel", "no other player has a mole left")
    assert f"Why: {reason}." in summary


def test_mole_park_says_whether_the_crown_or_the_round_limit_ended_it() -> None:
    """MP-34, MP-35: the Crown, or the round limit and then the scores (which are read out)."""
    crowned = _random_game_to_the_end("mole-park", 3, seed=2)
    assert "Why: King Mole's Crown was won." in str(result_of(crowned, ["A", "B", "C"])["summary"])
    limited = _random_game_to_the_end("mole-park", 3, seed=2, round_limit=1)
    summary = str(result_of(limited, ["A", "B", "C"])["summary"])
    assert "Why: the round limit was reached: the highest score wins." in summary
    assert "Final scores: A " in summary


def test_a_game_of_points_reads_its_scores_out_even_when_they_are_one_and_zero() -> None:
    """A one-round Mole Hill can end 1 to 0 (the gardener never digs): those are points, and
    the result reads them out, though they look like Die Maulwurf Company's win markers."""
    for seed in range(200):
        state = _random_game_to_the_end("mole-hill", 2, seed=seed, rounds=1)
        if state.scores() == [1.0, 0.0]:
            break
    else:
        raise AssertionError("no one-round game ended 1 to 0")
    assert "Final scores: Ann 1, Bob 0." in str(result_of(state, ["Ann", "Bob"])["summary"])


def test_the_result_gives_its_sentences_apart_for_the_page_to_set_who_won_first() -> None:
    """The table page sets who won apart from why and the scores; it reads ``lines`` instead
    of splitting the summary's prose at "Why:"."""
    state = _random_game_to_the_end("mole-park", 3, seed=2, round_limit=1)
    result = result_of(state, ["A", "B", "C"])
    lines = result["lines"]
    assert isinstance(lines, list) and len(lines) == 3
    assert str(lines[0]).startswith(("Won by", "A draw", "Nobody"))
    assert str(lines[1]).startswith("Why: ") and str(lines[2]).startswith("Final scores: ")
    assert " ".join(str(line) for line in lines) == result["summary"]
    no_points = result_of(_random_game_to_the_end("maulwurf-company", 2, seed=1), ["A", "B"])
    assert isinstance(no_points["lines"], list) and len(no_points["lines"]) == 2
