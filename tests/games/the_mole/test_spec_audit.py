"""An outside tester's audit of The Mole against ``shared/rules/the-mole.md`` and ``README.md``.

Only the public API is used (``molehaven.make``, ``Game.parse_action``, ``str(action)``, the
``State`` methods, ``molehaven.replay``, ``molehaven.CLOCK``) with the notation strings of the
spec. Each test names the decision id or spec section it checks.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

import molehaven

CHANCE = -1
CLOCK = molehaven.CLOCK

LOCATIONS = [
    "airport",
    "bakery",
    "bowling-alley",
    "campsite",
    "cruise-ship",
    "fire-station",
    "library",
    "lighthouse",
    "farm",
    "ski-resort",
    "recording-studio",
    "theme-park",
    "aquarium",
    "wedding",
    "museum",
    "hospital",
]
CAMPSITE = ["park-ranger", "hiker", "scout-leader", "camper", "angler", "camp-cook", "photographer"]
AIRPORT = [
    "pilot",
    "flight-attendant",
    "security-officer",
    "baggage-handler",
    "traveller",
    "air-traffic-controller",
    "duty-free-clerk",
]
ROLES_BY_LOCATION = {
    "airport": AIRPORT,
    "bakery": "baker cashier delivery-driver pastry-chef customer cake-decorator apprentice",
    "bowling-alley": "bowler shoe-rental-clerk pinsetter-mechanic snack-bar-cook league-captain"
    " birthday-guest manager",
    "campsite": CAMPSITE,
    "cruise-ship": "captain deckhand entertainer passenger ships-chef lifeguard purser",
}
ROLES_BY_LOCATION = {
    key: value.split() if isinstance(value, str) else value
    for key, value in ROLES_BY_LOCATION.items()
}
REQUIRED_KEYS = {
    "game",
    "players",
    "seat",
    "round",
    "dealer",
    "phase",
    "scores",
    "timer",
    "card",
    "hand",
    "hand_sizes",
    "draw_pile_size",
    "discard",
    "asker",
    "answerer",
    "question",
    "answers_given",
    "question_limit",
    "exchanges",
    "nominated",
    "vote",
    "votes",
    "pointing",
    "locations_used",
    "history",
}


# --------------------------------------------------------------------------- helpers


def new(players: int, **options: Any) -> Any:
    return molehaven.make("the-mole", players=players, **options).initial_state()


def play(state: Any, moves: Sequence[str]) -> Any:
    """Apply entries written as in section 11: ``"-1: mole 2"``, ``"1: ask 0 q2"``."""
    for entry in moves:
        who, _, text = entry.partition(":")
        state.apply(int(who), text.strip())
    return state


def deal(state: Any, location: str, mole: int, roles: Sequence[str]) -> Any:
    players = len(state.observation(None)["scores"])
    moves = [f"-1: location {location}", f"-1: mole {mole}"]
    moves += [f"-1: role {role}" for role in roles]
    moves += [f"-1: card q{q}" for q in range(1, 5 * players + 1)]
    return play(state, moves)


def p3(**options: Any) -> Any:
    return deal(new(3, **options), "airport", 2, ["pilot", "traveller"])


def p4(**options: Any) -> Any:
    return deal(new(4, **options), "bakery", 3, ["baker", "cashier", "customer"])


def legal(state: Any, seat: int) -> set[str]:
    return {str(action) for action in state.legal_actions(seat)}


def outcomes(state: Any) -> dict[str, float]:
    return {str(action): p for action, p in state.chance_outcomes()}


def obs(state: Any, seat: int | None = None) -> dict[str, Any]:
    observation: dict[str, Any] = state.observation(seat)
    return observation


def dump(state: Any, seat: int | None = None) -> str:
    return json.dumps(state.observation(seat), sort_keys=True)


def refused(state: Any, seat: int, text: str) -> None:
    """``apply`` raises ValueError and leaves the state unchanged (TM-29)."""
    before = [dump(state, s) for s in (None, *range(len(obs(state)["scores"])))]
    record = json.dumps(state.record())
    with pytest.raises(ValueError):  # noqa: PT011 - the API promises only ValueError
        state.apply(seat, text)
    assert json.dumps(state.record()) == record
    assert [dump(state, s) for s in (None, *range(len(obs(state)["scores"])))] == before


def sample(state: Any, rng: random.Random) -> str:
    actions, weights = zip(*state.chance_outcomes(), strict=True)
    return str(rng.choices(actions, weights)[0])


def random_play(
    players: int, rng: random.Random, *, interject: float = 0.05, clock: float = 0.0, **opts: Any
) -> Any:
    """A random game: obliged seats act, other seats sometimes interject, the clock sometimes
    runs out."""
    state = new(players, **opts)
    while not state.is_terminal():
        if state.is_chance():
            state.apply(CHANCE, sample(state, rng))
            continue
        if state.legal_actions(CLOCK) and rng.random() < clock:
            state.apply(CLOCK, "time-up")
            continue
        movers = state.to_move()
        assert movers, "a non-terminal, non-chance state always has a seat to move (TM-28)"
        o = obs(state)
        obliged = o["asker"] if o["phase"] == "ask" else o["answerer"]
        if o["phase"] in ("ask", "answer") and rng.random() > interject:
            seat = obliged
        else:
            seat = rng.choice(movers)
        actions = state.legal_actions(seat)
        assert actions, f"seat {seat} is in to_move() but has no legal action (TM-25)"
        state.apply(seat, str(rng.choice(actions)))
    return state


# ------------------------------------------------------------------ README conventions


def test_readme_clock_constant_and_seats() -> None:
    """README: CHANCE = -1, CLOCK = -2, and neither ever appears in ``to_move()``."""
    assert molehaven.CLOCK == -2
    assert molehaven.CHANCE == -1
    state = new(3)
    assert state.is_chance()
    assert state.to_move() == []
    state = p3()
    assert CHANCE not in state.to_move()
    assert CLOCK not in state.to_move()
    assert state.legal_actions(CLOCK) != []


def test_readme_record_replays_with_chance_and_clock_actions() -> None:
    """README Records: JSON with format 1, slug, options, players, every action including
    chance (seat -1) and clock (seat -2); replay gives the same state."""
    state = play(p4(question_limit=7), ["1: ask 0 q2", "-1: card q21", "0: answer a3"])
    play(state, ["0: nominate 1", "0: vote yes", "-2: time-up", "2: vote yes", "3: vote no"])
    record = state.record()
    assert record["format"] == 1
    assert record["game"] == "the-mole"
    assert record["players"] == 4
    assert record["options"] == {
        "target_score": 5,
        "question_limit": 7,
        "round_seconds": 600,
        "free_text": True,
    }
    actions = record["actions"]
    assert actions[0] == {"seat": -1, "action": "location bakery"}
    assert {"seat": -2, "action": "time-up"} in actions
    assert {"seat": 0, "action": "answer a3"} in actions
    json.dumps(record)  # JSON-ready
    again = molehaven.replay(json.loads(json.dumps(record)))
    for seat in (None, 0, 1, 2, 3):
        assert dump(again, seat) == dump(state, seat)
    assert again.to_move() == state.to_move() == [0, 1, 2, 3]


def test_readme_replay_reports_bad_action_index_and_text() -> None:
    """README Records: an illegal action is reported with its index and text."""
    record = p3().record()
    record["actions"].append({"seat": 0, "action": "ask 0 q1"})
    with pytest.raises(ValueError, match=r"19") as info:
        molehaven.replay(record)
    assert "ask 0 q1" in str(info.value)


def test_readme_returns_zero_until_end_and_scores_in_observation() -> None:
    """README Returns and scores: returns are 0 until the end; scores are in every
    observation."""
    state = play(p3(), ["2: guess bakery"])
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.scores() == [1.0, 1.0, 0.0]
    for seat in (None, 0, 1, 2):
        assert obs(state, seat)["scores"] == [1, 1, 0]


# ------------------------------------------------------------------ players and options


@pytest.mark.parametrize("players", [0, 1, 2, 9, 10])
def test_tm_3_player_count_outside_3_to_8_is_refused(players: int) -> None:
    """TM-3, TM-34: 3 to 8 players; ValueError names the valid counts."""
    with pytest.raises(ValueError, match="3") as info:
        molehaven.make("the-mole", players=players)
    assert "8" in str(info.value)


@pytest.mark.parametrize("players", range(3, 9))
def test_tm_3_first_dealer_is_seat_0(players: int) -> None:
    """TM-3: the first dealer is seat 0; no chance node chooses it."""
    state = new(players)
    o = obs(state)
    assert o["dealer"] == 0
    assert o["round"] == 1
    assert o["players"] == players
    assert o["scores"] == [0] * players
    assert state.scores() == [0.0] * players
    assert next(iter(outcomes(state))).startswith("location ")


def test_section_6_option_defaults() -> None:
    """Section 6: target_score 5, question_limit 20, round_seconds 600, free_text true."""
    state = p3()
    o = obs(state)
    assert o["question_limit"] == 20
    assert o["timer"]["seconds"] == 600
    assert state.record()["options"] == {
        "target_score": 5,
        "question_limit": 20,
        "round_seconds": 600,
        "free_text": True,
    }


@pytest.mark.parametrize(
    "options",
    [
        {"target_score": 1},
        {"target_score": 20},
        {"question_limit": 0},
        {"question_limit": 200},
        {"round_seconds": 30},
        {"round_seconds": 3600},
        {"free_text": False},
    ],
)
def test_tm_34_options_at_the_limits_are_accepted(options: dict[str, Any]) -> None:
    """TM-34, section 6: the allowed ranges are inclusive."""
    state = new(3, **options)
    assert state.record()["options"] | options == state.record()["options"]


@pytest.mark.parametrize(
    "options",
    [
        {"target_score": 0},
        {"target_score": 21},
        {"question_limit": -1},
        {"question_limit": 201},
        {"round_seconds": 29},
        {"round_seconds": 3601},
        {"target_score": True},
        {"question_limit": False},
        {"round_seconds": 600.0},
        {"free_text": 1},
        {"free_text": "true"},
        {"target": 5},
        {"round_length": 600},
    ],
)
def test_tm_34_bad_options_are_refused(options: dict[str, Any]) -> None:
    """TM-34: unknown option, wrong type (bool for int, int for bool) or out of range."""
    with pytest.raises(ValueError):  # noqa: PT011
        molehaven.make("the-mole", players=3, **options)


def test_tm_34_unknown_option_error_names_the_valid_ones() -> None:
    """TM-34: the error names the valid choices."""
    with pytest.raises(ValueError, match="question_limit"):
        molehaven.make("the-mole", players=3, round_length=600)


def test_tm_8_round_seconds_is_shown_not_read() -> None:
    """TM-8: round_seconds only appears in the observation's timer; play is identical."""
    short = p3(round_seconds=30)
    long = p3(round_seconds=3600)
    assert obs(short)["timer"] == {"running": True, "round": 1, "seconds": 30, "time_up": False}
    assert obs(long)["timer"]["seconds"] == 3600
    assert short.to_move() == long.to_move()
    assert legal(short, 1) == legal(long, 1)


