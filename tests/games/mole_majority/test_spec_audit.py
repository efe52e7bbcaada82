"""Spec audit of Mole Majority: every statement of ``shared/rules/mole-majority.md`` (MM-1 …
MM-50, sections 2-11) and of the shared conventions in ``shared/rules/README.md``, checked the
way an outside tester would: only ``molehaven.make``/``replay``, ``Game.parse_action``,
``str(action)`` and the public ``State`` methods, with actions written in the notation of
section 8. Each test names the decision or section it proves."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

import molehaven
from molehaven import CHANCE

SLUG = "mole-majority"

# Section 2.5: the neighbour table of the spec, typed in independently of the engine.
NEIGHBOURS = {
    "a": "bde",
    "b": "acef",
    "c": "bfg",
    "d": "aehi",
    "e": "abdfij",
    "f": "bcegjk",
    "g": "cfkl",
    "h": "dim",
    "i": "dehjmn",
    "j": "efikno",
    "k": "fgjlop",
    "l": "gkp",
    "m": "hinq",
    "n": "ijmoqr",
    "o": "jknprs",
    "p": "klos",
    "q": "mnr",
    "r": "noqs",
    "s": "opr",
}
COORDS = {
    "a": (0, -2),
    "b": (1, -2),
    "c": (2, -2),
    "d": (-1, -1),
    "e": (0, -1),
    "f": (1, -1),
    "g": (2, -1),
    "h": (-2, 0),
    "i": (-1, 0),
    "j": (0, 0),
    "k": (1, 0),
    "l": (2, 0),
    "m": (-2, 1),
    "n": (-1, 1),
    "o": (0, 1),
    "p": (1, 1),
    "q": (-2, 2),
    "r": (-1, 2),
    "s": (0, 2),
}
RING = "efikno"
MIDS = "bdgmpr"
CORNERS = "achlqs"
DECK = {
    "four": 2,
    "three": 4,
    "two": 5,
    "twoplus": 1,
    "cavein": 2,
    "convert": 2,
    "keeper1": 1,
    "keeper2": 1,
}

S2_HAND_0 = ("four", "three", "two", "cavein", "convert")
S2_HAND_1 = ("four", "three", "two", "twoplus", "keeper1")
FIRST_SEVEN = ("5", "3", "4", "5", "4", "3", "5")


# ----------------------------------------------------------------------------- helpers


def new(players: int, **options: object) -> Any:
    return molehaven.make(SLUG, players, **options).initial_state()


def run(state: Any, script: str | Sequence[str]) -> Any:
    """Apply ``"s: text"`` entries written as in section 11 (``C`` is chance)."""
    entries = script.split(",") if isinstance(script, str) else list(script)
    for entry in entries:
        if not entry.strip():
            continue
        who, _, text = entry.partition(":")
        seat = CHANCE if who.strip() == "C" else int(who)
        state.apply(seat, state.game.parse_action(text.strip()))
    return state


def legal(state: Any, seat: int | None = None) -> set[str]:
    if seat is None:
        (seat,) = state.to_move()
    return {str(action) for action in state.legal_actions(seat)}


def legal_verb(state: Any, verb: str) -> set[str]:
    return {text for text in legal(state) if text.split()[0] == verb}


def odds(state: Any) -> dict[str, float]:
    return {str(action): p for action, p in state.chance_outcomes()}


def obs(state: Any, viewer: int | None = None) -> dict[str, Any]:
    data: dict[str, Any] = state.observation(viewer)
    return data


def board(state: Any) -> dict[str, Any]:
    result: dict[str, Any] = obs(state)["board"]
    return result


def seat_info(state: Any, seat: int, viewer: int | None = None) -> dict[str, Any]:
    result: dict[str, Any] = obs(state, viewer)["seats"][seat]
    return result


def deal(state: Any, hands: Sequence[Sequence[str]]) -> Any:
    for cards in zip(*hands, strict=True):
        for card in cards:
            state.apply(CHANCE, state.game.parse_action(f"card {card}"))
    return state


def s2_board(tokens: Sequence[int] = (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2), **options: object) -> Any:
    state = new(2, **options)
    run(state, [f"C: hex {v}" for v in FIRST_SEVEN])
    run(state, "1: base r, 0: base b")
    run(state, "C: hex 3, 1: place s, C: hex 3, 0: place a, C: hex 4, 1: place q")
    run(state, "C: hex 6, 0: place c")
    run(state, [f"C: token {v}" for v in tokens])
    return state


def s2(
    hand_0: Sequence[str] = S2_HAND_0, hand_1: Sequence[str] = S2_HAND_1, **options: object
) -> Any:
    return deal(s2_board(**options), [hand_0, hand_1])


def s3(hands: Sequence[Sequence[str]], **options: object) -> Any:
    state = new(3, **options)
    run(state, [f"C: hex {v}" for v in FIRST_SEVEN])
    run(state, "2: base m, 1: base p, 0: base b")
    run(state, "C: hex 3, 2: place d, C: hex 3, 1: place g, C: hex 4, 0: place r")
    run(state, "C: hex 4, 2: place h, C: hex 5, 1: place l, C: hex 6, 0: place a")
    run(state, [f"C: token {v}" for v in (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1)])
    return deal(state, hands)


def spaces(state: Any, label: str) -> list[int | None]:
    result: list[int | None] = board(state)[label]["spaces"]
    return result


def claim(state: Any, label: str) -> int | None:
    result: int | None = board(state)[label]["claim"]
    return result


def hand(state: Any, seat: int) -> list[str]:
    return sorted(obs(state, seat)["hand"])


def first_outcome(state: Any) -> None:
    state.apply(CHANCE, state.chance_outcomes()[0][0])


def random_playout(state: Any, rng: random.Random) -> None:
    while not state.is_terminal():
        if state.is_chance():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply(CHANCE, rng.choices(actions, weights)[0])
        else:
            (seat,) = state.to_move()
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def legal_extra_positions(on_board: set[str]) -> set[str]:
    """Setup step 5 from the spec's own table: an empty outer position touching at least two
    board hexes, at least one of them a ring hex."""
    result = set()
    for label in MIDS + CORNERS:
        if label in on_board:
            continue
        touching = set(NEIGHBOURS[label]) & on_board
        if len(touching) >= 2 and touching & set(RING):
            result.add(label)
    return result


# ------------------------------------------------------------- section 2.5: geometry


def test_2_5_neighbour_table_matches_axial_coordinates() -> None:
    """2.5 (MM-6): the test's copy of the neighbour table is the axial hexagon of radius 2
    (guards the independent data the other tests rely on); mids never touch."""
    directions = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    by_coords = {qr: label for label, qr in COORDS.items()}
    for label, (q, r) in COORDS.items():
        assert max(abs(q), abs(r), abs(q + r)) <= 2
        expected = {
            by_coords[(q + dq, r + dr)] for dq, dr in directions if (q + dq, r + dr) in by_coords
        }
        assert set(NEIGHBOURS[label]) == expected
    for mid in MIDS:
        assert not set(NEIGHBOURS[mid]) & set(MIDS)
        assert len(set(NEIGHBOURS[mid]) & set(RING)) == 2
    for corner in CORNERS:
        assert len(set(NEIGHBOURS[corner]) & set(RING)) == 1
        assert len(set(NEIGHBOURS[corner]) & set(MIDS)) == 2


# ------------------------------------------------------------------- section 3: setup


@pytest.mark.parametrize(("players", "sixes", "total"), [(2, 4, 22), (3, 3, 21), (4, 2, 20)])
def test_2_3_setup_2_first_hex_node(players: int, sixes: int, total: int) -> None:
    """2.3, setup step 2 (MM-3): the pile is {3: 6, 4: 6, 5: 6, 6: 6 − n}; the first node is
    over its values weighted by count, at seat CHANCE with nobody to move."""
    state = new(players)
    assert state.is_chance() and state.to_move() == [] and not state.is_terminal()
    assert odds(state) == pytest.approx(
        {"hex 3": 6 / total, "hex 4": 6 / total, "hex 5": 6 / total, "hex 6": sixes / total}
    )
    assert sum(odds(state).values()) == pytest.approx(1.0)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_3_setup_sequence_and_length(players: int, seed: int) -> None:
    """Section 3 (MM-5 … MM-10), 10: 7 tile nodes (j then e f i k n o), bases by seats n−1 … 0
    on empty mids, 2n extra rounds (draw, then seat n − 1 − (i mod n) places on a legal
    position), 7 + 2n token nodes in alphabetical order over the pool, 5n card nodes dealt
    one at a time in seat order; 14 + 12n actions; then seat 0 starts (MM-1)."""
    rng = random.Random(seed)
    n = players
    state = new(n)
    count = 0
    for _ in range(7):
        assert state.is_chance()
        first_outcome(state) if rng.random() < 0.5 else state.apply(
            CHANCE, rng.choice(state.legal_actions(CHANCE))
        )
        count += 1
    on_board = set("j" + RING)
    assert set(board(state)) == on_board
    for seat in range(n - 1, -1, -1):
        assert not state.is_chance() and state.to_move() == [seat]
        free_mids = {m for m in MIDS if m not in on_board}
        assert legal(state) == {f"base {m}" for m in free_mids}
        choice = rng.choice(sorted(free_mids))
        state.apply(seat, state.game.parse_action(f"base {choice}"))
        on_board.add(choice)
        assert board(state)[choice]["value"] == 6
        assert board(state)[choice]["spaces"] == [seat] * 6
        assert board(state)[choice]["claim"] == seat
        assert board(state)[choice]["last_entrant"] == seat
        count += 1
    for i in range(2 * n):
        assert state.is_chance() and state.to_move() == []
        tile = rng.choice(state.legal_actions(CHANCE))
        state.apply(CHANCE, tile)
        assert obs(state, None)["pending_hex"] == int(str(tile).split()[1])  # public at once
        seat = n - 1 - i % n
        assert state.to_move() == [seat]
        expected = legal_extra_positions(on_board)
        assert legal(state) == {f"place {p}" for p in expected}
        choice = rng.choice(sorted(expected))
        state.apply(seat, state.game.parse_action(f"place {choice}"))
        on_board.add(choice)
        count += 2
    assert len(board(state)) == 7 + 3 * n
    unclaimed = sorted(label for label in on_board if claim(state, label) is None)
    assert len(unclaimed) == 7 + 2 * n
    pool = {1: 8, 2: 8, 3: 8}
    for index in range(len(unclaimed)):
        assert state.is_chance()
        total = sum(pool.values())
        assert odds(state) == pytest.approx({f"token {v}": c / total for v, c in pool.items() if c})
        # Tokens go in alphabetical order: exactly the first `index` hexes hold one.
        tokens = {lab: board(state)[lab]["token"] for lab in unclaimed}
        assert [lab for lab in unclaimed if tokens[lab] != "none"] == unclaimed[:index]
        value = int(rng.choice(state.legal_actions(CHANCE)).__str__().split()[1])
        state.apply(CHANCE, state.game.parse_action(f"token {value}"))
        pool[value] -= 1
        count += 1
    assert obs(state)["pool"] == 24 - (7 + 2 * n)
    for label in on_board:  # MM-9: Home Bases have no token, the rest a face-down one
        expected_token = "none" if claim(state, label) is not None else "hidden"
        assert board(state)[label]["token"] == expected_token
    for card_index in range(5 * n):
        assert state.is_chance()
        seat = card_index % n
        dealt = card_index // n
        assert len(obs(state, seat)["hand"]) == dealt
        state.apply(CHANCE, rng.choice(state.legal_actions(CHANCE)))
        assert len(obs(state, seat)["hand"]) == dealt + 1
        count += 1
    assert count == 14 + 12 * n == state.num_actions
    assert not state.is_chance() and state.to_move() == [0]
    for seat in range(n):
        info = seat_info(state, seat)
        assert (info["moles"], info["claims"], info["cave_ins"]) == (24, 9, 4)
        assert (info["hand_size"], info["deck_size"], info["discard"]) == (5, 13, [])
    assert state.scores() == [6.0] * n


def test_11_0_board_s2_checks() -> None:
    """11.0: the first node, the base choices (seat 1: b d g m p r; seat 0: b d g m p),
    seat 1's first place choices (a c d g m p q s), the 13 hexes of 57 spaces, the pile
    {3: 2, 4: 3, 5: 3, 6: 3}, the pool of 13 {1: 4, 2: 4, 3: 5} and the deal order."""
    state = new(2)
    assert odds(state) == pytest.approx(
        {"hex 3": 6 / 22, "hex 4": 6 / 22, "hex 5": 6 / 22, "hex 6": 4 / 22}
    )
    run(state, [f"C: hex {v}" for v in FIRST_SEVEN])
    assert legal(state, 1) == {f"base {m}" for m in "bdgmpr"}
    assert legal(state, 0) == set()
    run(state, "1: base r")
    assert legal(state, 0) == {f"base {m}" for m in "bdgmp"}
    run(state, "0: base b, C: hex 3")
    assert legal(state, 1) == {f"place {p}" for p in "acdgmpqs"}
    run(state, "1: place s, C: hex 3, 0: place a, C: hex 4, 1: place q, C: hex 6, 0: place c")
    run(state, [f"C: token {v}" for v in (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2)])
    values = {label: entry["value"] for label, entry in board(state).items()}
    assert values == {
        "a": 3,
        "b": 6,
        "c": 6,
        "e": 3,
        "f": 4,
        "i": 5,
        "j": 5,
        "k": 4,
        "n": 3,
        "o": 5,
        "q": 4,
        "r": 6,
        "s": 3,
    }
    assert sum(values.values()) == 57
    assert obs(state)["pile"] == {"3": 2, "4": 3, "5": 3, "6": 3}
    assert obs(state)["pool"] == 13
    assert board(state)["r"]["claim"] == 1 and board(state)["b"]["claim"] == 0
    # 2.2: the deal node is over the deck's kinds, weighted by count.
    assert odds(state) == pytest.approx({f"card {k}": c / 18 for k, c in DECK.items()})
    deal(state, [S2_HAND_0, S2_HAND_1])
    assert hand(state, 0) == sorted(S2_HAND_0)
    assert hand(state, 1) == sorted(S2_HAND_1)
    assert state.to_move() == [0]


def test_mm_10_deal_alternates_seats() -> None:
    """MM-10: the deal is one card per seat in seat order, five rounds; each node is over the
    kinds left in that seat's deck."""
    state = s2_board()
    run(state, "C: card keeper1")
    assert hand(state, 0) == ["keeper1"] and hand(state, 1) == []
    # Seat 1's deck is untouched: keeper1 still 1/18.
    assert odds(state)["card keeper1"] == pytest.approx(1 / 18)
    run(state, "C: card four, C: card four")
    assert hand(state, 0) == ["four", "keeper1"]
    # Seat 1 holds a four now: its deck has 1 four among 17 cards.
    assert odds(state)["card four"] == pytest.approx(1 / 17)
    assert "card keeper1" in odds(state)
    run(state, "C: card keeper1")  # seat 1 takes its own keeper1
    assert hand(state, 1) == ["four", "keeper1"]
    assert "card keeper1" not in odds(state)  # seat 0's keeper1 is used up


