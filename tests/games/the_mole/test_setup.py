"""Setup, rounds, the dealer, the timer and the options (TM-1 … TM-9, TM-22 … TM-24, TM-34)."""

from __future__ import annotations

import pytest

import molehaven
from molehaven.core import CHANCE, CLOCK, OptionsError
from molehaven.games.the_mole.content import LOCATIONS, QUESTION_BY_ID
from tests.games.the_mole.helpers import (
    apply_all,
    deal_round,
    legal,
    new_game,
    outcomes,
    p3,
    public,
    seen,
)


def test_tm_1_location_list_and_role_cards() -> None:
    """TM-1: the first node offers the 16 locations in Location List order; each location's
    role node offers its 7 role ids in card order."""
    state = new_game(4)
    assert list(outcomes(state)) == [f"location {location.id}" for location in LOCATIONS]
    assert set(outcomes(state).values()) == {1 / 16}
    for location in LOCATIONS:
        probe = apply_all(new_game(4), f"-1: location {location.id}, -1: mole 0")
        assert list(outcomes(probe)) == [f"role {role.id}" for role in location.roles]


def test_tm_2_canned_answers_come_from_the_question_card() -> None:
    """TM-2: the answerer's canned answers are a1 … aK of the card asked, K its answer count."""
    state = apply_all(p3(), "1: ask 0 q2, -1: card q16")
    count = len(QUESTION_BY_ID["q2"].answers)
    assert count == 11
    answers = {text for text in legal(state, 0) if text.startswith("answer")}
    assert answers == {f"answer a{k}" for k in range(1, count + 1)}
    with pytest.raises(ValueError, match="not legal"):
        state.apply(0, f"answer a{count + 1}")


@pytest.mark.parametrize("players", [2, 9])
def test_tm_3_three_to_eight_players(players: int) -> None:
    """TM-3: 3 to 8 players; the error names the valid counts."""
    with pytest.raises(OptionsError, match="3-8"):
        molehaven.make("the-mole", players)


def test_tm_3_first_dealer_is_seat_0_and_setup_has_no_decisions() -> None:
    """TM-3, TM-7: the game starts at the location node, dealer seat 0, nobody to move."""
    state = new_game(5)
    assert state.is_chance()
    assert state.to_move() == []
    assert (public(state, "dealer"), public(state, "round"), public(state, "phase")) == (
        0,
        1,
        "setup",
    )
    assert state.scores() == [0.0] * 5


def test_tm_4_one_mole_and_distinct_roles() -> None:
    """TM-4: the Mole's seat is one uniform node; a role dealt is gone for the next spy."""
    state = apply_all(new_game(3), "-1: location museum")
    assert outcomes(state) == {"mole 0": 1 / 3, "mole 1": 1 / 3, "mole 2": 1 / 3}
    apply_all(state, "-1: mole 0, -1: role curator")
    assert "role curator" not in outcomes(state)
    with pytest.raises(ValueError, match="not legal"):
        state.apply(CHANCE, "role curator")
    with pytest.raises(ValueError, match="not legal"):
        state.apply(CHANCE, "role pilot")  # not a museum role
    apply_all(state, "-1: role guard")
    cards = [seen(state, seat, "card") for seat in range(3)]
    assert cards == [
        {"mole": True},
        {"mole": False, "location": "museum", "role": "curator"},
        {"mole": False, "location": "museum", "role": "guard"},
    ]


def test_tm_5_locations_without_replacement_then_a_new_cycle() -> None:
    """TM-5: each round's location is new until all 16 are used; then all 16 return."""
    state = new_game(3, target_score=20)
    for index, location in enumerate(LOCATIONS):
        assert len(outcomes(state)) == 16 - index
        deal_round(state, location.id, 2, [role.id for role in location.roles[:2]])
        assert public(state, "locations_used") == [loc.id for loc in LOCATIONS[:index]]
        state.apply(2, "guess hospital" if location.id != "hospital" else "guess airport")
    assert public(state, "locations_used") == [location.id for location in LOCATIONS]
    assert len(outcomes(state)) == 16
    apply_all(state, "-1: location farm")
    assert public(state, "locations_used") == []
    assert state.scores() == [16, 16, 0]


def test_tm_6_every_round_deals_five_from_all_80_cards() -> None:
    """TM-6: the second round gathers all 80 cards again, the discard pile included."""
    state = apply_all(p3(), "1: ask 0 q2, -1: card q16, 0: answer a1, 2: guess bakery")
    assert public(state, "discard") == ["q2"]
    deal_round(state, "library", 0, ["librarian", "student"], cards=0)
    assert outcomes(state) == {f"card q{q}": 1 / 80 for q in range(1, 81)}
    assert public(state, "discard") == []
    apply_all(state, [f"-1: card q{q}" for q in range(80, 65, -1)])
    assert public(state, "hand_sizes") == [5, 5, 5]
    assert seen(state, 1, "hand") == ["q67", "q70", "q73", "q76", "q79"]