# ----------------------------------------------------------------------- setup (section 3)


def test_section_3_location_node_is_uniform_over_the_list() -> None:
    """Section 3 step 1: one outcome per unused location, 1/16 each, in list order."""
    state = new(3)
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"location {x}" for x in LOCATIONS]
    assert all(p == pytest.approx(1 / 16) for _, p in state.chance_outcomes())
    assert state.legal_actions(CLOCK) == []
    assert [str(a) for a in state.legal_actions(CHANCE)] == [f"location {x}" for x in LOCATIONS]
    for seat in range(3):
        assert state.legal_actions(seat) == []


@pytest.mark.parametrize("players", range(3, 9))
def test_section_3_setup_has_6n_plus_1_chance_nodes(players: int) -> None:
    """Section 3, TM-7: 1 + 1 + (n − 1) + 5n = 6n + 1 chance nodes, then phase ask."""
    state = new(players)
    nodes = 0
    while state.is_chance():
        assert state.to_move() == []
        assert obs(state)["phase"] == "setup"
        assert obs(state)["timer"]["running"] is False
        state.apply(CHANCE, str(state.chance_outcomes()[-1][0]))
        nodes += 1
    assert nodes == 6 * players + 1
    o = obs(state)
    assert o["phase"] == "ask"
    assert o["asker"] == 1
    assert o["timer"] == {"running": True, "round": 1, "seconds": 600, "time_up": False}
    assert o["hand_sizes"] == [5] * players
    assert o["draw_pile_size"] == 80 - 5 * players
    assert o["discard"] == []


def test_section_3_mole_and_role_and_card_nodes() -> None:
    """Section 3 steps 2-4, TM-4: mole 1/n; roles without replacement in card order, the Mole
    skipped; cards 1/(pile size) by number."""
    state = play(new(3), ["-1: location airport"])
    assert outcomes(state) == {"mole 0": 1 / 3, "mole 1": 1 / 3, "mole 2": 1 / 3}
    assert [str(a) for a, _ in state.chance_outcomes()] == ["mole 0", "mole 1", "mole 2"]
    play(state, ["-1: mole 0"])
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"role {r}" for r in AIRPORT]
    assert all(p == pytest.approx(1 / 7) for _, p in state.chance_outcomes())
    play(state, ["-1: role duty-free-clerk"])  # seat 1
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"role {r}" for r in AIRPORT[:-1]]
    assert all(p == pytest.approx(1 / 6) for _, p in state.chance_outcomes())
    refused(state, CHANCE, "role duty-free-clerk")  # already dealt
    refused(state, CHANCE, "role baker")  # not a role of the airport
    play(state, ["-1: role pilot"])  # seat 2
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"card q{q}" for q in range(1, 81)]
    assert all(p == pytest.approx(1 / 80) for _, p in state.chance_outcomes())
    play(state, ["-1: card q80", "-1: card q40"])
    assert len(outcomes(state)) == 78
    assert "card q80" not in outcomes(state)
    assert all(p == pytest.approx(1 / 78) for p in outcomes(state).values())
    for q in range(1, 14):
        state.apply(CHANCE, f"card q{q}")
    assert obs(state, 0)["card"] == {"mole": True}
    assert obs(state, 1)["card"] == {
        "mole": False,
        "location": "airport",
        "role": "duty-free-clerk",
    }
    assert obs(state, 2)["card"] == {"mole": False, "location": "airport", "role": "pilot"}
    # passes: seat 0 got q80, q2, q5, ...; seat 1 q40, q3, ...; seat 2 q1, q4, ...
    assert obs(state, 0)["hand"] == ["q2", "q5", "q8", "q11", "q80"]
    assert obs(state, 1)["hand"] == ["q3", "q6", "q9", "q12", "q40"]
    assert obs(state, 2)["hand"] == ["q1", "q4", "q7", "q10", "q13"]


def test_11_standard_position_p3() -> None:
    """Section 11 P3: 19 chance actions; hands, dealer, asker, draw pile, to_move."""
    state = p3()
    assert len(state.record()["actions"]) == 19
    assert obs(state, 0)["hand"] == ["q1", "q4", "q7", "q10", "q13"]
    assert obs(state, 1)["hand"] == ["q2", "q5", "q8", "q11", "q14"]
    assert obs(state, 2)["hand"] == ["q3", "q6", "q9", "q12", "q15"]
    assert obs(state, 2)["card"] == {"mole": True}
    assert obs(state, 0)["card"] == {"mole": False, "location": "airport", "role": "pilot"}
    assert obs(state, 1)["card"] == {"mole": False, "location": "airport", "role": "traveller"}
    o = obs(state)
    assert (o["dealer"], o["phase"], o["asker"], o["answerer"], o["question"]) == (
        0,
        "ask",
        1,
        None,
        None,
    )
    assert o["draw_pile_size"] == 65
    assert state.to_move() == [0, 1, 2]
    assert not state.is_chance()


def test_11_standard_position_p4() -> None:
    """Section 11 P4: hands in five passes; dealer 0, asker 1; 60 cards left."""
    state = p4()
    assert obs(state, 0)["hand"] == ["q1", "q5", "q9", "q13", "q17"]
    assert obs(state, 1)["hand"] == ["q2", "q6", "q10", "q14", "q18"]
    assert obs(state, 2)["hand"] == ["q3", "q7", "q11", "q15", "q19"]
    assert obs(state, 3)["hand"] == ["q4", "q8", "q12", "q16", "q20"]
    assert obs(state, 3)["card"] == {"mole": True}
    assert obs(state, 2)["card"] == {"mole": False, "location": "bakery", "role": "customer"}
    assert (obs(state)["dealer"], obs(state)["asker"], obs(state)["draw_pile_size"]) == (0, 1, 60)
    assert state.to_move() == [0, 1, 2, 3]


