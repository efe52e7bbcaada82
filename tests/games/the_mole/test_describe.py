"""The Mole's move log (decisions section 7): who reads what of each action."""

from __future__ import annotations

import molehaven
from molehaven.core import CHANCE, CLOCK, State, name_seats
from molehaven.games.the_mole.content import QUESTIONS
from tests.games.the_mole.helpers import apply_all, new_game, p3

NAMES = ["Ann", "Bob", "Cy"]
VIEWERS = (0, 1, 2, None)


def told(state: State, seat: int, text: str, viewer: int | None) -> str:
    """What ``viewer`` reads of ``seat`` playing ``text`` now, with the seats named."""
    action = state.game.parse_action(text)
    return name_seats(state.describe_action(seat, action, viewer), NAMES)


def test_tm_32_setup_cards_read_the_same_whatever_was_dealt() -> None:
    """TM-32 and section 7: nobody learns the location, the Mole or which seat a role card
    went to from the log."""
    state = new_game(3)
    for viewer in VIEWERS:
        assert told(state, CHANCE, "location airport", viewer) == told(
            state, CHANCE, "location bakery", viewer
        )
    apply_all(state, "-1: location airport")
    for viewer in VIEWERS:
        assert {told(state, CHANCE, f"mole {seat}", viewer) for seat in range(3)} == {
            "chance: the Mole card is dealt in secret"
        }
    apply_all(state, "-1: mole 2")
    for viewer in VIEWERS:
        assert told(state, CHANCE, "role pilot", viewer) == told(
            state, CHANCE, "role traveller", viewer
        )


def test_tm_6_a_dealt_question_card_is_read_by_its_receiver_only() -> None:
    """TM-6, section 7 (a seat's question hand): seat 0 reads the question it is dealt, the
    others and a spectator only that a card went to seat 0."""
    state = new_game(3)
    apply_all(state, "-1: location airport, -1: mole 2, -1: role pilot, -1: role traveller")
    assert (
        told(state, CHANCE, "card q7", 0)
        == f"chance: Ann is dealt the question \u201c{QUESTIONS[6].text}\u201d"
    )
    for viewer in (1, 2, None):
        assert told(state, CHANCE, "card q7", viewer) == "chance: Ann is dealt a question card"
        assert told(state, CHANCE, "card q9", viewer) == "chance: Ann is dealt a question card"


def test_tm_31_a_question_asked_is_public_with_its_words_and_the_card_drawn_is_not() -> None:
    """TM-31: everyone reads the question asked, in the content's words; TM-11, section 7:
    the card drawn after asking is read by the asker only."""
    state = p3()
    question = QUESTIONS[1].text
    for viewer in VIEWERS:
        assert told(state, 1, "ask 0 q2", viewer) == f"Bob asked Ann: \u201c{question}\u201d"
    state.apply(1, "ask 0 q2")
    # The asker reads the words, as on the card; its id is notation, not for the log.
    drawn = told(state, CHANCE, "card q16", 1)
    assert drawn == f"chance: Bob draws the question \u201c{QUESTIONS[15].text}\u201d"
    assert "q16" not in drawn
    for viewer in (0, 2, None):
        assert told(state, CHANCE, "card q16", viewer) == "chance: Bob draws a question card"
        assert told(state, CHANCE, "card q20", viewer) == "chance: Bob draws a question card"


def test_tm_12_tm_13_every_answer_is_public_and_free_text_stays_literal() -> None:
    """TM-12: a canned answer reads as its text; TM-13: free text is quoted, so braces in it
    never name a seat."""
    state = apply_all(p3(), "1: ask 0 q2, -1: card q16")
    canned = QUESTIONS[1].answers[2].text
    free = 'answer "ask {s2} about {it}"'
    for viewer in VIEWERS:
        assert told(state, 0, "answer a3", viewer) == f"Ann answered: \u201c{canned}\u201d"
        assert told(state, 0, free, viewer) == (
            "Ann answered in their own words: \u201cask {s2} about {it}\u201d"
        )


def test_tm_15_a_ballot_is_secret_until_the_last_one() -> None:
    """TM-14: a nomination is public; TM-15: a ballot reads in full to its voter only, to the
    others (the nominee and a spectator included) as cast, yes or no alike; the last ballot
    completes the vote and everyone reads it."""
    state = p3()
    for viewer in VIEWERS:
        assert told(state, 0, "nominate 2", viewer) == "Ann called a vote against Cy"
    state.apply(0, "nominate 2")
    assert told(state, 0, "vote yes", 0) == "Ann voted yes (a secret ballot)"
    for viewer in (1, 2, None):
        assert told(state, 0, "vote yes", viewer) == "Ann cast a ballot"
        assert told(state, 0, "vote no", viewer) == "Ann cast a ballot"
    state.apply(0, "vote yes")
    for viewer in VIEWERS:
        assert told(state, 1, "vote no", viewer) == (
            "Bob voted no, the last ballot: the vote is complete, and not everyone voted yes,"
            " so play goes on"
        )
        # TM-16: a unanimous yes convicts, and the log says so (it used to stop at
        # "the vote is complete", leaving the outcome to the next round's summary).
        assert told(state, 1, "vote yes", viewer) == (
            "Bob voted yes, the last ballot: the vote is complete, and everyone voted yes,"
            " so Cy shows their card"
        )


def test_tm_21_a_pointing_is_secret_until_the_last_one_and_time_up_is_public() -> None:
    """TM-19: the clock's time-up is public; TM-21: a pointing reads in full to its owner
    only until everyone has pointed."""
    state = p3()
    for viewer in VIEWERS:
        assert told(state, CLOCK, "time-up", viewer) == "clock: time is up"
    state.apply(CLOCK, "time-up")
    assert told(state, 0, "point 2", 0) == "Ann pointed at Cy (in secret)"
    for viewer in (1, 2, None):
        assert told(state, 0, "point 2", viewer) == "Ann pointed at someone"
        assert told(state, 0, "point 1", viewer) == "Ann pointed at someone"
    apply_all(state, "0: point 2, 1: point 2")
    for viewer in VIEWERS:
        assert told(state, 2, "point 0", viewer).startswith("Cy pointed at Ann, the last")


def test_tm_18_a_guess_is_public() -> None:
    state = p3()
    for viewer in VIEWERS:
        assert told(state, 2, "guess airport", viewer) == (
            "Cy revealed being the Mole and guessed the location: Airport"
        )


def test_the_log_never_differs_between_two_games_a_spy_cannot_tell_apart() -> None:
    """TM-32: two deals that differ only in who the Mole is (seat 1 or 2, seen from seat 0,
    a spy in both) log every action to seat 0 in the same words."""
    logs = []
    for mole, roles in ((1, ["pilot", "traveller"]), (2, ["pilot", "traveller"])):
        state = molehaven.make("the-mole", 3).initial_state()
        moves = ["-1: location airport", f"-1: mole {mole}"] + [f"-1: role {r}" for r in roles]
        moves += [f"-1: card q{q}" for q in range(1, 16)] + ["1: ask 2 q2", "-1: card q16"]
        log = []
        for move in moves:
            who, _, text = move.partition(":")
            log.append(told(state, int(who), text.strip(), 0))
            state.apply(int(who), text.strip())
        logs.append(log)
    assert logs[0] == logs[1]