def test_tm_7_setup_nodes_in_order_6n_plus_1() -> None:
    """TM-7: location, mole, n − 1 roles, 5n cards: 6n + 1 chance nodes, then play."""
    for players in (3, 8):
        state = new_game(players)
        kinds = []
        while state.is_chance():
            action = state.chance_outcomes()[0][0]
            kinds.append(str(action).split()[0])
            state.apply(CHANCE, action)
        assert len(kinds) == 6 * players + 1
        assert kinds == ["location", "mole"] + ["role"] * (players - 1) + ["card"] * 5 * players
        assert public(state, "phase") == "ask"


def test_tm_8_the_timer_runs_from_the_end_of_setup_to_time_up() -> None:
    """TM-8: ``timer`` is public; running once the last setup node is applied, stopped at
    time-up; ``seconds`` is option round_seconds; ``round`` tells rounds apart."""
    state = deal_round(new_game(3, round_seconds=90), "airport", 2, ["pilot", "traveller"], 14)
    assert public(state, "timer") == {"running": False, "round": 1, "seconds": 90, "time_up": False}
    assert state.legal_actions(CLOCK) == []
    apply_all(state, "-1: card q15")
    assert public(state, "timer") == {"running": True, "round": 1, "seconds": 90, "time_up": False}
    assert [str(a) for a in state.legal_actions(CLOCK)] == ["time-up"]
    apply_all(state, "1: ask 0 q2")  # the draw node does not stop the timer
    assert public(state, "timer") == {"running": True, "round": 1, "seconds": 90, "time_up": False}
    apply_all(state, "-1: card q16, -2: time-up")
    assert public(state, "timer") == {"running": False, "round": 1, "seconds": 90, "time_up": True}
    apply_all(state, "0: point 2, 1: point 2, 2: point 0")
    assert public(state, "timer") == {"running": False, "round": 2, "seconds": 90, "time_up": False}


def test_tm_9_first_asker_left_of_the_dealer_and_the_dealer_passes_left() -> None:
    """TM-9: round r's dealer is seat r − 1 (mod n), its first asker the next seat."""
    state = new_game(4, target_score=20)
    for round_number in range(1, 6):
        location = LOCATIONS[round_number]
        deal_round(state, location.id, 0, [role.id for role in location.roles[:3]])
        dealer = (round_number - 1) % 4
        assert (public(state, "dealer"), public(state, "asker")) == (dealer, (dealer + 1) % 4)
        state.apply(0, "guess hospital")


def test_tm_22_round_end_reveals_every_card() -> None:
    """TM-22: location, the Mole and every role go into the public history."""
    state = apply_all(p3(), "1: nominate 0, 1: vote yes, 2: vote yes")
    assert public(state, "history") == [
        {
            "round": 1,
            "dealer": 0,
            "location": "airport",
            "mole": 2,
            "roles": ["pilot", "traveller", None],
            "end": "vote",
            "accused": 0,
            "guess": None,
            "pointing": None,
            "points": [0, 0, 2],
        }
    ]
    assert public(state, "locations_used") == ["airport"]


def test_tm_24_target_score_option_ends_the_game_early() -> None:
    """TM-24: with target_score 1 the first spy round ends the game with every spy winning."""
    state = apply_all(p3(target_score=1), "2: guess museum")
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5, 0.0]
    assert public(state, "phase") == "over"
    assert state.legal_actions(CLOCK) == []
    with pytest.raises(ValueError, match="over"):
        state.apply(0, "nominate 1")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target_score": 0}, "target_score"),
        ({"target_score": 21}, "target_score"),
        ({"target_score": True}, "target_score"),
        ({"question_limit": -1}, "question_limit"),
        ({"question_limit": 201}, "question_limit"),
        ({"round_seconds": 29}, "round_seconds"),
        ({"round_seconds": 3601}, "round_seconds"),
        ({"free_text": 1}, "free_text"),
        ({"rounds": 3}, "valid: target_score, question_limit, round_seconds, free_text"),
    ],
)
def test_tm_34_options_are_validated(options: dict[str, object], message: str) -> None:
    """TM-34: unknown options, wrong types (a bool is no int, an int no bool) and values out
    of range are refused naming what is valid."""
    with pytest.raises(OptionsError, match=message):
        molehaven.make("the-mole", 4, **options)


def test_tm_34_option_names_and_defaults() -> None:
    """Section 6: the options a host reads, with their defaults."""
    game = molehaven.make("the-mole", 5)
    assert game.options_dict() == {
        "target_score": 5,
        "question_limit": 20,
        "round_seconds": 600,
        "free_text": True,
    }
    assert game.max_length() == 1353  # section 10's bound for 5 players
    assert molehaven.make("the-mole", 8).max_length() == 3111