def test_11_1_five_players_four_location_cards_and_one_mole_card() -> None:
    """11.1 (TM-4): role nodes shrink 7, 6, 5, 4 and skip the Mole's seat."""
    state = play(new(5), ["-1: location campsite"])
    assert outcomes(state) == {f"mole {s}": pytest.approx(1 / 5) for s in range(5)}
    play(state, ["-1: mole 2"])
    assert outcomes(state) == {f"role {r}": pytest.approx(1 / 7) for r in CAMPSITE}
    play(state, ["-1: role hiker"])
    left = [r for r in CAMPSITE if r != "hiker"]
    assert outcomes(state) == {f"role {r}": pytest.approx(1 / 6) for r in left}
    play(state, ["-1: role camper"])
    left.remove("camper")
    assert outcomes(state) == {f"role {r}": pytest.approx(1 / 5) for r in left}
    play(state, ["-1: role angler"])
    assert outcomes(state) == {
        f"role {r}": pytest.approx(1 / 4)
        for r in ["park-ranger", "scout-leader", "camp-cook", "photographer"]
    }
    play(state, ["-1: role scout-leader"])
    assert len(outcomes(state)) == 80
    assert all(p == pytest.approx(1 / 80) for p in outcomes(state).values())
    play(state, [f"-1: card q{q}" for q in range(1, 26)])
    assert obs(state)["phase"] == "ask"
    assert obs(state)["asker"] == 1
    cards = [obs(state, s)["card"] for s in range(5)]
    assert cards == [
        {"mole": False, "location": "campsite", "role": "hiker"},
        {"mole": False, "location": "campsite", "role": "camper"},
        {"mole": True},
        {"mole": False, "location": "campsite", "role": "angler"},
        {"mole": False, "location": "campsite", "role": "scout-leader"},
    ]


def test_tm_5_locations_without_replacement_then_a_new_cycle() -> None:
    """TM-5: a location is not drawn again until all 16 have been used; round 17 may draw any
    of the 16 again. ``locations_used`` lists the finished rounds of the current cycle."""
    state = new(3, target_score=20)
    for number, location in enumerate(LOCATIONS, start=1):
        expected = [x for x in LOCATIONS if x not in LOCATIONS[: number - 1]]
        assert [str(a) for a, _ in state.chance_outcomes()] == [f"location {x}" for x in expected]
        assert all(p == pytest.approx(1 / len(expected)) for _, p in state.chance_outcomes())
        roles = ROLES_BY_LOCATION.get(location)
        if roles is None:
            # Roles of the other locations: take the first two offered by the role nodes.
            play(state, [f"-1: location {location}", f"-1: mole {number % 3}"])
            for _ in range(2):
                state.apply(CHANCE, str(state.chance_outcomes()[0][0]))
            for _ in range(15):
                state.apply(CHANCE, str(state.chance_outcomes()[0][0]))
        else:
            deal(state, location, number % 3, roles[:2])
        assert obs(state)["locations_used"] == LOCATIONS[: number - 1]
        state.apply(number % 3, "guess " + location)  # correct: the Mole scores 2
        assert obs(state)["locations_used"] == LOCATIONS[:number]
    assert not state.is_terminal()
    assert obs(state)["round"] == 17
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"location {x}" for x in LOCATIONS]
    play(state, ["-1: location museum"])
    assert obs(state)["locations_used"] == []


def test_tm_6_every_round_deals_from_all_80_cards() -> None:
    """TM-6: at every round setup all 80 cards are gathered, and each seat gets five."""
    state = play(p3(), ["1: ask 0 q2", "-1: card q16", "0: answer a1", "2: guess bakery"])
    assert obs(state)["round"] == 2
    play(state, ["-1: location museum", "-1: mole 0", "-1: role curator", "-1: role guard"])
    assert len(outcomes(state)) == 80
    assert obs(state)["discard"] == []
    assert obs(state)["draw_pile_size"] == 80
    assert obs(state)["hand_sizes"] == [0, 0, 0]
    play(state, [f"-1: card q{q}" for q in range(66, 81)])
    assert obs(state, 1)["hand"] == ["q67", "q70", "q73", "q76", "q79"]
    assert obs(state)["asker"] == 2  # TM-9: dealer 1


# -------------------------------------------------------------------------- open play


def test_11_2_asking_the_player_who_just_asked_you() -> None:
    """11.2 (TM-10, TM-11, TM-12)."""
    state = play(p3(), ["1: ask 0 q2"])
    assert state.is_chance()
    assert state.to_move() == []
    assert state.legal_actions(CLOCK) == []
    assert outcomes(state) == {f"card q{q}": pytest.approx(1 / 65) for q in range(16, 81)}
    assert obs(state)["discard"] == ["q2"]
    assert obs(state)["phase"] == "answer"  # the draw node counts as "answer"
    assert obs(state)["question"] == "q2"
    play(state, ["-1: card q16"])
    assert obs(state, 1)["hand"] == ["q5", "q8", "q11", "q14", "q16"]
    assert obs(state)["hand_sizes"] == [5, 5, 5]
    assert (obs(state)["phase"], obs(state)["answerer"]) == ("answer", 0)
    assert legal(state, 0) == {f"answer a{k}" for k in range(1, 12)} | {
        "nominate 1",
        "nominate 2",
    }
    play(state, ["0: answer a1"])
    asks = {f"ask {t} q{k}" for t in (1, 2) for k in (1, 4, 7, 10, 13)}
    assert asks <= legal(state, 0)
    assert legal(state, 0) == asks | {"nominate 1", "nominate 2"}
    assert "ask 1 q1" in legal(state, 0)
    assert legal(state, 1) == {"nominate 0", "nominate 2"}
    assert obs(state)["answers_given"] == 1
    assert obs(state)["asker"] == 0
    assert obs(state)["exchanges"][0]["answer"] == "answer a1"
    assert {"asker": 1, "answerer": 0, "question": "q2"}.items() <= obs(state)["exchanges"][
        0
    ].items()


def test_section_4_open_play_to_move_and_legal_actions() -> None:
    """Section 4 phase ask, TM-25: to_move is the asker, every seat yet to nominate and the
    Mole; the Mole may guess all 16 locations; spies cannot."""
    state = p3()
    assert state.to_move() == [0, 1, 2]
    assert legal(state, 2) == {"nominate 0", "nominate 1"} | {f"guess {x}" for x in LOCATIONS}
    assert legal(state, 0) == {"nominate 1", "nominate 2"}
    assert [str(a) for a in state.legal_actions(2)][-16:] == [f"guess {x}" for x in LOCATIONS]
    texts = [str(a) for a in state.legal_actions(1)]
    assert texts[:5] == ["ask 0 q2", "ask 0 q5", "ask 0 q8", "ask 0 q11", "ask 0 q14"]
    assert texts[10:] == ["nominate 0", "nominate 2"]
    assert state.legal_actions(CLOCK)[0].__str__() == "time-up"
    assert [str(a) for a in state.legal_actions(CLOCK)] == ["time-up"]
    assert state.legal_actions(CHANCE) == []


def test_tm_25_to_move_is_exactly_the_seats_with_a_legal_action() -> None:
    """TM-25: after a seat's failed vote it leaves to_move unless obliged or the Mole."""
    state = play(p4(), ["0: nominate 1", "0: vote no", "2: vote yes", "3: vote yes"])
    assert state.to_move() == [1, 2, 3]
    assert state.legal_actions(0) == []
    for seat in range(4):
        assert (seat in state.to_move()) == bool(state.legal_actions(seat))
    # the Mole stays in to_move after nominating: it can still guess
    play(state, ["3: nominate 0", "1: vote no", "2: vote no", "3: vote no"])
    assert state.to_move() == [1, 2, 3]
    assert legal(state, 3) == {f"guess {x}" for x in LOCATIONS}


@pytest.mark.parametrize(
    ("seat", "text"),
    [
        (1, "ask 1 q2"),  # to oneself
        (1, "ask 0 q1"),  # not in hand
        (0, "ask 1 q1"),  # not the asker
        (1, "answer a1"),  # nothing to answer
        (0, "vote yes"),  # no vote open
        (0, "point 1"),  # no final vote
        (0, "guess airport"),  # a spy cannot guess (11.7)
        (1, "nominate 1"),  # oneself
        (0, "time-up"),  # a seat cannot play the clock's event
        (CHANCE, "card q16"),  # not a chance node
        (CLOCK, "ask 0 q2"),
    ],
)
def test_tm_29_illegal_actions_leave_the_state_unchanged(seat: int, text: str) -> None:
    """TM-29: ValueError, state unchanged."""
    refused(p3(), seat, text)


def test_tm_29_illegal_in_answer_phase() -> None:
    """TM-29: an answer beyond the question's list, by a non-answerer; an ask while answering."""
    state = play(p3(), ["1: ask 0 q2", "-1: card q16"])
    refused(state, 0, "answer a12")  # q2 has 11 answers
    refused(state, 1, "answer a1")
    refused(state, 2, 'answer "hello"')
    refused(state, 1, "ask 0 q5")
    state.apply(0, "answer a11")