# ------------------------------------------------------- section 11: worked examples


def test_11_1_most_moles_has_majority() -> None:
    """11.1 (MM-16, MM-18, MM-19, MM-20): f fills 3–1 on seat 1's move; non-active seat 0
    claims it; scores [10, 6]."""
    state = s2()
    run(state, "0: play three, 0: move b1 f1, 0: move b2 f2, 0: move b3 f3, 0: end, C: card two")
    run(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f4")
    assert spaces(state, "f") == [0, 0, 0, 1]
    assert claim(state, "f") == 0
    assert board(state)["f"]["last_entrant"] == 1
    assert state.scores() == [10.0, 6.0]
    assert state.returns() == [0.0, 0.0]


def test_11_2_tie_goes_to_last_entrant() -> None:
    """11.2 (MM-19): f fills 2–2; seat 1 entered last and claims it: scores [6, 10]."""
    state = s2()
    run(state, "0: play two, 0: move b1 f1, 0: move b2 f2, 0: end, C: card two")
    run(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f3, 1: move r4 f4")
    assert spaces(state, "f") == [0, 0, 1, 1]
    assert claim(state, "f") == 1
    assert state.scores() == [6.0, 10.0]


def test_11_3_tie_without_last_entrant_goes_to_most_recent_turn() -> None:
    """11.3 (MM-19): j fills 1–2–2 by seat 0; seats 1 and 2 tie; counting back from seat 0,
    seat 2 comes first and claims j: scores [6, 6, 11]."""
    others = ("three", "two", "four", "cavein", "convert")
    state = s3([("two", "two", "three", "four", "cavein"), others, others])
    run(state, "0: play two, 0: move b1 e1, 0: end, C: card three")
    run(state, "1: play three, 1: move p1 k1, 1: move p2 j1, 1: move p3 j2, 1: end")
    run(state, "C: card three, 2: play three, 2: move m1 i1, 2: move m2 j3, 2: move m3 j4")
    run(state, "2: end, C: card three, 0: play two")
    assert claim(state, "j") is None
    run(state, "0: move e1 j5")
    assert spaces(state, "j") == [1, 1, 2, 2, 0]
    assert claim(state, "j") == 2
    assert state.scores() == [6.0, 6.0, 11.0]


def _after_11_2() -> Any:
    state = s2()
    run(state, "0: play two, 0: move b1 f1, 0: move b2 f2, 0: end, C: card two")
    run(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f3, 1: move r4 f4")
    return run(state, "1: end, C: card three")


def test_11_4_convert_reassesses_majority() -> None:
    """11.4 (MM-14, MM-29): seat 0's CONVERT network is {a b c e f j k}: conversions f3, f4,
    j1; convert f3 makes f 3–1, seat 1's claim returns, seat 0 claims f: [10, 6]; only
    ``end`` is left."""
    state = _after_11_2()
    assert hand(state, 0) == sorted(["four", "three", "cavein", "convert", "two"])
    run(state, "0: play convert")
    assert legal_verb(state, "convert") == {"convert f3", "convert f4", "convert j1"}
    claims_before = seat_info(state, 1)["claims"]
    moles_before = (seat_info(state, 0)["moles"], seat_info(state, 1)["moles"])
    run(state, "0: convert f3")
    assert spaces(state, "f") == [0, 0, 0, 1]
    assert claim(state, "f") == 0
    assert board(state)["f"]["last_entrant"] == 0
    assert seat_info(state, 1)["claims"] == claims_before + 1
    assert (seat_info(state, 0)["moles"], seat_info(state, 1)["moles"]) == (
        moles_before[0] - 1,
        moles_before[1] + 1,
    )
    assert state.scores() == [10.0, 6.0]
    assert legal(state) == {"end"}


def _11_5_before_roll() -> Any:
    state = s2()
    run(state, "0: play three, 0: move b2 c1, 0: move b5 c2, 0: end, C: card two")
    assert spaces(state, "b") == [0, None, 0, 0, None, 0]
    return run(state, "1: play keeper1 four")


@pytest.mark.parametrize(
    ("roll", "left"),
    [
        ("roll b3 cw", [0, None, None, None, None, 0]),
        ("roll b3 ccw", [0, None, None, 0, None, 0]),
        ("roll b6 cw", [None, None, 0, 0, None, None]),
    ],
)
def test_11_5_groundskeeper_stops_at_an_empty_space(roll: str, left: list[int | None]) -> None:
    """11.5 (MM-11, MM-31, MM-32): ROLL NUMBER 4 from b3 cw clears b3 b4; ccw clears b3; from
    b6 cw clears b6 and b1 (wrapping); b keeps seat 0's claim; removed moles go home."""
    state = _11_5_before_roll()
    supply = seat_info(state, 0)["moles"]
    run(state, f"1: {roll}")
    assert spaces(state, "b") == left
    assert claim(state, "b") == 0
    removed = 4 - sum(1 for owner in left if owner == 0)
    assert seat_info(state, 0)["moles"] == supply + removed
    assert board(state)["b"]["last_entrant"] == 0  # a roll does not change it (2.7)
    # The roll is done: no other roll is legal.
    assert not legal_verb(state, "roll")


def test_11_5_breeds_are_the_empty_spaces_of_the_claimed_hex() -> None:
    """11.5 (MM-17): on seat 0's next turn, after ``play four``, the breeds are exactly
    b2 b3 b4 b5 (c holds moles but is not claimed)."""
    state = _11_5_before_roll()
    run(state, "1: roll b3 cw, 1: end, C: card two, 0: play four")
    assert legal_verb(state, "breed") == {"breed b2", "breed b3", "breed b4", "breed b5"}


def test_11_6_claim_leaves_empty_hex_elimination_decisive_victory() -> None:
    """11.6 (MM-21, MM-38, MM-39, MM-48): the roll empties b, seat 0's claim returns; at
    ``end`` seat 0 is eliminated (its c moles return), seat 1 wins outright, nothing is
    drawn: returns [0, 1], scores [0, 6]."""
    state = s2()
    run(state, "0: play three, 0: move b4 c1, 0: move b5 c2, 0: move b6 c3, 0: end, C: card two")
    run(state, "1: play keeper1 four, 1: roll b1 cw")
    assert spaces(state, "b") == [None] * 6
    assert claim(state, "b") is None
    assert seat_info(state, 0)["claims"] == 10
    assert not state.is_terminal()  # never mid-turn
    assert state.returns() == [0.0, 0.0]
    run(state, "1: end")
    assert state.is_terminal() and not state.is_chance() and state.to_move() == []
    assert state.returns() == [0.0, 1.0]
    assert state.scores() == [0.0, 6.0]
    assert spaces(state, "c") == [None] * 6
    assert seat_info(state, 0)["moles"] == 30
    assert seat_info(state, 0)["eliminated"] is True
    assert seat_info(state, 1)["hand_size"] == 3  # no end-of-turn draw


def test_11_7_twoplus_bonus_breed_opens_bonus_phase() -> None:
    """11.7 (MM-24, MM-25): after two moves, legal is exactly breed r1, breed r2, stack
    keeper1, end; the bonus breed leaves only ``end``."""
    state = s2()
    run(state, "0: play two, 0: end, C: card two, 1: play twoplus, 1: move r1 o1, 1: move r2 o2")
    assert legal(state) == {"breed r1", "breed r2", "stack keeper1", "end"}
    run(state, "1: breed r1")
    assert legal(state) == {"end"}


def _11_8_after_cave(token: int = 3) -> Any:
    state = s2()
    run(state, "0: play cavein")
    assert legal_verb(state, "cave") == {
        "cave a-b b-c",
        "cave a-b b-e",
        "cave a-b b-f",
        "cave b-c b-e",
        "cave b-c b-f",
        "cave b-e b-f",
    }
    run(state, "0: move b1 a1, 0: cave b-e b-f")
    assert state.is_chance() and state.to_move() == []
    assert obs(state)["active"] == 0  # 4.1: the turn state is public, also at its chance node
    assert odds(state) == pytest.approx({"token 1": 4 / 13, "token 2": 4 / 13, "token 3": 5 / 13})
    return run(state, f"C: token {token}")


def test_11_8_cave_in_blocks_moves_not_convert() -> None:
    """11.8 (MM-15, MM-27, MM-29): the cave choices are the six pairs of {a-b b-c b-e b-f};
    the token node is {1: 4/13, 2: 4/13, 3: 5/13}; afterwards seat 0 reaches e through a,
    not f or j; Convert reaches f1 through the Cave-In."""
    state = _11_8_after_cave()
    assert obs(state)["cave_ins"] == ["b-e", "b-f"]
    assert seat_info(state, 0)["cave_ins"] == 2
    assert obs(state, 0)["my_home_tokens"] == [3]
    assert legal(state) == {"end"}  # MM-26: the effect ends MAIN; no bonus breeds
    run(state, "0: end, C: card two")
    run(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f1, 1: end, C: card two")
    moves = run(state.clone(), "0: play four")
    for text in ("move b2 e1", "move a1 e1", "move b2 c1", "move b2 a2"):
        assert text in legal(moves), text
    for text in ("move b2 f2", "move a1 f2", "move b2 j2", "move a1 a2"):
        assert text not in legal(moves), text
        with pytest.raises(ValueError, match="not legal"):
            moves.clone().apply(0, moves.game.parse_action(text))
    assert legal_verb(moves, "breed") == {"breed b1"}  # MM-17: a is not claimed
    converts = run(state.clone(), "0: play convert")
    assert legal_verb(converts, "convert") == {"convert f1"}


def test_11_9_stacked_convert_adds_a_roll() -> None:
    """11.9 (MM-22, MM-23, MM-31): on ``play keeper1 two``: ``stack convert roll`` and
    ``stack convert step`` are legal, ``stack convert repeat`` is not (and ``stack three`` /
    ``stack four`` are not even notation); ROLL NUMBER 3 clears b1 b2 b3."""
    state = s2(hand_1=("four", "three", "two", "convert", "keeper1"))
    run(state, "0: play two, 0: end, C: card two, 1: play keeper1 two")
    stacks = legal_verb(state, "stack")
    assert "stack convert roll" in stacks and "stack convert step" in stacks
    assert "stack convert repeat" not in stacks
    assert stacks == {"stack convert roll", "stack convert step"}
    for text in ("stack three", "stack four"):
        with pytest.raises(ValueError, match="stack"):
            state.game.parse_action(text)
    run(state, "1: stack convert roll, 1: roll b1 cw")
    assert spaces(state, "b") == [None, None, None, 0, 0, 0]


def test_11_10_exhausted_hand_then_five_cards() -> None:
    """11.10 (MM-12, MM-22, MM-33, MM-34, MM-46): the START choices; stacking the whole hand
    leaves the 24 rolls and ``end``; ``roll r1 cw`` clears r1-r4; ``end`` is followed by
    exactly five card nodes for seat 0."""
    state = s2(hand_0=("three", "twoplus", "keeper1", "keeper2", "convert"))
    assert legal(state) == {
        "play three",
        "play twoplus",
        "play keeper1 three",
        "play keeper1 twoplus",
        "play keeper2 three",
        "play keeper2 twoplus",
        "discard",
    }
    run(state, "0: play keeper1 three, 0: stack twoplus, 0: stack keeper2, 0: stack convert roll")
    assert seat_info(state, 0)["hand_size"] == 0
    assert not state.is_terminal() and state.to_move() == [0]
    rolls = {f"roll {h}{i} {d}" for h in "br" for i in range(1, 7) for d in ("cw", "ccw")}
    assert len(rolls) == 24
    assert legal(state) == rolls | {"end"}
    run(state, "0: roll r1 cw")
    assert spaces(state, "r") == [None, None, None, None, 1, 1]
    run(state, "0: end")
    for drawn in range(5):
        assert state.is_chance() and state.to_move() == []
        assert seat_info(state, 0)["hand_size"] == drawn
        first_outcome(state)
    assert not state.is_chance() and state.to_move() == [1]
    assert seat_info(state, 0)["hand_size"] == 5


def test_11_11_a_last_claim_token_ends_the_game() -> None:
    """11.11 (MM-36, MM-43, MM-49): with ``claim_tokens=2`` seat 0 claims a with its last
    token; the game goes on until ``end``: condition A, scores [9, 6], returns [1, 0],
    nothing drawn."""
    state = s2(claim_tokens=2)
    run(state, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3")
    assert claim(state, "a") == 0 and seat_info(state, 0)["claims"] == 0
    assert not state.is_terminal()
    run(state, "0: end")
    assert state.is_terminal() and not state.is_chance()
    assert state.scores() == [9.0, 6.0]
    assert state.returns() == [1.0, 0.0]
    assert seat_info(state, 0)["hand_size"] == 4


def test_11_11_b_empty_supply_and_the_option() -> None:
    """11.11 (MM-37, MM-42): with ``mole_tokens=8`` seat 0's supply reaches 0: condition B;
    6–6 points, 8–6 moles: seat 0 wins. With ``end_on_empty_supply=false`` the game goes on
    and seat 0 draws."""
    script = "0: play four, 0: move b1 a1, 0: move b2 a2, 0: breed b1, 0: breed b2, 0: end"
    state = run(s2(mole_tokens=8), script)
    assert state.is_terminal()
    assert state.scores() == [6.0, 6.0]
    assert state.returns() == [1.0, 0.0]
    other = run(s2(mole_tokens=8, end_on_empty_supply=False), script)
    assert not other.is_terminal() and other.is_chance()
    first_outcome(other)
    assert other.to_move() == [1]
    assert seat_info(other, 0)["hand_size"] == 5


@pytest.mark.parametrize(("drawn", "returns"), [("keeper2", [0.0, 1.0]), ("twoplus", [0.5, 0.5])])
def test_11_11_c_turn_limit_and_hand_sum(drawn: str, returns: list[float]) -> None:
    """11.11 (MM-40, MM-42, MM-44): ``turn_limit=2`` ends after seat 1's ``end`` (L); points
    and moles tie; hand sums 7 (cavein counts 0) against 9: seat 1 wins; with ``twoplus``
    drawn instead it is 9–9: a draw [0.5, 0.5]."""
    state = s2(turn_limit=2)
    run(state, f"0: play two, 0: end, C: card {drawn}, 1: play two")
    assert not state.is_terminal()
    run(state, "1: end")
    assert state.is_terminal()
    assert state.scores() == [6.0, 6.0]
    assert state.returns() == returns
    assert sum(state.returns()) == pytest.approx(1.0)


def test_11_11_d_make_a_home_scores_at_the_end() -> None:
    """11.11 (MM-26, MM-28, MM-41): the only ``home`` choice is ``home a``; after it only
    ``end``; scores stay [9, 6] until the end, then [10, 6] with the 1-token of a."""
    state = s2(turn_limit=3)
    run(state, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3, 0: end, C: card two")
    run(state, "1: play two, 1: end, C: card two, 0: play cavein")
    assert legal_verb(state, "home") == {"home a"}
    run(state, "0: home a")
    assert legal(state) == {"end"}
    assert state.scores() == [9.0, 6.0]
    assert board(state)["a"]["token"] == "none"
    assert seat_info(state, 0, viewer=1)["home_tokens"] == 1
    assert obs(state, 0)["my_home_tokens"] == [1]
    run(state, "0: end")
    assert state.is_terminal()
    assert state.scores() == [10.0, 6.0]
    assert state.returns() == [1.0, 0.0]


# ------------------------------------------------------------ section 4: flow of play


def test_mm_12_pass_only_when_nothing_is_playable() -> None:
    """MM-12, MM-46, 4.2: a hand of convert, convert, keeper1, keeper2 with no target and no
    Number card allows exactly ``discard`` and ``pass``; ``pass`` ends the turn with one draw
    (hand 4 < 5)."""
    state = s2(hand_0=("three", "twoplus", "convert", "keeper1", "keeper2"))
    assert "pass" not in legal(state)
    run(state, "0: play three, 0: stack twoplus, 0: end, C: card convert")
    run(state, "1: play two, 1: end, C: card two")
    assert hand(state, 0) == ["convert", "convert", "keeper1", "keeper2"]
    assert legal(state) == {"discard", "pass"}
    run(state, "0: pass")
    assert state.is_chance()
    first_outcome(state)
    assert state.to_move() == [1]
    assert seat_info(state, 0)["hand_size"] == 5


def test_mm_34_mm_47_discard_draws_five_and_is_public() -> None:
    """MM-34, MM-47: ``discard`` puts the whole hand face up on the discard pile, ends the
    turn and draws exactly 5 cards; the discard pile is seen by everyone."""
    state = s2()
    run(state, "0: discard")
    info = seat_info(state, 0, viewer=None)
    assert sorted(info["discard"]) == sorted(S2_HAND_0)
    assert info["hand_size"] == 0
    for _ in range(5):
        assert state.is_chance()
        first_outcome(state)
    assert state.to_move() == [1]
    assert seat_info(state, 0)["hand_size"] == 5


def test_mm_34_one_card_when_fewer_than_five_none_when_five() -> None:
    """MM-12, MM-34: ``end`` with 4 cards in hand draws exactly 1; ``pass`` with 5 cards in
    hand draws none."""
    state = s2()
    run(state, "0: play four, 0: end")
    assert state.is_chance()
    first_outcome(state)
    assert not state.is_chance() and state.to_move() == [1]
    assert seat_info(state, 0)["hand_size"] == 5
    # A full hand that cannot play: keepers and converts only, no target, no Number card.
    state = s2(hand_0=("three", "twoplus", "convert", "keeper1", "keeper2"))
    run(state, "0: play three, 0: stack twoplus, 0: end, C: card convert")
    run(state, "1: play two, 1: end, C: card two, 0: pass, C: card cavein")
    run(state, "1: play two, 1: end, C: card two")
    assert seat_info(state, 0)["hand_size"] == 5
    assert legal(state) == {"play cavein", "discard"}


def test_mm_35_empty_deck_takes_the_discard_pile() -> None:
    """MM-35, 4.6 step 4: when seat 0's deck runs out mid-draw, its whole discard pile becomes
    the deck and the next card node is over those cards."""
    state = s2()
    for _ in range(2):
        run(state, "0: discard")
        for _ in range(5):
            first_outcome(state)
        run(state, "1: discard")
        for _ in range(5):
            first_outcome(state)
    assert seat_info(state, 0)["deck_size"] == 3
    run(state, "0: discard")
    discarded = list(seat_info(state, 0)["discard"])
    assert len(discarded) == 15
    for _ in range(3):
        first_outcome(state)
    assert state.is_chance()
    info = seat_info(state, 0)
    assert info["deck_size"] == 15 and info["discard"] == []
    expected = {f"card {k}": discarded.count(k) / 15 for k in set(discarded)}
    assert odds(state) == pytest.approx(expected)


def test_mm_40_every_turn_counts_toward_the_limit() -> None:
    """MM-40, MM-48: ``discard`` turns count; with ``turn_limit=2`` the game ends after seat
    1's discard and nothing more is drawn."""
    state = s2(turn_limit=2)
    run(state, "0: discard")
    for _ in range(5):
        first_outcome(state)
    run(state, "1: discard")
    assert state.is_terminal() and not state.is_chance()
    assert sum(state.returns()) == pytest.approx(1.0)


def test_mm_24_breed_uses_steps_first() -> None:
    """MM-24: while steps remain a ``breed`` uses a step and MAIN goes on (moves stay legal);
    after the steps it uses a bonus breed and opens BONUS."""
    state = s2(hand_1=("four", "three", "two", "twoplus", "keeper2"))
    run(state, "0: play two, 0: end, C: card two")
    run(state, "1: play four, 1: move r1 o1, 1: breed r1")
    assert "move r2 o2" in legal(state)  # still MAIN with 2 steps left
    run(state, "1: stack keeper2, 1: move r2 o2, 1: move r3 o3")
    assert not legal_verb(state, "move")  # steps used up
    assert "stack twoplus" in legal(state)  # still MAIN
    run(state, "1: breed r2")  # the first bonus breed opens BONUS
    assert legal(state) == {"breed r3", "end"}
    run(state, "1: breed r3")
    assert legal(state) == {"end"}


def test_mm_50_only_the_active_seat_acts() -> None:
    """MM-50: ``legal_actions`` is empty for every other seat; applying for a seat not in
    ``to_move()`` (or for CHANCE at a decision) raises ValueError and changes nothing."""
    state = s2()
    before = json.dumps(state.record())
    assert state.legal_actions(1) == []
    assert state.legal_actions(CHANCE) == []
    with pytest.raises(ValueError, match="seat 1"):
        state.apply(1, state.game.parse_action("play four"))
    with pytest.raises(ValueError, match="chance"):
        state.apply(CHANCE, state.game.parse_action("card two"))
    with pytest.raises(ValueError, match="play twoplus"):
        state.apply(0, state.game.parse_action("play twoplus"))  # not in hand
    assert json.dumps(state.record()) == before
    assert state.to_move() == [0]


# -------------------------------------------------------------- section 6: options


def test_6_options_defaults_in_record() -> None:
    """Section 6, README records: the record lists all five options with their values."""
    state = new(3)
    record = state.record()
    assert record["format"] == 1 and record["game"] == SLUG and record["players"] == 3
    assert record["options"] == {
        "turn_limit": 400,
        "end_on_empty_supply": True,
        "reveal_home_tokens": False,
        "claim_tokens": 10,
        "mole_tokens": 30,
    }
    assert record["actions"] == []


@pytest.mark.parametrize(
    "options",
    [
        {"turn_limit": 0},
        {"turn_limit": 10001},
        {"turn_limit": True},
        {"turn_limit": "400"},
        {"turn_limit": 4.0},
        {"end_on_empty_supply": 1},
        {"end_on_empty_supply": "true"},
        {"reveal_home_tokens": 0},
        {"claim_tokens": 1},
        {"claim_tokens": 11},
        {"mole_tokens": 6},
        {"mole_tokens": 31},
        {"colour": "red"},
    ],
)
def test_6_bad_options_raise_value_error(options: dict[str, object]) -> None:
    """Section 6: unknown option, wrong type (bool for int, int for bool, strings) or value out
    of range raises ValueError."""
    with pytest.raises(ValueError, match="option"):
        molehaven.make(SLUG, 2, **options)


@pytest.mark.parametrize("players", [0, 1, 5])
def test_6_players_two_to_four(players: int) -> None:
    """Section 1, 6: 2 to 4 players."""
    with pytest.raises(ValueError, match="players"):
        molehaven.make(SLUG, players)


def test_6_option_bounds_accepted() -> None:
    """Section 6: the boundary values are accepted and recorded."""
    state = new(
        4,
        turn_limit=10000,
        end_on_empty_supply=False,
        reveal_home_tokens=True,
        claim_tokens=2,
        mole_tokens=7,
    )
    assert state.record()["options"] == {
        "turn_limit": 10000,
        "end_on_empty_supply": False,
        "reveal_home_tokens": True,
        "claim_tokens": 2,
        "mole_tokens": 7,
    }
    new(2, turn_limit=1, claim_tokens=10, mole_tokens=30)


def test_mm_49_supplies_follow_the_options() -> None:
    """MM-49, 2.1: ``claim_tokens``/``mole_tokens`` set the supplies (6 moles and 1 claim go
    onto the Home Base); Cave-In tokens are 4."""
    state = s2(claim_tokens=3, mole_tokens=9)
    for seat in (0, 1):
        info = seat_info(state, seat)
        assert (info["moles"], info["claims"], info["cave_ins"]) == (3, 2, 4)


# ------------------------------------------------------------ section 7: visibility


def _views(state: Any) -> dict[int | None, str]:
    viewers: list[int | None] = [*range(len(state.scores())), None]
    return {v: json.dumps(state.observation(v), sort_keys=True) for v in viewers}


def _differ(first: Any, second: Any) -> set[int | None]:
    a, b = _views(first), _views(second)
    return {v for v in a if a[v] != b[v]}


def test_7_hands_are_seen_by_their_owner_only() -> None:
    """Section 7: a seat's hand contents are seen by its owner only; the other seat and a
    spectator get identical observations for different hands."""
    first = s2()
    second = s2(hand_0=("two", "two", "two", "keeper2", "convert"))
    assert _differ(first, second) == {0}
    assert "hand" not in obs(first, None)
    assert len(obs(first, 0)["hand"]) == 5


def test_7_board_tokens_and_pool_are_seen_by_nobody() -> None:
    """MM-9, section 7: face-down token values on the board and in the pool are seen by
    nobody: two boards that differ only in token values look the same to every viewer."""
    first = s2_board(tokens=(1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2))
    second = s2_board(tokens=(3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2))
    assert _differ(first, second) == set()
    deal(first, [S2_HAND_0, S2_HAND_1])
    deal(second, [S2_HAND_0, S2_HAND_1])
    assert _differ(first, second) == set()


def test_7_a_cave_token_is_seen_by_its_owner_only() -> None:
    """MM-27, section 7: the token drawn after ``cave`` is seen by the seat only; the others
    see that seat 0 took a Home Token."""
    three, one = _11_8_after_cave(3), _11_8_after_cave(1)
    assert _differ(three, one) == {0}
    assert seat_info(one, 0, viewer=1)["home_tokens"] == 1
    assert seat_info(one, 0, viewer=None)["home_tokens"] == 1


def test_7_draws_are_seen_by_the_drawer_only() -> None:
    """Section 7: a card drawn at the end of a turn: the owner sees the kind, the others only
    that a card was drawn."""
    states = []
    for card in ("two", "keeper2"):
        state = s2()
        run(state, f"0: play three, 0: end, C: card {card}")
        states.append(state)
    assert _differ(*states) == {0}
    assert seat_info(states[0], 0, viewer=1)["hand_size"] == 5


def test_7_public_information() -> None:
    """Section 7: supplies, hand/deck sizes, discard piles, claims, last entrants, cave-ins,
    the turn state and scores are public (in the spectator's view)."""
    state = s2()
    run(state, "0: play three, 0: move b1 a1")
    view = obs(state, None)
    assert view["board"]["a"]["spaces"] == [0, None, None]
    assert view["board"]["a"]["last_entrant"] == 0
    assert view["board"]["a"]["token"] == "hidden"
    assert view["seats"][0]["discard"] == ["three"]
    assert view["seats"][0]["hand_size"] == 4
    assert view["seats"][1]["deck_size"] == 13
    assert view["scores"] == [6.0, 6.0]
    text = json.dumps(view)
    assert "three" in text  # the played Action card is public
    assert "cavein" not in text  # seat 0's hand is not


def test_7_everything_is_shown_at_the_end() -> None:
    """Section 7: at the end every hand and every collected Home Token value is public."""
    state = s2(turn_limit=3)
    run(state, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3, 0: end, C: card two")
    run(state, "1: play two, 1: end, C: card two, 0: play cavein, 0: home a")
    hidden = json.dumps(obs(state, 1))
    run(state, "0: end")
    shown = obs(state, None)
    text = json.dumps(shown)
    for card in ("four", "twoplus", "keeper1"):
        assert card in text
    assert shown["scores"] == [10.0, 6.0]
    assert hidden != json.dumps(obs(state, 1))
    # Seat 0's hand (four two convert two) is visible to a spectator.
    assert sorted(shown["hands"][0]) == ["convert", "four", "two", "two"]
    assert shown["home_token_values"][0] == [1]


@pytest.mark.parametrize("reveal", [False, True])
def test_mm_45_reveal_home_tokens(reveal: bool) -> None:
    """MM-45: with ``reveal_home_tokens`` a hex's token turns face up (value public) when the
    hex is first claimed, and stays public when taken; by default it stays hidden."""
    state = s2(reveal_home_tokens=reveal, turn_limit=5)
    run(state, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3")
    assert board(state)["a"]["token"] == (1 if reveal else "hidden")
    assert obs(state, 1)["board"]["a"]["token"] == (1 if reveal else "hidden")
    run(state, "0: end, C: card two, 1: play two, 1: end, C: card two, 0: play cavein, 0: home a")
    other = s2(reveal_home_tokens=reveal, turn_limit=5, tokens=(2, 1, 3, 1, 2, 3, 1, 2, 3, 1, 2))
    run(other, "0: play three, 0: move b1 a1, 0: move b2 a2, 0: move b3 a3")
    run(other, "0: end, C: card two, 1: play two, 1: end, C: card two, 0: play cavein, 0: home a")
    # Different token on a: only seat 0 tells them apart unless the token was revealed.
    assert _differ(state, other) == ({0, 1, None} if reveal else {0})
    assert state.scores() == [9.0, 6.0]  # MM-41: tokens count only at the end
    assert board(state)["a"]["token"] == "none"  # taken: the hex has no token any more


# --------------------------------------------------------------- section 8: notation

TABLE_TEXTS = [
    "hex 5",
    "base r",
    "place s",
    "token 2",
    "card twoplus",
    "play three",
    "play keeper2 four",
    "discard",
    "stack convert roll",
    "stack keeper1",
    "move b1 e2",
    "breed b1",
    "convert f3",
    "roll b3 cw",
    "cave b-e b-f",
    "home a",
    "end",
    "pass",
    "play convert",
    "play cavein",
    "play keeper1 twoplus",
    "stack twoplus",
    "stack keeper2",
    "stack convert step",
    "stack convert repeat",
    "roll s6 ccw",
    "hex 3",
    "hex 6",
    "token 1",
    "token 3",
    *(f"card {k}" for k in DECK),
]


@pytest.mark.parametrize("text", TABLE_TEXTS)
def test_8_canonical_texts_round_trip(text: str) -> None:
    """Section 8: every example text parses and prints back unchanged; upper case and extra
    spaces parse to the same action."""
    game = molehaven.make(SLUG, 2)
    action = game.parse_action(text)
    assert str(action) == text
    assert game.parse_action("  " + text.upper().replace(" ", "   ") + " ") == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("cave f-b e-b", "cave b-e b-f"),
        ("cave b-f b-e", "cave b-e b-f"),
        ("CAVE E-B  A-B", "cave a-b b-e"),
        ("move a1 s3", "move a1 s3"),
        ("breed k6", "breed k6"),
        ("Play Keeper1 TwoPlus", "play keeper1 twoplus"),
    ],
)
def test_8_normalization(text: str, canonical: str) -> None:
    """Section 8: edges are normalized to alphabetical order, the two edges of ``cave`` to
    sorted order; ``move a1 s3`` and ``breed k6`` parse."""
    assert str(molehaven.make(SLUG, 2).parse_action(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump",
        "base t",
        "base",
        "base b c",
        "breed k0",
        "breed k7",
        "breed t1",
        "breed k",
        "move b1",
        "cave b-b e-f",
        "cave b-e b-e",
        "cave b-e e-b",
        "cave b-e",
        "cave be bf",
        "roll b3",
        "roll b3 left",
        "hex 2",
        "hex 7",
        "token 0",
        "token 4",
        "card five",
        "play",
        "play keeper1",
        "play keeper1 cavein",
        "play keeper1 convert",
        "play two three",
        "play five",
        "stack four",
        "stack three",
        "stack two",
        "stack cavein",
        "stack convert",
        "stack convert twice",
        "end now",
        "discard all",
        "breed \u212a3",  # Kelvin sign: lower-cases to "k"
        "breed\u00a0k3",  # no-break space
        "breed\u3000k3",  # ideographic space
        "breed k\uff13",  # full-width digit
    ],
)
def test_8_bad_text_raises_value_error(text: str) -> None:
    """Section 8 and README: anything outside the grammar (unknown word, label ``t``, space
    ``k0``/``k7``, edge ``b-b``, the same edge twice, non-ASCII look-alikes) raises ValueError
    with a message."""
    with pytest.raises(ValueError, match=r"\S"):
        molehaven.make(SLUG, 2).parse_action(text)


def test_8_chance_outcomes_carry_seat_minus_one_in_records() -> None:
    """Section 8, README records: chance outcomes are recorded with seat −1 and their
    canonical text."""
    state = s2()
    run(state, "0: play three, 0: move b1 a1, 0: end, C: card two")
    actions = state.record()["actions"]
    assert actions[0] == {"seat": -1, "action": "hex 5"}
    assert {"seat": 1, "action": "base r"} in actions
    assert actions[-4:] == [
        {"seat": 0, "action": "play three"},
        {"seat": 0, "action": "move b1 a1"},
        {"seat": 0, "action": "end"},
        {"seat": -1, "action": "card two"},
    ]


# ---------------------------------------------------------- records, scores, length


def test_readme_records_replay_exactly() -> None:
    """README records: a record (JSON) replays to the same state for every viewer; an
    illegal action is reported with its index and text."""
    state = _11_8_after_cave()
    run(state, "0: end, C: card two, 1: play four, 1: move r1 o1")
    record = json.loads(json.dumps(state.record()))
    again = molehaven.replay(record)
    assert _differ(state, again) == set()
    assert legal(again) == legal(state)
    bad = json.loads(json.dumps(record))
    index = len(bad["actions"])
    bad["actions"].append({"seat": 1, "action": "move r1 f1"})  # r1 is empty now
    with pytest.raises(ValueError, match=rf"{index}[\s\S]*move r1 f1|move r1 f1[\s\S]*{index}"):
        molehaven.replay(bad)
    bad["actions"][-1] = {"seat": 1, "action": "moov r2 o2"}
    with pytest.raises(ValueError, match="moov"):
        molehaven.replay(bad)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_10_length_bound(players: int) -> None:
    """Section 10: at most 14 + 12n + 23·T actions (9,262 for the defaults with 4 players)."""
    game = molehaven.make(SLUG, players)
    assert game.max_length() == 14 + 12 * players + 23 * 400
    assert molehaven.make(SLUG, players, turn_limit=7).max_length() == 14 + 12 * players + 23 * 7


@pytest.mark.parametrize("seed", range(6))
def test_9_10_random_games(seed: int) -> None:
    """Sections 9, 10, README: in random games every chance node's probabilities sum to 1;
    setup takes 14 + 12n actions and no turn more than 23; the game stays within its bound;
    returns are 0 until the end, then 1/k for each of k winners; a replay of the record gives
    the same final observations."""
    rng = random.Random(seed)
    players = 2 + seed % 3
    setup_length = 14 + 12 * players
    state = new(players, turn_limit=30, claim_tokens=4 + seed % 3, mole_tokens=12)
    game = state.game
    starts: list[int] = []
    while not state.is_terminal():
        assert state.returns() == [0.0] * players
        if state.is_chance():
            assert sum(odds(state).values()) == pytest.approx(1.0)
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply(CHANCE, rng.choices(actions, weights)[0])
            continue
        (seat,) = state.to_move()
        texts = [str(a) for a in state.legal_actions(seat)]
        assert len(texts) == len(set(texts))
        for text in rng.sample(texts, min(5, len(texts))):
            assert str(game.parse_action(text)) == text
        at_start = obs(state)["current"]["action"] is None
        if state.num_actions >= setup_length and at_start and "end" not in texts:
            starts.append(state.num_actions)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert starts[0] == setup_length
    bounds = [*starts, state.num_actions]
    assert max(b - a for a, b in itertools.pairwise(bounds)) <= 23
    assert state.num_actions <= game.max_length()
    returns = state.returns()
    winners = [s for s in range(players) if returns[s] > 0]
    assert winners and all(returns[s] == pytest.approx(1 / len(winners)) for s in winners)
    assert sum(returns) == pytest.approx(1.0)
    assert len(state.scores()) == players
    again = molehaven.replay(state.record())
    assert _differ(state, again) == set()
    assert again.returns() == returns


# ------------------------------------------------------------------ further decisions


def test_mm_36_last_claim_placed_by_a_non_active_seat() -> None:
    """MM-36 (A), MM-20: with ``claim_tokens=2``, seat 1's move hands f to seat 0 (its last
    token); the game ends at the end of seat 1's turn, whoever placed it."""
    state = s2(claim_tokens=2)
    run(state, "0: play three, 0: move b1 f1, 0: move b2 f2, 0: move b3 f3, 0: end, C: card two")
    run(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f4")
    assert seat_info(state, 0)["claims"] == 0
    assert not state.is_terminal()
    run(state, "1: end")
    assert state.is_terminal() and not state.is_chance()
    assert state.scores() == [10.0, 6.0]
    assert state.returns() == [1.0, 0.0]


def test_mm_38_eliminated_seat_is_skipped() -> None:
    """MM-38, 4.6: with three players, a seat whose last claim is rolled away is eliminated at
    the end of that turn (its moles return), the game goes on (no D), it draws nothing and
    never takes another turn."""
    state = s3(
        [
            ("three", "two", "two", "four", "cavein"),
            ("keeper1", "four", "three", "two", "two"),
            ("three", "two", "four", "cavein", "convert"),
        ]
    )
    run(state, "0: play three, 0: move b4 a1, 0: move b5 a2, 0: move b6 a3, 0: end, C: card two")
    run(state, "1: play keeper1 four, 1: roll b1 cw")
    assert claim(state, "b") is None
    run(state, "1: end")
    assert seat_info(state, 0)["eliminated"] is True
    assert seat_info(state, 0)["moles"] == 30
    assert spaces(state, "a") == [None] * 6
    assert not state.is_terminal()
    first_outcome(state)  # seat 1 draws (3 cards left)
    assert state.to_move() == [2]
    run(state, "2: play two, 2: end")
    first_outcome(state)
    assert state.to_move() == [1]  # seat 0 is skipped
    assert seat_info(state, 0)["hand_size"] == 5
    assert state.legal_actions(0) == []


def test_mm_26_effect_ends_steps_bonus_breeds_follow() -> None:
    """MM-26, MM-27, 4.3: the Cave-In ends MAIN (the unused step is lost, no more stacks) but
    stacked bonus breeds follow; two Cave-Ins spend all 4 tokens; caved-in edges are not
    offered again."""
    state = s2(hand_0=("cavein", "keeper1", "cavein", "three", "two"))
    run(state, "0: play cavein, 0: stack keeper1, 0: move b1 a1, 0: cave b-e b-f, C: token 2")
    assert legal(state) == {"breed b1", "end"}
    run(state, "0: breed b1, 0: end, C: card two, 1: play two, 1: end, C: card two")
    run(state, "0: play cavein")
    assert legal_verb(state, "cave") == {"cave a-b b-c"}
    run(state, "0: cave a-b b-c, C: token 3")
    assert seat_info(state, 0)["cave_ins"] == 0
    assert obs(state)["cave_ins"] == ["a-b", "b-c", "b-e", "b-f"]
    assert sorted(obs(state, 0)["my_home_tokens"]) == [2, 3]
    assert seat_info(state, 0, viewer=1)["home_tokens"] == 2


def test_mm_30_repeat_convert_may_hit_the_same_hex() -> None:
    """MM-23, MM-29, MM-30: ``stack convert repeat`` on a ``convert`` Action gives a second
    conversion with the network recomputed; both may target f."""
    state = s2(hand_0=("two", "convert", "convert", "four", "three"))
    run(state, "0: play two, 0: move b1 f1, 0: move b2 f2, 0: end, C: card two")
    run(state, "1: play four, 1: move r1 o1, 1: move r2 j1, 1: move r3 f3, 1: move r4 f4")
    run(state, "1: end, C: card two, 0: play convert")
    assert "stack convert repeat" in legal(state)
    assert "stack convert roll" not in legal(state)
    run(state, "0: stack convert repeat, 0: convert f3")
    assert claim(state, "f") == 0
    assert legal_verb(state, "convert") == {"convert f4", "convert j1"}
    run(state, "0: convert f4")
    assert spaces(state, "f") == [0, 0, 0, 0]
    assert claim(state, "f") == 0
    assert legal(state) == {"end"}


def test_mm_23_convert_roll_only_before_the_roll() -> None:
    """MM-23, 4.3: ``stack convert roll`` needs a keeper Action whose roll is not done;
    ``stack convert step`` stays legal and gives a move on a Groundskeeper turn."""
    state = s2(hand_1=("four", "three", "two", "convert", "keeper1"))
    run(state, "0: play two, 0: end, C: card two, 1: play keeper1 two, 1: roll b1 cw")
    assert spaces(state, "b") == [None, None, 0, 0, 0, 0]
    assert legal_verb(state, "stack") == {"stack convert step"}
    assert not legal_verb(state, "move")
    run(state, "1: stack convert step")
    assert "move r1 o1" in legal(state)


def test_mm_39_total_wipe_out_ends_without_elimination() -> None:
    """MM-38, MM-39 (E), 4.6 step 2: seat 1 empties its own Home Base and rolls away seat
    0's last claimed moles in one turn; the sweep would eliminate both, so nobody is
    eliminated and the game ends, scored normally: 0–0 points, moles 3–6: seat 1 wins."""
    state = s2(hand_1=("four", "convert", "keeper1", "three", "two"))
    run(state, "0: play three, 0: move b4 c1, 0: move b5 c2, 0: move b6 c3, 0: end, C: card two")
    run(state, "1: play four, 1: stack convert step, 1: move r1 o1, 1: move r2 o2")
    run(state, "1: move r3 o3, 1: move r4 o4, 1: move r5 n1, 1: end, C: card convert")
    run(state, "0: play two, 0: end, C: card two")
    run(state, "1: play keeper1 three, 1: stack convert step, 1: move r6 n2")
    assert claim(state, "r") is None  # MM-21 at once
    run(state, "1: roll b1 cw")
    assert claim(state, "b") is None
    run(state, "1: end")
    assert state.is_terminal() and not state.is_chance()
    assert [seat_info(state, s)["eliminated"] for s in (0, 1)] == [False, False]
    assert spaces(state, "c") == [0, 0, 0, None, None, None]
    assert state.scores() == [0.0, 0.0]
    assert state.returns() == [0.0, 1.0]