def test_tm_29_seat_actions_at_a_chance_node_and_after_the_end() -> None:
    """TM-29: any seat action at a chance node; any action after the end."""
    state = play(p3(), ["1: ask 0 q2"])
    for seat, text in [(2, "guess airport"), (0, "nominate 1"), (0, "answer a1"), (-2, "time-up")]:
        refused(state, seat, text)
    over = play(p3(target_score=1), ["2: guess airport"])
    assert over.is_terminal()
    assert over.to_move() == []
    assert over.legal_actions(CLOCK) == []
    assert over.legal_actions(CHANCE) == []
    for seat, text in [(2, "guess airport"), (0, "nominate 1"), (-2, "time-up"), (-1, "card q1")]:
        refused(over, seat, text)


def test_tm_11_the_discard_pile_becomes_the_draw_pile_when_empty() -> None:
    """TM-11: with 8 players 40 cards remain; after 40 asks the pile is empty, and the next ask
    moves the whole discard pile (the card just asked included) into the draw pile."""
    state = deal(
        new(8, question_limit=0),
        "airport",
        7,
        AIRPORT,
    )
    assert obs(state)["draw_pile_size"] == 40
    for _ in range(40):
        o = obs(state)
        asker = o["asker"]
        state.apply(asker, str(state.legal_actions(asker)[0]))
        state.apply(CHANCE, str(state.chance_outcomes()[0][0]))
        state.apply(obs(state)["answerer"], "answer a1")
    assert obs(state)["draw_pile_size"] == 0
    assert len(obs(state)["discard"]) == 40
    asker = obs(state)["asker"]
    first = state.legal_actions(asker)[0]
    question = str(first).split()[2]
    state.apply(asker, str(first))
    assert obs(state)["discard"] == []
    assert obs(state)["draw_pile_size"] == 41
    assert len(outcomes(state)) == 41
    assert f"card {question}" in outcomes(state)  # the card just asked may come straight back
    assert obs(state)["question"] == question
    state.apply(CHANCE, f"card {question}")
    assert question in obs(state, asker)["hand"]
    assert obs(state)["hand_sizes"][asker] == 5


def test_tm_12_same_canned_answers_for_spy_and_mole_free_text_never_listed() -> None:
    """TM-12: the answerer's list is every canned answer, for a spy and the Mole alike."""
    spy = play(p3(), ["1: ask 0 q2", "-1: card q16"])
    mole = play(p3(), ["1: ask 2 q2", "-1: card q16"])
    answers = {f"answer a{k}" for k in range(1, 12)}
    assert {a for a in legal(spy, 0) if a.startswith("answer")} == answers
    assert {a for a in legal(mole, 2) if a.startswith("answer")} == answers
    assert not any('"' in a for a in legal(spy, 0))
    q1 = play(p3(), ["1: ask 0 q2", "-1: card q16", "0: answer a1", "0: ask 2 q1", "-1: card q17"])
    assert {a for a in legal(q1, 2) if a.startswith("answer")} == {
        f"answer a{k}" for k in range(1, 9)
    }


def test_tm_13_free_text_answer_is_public_and_canonical() -> None:
    """TM-13: a free-text answer is recorded with its canonical text."""
    state = play(p3(), ["1: ask 0 q2", "-1: card q16"])
    state.apply(0, 'answer  "  Waves,\\n and   GULLS "')
    exchange = obs(state, None)["exchanges"][0]
    assert exchange["answer"] == 'answer "Waves, and GULLS"'
    assert state.record()["actions"][-1] == {"seat": 0, "action": 'answer "Waves, and GULLS"'}


def test_11_11_free_text() -> None:
    """11.11 (TM-13)."""
    game = molehaven.make("the-mole", players=3)
    assert str(game.parse_action('answer "Near the  big WHEEL"')) == 'answer "Near the big WHEEL"'
    assert str(game.parse_action('answer "' + "x" * 200 + '"')) == 'answer "' + "x" * 200 + '"'
    with pytest.raises(ValueError, match="200"):
        game.parse_action('answer "' + "x" * 201 + '"')
    assert str(game.parse_action('answer "a\\u0007b"')) == 'answer "a b"'
    with pytest.raises(ValueError):  # noqa: PT011
        game.parse_action('answer "\\u200b"')
    state = play(p3(free_text=False), ["1: ask 0 q2", "-1: card q16"])
    assert str(state.game.parse_action('answer "Loud"')) == 'answer "Loud"'
    refused(state, 0, 'answer "Loud"')
    assert "answer a2" in legal(state, 0)
    state.apply(0, "answer a2")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ('answer "Mostly by bus"', 'answer "Mostly by bus"'),
        ('answer "She said \\"hi\\""', 'answer "She said \\"hi\\""'),
        ('Answer   "  Hi\\tthere "', 'answer "Hi there"'),
        ('ANSWER "Hi"   ', 'answer "Hi"'),
        ('answer "Caf\\u00e9"', 'answer "Café"'),
        ('answer "Café"', 'answer "Café"'),
        ('answer "a\\u2028b\\u2029c"', 'answer "a b c"'),  # Zl, Zp -> space
        ('answer "a\\u200db\\u200ec"', 'answer "abc"'),  # Cf removed
        ('answer "a\\u0085b"', 'answer "a b"'),  # Cc -> space
        ('answer "a\\u00a0\\u00a0b"', 'answer "a b"'),  # whitespace collapses
        ('answer "back\\\\slash"', 'answer "back\\\\slash"'),
        ('answer "\\ud83d\\ude00"', 'answer "\U0001f600"'),  # a surrogate pair is fine
    ],
)
def test_tm_13_free_text_normalization(text: str, canonical: str) -> None:
    """TM-13 steps 1-6: JSON string, control/line separators to spaces, Cf removed, whitespace
    collapsed, case kept; canonical is ``answer `` + json.dumps(ensure_ascii=False)."""
    game = molehaven.make("the-mole", players=3)
    action = game.parse_action(text)
    assert str(action) == canonical
    assert str(game.parse_action(str(action))) == canonical


@pytest.mark.parametrize(
    "text",
    [
        'answer ""',
        'answer "   "',
        "answer 'hi'",
        "answer hi",
        'answer "hi" now',
        'answer "hi" "there"',
        'answer "\\ud800"',  # lone surrogate
        'answer "\\udc00x"',
        'answer "a\tb"',  # a raw control character inside the quotes
        'answer "a\nb"',
        'answer "unterminated',
        'answer"hi"',  # no space after the word
        'answer "\\u200b\\u200e"',
        'answer "\\u0001\\u0002"',
        'answer "\\x41"',  # not a JSON escape
    ],
)
def test_tm_13_bad_free_text_is_a_value_error(text: str) -> None:
    """TM-13 steps 1, 2, 5: rejected at parse with ValueError."""
    game = molehaven.make("the-mole", players=3)
    with pytest.raises(ValueError):  # noqa: PT011
        game.parse_action(text)


def test_tm_13_length_is_counted_after_cleaning_in_code_points() -> None:
    """TM-13 step 5: 200 code points after normalization; outer spaces do not count."""
    game = molehaven.make("the-mole", players=3)
    padded = 'answer "   ' + "é" * 200 + '   "'
    assert str(game.parse_action(padded)) == 'answer "' + "é" * 200 + '"'
    emoji = 'answer "' + "\\ud83d\\ude00" * 200 + '"'
    assert len(json.loads(str(game.parse_action(emoji))[7:])) == 200
    with pytest.raises(ValueError):  # noqa: PT011
        game.parse_action('answer "' + "\\ud83d\\ude00" * 201 + '"')


# ---------------------------------------------------------------------------- votes


def test_11_3_one_dissenter_then_a_unanimous_vote() -> None:
    """11.3 (TM-14, TM-15, TM-16, TM-17)."""
    state = play(p4(), ["0: nominate 3"])
    assert obs(state)["phase"] == "vote"
    assert state.to_move() == [0, 1, 2]
    assert state.legal_actions(3) == []
    assert legal(state, 0) == {"vote yes", "vote no"}
    assert [str(a) for a in state.legal_actions(0)] == ["vote yes", "vote no"]
    assert [str(a) for a in state.legal_actions(CLOCK)] == ["time-up"]
    play(state, ["0: vote yes", "1: vote yes"])
    assert obs(state, 0)["vote"] == {
        "nominator": 0,
        "nominee": 3,
        "ballots": ["yes", "cast", "waiting", None],
    }
    assert obs(state, None)["vote"]["ballots"] == ["cast", "cast", "waiting", None]
    assert obs(state, 3)["vote"]["ballots"] == ["cast", "cast", "waiting", None]
    assert obs(state, 2)["vote"]["ballots"] == ["cast", "cast", "waiting", None]
    play(state, ["2: vote no"])
    assert state.scores() == [0.0, 0.0, 0.0, 0.0]
    o = obs(state)
    assert (o["phase"], o["asker"], o["vote"]) == ("ask", 1, None)
    assert o["votes"] == [
        {"nominator": 0, "nominee": 3, "ballots": ["yes", "yes", "no", None], "passed": False}
    ]
    assert o["nominated"] == [True, False, False, False]
    assert state.to_move() == [1, 2, 3]
    assert state.legal_actions(0) == []
    refused(state, 0, "nominate 2")
    play(state, ["2: nominate 3", "0: vote yes", "1: vote yes", "2: vote yes"])
    assert state.scores() == [1.0, 1.0, 1.0, 0.0]
    assert state.is_chance()
    o = obs(state)
    assert o["dealer"] == 1
    assert o["round"] == 2
    assert o["nominated"] == [False] * 4  # the right returns next round (TM-14)
    assert set(outcomes(state)) == {f"location {x}" for x in LOCATIONS if x != "bakery"}
    assert len(outcomes(state)) == 15
    assert all(p == pytest.approx(1 / 15) for p in outcomes(state).values())
    last = o["history"][-1]
    assert last == {
        "round": 1,
        "dealer": 0,
        "location": "bakery",
        "mole": 3,
        "roles": ["baker", "cashier", "customer", None],
        "end": "vote",
        "accused": 3,
        "guess": None,
        "pointing": last["pointing"],
        "points": [1, 1, 1, 0],
    }
    assert last["pointing"] in (None, [])


def test_tm_15_the_nominator_votes_and_a_no_fails_the_vote() -> None:
    """TM-15: the nominator is a voter; its own `no` fails the vote."""
    state = play(p4(), ["1: nominate 2", "0: vote yes", "3: vote yes"])
    assert state.to_move() == [1]
    refused(state, 2, "vote yes")
    play(state, ["1: vote no"])
    assert state.scores() == [0.0] * 4
    assert obs(state)["phase"] == "ask"


def test_tm_15_a_second_ballot_is_illegal_and_nobody_acts_but_voters() -> None:
    """TM-15, TM-29: one ballot per voter; no nomination, ask, answer or guess in a vote."""
    state = play(p4(), ["0: nominate 3", "0: vote yes"])
    refused(state, 0, "vote no")
    refused(state, 3, "vote yes")  # the nominee
    refused(state, 1, "ask 0 q2")
    refused(state, 1, "nominate 2")
    refused(state, 3, "guess bakery")  # TM-18: not even the nominated Mole
    refused(state, 2, "point 3")


def test_tm_16_a_failed_vote_resumes_the_answer_phase() -> None:
    """TM-16: a vote called while a question waits resumes with the same answerer and
    question."""
    state = play(p4(), ["1: ask 2 q2", "-1: card q21", "2: nominate 1"])
    assert (obs(state)["answerer"], obs(state)["question"]) == (2, "q2")
    play(state, ["0: vote yes", "2: vote yes", "3: vote no"])
    o = obs(state)
    assert (o["phase"], o["asker"], o["answerer"], o["question"]) == ("answer", 1, 2, "q2")
    assert state.to_move() == [0, 1, 2, 3]
    assert {f"answer a{k}" for k in range(1, 12)} <= legal(state, 2)
    assert not any(a.startswith("nominate") for a in legal(state, 2))
    play(state, ["2: answer a5"])
    assert obs(state)["asker"] == 2


def test_tm_14_the_asker_the_answerer_and_the_mole_may_nominate() -> None:
    """TM-14: any seat yet to nominate, obliged or not, the Mole included."""
    assert "nominate 0" in legal(p4(), 1)  # the asker
    answering = play(p4(), ["1: ask 2 q2", "-1: card q21"])
    assert "nominate 0" in legal(answering, 2)  # the answerer
    assert "nominate 0" in legal(answering, 3)  # the Mole
    play(answering, ["3: nominate 0"])
    assert obs(answering)["vote"]["nominator"] == 3


def test_11_5_the_mole_nominates_a_spy() -> None:
    """11.5 (TM-14, TM-17): voters 1, 2, 3; passes; the baker was a spy; Mole +2."""
    state = play(p4(), ["3: nominate 0"])
    assert state.to_move() == [1, 2, 3]
    play(state, ["1: vote yes", "2: vote yes", "3: vote yes"])
    assert state.scores() == [0.0, 0.0, 0.0, 2.0]
    assert state.is_chance()
    o = obs(state)
    assert o["round"] == 2
    assert o["history"][0]["roles"][0] == "baker"
    assert o["history"][0]["accused"] == 0
    assert o["history"][0]["end"] == "vote"
    assert o["history"][0]["points"] == [0, 0, 0, 2]


# ------------------------------------------------------------------------ time and guess


def test_11_6_time_runs_out_during_a_vote() -> None:
    """11.6 (TM-19): time-up in a vote only notes it; a failed vote then starts the final
    vote."""
    state = play(p4(), ["0: nominate 1", "0: vote yes", "-2: time-up"])
    o = obs(state)
    assert o["phase"] == "vote"
    assert o["timer"]["running"] is False
    assert o["timer"]["time_up"] is True
    assert state.legal_actions(CLOCK) == []
    refused(state, CLOCK, "time-up")
    passing = state.clone()
    play(state, ["2: vote yes", "3: vote no"])
    assert obs(state)["phase"] == "final-vote"
    assert state.to_move() == [0, 1, 2, 3]
    assert state.scores() == [0.0] * 4
    play(passing, ["2: vote yes", "3: vote yes"])
    assert passing.scores() == [0.0, 0.0, 0.0, 2.0]
    assert passing.is_chance()
    assert (
        obs(passing)["history"][0]["pointing"] is None or not obs(passing)["history"][0]["pointing"]
    )


def test_tm_19_time_up_in_open_play_drops_the_pending_question() -> None:
    """TM-19: from answer, the question is dropped and the final vote starts at once."""
    state = play(p3(), ["1: ask 0 q2", "-1: card q16", "-2: time-up"])
    o = obs(state)
    assert o["phase"] == "final-vote"
    assert (o["asker"], o["answerer"], o["question"]) == (None, None, None)
    assert o["exchanges"] == []
    assert o["timer"] == {"running": False, "round": 1, "seconds": 600, "time_up": True}
    assert o["pointing"] == ["waiting", "waiting", "waiting"]
    assert legal(state, 2) == {"point 0", "point 1"}
    assert state.legal_actions(CLOCK) == []
    refused(state, 2, "guess airport")  # TM-18: not once time is up
    refused(state, 0, "nominate 2")
    refused(state, 0, "answer a1")


def test_11_7_guesses() -> None:
    """11.7 (TM-18)."""
    right = play(p3(), ["2: guess airport"])
    assert right.scores() == [0.0, 0.0, 2.0]
    wrong = play(p3(), ["2: guess bakery"])
    assert wrong.scores() == [1.0, 1.0, 0.0]
    refused(p3(), 0, "guess airport")
    voting = play(p3(), ["0: nominate 2"])
    refused(voting, 2, "guess airport")
    history = obs(right)["history"][0]
    assert (history["end"], history["guess"], history["accused"]) == ("guess", "airport", None)
    assert history["roles"] == ["pilot", "traveller", None]
    assert obs(wrong)["history"][0]["guess"] == "bakery"


def test_tm_18_the_mole_may_guess_while_answering_and_a_used_location() -> None:
    """TM-18: in phase answer too; locations of earlier rounds are legal guesses."""
    state = play(p3(), ["1: ask 2 q2", "-1: card q16"])
    assert "guess airport" in legal(state, 2)
    play(state, ["2: guess airport"])  # round 1 was at the airport
    play(state, ["-1: location bakery", "-1: mole 2", "-1: role baker", "-1: role cashier"])
    play(state, [f"-1: card q{q}" for q in range(1, 16)])
    assert "guess airport" in legal(state, 2)
    play(state, ["2: guess airport"])
    assert state.scores() == [1.0, 1.0, 2.0]


def test_11_8_question_limit() -> None:
    """11.8 (TM-20): the second answer ends the time at once; no separate action recorded."""
    state = play(
        p3(question_limit=2),
        ["1: ask 0 q2", "-1: card q16", "0: answer a1", "0: ask 2 q1", "-1: card q17"],
    )
    state.apply(2, 'answer "Mostly by bus"')
    o = obs(state)
    assert o["phase"] == "final-vote"
    assert o["answers_given"] == 2
    assert o["timer"]["time_up"] is True
    assert o["timer"]["running"] is False
    assert state.to_move() == [0, 1, 2]
    assert state.legal_actions(CLOCK) == []
    assert legal(state, 2) == {"point 0", "point 1"}
    assert len(state.record()["actions"]) == 19 + 6
    assert all(a["action"] != "time-up" for a in state.record()["actions"])
    assert [e["answer"] for e in o["exchanges"]] == ["answer a1", 'answer "Mostly by bus"']


def test_tm_20_question_limit_zero_never_ends_the_time() -> None:
    """TM-20: question_limit 0 leaves time-up to the clock alone."""
    state = p3(question_limit=0)
    for _ in range(30):
        asker = obs(state)["asker"]
        state.apply(asker, str(state.legal_actions(asker)[0]))
        state.apply(CHANCE, str(state.chance_outcomes()[0][0]))
        state.apply(obs(state)["answerer"], "answer a1")
    assert obs(state)["phase"] == "ask"
    assert obs(state)["answers_given"] == 30
    assert [str(a) for a in state.legal_actions(CLOCK)] == ["time-up"]
    state.apply(CLOCK, "time-up")
    assert obs(state)["phase"] == "final-vote"


@pytest.mark.parametrize(
    ("pointings", "scores", "accused"),
    [
        (["0: point 3", "1: point 3", "2: point 3", "3: point 0"], [1, 1, 1, 0], 3),
        (["0: point 3", "1: point 3", "2: point 1", "3: point 0"], [0, 0, 0, 2], None),
        (["0: point 1", "2: point 1", "3: point 1", "1: point 0"], [0, 0, 0, 2], 1),
    ],
)
def test_11_4_the_final_vote(pointings: list[str], scores: list[int], accused: int | None) -> None:
    """11.4 (TM-19, TM-21)."""
    state = play(p4(), ["-2: time-up"])
    assert obs(state)["phase"] == "final-vote"
    assert state.to_move() == [0, 1, 2, 3]
    assert state.legal_actions(CLOCK) == []
    play(state, pointings[:3])
    last = int(pointings[3].split(":")[0])
    assert state.to_move() == [last]
    play(state, pointings[3:])
    assert state.scores() == [float(s) for s in scores]
    history = obs(state)["history"][0]
    assert history["end"] == "final-vote"
    assert history["accused"] == accused
    expected = [None] * 4
    for entry in pointings:
        seat, _, text = entry.partition(":")
        expected[int(seat)] = int(text.split()[1])
    assert history["pointing"] == expected
    assert history["points"] == scores


def test_tm_21_pointings_are_secret_and_self_pointing_is_illegal() -> None:
    """TM-21, section 7: a pointing before the last shows only as cast; no self-pointing; one
    pointing each."""
    state = play(p4(), ["-2: time-up", "0: point 3"])
    refused(state, 1, "point 1")
    refused(state, 0, "point 2")
    assert obs(state, 0)["pointing"] == [3, "waiting", "waiting", "waiting"]
    assert obs(state, 1)["pointing"] == ["cast", "waiting", "waiting", "waiting"]
    assert obs(state, None)["pointing"] == ["cast", "waiting", "waiting", "waiting"]
    other = play(p4(), ["-2: time-up", "0: point 1"])
    assert dump(other, 1) == dump(state, 1)
    assert dump(other, None) == dump(state, None)


# ------------------------------------------------------------------- winning (section 9)


def test_11_9_several_players_reach_five_in_one_round() -> None:
    """11.9 (TM-23): shared win, returns 1/2 each."""
    state = new(3)
    rounds = [
        ("airport", ["pilot", "traveller"]),
        ("bakery", ["baker", "cashier"]),
        ("bowling-alley", ["bowler", "manager"]),
        ("campsite", ["hiker", "camper"]),
        ("cruise-ship", ["captain", "purser"]),
    ]
    for number, (location, roles) in enumerate(rounds, start=1):
        deal(state, location, 2, roles)
        assert obs(state)["asker"] == (number - 1 + 1) % 3  # TM-9
        play(state, ["2: guess hospital"])
        if number == 4:
            assert state.scores() == [4.0, 4.0, 0.0]
            assert not state.is_terminal()
            assert state.returns() == [0.0, 0.0, 0.0]
    assert state.scores() == [5.0, 5.0, 0.0]
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5, 0.0]
    assert obs(state)["phase"] == "over"
    assert state.to_move() == []
    assert not state.is_chance()


def test_11_10_first_to_five_alone() -> None:
    """11.10 (TM-23): a Mole finishes on 6; returns [0, 1, 0]; the asker follows the dealer."""
    state = new(3)
    rounds = [
        ("airport", ["pilot", "traveller"]),
        ("bakery", ["baker", "cashier"]),
        ("bowling-alley", ["bowler", "manager"]),
    ]
    askers = []
    for location, roles in rounds:
        deal(state, location, 1, roles)
        askers.append(obs(state)["asker"])
        play(state, [f"1: guess {location}"])
        if location == "bakery":
            assert state.scores() == [0.0, 4.0, 0.0]
            assert not state.is_terminal()
    assert askers == [1, 2, 0]
    assert state.scores() == [0.0, 6.0, 0.0]
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0, 0.0]
    assert [h["dealer"] for h in obs(state)["history"]] == [0, 1, 2]


def test_tm_24_target_score_one() -> None:
    """TM-24, TM-23: with target 1 a wrong guess makes both spies win together."""
    state = play(p3(target_score=1), ["2: guess bakery"])
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5, 0.0]
    assert sum(state.returns()) == pytest.approx(1.0)
    spies = play(p4(target_score=1), ["-2: time-up"])
    play(spies, ["0: point 3", "1: point 3", "2: point 3", "3: point 1"])
    assert spies.returns() == pytest.approx([1 / 3, 1 / 3, 1 / 3, 0.0])
    assert spies.scores() == [1.0, 1.0, 1.0, 0.0]


def test_section_9_scores_are_floats() -> None:
    """Section 9: scores() are floats, all 0 at the start."""
    state = new(5)
    assert state.scores() == [0.0] * 5
    assert all(isinstance(s, float) for s in state.scores())
    state = play(p3(), ["2: guess airport"])
    assert all(isinstance(s, float) for s in state.scores())


# ----------------------------------------------------------------- visibility (section 7)


def test_section_7_required_observation_keys_and_shapes() -> None:
    """Section 7: every required key, with the stated values, for a seat and a spectator."""
    state = play(p4(), ["1: ask 0 q2"])
    for seat in (None, 0, 3):
        o = obs(state, seat)
        assert set(o) >= REQUIRED_KEYS
        assert o["game"] == "the-mole"
        assert o["players"] == 4
        assert o["seat"] == seat
        assert o["phase"] == "answer"
        assert o["hand_sizes"] == [5, 4, 5, 5]
        assert o["draw_pile_size"] == 60
        assert o["discard"] == ["q2"]
        assert (o["asker"], o["answerer"], o["question"]) == (1, 0, "q2")
        assert o["answers_given"] == 0
        assert o["question_limit"] == 20
        assert o["nominated"] == [False] * 4
        assert (o["vote"], o["votes"], o["pointing"]) == (None, [], None)
        assert o["locations_used"] == []
        assert o["history"] == []
        assert o["timer"] == {"running": True, "round": 1, "seconds": 600, "time_up": False}
        json.dumps(o)
    assert obs(state, None)["card"] is None
    assert obs(state, None)["hand"] is None
    assert obs(state, 1)["hand"] == ["q6", "q10", "q14", "q18"]
    assert obs(state, 3)["card"] == {"mole": True}


def test_section_7_a_spectator_never_sees_the_location_or_the_mole_before_the_end() -> None:
    """Section 7, TM-32: observation(None) is the same whatever the location, Mole and roles."""
    a = p4()
    b = deal(new(4), "hospital", 0, ["doctor", "nurse", "patient"])
    assert dump(a, None) == dump(b, None)
    moves = ["1: ask 2 q2", "-1: card q21", "2: answer a3", "2: nominate 1", "0: vote no"]
    play(a, moves)
    play(b, moves)
    assert dump(a, None) == dump(b, None)
    assert '"bakery"' not in dump(a, 3)  # the Mole does not see the location
    assert '"baker"' not in dump(a, 1)  # another spy's role is secret
    assert '"baker"' in dump(a, 0)


def test_tm_25_a_spy_cannot_tell_who_the_mole_is() -> None:
    """TM-25, section 7 contract: seat 0 (baker) sees the same whether seat 1, 2 or 3 is the
    Mole; no observation holds to_move or legal actions."""
    views = []
    for mole in (1, 2, 3):
        roles = ["cashier", "customer"]
        roles.insert(0, "baker")
        state = deal(new(4), "bakery", mole, roles)
        play(state, ["1: ask 0 q2", "-1: card q21", "0: answer a2", "0: nominate 2"])
        play(state, ["0: vote yes"])
        views.append(dump(state, 0))
    assert views[0] == views[1] == views[2]
    text = views[0]
    assert "to_move" not in text
    assert "legal" not in text
    assert "guess bakery" not in text


def test_tm_32_no_card_or_outcome_leaks_during_setup() -> None:
    """TM-32: during setup no observation shows the location, the Mole's seat, a role or which
    seat a role node served; a spectator sees nothing of the deal."""
    for mole in (0, 1, 2):
        roles = ["pilot", "traveller"]
        state = play(new(3), ["-1: location airport", f"-1: mole {mole}"])
        for role in roles:
            text = dump(state, None)
            assert "airport" not in text
            assert "pilot" not in text
            state.apply(CHANCE, f"role {role}")
        assert "airport" not in dump(state, None)
    a = play(new(3), ["-1: location airport", "-1: mole 2", "-1: role pilot"])
    b = play(new(3), ["-1: location airport", "-1: mole 0", "-1: role pilot"])
    # seat 1 cannot learn from its own card's timing whether the role node served it
    assert dump(a, 1) == dump(b, 1)
    assert dump(a, None) == dump(b, None)


def test_section_7_hands_and_drawn_cards_are_secret() -> None:
    """Section 7, TM-31: a hand is the owner's; the drawn card is the drawer's; the asked card
    is public."""
    a = play(p3(), ["1: ask 0 q2", "-1: card q16"])
    b = play(p3(), ["1: ask 0 q2", "-1: card q70"])
    assert dump(a, 0) == dump(b, 0)
    assert dump(a, 2) == dump(b, 2)
    assert dump(a, None) == dump(b, None)
    assert dump(a, 1) != dump(b, 1)
    assert "q16" in obs(a, 1)["hand"]
    assert "q70" in obs(b, 1)["hand"]


def test_section_7_ballots_secret_until_the_last() -> None:
    """Section 7, TM-15: two states differing only in an earlier ballot look alike to others."""
    a = play(p4(), ["0: nominate 3", "0: vote yes"])
    b = play(p4(), ["0: nominate 3", "0: vote no"])
    for seat in (None, 1, 2, 3):
        assert dump(a, seat) == dump(b, seat)
    assert obs(a, 0)["vote"]["ballots"][0] == "yes"
    assert obs(b, 0)["vote"]["ballots"][0] == "no"


def test_tm_22_round_end_reveals_every_card() -> None:
    """TM-22: after the round the location, the Mole and every role are public; the game-over
    observation still shows each seat's own card."""
    state = play(p3(target_score=2), ["2: guess airport"])
    assert state.is_terminal()
    o = obs(state, None)
    assert o["phase"] == "over"
    assert o["history"][0]["location"] == "airport"
    assert o["history"][0]["mole"] == 2
    assert o["history"][0]["roles"] == ["pilot", "traveller", None]
    assert o["locations_used"] == ["airport"]


# ------------------------------------------------------------------------ notation (8)


@pytest.mark.parametrize(
    "text",
    [
        "location ski-resort",
        "mole 3",
        "role air-traffic-controller",
        "card q17",
        "ask 2 q17",
        "answer a3",
        'answer "Mostly by bus"',
        'answer "She said \\"hi\\""',
        "nominate 0",
        "vote yes",
        "vote no",
        "point 4",
        "guess bowling-alley",
        "time-up",
        "card q80",
        "answer a12",
        "ask 7 q1",
        "role visitor",
        "location hospital",
    ],
)
def test_section_8_canonical_texts_round_trip(text: str) -> None:
    """Section 8: every canonical example parses to itself."""
    game = molehaven.make("the-mole", players=8)
    assert str(game.parse_action(text)) == text
    assert str(game.parse_action(text.upper() if '"' not in text else text)) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("ASK  2 Q17", "ask 2 q17"),
        ("  Vote   YES ", "vote yes"),
        ("Guess Bowling-Alley", "guess bowling-alley"),
        ("TIME-UP", "time-up"),
        ("Location SKI-RESORT", "location ski-resort"),
        ("ROLE Ships-Chef", "role ships-chef"),
        ("answer A3", "answer a3"),
        ("Nominate 0", "nominate 0"),
    ],
)
def test_section_8_case_and_spaces_are_forgiven(text: str, canonical: str) -> None:
    """Section 8: case-insensitive, any run of spaces."""
    game = molehaven.make("the-mole", players=4)
    assert str(game.parse_action(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "ask 2 q017",
        "ask 2 q81",
        "ask 2 q0",
        "ask 02 q1",
        "ask 4 q1",  # no seat 4 with 4 players (TM-30)
        "ask 2",
        "ask q17 2",
        "guess mars",
        "guess ski resort",
        "vote maybe",
        "vote",
        "answer a0",
        "answer a13",
        "answer a01",
        "answer 3",
        "nominate -1",
        "nominate 4",
        "point 04",
        "mole 4",
        "role astronaut",
        "card q81",
        "card 17",
        "location mars",
        "time up",
        "time-up now",
        "pass",
        "ready",
        "",
        "   ",
    ],
)
def test_section_8_bad_notation_is_a_value_error(text: str) -> None:
    """Section 8, TM-30, TM-33: grammar errors raise ValueError at parse."""
    game = molehaven.make("the-mole", players=4)
    with pytest.raises(ValueError):  # noqa: PT011
        game.parse_action(text)


def test_tm_30_parse_checks_grammar_only() -> None:
    """TM-30: parse needs no state; any role id parses; legality is apply's job."""
    game = molehaven.make("the-mole", players=3)
    assert str(game.parse_action("role purser")) == "role purser"
    assert str(game.parse_action("guess airport")) == "guess airport"
    assert str(game.parse_action("ask 0 q80")) == "ask 0 q80"
    with pytest.raises(ValueError, match="seat"):
        game.parse_action("nominate 3")
    state = p3()
    refused(state, CHANCE, "role purser")


def test_section_8_chance_outcome_order() -> None:
    """Section 8: chance outcomes in list order (locations, seats ascending, roles in card
    order, questions by number); legal lists in the stated order."""
    state = new(4)
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"location {x}" for x in LOCATIONS]
    play(state, ["-1: location bakery"])
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"mole {s}" for s in range(4)]
    state = play(p4(), ["-2: time-up"])
    assert [str(a) for a in state.legal_actions(1)] == ["point 0", "point 2", "point 3"]


# -------------------------------------------------------------- simultaneous triggers


def test_tm_27_the_first_applied_wins() -> None:
    """TM-27: after a nomination a second nomination, a guess and an ask are refused."""
    state = play(p4(), ["2: nominate 3"])
    refused(state, 0, "nominate 1")
    refused(state, 3, "guess bakery")
    refused(state, 1, "ask 0 q2")
    state = play(p4(), ["3: guess wedding"])
    assert state.is_chance()
    refused(state, CLOCK, "time-up")
    refused(state, 0, "nominate 3")


# --------------------------------------------------------------------- length (10)


@pytest.mark.parametrize("players", range(3, 9))
def test_section_10_random_games_stay_within_the_bound(players: int) -> None:
    """Section 10, TM-28: random play (interjections and clock included) always has a legal
    move, ends, and stays within (⌊n(T − 1)/2⌋ + 1) × (n² + 7n + 3Q + 3) actions, with no round
    longer than n² + 7n + 3Q + 3."""
    bound = {3: 651, 4: 963, 5: 1353, 6: 1833, 7: 2415, 8: 3111}[players]
    per_round = players * players + 7 * players + 63
    rng = random.Random(1000 + players)
    for game_number in range(3):
        state = random_play(players, rng, interject=0.1, clock=0.01 * game_number)
        actions = state.record()["actions"]
        assert len(actions) <= bound
        rounds: list[int] = []
        count = 0
        for entry in actions:
            if entry["action"].startswith("location "):
                rounds.append(count)
                count = 0
            count += 1
        rounds.append(count)
        assert max(rounds) <= per_round
        assert sum(state.returns()) == pytest.approx(1.0)
        winners = [s for s, r in enumerate(state.returns()) if r > 0]
        assert winners == [s for s, score in enumerate(state.scores()) if score >= 5]
        assert all(r == pytest.approx(1 / len(winners)) for r in state.returns() if r > 0)
        assert molehaven.replay(actions and state.record()).record() == state.record()


@pytest.mark.parametrize(
    "text",
    [
        "as\u212a 2 q17",  # KELVIN SIGN lower-cases to "k"
        "ask\u30002 q17",  # an ideographic space is not a space
        "vote\u00a0yes",
        "an\u017fwer a1",  # LATIN SMALL LETTER LONG S folds to "s"
        'an\u017fwer "hi"',
        'answer\u3000"hi"',
        'answer "hi"\u3000',
        "ask \u0662 q17",  # an Arabic-Indic digit
    ],
)
def test_section_8_only_ascii_outside_free_text(text: str) -> None:
    """Section 8: lower-case words and spaces; look-alike letters, digits and spaces are
    rejected ("rejects anything else"), while a free-text string keeps any character."""
    game = molehaven.make("the-mole", players=4)
    with pytest.raises(ValueError):  # noqa: PT011
        game.parse_action(text)
    assert str(game.parse_action('answer "\u00e9t\u00e9\u3000ok"')) == 'answer "\u00e9t\u00e9 ok"'


# ------------------------------------------------------------------ content (2.2, 2.3)


def _content(name: str) -> Any:
    from importlib import resources

    files = resources.files("molehaven.games.the_mole")
    return json.loads(files.joinpath(name).read_text(encoding="utf-8"))


# (text, fits) of the canned answers, fits written as in the spec's tables.
SPEC_Q1 = [
    ("By car, and finding a parking space took ages.",
     "airport bowling-alley theme-park aquarium museum hospital wedding ski-resort"),
    ("I walked; it is not far from home.",
     "bakery library fire-station museum hospital bowling-alley"),
    ("It was a long journey with a heavy suitcase.", "airport cruise-ship ski-resort campsite"),
    ("Along a bumpy road out in the countryside.", "campsite farm lighthouse wedding"),
    ("I came in early for my shift.",
     "fire-station bakery hospital recording-studio aquarium farm library airport"),
    ("By boat, more or less.", "cruise-ship lighthouse"),
    ("On a coach packed with excited people.",
     "theme-park ski-resort museum aquarium bowling-alley"),
    ("A friend gave me a lift; they are here too.",
     "recording-studio wedding bowling-alley theme-park"),
]  # fmt: skip
SPEC_Q2 = [
    ("Engines roaring somewhere nearby.", "airport fire-station farm cruise-ship"),
    ("Waves and seagulls.", "lighthouse cruise-ship"),
    ("Almost nothing; people keep their voices down.", "library museum hospital aquarium"),
    ("Music, and quite loud.", "recording-studio wedding bowling-alley theme-park cruise-ship"),
    ("People screaming, but happily.", "theme-park bowling-alley ski-resort wedding"),
    ("Birds, and the wind in the trees.", "campsite farm lighthouse ski-resort"),
    ("Beeping machines and a phone that never stops.",
     "hospital fire-station airport recording-studio"),
    ("Chatter and the clink of plates.", "bakery wedding bowling-alley cruise-ship"),
    ("A steady hum and the odd ding of a timer.", "bakery aquarium hospital recording-studio"),
    ("A crackling fire and some crickets.", "campsite ski-resort farm"),
    ("Pages turning and footsteps on a hard floor.", "library museum"),
]  # fmt: skip
SPEC_TEXTS = [
    "How did you get here today?",
    "What can you hear right now?",
    "What are you wearing right now?",
    "How long will you stay?",
    "Who else would you expect to meet here?",
    "What can you smell?",
    "When is it busiest?",
    "Would you bring a child here?",
    "What is the biggest danger here?",
    "What would you spend money on here?",
]


def test_tm_1_locations_and_roles_of_section_2_2() -> None:
    """TM-1: the 16 locations in list order, 7 role ids each, 106 distinct role ids; every
    role id parses as a ``role`` outcome."""
    locations = _content("locations.json")
    assert [entry["id"] for entry in locations] == LOCATIONS
    for entry in locations:
        roles = [role["id"] for role in entry["roles"]]
        assert len(roles) == len(set(roles)) == 7
        if entry["id"] in ROLES_BY_LOCATION:
            assert roles == ROLES_BY_LOCATION[entry["id"]]
    all_roles = {role["id"] for entry in locations for role in entry["roles"]}
    assert len(all_roles) == 106
    game = molehaven.make("the-mole", players=3)
    for role in all_roles:
        assert str(game.parse_action(f"role {role}")) == f"role {role}"


def test_tm_2_c1_c3_c4_c5_c6_question_content() -> None:
    """TM-2, C1, C3-C6: 80 questions q1 … q80 with unique 10-120 character texts; 6-12
    answers a1 … in order; clean unique texts of 1-200 characters; fits of 2-8 distinct
    locations; every location fits at least 2 answers of each question."""
    questions = _content("questions.json")
    assert [q["id"] for q in questions] == [f"q{k}" for k in range(1, 81)]
    texts = [q["text"] for q in questions]
    assert len(set(texts)) == 80
    assert all(10 <= len(t) <= 120 for t in texts)
    assert texts[:10] == SPEC_TEXTS
    for q in questions:
        answers = q["answers"]
        assert 6 <= len(answers) <= 12, q["id"]
        assert [a["id"] for a in answers] == [f"a{k}" for k in range(1, len(answers) + 1)]
        answer_texts = [a["text"] for a in answers]
        assert len(set(answer_texts)) == len(answer_texts), q["id"]
        for a in answers:
            text = a["text"]
            assert 1 <= len(text) <= 200
            assert text == text.strip()
            assert not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text)
            assert set(a["fits"]) <= set(LOCATIONS)
            assert len(a["fits"]) == len(set(a["fits"]))
            assert 2 <= len(a["fits"]) <= 8, (q["id"], a["id"])
        for location in LOCATIONS:
            assert sum(location in a["fits"] for a in answers) >= 2, (q["id"], location)


@pytest.mark.parametrize(("number", "spec"), [(1, SPEC_Q1), (2, SPEC_Q2)])
def test_tm_2_binding_answers_of_q1_and_q2(number: int, spec: list[tuple[str, str]]) -> None:
    """Section 2.3: the canned answers of q1 and q2 are exactly the spec's tables."""
    question = _content("questions.json")[number - 1]
    got = [(a["text"], set(a["fits"])) for a in question["answers"]]
    assert got == [(text, set(fits.split())) for text, fits in spec]


def test_c2_c8_no_question_or_answer_names_a_location() -> None:
    """C2, C8: no question or canned answer names a location (display name or id)."""
    names = [x.replace("-", " ") for x in LOCATIONS] + LOCATIONS
    for q in _content("questions.json"):
        for text in [q["text"]] + [a["text"] for a in q["answers"]]:
            lowered = " " + "".join(c if c.isalnum() else " " for c in text.lower()) + " "
            for name in names:
                assert f" {name} " not in lowered, (q["id"], text, name)


def _all_roles() -> dict[str, list[str]]:
    return {entry["id"]: [r["id"] for r in entry["roles"]] for entry in _content("locations.json")}


@pytest.mark.parametrize("seed", range(6))
def test_section_7_contract_the_location_is_hidden_from_the_mole_and_spectators(seed: int) -> None:
    """Section 7 observation contract: in random mid-round positions, moving the round to
    another unused location (same role card positions) leaves observation(None) and the
    Mole's observation unchanged, and changes every spy's."""
    rng = random.Random(seed)
    players = 3 + seed % 6
    roles_of = _all_roles()
    state = new(players)
    stop = rng.randrange(2, 30)
    seat_actions = 0
    while True:
        if state.is_chance():
            state.apply(CHANCE, sample(state, rng))
            continue
        o = obs(state)
        if seat_actions >= stop and o["phase"] in ("ask", "answer", "vote", "final-vote"):
            break
        movers = [s for s in state.to_move() if o["phase"] != "ask" or s == o["asker"]]
        movers = movers or state.to_move()
        seat = rng.choice(movers)
        actions = [a for a in state.legal_actions(seat) if not str(a).startswith("guess")]
        state.apply(seat, str(rng.choice(actions or state.legal_actions(seat))))
        seat_actions += 1
        if state.is_terminal():
            return
    record = state.record()
    actions = record["actions"]
    start = max(i for i, a in enumerate(actions) if a["action"].startswith("location "))
    location = actions[start]["action"].split()[1]
    mole = int(actions[start + 1]["action"].split()[1])
    used = {a["action"].split()[1] for a in actions[:start] if a["action"].startswith("location")}
    other = next(x for x in reversed(LOCATIONS) if x not in used and x != location)
    changed = json.loads(json.dumps(record))
    changed["actions"][start]["action"] = f"location {other}"
    for i in range(start + 2, start + 1 + players):
        role = actions[i]["action"].split()[1]
        index = roles_of[location].index(role)
        changed["actions"][i]["action"] = f"role {roles_of[other][index]}"
    variant = molehaven.replay(changed)
    assert dump(variant, None) == dump(state, None)
    assert dump(variant, mole) == dump(state, mole)
    for spy in range(players):
        if spy != mole:
            assert dump(variant, spy) != dump(state, spy)
