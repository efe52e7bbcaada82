"""Spec audit of Die Maulwurf Company against ``shared/rules/maulwurf-company.md`` and the
shared conventions in ``shared/rules/README.md``.

Written as an outside tester would: only ``molehaven.make``/``molehaven.replay``, the ``Game``
and ``State`` API and notation strings; no engine module is imported. Each test names the
decision (MC-n) or section it checks. Positions that the worked examples of section 11 only
describe ("play goes on to this position") are reached by explicit, legal action sequences
found once by search and written out here, so every example runs through the public API.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

import pytest

import molehaven
from molehaven.core import CHANCE, CLOCK, State

SLUG = "maulwurf-company"
FULL = {"flip 1": 1 / 6, "flip 2": 2 / 6, "flip 3": 2 / 6, "flip 4": 1 / 6}
DIRS = {"e": (1, 0), "ne": (1, -1), "nw": (0, -1), "w": (-1, 0), "sw": (-1, 1), "se": (0, 1)}
DIR_ORDER = ["e", "ne", "nw", "w", "sw", "se"]

# Section 2.3, rotation 0.
BASE = {
    "green": (
        "+0+0 +2+0 +2-2 +0-2 -2+0 -2+2 +0+2 +4-2 +2-4 -2-2 -4+2 -2+4 +2+2".split(),
        [],
    ),
    "red": (
        "+1-1 -1+1 +3+0 +3-3 +0-3 -3+0 -3+3 +0+3".split(),
        "+1+1 +2-1 +1-2 -1-1 -2+1 -1+2".split(),
    ),
    "brown": ("+2+0 -2+2 +0-2".split(), "+2+1 -3+1 +1-3".split()),
    "blue": (["+0+0"], []),
}

# ----------------------------------------------------------------------------- helpers


def pt(name: str) -> tuple[int, int]:
    return int(name[:2]), int(name[2:])


def name(q: int, r: int) -> str:
    return f"{q:+d}{r:+d}"


def by_listing(points: Iterable[str]) -> list[str]:
    """Section 8 listing order: by q, then r."""
    return sorted(points, key=pt)


def rotated(points: Iterable[str], k: int) -> set[str]:
    """Section 2.2: one step maps (q, r) to (q + r, -q)."""
    out = set()
    for p in points:
        q, r = pt(p)
        for _ in range(k):
            q, r = q + r, -q
        out.add(name(q, r))
    return out


def new(players: int = 2, **options: object) -> State:
    return molehaven.make(SLUG, players=players, **options).initial_state()


def run(state: State, entries: str | list[str]) -> State:
    """Apply ``"c flip 3"`` (chance) or ``"0 move -5+0 e"`` (seat 0) entries, as in 11."""
    items = entries.split(",") if isinstance(entries, str) else entries
    for entry in items:
        who, _, text = entry.strip().partition(" ")
        state.apply(CHANCE if who == "c" else int(who), text)
    return state


def legal(state: State, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def outcomes(state: State) -> dict[str, float]:
    assert state.is_chance() and state.to_move() == []
    result = {str(a): p for a, p in state.chance_outcomes()}
    assert sum(result.values()) == pytest.approx(1.0)
    return result


def obs(state: State) -> dict[str, object]:
    return state.observation(None)


def moles(state: State, seat: int) -> set[str]:
    placed = obs(state)["moles"]
    assert isinstance(placed, dict)
    return {p for p, owner in placed.items() if owner == seat}


def pts(text: str) -> set[str]:
    return set(text.split())


ROT0 = ["c rotate blue 0", "c rotate brown 0", "c rotate red 0", "c rotate green 0"]
EX1_SEAT_0 = "-5+0 -5+1 -4+4 -1+5 +0-4 +0+4 +1+2 +3-3 +4-4 +4+0".split()
EX1_SEAT_1 = "-5+3 -5+5 -3+5 -2-3 +1-5 +2-5 +3+2 +5-5 +5-2 +5+0".split()
EX1_PLACEMENTS = [
    f"{seat} place {p}" for pair in zip(EX1_SEAT_0, EX1_SEAT_1, strict=True) for seat, p in
    zip((0, 1), pair, strict=True)
]  # fmt: skip

EX2_A = [
    "c flip 1", "0 move +3-3 sw", "c flip 1", "1 move -5+3 e", "c flip 2", "0 move +4+0 w",
    "c flip 2", "1 move -5+5 nw", "c flip 2", "0 move +0-4 se", "c flip 2", "1 move -5+3 ne",
    "c flip 3", "0 move -5+0 e", "c flip 3", "1 move -4+3 e", "c flip 3", "0 move -5+1 ne",
    "c flip 3", "1 move -3+1 nw",
]  # fmt: skip
EX2_B = ["c flip 4", "0 move +0+4 nw"]
EX2_C = [
    "c flip 4", "1 move -3-2 se", "c flip 1", "0 move +1+2 w", "c flip 2", "1 move -3+2 ne",
    "c flip 2", "0 move -4+4 ne", "c flip 2", "1 move -2-3 sw", "c flip 2", "0 move +4-4 se",
    "c flip 4", "1 move -1+0 nw", "c flip 3", "0 move -1+5 ne", "c flip 1", "1 move -3+5 ne",
]  # fmt: skip
EX3 = ["c flip 3", "1 move -4-1 se", "c flip 3", "1 move -1-4 e"]
EX4 = ["c flip 4", "c flip 2", "1 move +2-4 w", "c flip 3", "c flip 3", "1 move +0-4 e"]
# From the end of Example 4 to the red position of Example 5 (found by search; all legal).
TO_EX5 = [
    "c flip 1", "0 move -2+0 w", "c flip 1", "1 move +3-4 sw", "c flip 2", "0 move +0+2 se",
    "c flip 2", "1 move -4+2 se", "c flip 3", "0 move +0+0 se", "c flip 3", "1 move -4+4 nw",
    "c flip 2", "0 move -2-2 sw", "c flip 4", "1 move -4+1 e", "c flip 3", "0 move +2-2 sw",
    "c flip 3", "1 move +0+1 sw", "c flip 4", "0 move -4+0 se",
]  # fmt: skip
EX5_SEAT_0 = "-4+4 -3+0 -2+2 -1+1 +0-2 +0+3 +0+4 +2+0 +2+2 +4-2"
EX5_SEAT_1 = "-3+4 -2+4 +2-3"


def example_setup(players_options: dict[str, object] | None = None, red: int = 0) -> State:
    """Section 11, Example 1: all layers in rotation 0 (or red in ``red``), start 0, the
    placements alternating seat 0 / seat 1."""
    state = new(2, **(players_options or {}))
    rotations = [*ROT0]
    rotations[2] = f"c rotate red {red}"
    return run(state, [*rotations, "c start 0", *EX1_PLACEMENTS])


def example_3(**options: object) -> State:
    return run(example_setup(options), [*EX2_A, *EX2_B, *EX2_C, *EX3])


def example_5(**options: object) -> State:
    return run(example_3(**options), [*EX4, *TO_EX5])


# ------------------------------------------------------------------ section 1, 6, MC-1, MC-33


def test_mc1_players_and_mole_counts() -> None:
    """MC-1, section 2.1: 2-4 players with 10/7/6 moles; placement takes 20/21/24 actions."""
    for players, per_seat in ((2, 10), (3, 7), (4, 6)):
        state = new(players)
        run(state, [*ROT0, f"c start {players - 1}"])
        placed = 0
        rng = random.Random(players)
        while obs(state)["phase"] == "place":
            (seat,) = state.to_move()
            assert seat == (players - 1 + placed) % players  # MC-6, MC-28: seat + 1, wrapping
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            placed += 1
        assert placed == players * per_seat
        assert [len(moles(state, s)) for s in range(players)] == [per_seat] * players
        assert obs(state)["phase"] == "flip" and obs(state)["current"] == players - 1  # MC-29
    for players in (0, 1, 5, 6):
        with pytest.raises(ValueError, match=r"\w"):
            molehaven.make(SLUG, players=players)


def test_mc33_options_defaults_and_validation() -> None:
    """Section 6 and MC-33: option names, defaults, allowed values; bad ones raise ValueError."""
    game = molehaven.make(SLUG, players=2)
    record = game.initial_state().record()
    assert record["options"] == {
        "hole_exit": "last_resort",
        "special_fields": True,
        "sole_survivor": "wins",
        "tournament": False,
        "max_turns": 5000,
    }
    for good in (
        {"hole_exit": "any"},
        {"hole_exit": "last_resort"},
        {"special_fields": False},
        {"sole_survivor": "plays_on"},
        {"tournament": True},
        {"max_turns": 1},
    ):
        assert molehaven.make(SLUG, players=2, **good).initial_state().record()["options"][
            next(iter(good))
        ] == next(iter(good.values()))  # type: ignore[index]
    for bad in (
        {"nonsense": 1},
        {"hole_exit": "never"},
        {"hole_exit": 1},
        {"special_fields": "true"},
        {"special_fields": 1},
        {"sole_survivor": "loses"},
        {"tournament": "yes"},
        {"max_turns": 0},
        {"max_turns": -5},
        {"max_turns": True},
        {"max_turns": 10.0},
        {"max_turns": "100"},
    ):
        with pytest.raises(ValueError, match=r"\w"):
            molehaven.make(SLUG, players=2, **bad)


# ------------------------------------------------------------------------- section 3, MC-4/5


def test_mc4_orientation_nodes_bottom_up_one_sixth_each() -> None:
    """MC-4, section 3.1: four chance nodes in the order blue, brown, red, green, each with
    ``rotate <layer> k`` for k = 0..5 at 1/6; rotations public and null until applied."""
    state = new(3)
    assert obs(state)["phase"] == "orient"
    assert obs(state)["rotations"] == {"green": None, "red": None, "brown": None, "blue": None}
    for index, layer in enumerate(("blue", "brown", "red", "green")):
        assert state.to_move() == [] and state.is_chance()
        got = outcomes(state)
        assert list(got) == [f"rotate {layer} {k}" for k in range(6)]
        assert all(p == pytest.approx(1 / 6) for p in got.values())
        assert legal(state, CHANCE) == list(got)
        # A later layer's node cannot be applied early.
        for other in ("blue", "brown", "red", "green")[index + 1 :]:
            with pytest.raises(ValueError, match=r"\w"):
                state.clone().apply(CHANCE, f"rotate {other} 0")
        state.apply(CHANCE, f"rotate {layer} {index + 1}")
        assert obs(state)["rotations"][layer] == index + 1  # type: ignore[index]
    assert obs(state)["rotations"] == {"green": 4, "red": 3, "brown": 2, "blue": 1}


def test_mc5_start_player_node() -> None:
    """MC-5, section 3.2: ``start <seat>`` for every seat at 1/n; ``start 3`` parses but is
    illegal with two players (section 8)."""
    for players in (2, 3, 4):
        state = run(new(players), ROT0)
        assert obs(state)["phase"] == "start"
        got = outcomes(state)
        assert list(got) == [f"start {s}" for s in range(players)]
        assert all(p == pytest.approx(1 / players) for p in got.values())
    state = run(new(2), ROT0)
    assert str(state.game.parse_action("start 3")) == "start 3"
    with pytest.raises(ValueError, match=r"\w"):
        state.apply(CHANCE, "start 3")
    run(state, "c start 1")
    assert state.to_move() == [1] and obs(state)["start"] == 1 and obs(state)["current"] == 1


def test_mc6_placement_points_and_refusals() -> None:
    """MC-6, section 3.4: a mole goes on any green point that is not a hole and is empty;
    the list is sorted by q then r; holes, occupied points and off-board points are refused."""
    state = run(new(2), [*ROT0, "c start 0"])
    green_points = [
        name(q, r)
        for q in range(-5, 6)
        for r in range(-5, 6)
        if max(abs(q), abs(r), abs(q + r)) <= 5
    ]
    assert len(green_points) == 91
    expected = by_listing(p for p in green_points if p not in BASE["green"][0])
    assert len(expected) == 78
    assert legal(state, 0) == [f"place {p}" for p in expected]
    assert legal(state, 1) == []
    for bad in ("place +0+0", "place +2+2", "place +9+9", "place +5+5", "place -6+0"):
        with pytest.raises(ValueError, match=r"\w"):
            state.clone().apply(0, bad)
    run(state, "0 place -5+0")
    with pytest.raises(ValueError, match=r"\w"):
        state.clone().apply(1, "place -5+0")
    with pytest.raises(ValueError, match=r"\w"):
        state.clone().apply(0, "place -4+0")  # not seat 0's turn
    assert "place -5+0" not in legal(state, 1)


def test_section3_discs_start_face_down() -> None:
    """Section 3.3 and 2.1: every seat's face-down multiset is {1: 1, 2: 2, 3: 2, 4: 1}."""
    state = new(4)
    assert obs(state)["face_down"] == [{"1": 1, "2": 2, "3": 2, "4": 1}] * 4
    assert obs(state)["face_up"] == [[], [], [], []]


# ----------------------------------------------------------------------- section 2.3 data


def test_mc2_green_layer_data_every_rotation() -> None:
    """MC-2, MC-4, section 2.3/2.4: green's 13 holes, no specials; green is symmetric, so
    every rotation gives the same holes."""
    for k in range(6):
        state = run(new(2), [*ROT0[:3], f"c rotate green {k}"])
        o = obs(state)
        assert o["layer"] == "green"
        assert set(o["holes"]) == rotated(BASE["green"][0], k) == set(BASE["green"][0])  # type: ignore[arg-type]
        assert o["holes"] == by_listing(o["holes"])  # type: ignore[arg-type]
        assert o["specials"] == []


def test_mc2_mc16_red_layer_data_every_rotation_and_drop() -> None:
    """MC-2, MC-4, MC-16, section 2.3/2.4 and notation example 2: red's holes and specials are
    the base points rotated by k; red has 3 distinct orientations; moles dropped from green
    stand on the same points, never in a hole or on a special."""
    seen = set()
    seat_0 = pts("-2-2 -2+0 -2+2 +0-2 +0+0 +0+2 +2-2 +2+0 +2+2 +4-2")
    for k in range(6):
        state = run(example_setup(red=k), [*EX2_A, *EX2_B, *EX2_C, *EX3])
        o = obs(state)
        assert o["layer"] == "red"
        holes, specials = set(o["holes"]), set(o["specials"])  # type: ignore[arg-type]
        assert holes == rotated(BASE["red"][0], k) and len(holes) == 8
        assert specials == rotated(BASE["red"][1], k) and len(specials) == 6
        seen.add(frozenset(holes))
        assert moles(state, 0) == seat_0 and moles(state, 1) == pts("-4+2 -2+4 +2-4")
        assert not (moles(state, 0) | moles(state, 1)) & (holes | specials)
        if k == 2:
            assert "-1+0" in holes and "+1-1" not in holes  # section 8, example 2
    assert len(seen) == 3


def test_mc19_special_fields_off() -> None:
    """MC-19: with special_fields = false no layer has special fields."""
    state = run(example_setup({"special_fields": False}), [*EX2_A, *EX2_B, *EX2_C, *EX3])
    assert obs(state)["layer"] == "red" and obs(state)["specials"] == []
    assert len(obs(state)["holes"]) == 8  # type: ignore[arg-type]


# ------------------------------------------------------------------ section 8, notation


NOTATION_EXAMPLES = [
    "rotate blue 0",
    "rotate red 2",
    "start 1",
    "place -5+0",
    "flip 3",
    "move -5+0 e",
    "move +0-5 se",
    "bonus",
    "decline",
    "keep 2",
    "move +2+0 w",
]


@pytest.mark.parametrize("text", NOTATION_EXAMPLES)
def test_section8_examples_round_trip(text: str) -> None:
    """Section 8, examples 1-11: each canonical text parses and prints unchanged."""
    game = molehaven.make(SLUG, players=2)
    assert str(game.parse_action(text)) == text
    assert str(game.parse_action(text.upper())) == text
    assert str(game.parse_action("  " + text.replace(" ", "   ") + " ")) == text


def test_section8_example_12_case_and_spaces() -> None:
    """Section 8, example 12: ``MOVE  +2-1   NE`` parses to ``move +2-1 ne``."""
    game = molehaven.make(SLUG, players=2)
    assert str(game.parse_action("MOVE  +2-1   NE")) == "move +2-1 ne"
    assert str(game.parse_action("Rotate GREEN 5")) == "rotate green 5"
    assert str(game.parse_action("place +9+9")) == "place +9+9"  # parses; apply refuses


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "pass",
        "move",
        "move -5+0",
        "move -5+0 e 3",
        "move -5+0 north",
        "move -5+0 E1",
        "move -0+1 e",
        "move +1-0 e",
        "move 5+0 e",
        "move +10+0 e",
        "move +5 e",
        "move (5,0) e",
        "place",
        "place +0+0 +1+1",
        "place -0-0",
        "flip",
        "flip 0",
        "flip 5",
        "flip 12",
        "flip two",
        "keep 0",
        "keep 5",
        "rotate",
        "rotate red",
        "rotate red 6",
        "rotate purple 1",
        "rotate red -1",
        "start",
        "start 4",
        "start -1",
        "start 01",
        "bonus 1",
        "decline now",
        "flip\u00a03",
        "\u212aeep 2",
        "move\u3000+2-1 ne",
        "move +2-1 ne\u200b",
        "flip \uff13",
    ],
)
def test_section8_rejects_other_text(text: str) -> None:
    """Section 8 / README notation: anything but the grammar (zero written ``-0``, numbers out
    of range, extra words, non-ASCII look-alikes and spaces) raises ValueError."""
    game = molehaven.make(SLUG, players=2)
    with pytest.raises(ValueError, match=r"\w"):
        game.parse_action(text)


def test_section8_point_notation_signs() -> None:
    """Section 8: points are sign-digit q then sign-digit r; zero is ``+0``."""
    state = example_setup()
    run(state, "c flip 3")
    for text in legal(state, 0):
        verb, point, direction = text.split(" ")
        assert verb == "move" and direction in DIRS
        assert len(point) == 4 and point[0] in "+-" and point[2] in "+-"
        assert "-0" not in (point[:2], point[2:])


# From Example 5 (with ``decline``) to the red position of Example 6 (found by search).
TO_EX6 = [
    "c flip 3", "1 move -2+4 ne", "1 decline",
    "c flip 1", "0 move -4+4 ne", "c flip 1", "1 move -3+4 ne", "c flip 2", "0 move +2+2 ne",
    "c flip 2", "1 move +1+1 nw", "c flip 3", "0 move -2+2 nw", "c flip 2", "1 move -2+3 nw",
    "1 bonus", "c flip 4", "1 move +1-1 se", "c flip 2", "0 move +0-2 nw", "c flip 3",
    "1 move +2-3 sw", "c flip 4", "0 move +0-4 se", "c flip 1", "1 move -2+1 nw", "c flip 3",
    "0 move +0+0 ne", "c flip 2", "1 move -2+0 ne", "c flip 1", "0 move +4+0 w", "c flip 2",
    "1 move +0-2 w", "c flip 2", "0 move +2+0 w", "c flip 3", "1 move -1+0 ne", "c flip 3",
    "0 move +0+0 nw", "c flip 4", "1 move +2-3 sw", "1 bonus", "c flip 1", "1 move -2+1 ne",
    "c flip 4", "0 move -2-1 se", "c flip 2", "1 move -2-2 e", "c flip 3", "0 move -2+3 ne",
    "c flip 2", "1 move +0-2 w", "c flip 2", "0 move +1+0 sw", "0 bonus", "c flip 1",
    "0 move -1+2 w", "c flip 3", "1 move -1+0 e", "c flip 3", "0 move -2+2 nw", "c flip 3",
    "1 move +2+0 w", "c flip 3",
]  # fmt: skip
EX6_SEAT_0 = "-3+0 -3+3 -2-1 -1+1 +0-3 +0+3 +0+4 +3-3 +3+0 +4-2"
EX6_SEAT_1 = "-2-2 -1+0 +1+3"


def example_6(**options: object) -> State:
    return run(example_5(**options), TO_EX6)


# ------------------------------------------------------------------- section 11, examples


def test_example_1_lines_passing_blocking_landing() -> None:
    """Example 1 (MC-3, MC-9, MC-10, MC-7): the opening position and a 3 for seat 0."""
    state = example_setup()
    assert moles(state, 0) == set(EX1_SEAT_0) and moles(state, 1) == set(EX1_SEAT_1)
    assert outcomes(state) == pytest.approx(FULL)
    assert list(outcomes(state)) == ["flip 1", "flip 2", "flip 3", "flip 4"]
    three = run(state.clone(), "c flip 3")
    moves = legal(three, 0)
    for text in ("move -5+0 e", "move +0-4 e", "move +0+4 nw"):
        assert text in moves
    for text in ("move -5+1 se", "move +4-4 sw", "move -5+0 ne", "move -5+0 w"):
        assert text not in moves
        with pytest.raises(ValueError, match=r"\w"):
            three.clone().apply(0, text)
    for text, landing in (("move -5+0 e", "-2+0"), ("move +0-4 e", "+3-4"),
                          ("move +0+4 nw", "+0+1")):  # fmt: skip
        after = run(three.clone(), f"0 {text}")
        assert landing in moles(after, 0) and text.split()[1] not in moles(after, 0)
    assert "-2+0" in obs(three)["holes"]  # type: ignore[operator]
    four = run(state.clone(), "c flip 4")
    assert "move +4+0 w" in legal(four, 0)
    run(four, "0 move +4+0 w")
    assert "+0+0" in moles(four, 0)


def test_example_1_legal_moves_are_exactly_the_rule() -> None:
    """Section 4.5 (MC-3, MC-9, MC-10, MC-11) and section 8 ordering: the engine's move list
    equals a straightforward implementation of the rule, sorted by q, r, direction."""
    state = run(example_setup(), "c flip 3")
    o = obs(state)
    occupied = set(o["moles"])  # type: ignore[arg-type]
    holes = set(o["holes"])  # type: ignore[arg-type]
    on_layer = {
        name(q, r)
        for q in range(-5, 6)
        for r in range(-5, 6)
        if max(abs(q), abs(r), abs(q + r)) <= 5
    }

    def moves_from(points: set[str], v: int) -> list[tuple[str, str]]:
        found = []
        for p in points:
            q, r = pt(p)
            for d in DIR_ORDER:
                dq, dr = DIRS[d]
                path = [name(q + i * dq, r + i * dr) for i in range(1, v + 1)]
                if all(x in on_layer for x in path) and not set(path) & occupied:
                    found.append((p, d))
        return found

    own = moles(state, 0)
    expected = moves_from(own - holes, 3) or moves_from(own & holes, 3)
    expected.sort(key=lambda m: (*pt(m[0]), DIR_ORDER.index(m[1])))
    assert legal(state, 0) == [f"move {p} {d}" for p, d in expected]


def test_example_2_reshuffle_and_skip() -> None:
    """Example 2 (MC-8, MC-14): the sixth disc is certain, then all six are face down again;
    a seat with every mole in a hole is skipped."""
    state = run(example_setup(), EX2_A)
    assert obs(state)["face_up"] == [[1, 2, 2, 3, 3], [1, 2, 2, 3, 3]]
    assert outcomes(state) == {"flip 4": 1.0}
    run(state, EX2_B)
    assert obs(state)["face_up"] == [[], [1, 2, 2, 3, 3]]
    assert obs(state)["face_down"] == [  # type: ignore[comparison-overlap]
        {"1": 1, "2": 2, "3": 2, "4": 1},
        {"1": 0, "2": 0, "3": 0, "4": 1},
    ]
    run(state, EX2_C[:2])
    assert outcomes(state) == pytest.approx(FULL)  # seat 0's following flip, full again
    run(state, EX2_C[2:])
    seat_0 = pts("-2-2 -2+0 -2+2 +0-2 +0+0 +0+2 +2-2 +2+0 +2+2 +4-2")
    assert moles(state, 0) == seat_0 and seat_0 <= set(obs(state)["holes"])  # type: ignore[arg-type]
    assert obs(state)["current"] == 1 and state.is_chance()
    assert outcomes(state) == {"flip 3": 1.0}
    assert obs(state)["face_up"][1] == [2, 2, 4, 1]  # type: ignore[index]
    assert obs(state)["face_up"][0] == [1, 2, 2, 3]  # type: ignore[index]
    assert obs(state)["turns"] == 20  # 10 + 1 + 9 turns; the skip is not a turn (MC-14)


def test_example_3_layer_removal() -> None:
    """Example 3 (MC-15, MC-16, MC-17, MC-18, MC-8): the 13th hole removes green."""
    state = run(example_setup(), [*EX2_A, *EX2_B, *EX2_C, *EX3[:2]])
    assert obs(state)["current"] == 1  # seat 0 skipped again
    assert moles(state, 1) == pts("-4+2 -2+4 -1-4 -1+3 +1-5 +2-5 +3+2 +5-5 +5-2 +5+0")
    assert {"-4+2", "-2+4"} <= set(obs(state)["holes"])  # type: ignore[arg-type]
    run(state, EX3[2:])
    o = obs(state)
    assert o["layer"] == "red"
    assert moles(state, 0) == pts("-2-2 -2+0 -2+2 +0-2 +0+0 +0+2 +2-2 +2+0 +2+2 +4-2")
    assert moles(state, 1) == pts("-4+2 -2+4 +2-4")
    assert o["out"] == [False, False]
    assert o["face_up"] == [[1, 2, 2, 3], []]
    assert o["current"] == 0 and o["phase"] == "flip"
    assert outcomes(state) == pytest.approx({"flip 3": 0.5, "flip 4": 0.5})


def test_example_4_no_legal_move_spends_the_disc() -> None:
    """Example 4 (MC-13, MC-8): a disc without a legal move is spent with no action."""
    state = example_3()
    turns = obs(state)["turns"]
    length = len(state.record()["actions"])  # type: ignore[arg-type]
    run(state, "c flip 4")
    assert len(state.record()["actions"]) == length + 1  # type: ignore[arg-type]
    assert obs(state)["turns"] == turns + 1  # type: ignore[operator]  # a spent turn counts
    assert obs(state)["current"] == 1 and outcomes(state) == pytest.approx(FULL)
    run(state, "c flip 2")
    assert legal(state, 1) == [
        "move -4+2 nw", "move -4+2 se", "move -2+4 e", "move -2+4 w", "move +2-4 e",
        "move +2-4 w",
    ]  # fmt: skip
    run(state, "1 move +2-4 w")
    assert outcomes(state) == {"flip 3": 1.0}
    run(state, "c flip 3")
    assert obs(state)["face_up"][0] == [] and obs(state)["current"] == 1  # type: ignore[index]
    run(state, "c flip 3, 1 move +0-4 e")
    assert obs(state)["current"] == 0 and outcomes(state) == pytest.approx(FULL)


def test_example_5_bonus_flip_and_bonus_move() -> None:
    """Example 5 (MC-20, MC-21, MC-19): landing on a special offers bonus/decline; the bonus
    move may use any mole but may not land on a special field."""
    state = example_5()
    o = obs(state)
    assert o["layer"] == "red" and o["current"] == 1 and state.is_chance()
    assert moles(state, 0) == pts(EX5_SEAT_0) and moles(state, 1) == pts(EX5_SEAT_1)
    assert moles(state, 0) & set(o["holes"]) == {"-3+0", "-1+1", "+0+3"}  # type: ignore[arg-type]
    assert o["face_down"][1] == {"1": 1, "2": 2, "3": 1, "4": 1}  # type: ignore[index]
    run(state, "c flip 3, 1 move -2+4 ne")
    assert "+1+1" in moles(state, 1) and "+1+1" in obs(state)["specials"]  # type: ignore[operator]
    assert obs(state)["phase"] == "bonus" and state.to_move() == [1]
    assert legal(state, 1) == ["bonus", "decline"]
    declined = run(state.clone(), "1 decline")
    assert obs(declined)["current"] == 0 and declined.is_chance()
    run(state, "1 bonus")
    assert obs(state)["bonus_move"] is True and obs(state)["current"] == 1
    assert outcomes(state) == pytest.approx({"flip 1": 0.25, "flip 2": 0.5, "flip 4": 0.25})
    run(state, "c flip 4")
    assert legal(state, 1) == ["move -3+4 ne", "move +1+1 nw"]
    with pytest.raises(ValueError, match=r"\w"):
        state.clone().apply(1, "move +2-3 sw")
    for text, landing in (("move -3+4 ne", "+1+0"), ("move +1+1 nw", "+1-3")):
        after = run(state.clone(), f"1 {text}")
        assert landing in moles(after, 1)
        assert obs(after)["current"] == 0 and after.is_chance()  # no second bonus (MC-21)
    # The same 4 as a normal move: +2-3 sw lands on the special -2+1 and is legal.
    normal = run(example_5(), "c flip 4")
    assert "move +2-3 sw" in legal(normal, 1)
    run(normal, "1 move +2-3 sw")
    assert legal(normal, 1) == ["bonus", "decline"]
    # With special_fields = false the turn passes at once.
    plain = run(example_5(special_fields=False), "c flip 3, 1 move -2+4 ne")
    assert plain.is_chance() and obs(plain)["current"] == 0


def test_example_6_sole_survivor() -> None:
    """Example 6 (MC-23, MC-17, MC-15, MC-16): the eighth red hole removes red; seat 1 is out
    and seat 0 wins at once by default."""
    state = example_6()
    o = obs(state)
    assert o["layer"] == "red" and o["current"] == 0 and o["phase"] == "move" and o["value"] == 3
    assert moles(state, 0) == pts(EX6_SEAT_0) and moles(state, 1) == pts(EX6_SEAT_1)
    assert moles(state, 0) & set(o["holes"]) == pts("-3+0 -3+3 -1+1 +0-3 +0+3 +3-3 +3+0")  # type: ignore[arg-type]
    assert not moles(state, 1) & set(o["holes"])  # type: ignore[arg-type]
    assert o["face_down"][0] == {"1": 0, "2": 2, "3": 0, "4": 1}  # type: ignore[index]
    run(state, "0 move -2-1 e")
    assert state.is_terminal() and state.to_move() == [] and not state.is_chance()
    assert state.returns() == [1.0, 0.0] and state.scores() == [1.0, 0.0]
    o = obs(state)
    assert o["layer"] == "brown" and o["out"] == [False, True] and o["phase"] == "over"
    assert o["scores"] == [1.0, 0.0]
    assert moles(state, 0) == pts("+1-1 -1+1 +3+0 +3-3 +0-3 -3+0 -3+3 +0+3")
    assert moles(state, 1) == set()
    on = run(example_6(sole_survivor="plays_on"), "0 move -2-1 e")
    assert not on.is_terminal() and on.returns() == [0.0, 0.0] and on.scores() == [0.0, 0.0]
    assert obs(on)["out"] == [False, True] and obs(on)["current"] == 0
    assert set(obs(on)["holes"]) == set(BASE["brown"][0])  # type: ignore[arg-type]
    assert set(obs(on)["specials"]) == set(BASE["brown"][1])  # type: ignore[arg-type]
    assert not moles(on, 0) & set(obs(on)["holes"])  # type: ignore[arg-type]
    assert outcomes(on) == pytest.approx({"flip 2": 2 / 3, "flip 4": 1 / 3})
    run(on, "c flip 4, 0 move -3+0 e")
    assert obs(on)["current"] == 0 and on.legal_actions(1) == []  # seat 1 never acts again


def test_example_7_leaving_a_hole_as_a_last_resort() -> None:
    """Example 7 (MC-11): a mole leaves its hole only when no mole outside a hole can move;
    with hole_exit = any both moves are legal."""
    state = run(
        example_6(sole_survivor="plays_on"),
        ["0 move -2-1 e", "c flip 4", "0 move -3+0 e", "c flip 2", "0 move +1-1 e", "c flip 2",
         "0 move +0-3 se", "c flip 1", "0 move +1+0 e"],
    )  # fmt: skip
    assert moles(state, 0) == pts("-3+3 -1+1 +0-1 +0+3 +2+0 +3-3 +3-1 +3+0")
    assert moles(state, 0) & set(obs(state)["holes"]) == {"+2+0"}  # type: ignore[arg-type]
    run(state, "c flip 4")
    assert legal(state, 0) == ["move +2+0 w"]
    run(state, "0 move +2+0 w")
    assert "-2+0" in moles(state, 0) and "+2+0" not in moles(state, 0)
    prefix = [*EX2_A, *EX2_B, *EX2_C[:3]]
    for hole_exit, expected in (("last_resort", False), ("any", True)):
        earlier = run(example_setup({"hole_exit": hole_exit}), prefix)
        assert obs(earlier)["value"] == 1 and obs(earlier)["current"] == 0
        assert "move +1+2 w" in legal(earlier, 0)
        assert ("move +2-2 ne" in legal(earlier, 0)) is expected


def test_example_8_the_golden_shovel() -> None:
    """Example 8 (MC-22, MC-3): brown is cleared, three moles reach the blue ray ends; a 2 from
    each ends in the centre, and the first mole there wins."""
    state = run(
        example_6(sole_survivor="plays_on"),
        ["0 move -2-1 e", "c flip 4", "0 move -3+0 e", "c flip 2", "0 move -1+1 nw", "c flip 2",
         "0 move -3+3 e", "c flip 3", "0 move -1+3 ne", "c flip 3", "0 move +1-1 sw", "c flip 1",
         "0 move +0-3 se"],
    )  # fmt: skip
    o = obs(state)
    assert o["layer"] == "blue" and o["holes"] == ["+0+0"] and o["specials"] == []
    assert moles(state, 0) == pts("-2+2 +0-2 +2+0")
    run(state, "c flip 2")
    assert legal(state, 0) == ["move -2+2 ne", "move +0-2 se", "move +2+0 w"]
    run(state, "0 move +0-2 se")
    assert state.is_terminal() and state.returns() == [1.0, 0.0] and state.scores() == [1, 0]
    assert state.legal_actions(CHANCE) == [] and state.legal_actions(0) == []


def test_mc3_blue_star_moves_only_along_rays() -> None:
    """MC-3, MC-9 and 2.4: on blue a mole runs only along its ray line through the centre; a 4
    from a ray end passes over the empty golden-shovel hole to the opposite ray end."""
    state = run(
        example_6(sole_survivor="plays_on"),
        ["0 move -2-1 e", "c flip 4", "0 move -3+0 e", "c flip 2", "0 move -1+1 nw", "c flip 2",
         "0 move -3+3 e", "c flip 3", "0 move -1+3 ne", "c flip 3", "0 move +1-1 sw", "c flip 1",
         "0 move +0-3 se"],
    )  # fmt: skip
    assert outcomes(state) == pytest.approx({"flip 2": 2 / 3, "flip 4": 1 / 3})
    four = run(state.clone(), "c flip 4")
    assert legal(four, 0) == ["move -2+2 ne", "move +0-2 se", "move +2+0 w"]
    run(four, "0 move +2+0 w")
    assert moles(four, 0) == pts("-2+2 +0-2 -2+0") and not four.is_terminal()
    for text in legal(run(state.clone(), "c flip 2"), 0):
        _, p, d = text.split()
        q, r = pt(p)
        dq, dr = DIRS[d]
        assert q * dr == r * dq  # along the ray through the centre


def test_example_9_tournament() -> None:
    """Example 9 (MC-24): two discs turned; keep one; equal values keep one automatically."""
    state = example_setup({"tournament": True})
    run(state, "c flip 3")
    assert obs(state)["phase"] == "flip2" and obs(state)["current"] == 0
    assert outcomes(state) == pytest.approx(
        {"flip 1": 1 / 5, "flip 2": 2 / 5, "flip 3": 1 / 5, "flip 4": 1 / 5}
    )
    run(state, "c flip 1")
    assert obs(state)["phase"] == "keep" and state.to_move() == [0]
    assert sorted(obs(state)["pending"]) == [1, 3]  # type: ignore[type-var]
    assert legal(state, 0) == ["keep 1", "keep 3"]
    with pytest.raises(ValueError, match=r"\w"):
        state.clone().apply(0, "keep 2")
    run(state, "0 keep 1")
    assert obs(state)["value"] == 1
    run(state, "0 move +3-3 sw")
    assert obs(state)["face_down"][0] == {"1": 0, "2": 2, "3": 2, "4": 1}  # type: ignore[index]
    assert obs(state)["face_up"][0] == [1]  # type: ignore[index]
    run(state, "c flip 2, c flip 2")
    assert state.to_move() == [1] and obs(state)["value"] == 2 and obs(state)["phase"] == "move"
    run(state, "1 move -5+3 ne")
    assert outcomes(state) == pytest.approx({"flip 2": 2 / 5, "flip 3": 2 / 5, "flip 4": 1 / 5})


def test_mc24_last_disc_single_flip_and_useless_keep() -> None:
    """MC-24: with one disc face down only it is turned and kept; a kept value without a legal
    move is spent (MC-13); only kept discs count towards the six (MC-8)."""
    state = example_setup({"tournament": True})
    # Seat 0 keeps 1, 2, 2, 3, 3 over five turns; seat 1 plays along.
    seat_0 = [("c flip 1", "c flip 2", "0 keep 1", "0 move +3-3 sw")]
    run(state, list(seat_0[0]))
    run(state, "c flip 1, c flip 2, 1 keep 1, 1 move -5+3 e")
    assert obs(state)["face_up"] == [[1], [1]]
    run(state, "c flip 2, c flip 2, 0 move +4+0 w")
    run(state, "c flip 2, c flip 2, 1 move -5+5 nw")
    run(state, "c flip 2, c flip 3, 0 keep 2, 0 move +0-4 se")
    run(state, "c flip 2, c flip 3, 1 keep 2, 1 move -5+3 ne")
    run(state, "c flip 3, c flip 3, 0 move -5+0 e")
    run(state, "c flip 3, c flip 3, 1 move -4+3 e")
    run(state, "c flip 4, c flip 3, 0 keep 3, 0 move -5+1 ne")
    run(state, "c flip 3, c flip 4, 1 keep 3, 1 move -3+1 nw")
    assert obs(state)["face_up"] == [[1, 2, 2, 3, 3], [1, 2, 2, 3, 3]]
    assert outcomes(state) == {"flip 4": 1.0}
    run(state, "c flip 4")
    assert obs(state)["phase"] == "move" and obs(state)["pending"] == []  # no flip2, no keep
    run(state, "0 move +0+4 nw")
    assert obs(state)["face_up"][0] == []  # type: ignore[index]


def test_example_10_turn_limit() -> None:
    """Example 10 (MC-25, section 9): max_turns = 2 ends the game after two turns with a
    shared win."""
    state = example_setup({"max_turns": 2})
    run(state, "c flip 1, 0 move +3-3 sw")
    assert not state.is_terminal() and obs(state)["turns"] == 1
    assert state.returns() == [0.0, 0.0] and state.scores() == [0.0, 0.0]
    run(state, "c flip 1, 1 move -5+3 e")
    assert state.is_terminal() and obs(state)["turns"] == 2 and obs(state)["max_turns"] == 2
    assert state.returns() == [0.5, 0.5] and state.scores() == [1.0, 1.0]
    assert state.to_move() == [] and not state.is_chance()


def test_mc25_spent_turn_counts_and_ends_the_game() -> None:
    """MC-25 with MC-13: a turn whose disc is spent counts; reaching max_turns ends the game."""
    base = example_3()
    turns = obs(base)["turns"]
    assert isinstance(turns, int)
    record = base.record()
    record["options"] = {**record["options"], "max_turns": turns + 1}  # type: ignore[dict-item]
    state = molehaven.replay(record)
    assert not state.is_terminal()
    run(state, "c flip 4")  # spent (Example 4)
    assert state.is_terminal() and state.returns() == [0.5, 0.5]


# --------------------------------------------------------- section 7, visibility (MC-31)

OBSERVATION_KEYS = {
    "layer", "rotations", "holes", "specials", "moles", "face_up", "face_down", "out", "start",
    "current", "phase", "value", "pending", "bonus_move", "turns", "to_move", "scores",
    "max_turns",
}  # fmt: skip


def test_section7_observation_keys_and_no_private_information() -> None:
    """Section 7, MC-31: every observation has the listed keys, is JSON-ready, and equals the
    spectator view for every seat, at every kind of node."""
    states = [new(3), example_setup(), example_3(), example_5(), example_6()]
    states.append(run(example_5(), "c flip 3, 1 move -2+4 ne"))  # bonus phase
    states.append(run(example_setup({"tournament": True}), "c flip 3, c flip 1"))  # keep phase
    for state in states:
        spectator = state.observation(None)
        assert set(spectator) >= OBSERVATION_KEYS
        assert json.loads(json.dumps(spectator)) == spectator
        for seat in range(len(spectator["out"])):  # type: ignore[arg-type]
            assert state.observation(seat) == spectator
        assert spectator["to_move"] == state.to_move()
        assert spectator["scores"] == state.scores()
    keep = states[-1].observation(None)
    assert keep["phase"] == "keep" and sorted(keep["pending"]) == [1, 3]  # type: ignore[type-var]
    bonus = states[-2].observation(None)
    assert bonus["phase"] == "bonus" and bonus["value"] == 3 and bonus["bonus_move"] is False


def test_section7_observation_values_in_example_1() -> None:
    """Section 7: ``moles`` maps point to seat, ``face_down`` per seat as {"1".."4": count},
    ``out`` per seat, ``start``/``current`` seats, phase names of 4.3."""
    state = example_setup()
    o = obs(state)
    assert o["layer"] == "green" and o["phase"] == "flip"
    assert o["moles"] == dict.fromkeys(EX1_SEAT_0, 0) | dict.fromkeys(EX1_SEAT_1, 1)
    assert o["out"] == [False, False] and o["start"] == 0 and o["current"] == 0
    assert o["turns"] == 0 and o["max_turns"] == 5000 and o["to_move"] == []
    assert o["pending"] == [] and o["bonus_move"] is False and o["scores"] == [0, 0]
    assert o["rotations"] == {"green": 0, "red": 0, "brown": 0, "blue": 0}
    run(state, "c flip 2")
    o = obs(state)
    assert o["phase"] == "move" and o["value"] == 2 and o["to_move"] == [0]
    assert o["face_up"] == [[2], []]
    assert o["face_down"] == [{"1": 1, "2": 1, "3": 2, "4": 1}, {"1": 1, "2": 2, "3": 2, "4": 1}]


# ---------------------------------------------------------------- README: records, API


def test_readme_record_format_and_replay() -> None:
    """README Records, MC-32: the record lists chance actions with seat -1 and no seat in
    ``flip``; replaying it gives the same state."""
    state = run(example_5(), "c flip 3, 1 move -2+4 ne, 1 bonus, c flip 4, 1 move +1+1 nw")
    record = state.record()
    assert record["format"] == 1 and record["game"] == SLUG and record["players"] == 2
    assert record["options"]["max_turns"] == 5000  # type: ignore[index]
    actions = record["actions"]
    assert isinstance(actions, list)
    assert actions[:5] == [
        {"seat": -1, "action": "rotate blue 0"},
        {"seat": -1, "action": "rotate brown 0"},
        {"seat": -1, "action": "rotate red 0"},
        {"seat": -1, "action": "rotate green 0"},
        {"seat": -1, "action": "start 0"},
    ]
    assert actions[5] == {"seat": 0, "action": "place -5+0"}
    assert {"seat": -1, "action": "flip 4"} in actions
    assert actions[-4:] == [
        {"seat": 1, "action": "move -2+4 ne"},
        {"seat": 1, "action": "bonus"},
        {"seat": -1, "action": "flip 4"},
        {"seat": 1, "action": "move +1+1 nw"},
    ]
    replayed = molehaven.replay(json.loads(json.dumps(record)))
    assert replayed.observation(None) == state.observation(None)
    assert replayed.record() == record
    broken = json.loads(json.dumps(record))
    broken["actions"][7] = {"seat": 0, "action": "place +0+0"}
    with pytest.raises(ValueError, match=r"7.*place \+0\+0"):
        molehaven.replay(broken)
    broken["actions"][7] = {"seat": 0, "action": "place here"}
    with pytest.raises(ValueError, match="7"):
        molehaven.replay(broken)


def test_readme_who_may_act() -> None:
    """README, 4.3: seats not in ``to_move()`` have no legal actions; CHANCE's legal actions
    are the outcomes; there are no clock events; the seat in ``to_move()`` always has some."""
    state = example_setup()
    assert legal(state, CHANCE) == ["flip 1", "flip 2", "flip 3", "flip 4"]
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    assert state.legal_actions(CLOCK) == []
    run(state, "c flip 2")
    assert state.legal_actions(CHANCE) == [] and state.legal_actions(1) == []
    assert state.legal_actions(CLOCK) == []
    with pytest.raises(ValueError, match=r"\w"):
        state.clone().apply(1, "move -5+3 e")
    with pytest.raises(ValueError, match=r"\w"):
        state.clone().apply(CHANCE, "flip 2")


def play_random(state: State, rng: random.Random, stop: object = None) -> State:
    """Play to the end (or until ``stop(state)``), checking the README invariants."""
    bound = state.game.max_length()
    while not state.is_terminal():
        if callable(stop) and stop(state):
            break
        assert state.returns() == [0.0] * len(state.returns())
        assert state.scores() == [0.0] * len(state.scores())
        if state.is_chance():
            pairs = state.chance_outcomes()
            assert all(p > 0 for _, p in pairs)
            assert sum(p for _, p in pairs) == pytest.approx(1.0)
            actions = [a for a, _ in pairs]
            action = rng.choices(actions, weights=[p for _, p in pairs])[0]
            assert state.game.parse_action(str(action)) == action
            state.apply(CHANCE, action)
        else:
            (seat,) = state.to_move()
            actions = state.legal_actions(seat)
            assert actions
            texts = [str(a) for a in actions]
            assert texts == [" ".join(t.split()) for t in texts] and texts == [
                t.lower() for t in texts
            ]
            state.apply(seat, rng.choice(actions))
        assert state.num_actions <= bound
    return state


def test_section10_length_bound() -> None:
    """Section 10: bound 29 + 5 × max_turns (tournament 29 + 9 × max_turns)."""
    assert molehaven.make(SLUG, players=2).max_length() == 25_029
    assert molehaven.make(SLUG, players=4, tournament=True).max_length() == 45_029
    assert molehaven.make(SLUG, players=3, max_turns=10).max_length() == 79


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"tournament": True}),
        (4, {"hole_exit": "any", "max_turns": 300}),
        (2, {"sole_survivor": "plays_on", "special_fields": False}),
    ],
)
def test_random_games_end_within_the_bound(players: int, options: dict[str, object]) -> None:
    """README Returns/Scores, section 9, section 10: random games end within the bound;
    returns give 1/k to the k winners and sum to 1; scores are 1 for winners, 0 otherwise;
    the record replays to the same state."""
    state = play_random(new(players, **options), random.Random(players * 7 + len(options)))
    assert state.is_terminal()
    returns, scores = state.returns(), state.scores()
    assert sum(returns) == pytest.approx(1.0)
    winners = [s for s in range(players) if returns[s] > 0]
    assert returns == [1 / len(winners) if s in winners else 0.0 for s in range(players)]
    assert scores == [1.0 if s in winners else 0.0 for s in range(players)]
    out = obs(state)["out"]
    assert isinstance(out, list) and not any(out[s] for s in winners)  # MC-17
    assert molehaven.replay(state.record()).observation(None) == state.observation(None)


def test_section9_turn_limit_with_a_seat_out() -> None:
    """Section 9 example, MC-25, MC-17: a 3-player game stopped by max_turns with seat 2 out
    gives returns [0.5, 0.5, 0] and scores [1, 1, 0]."""

    def only_seat_2_out(state: State) -> bool:
        return obs(state)["out"] == [False, False, True]

    for seed in range(60):
        rng = random.Random(seed)
        state = play_random(new(3), rng, stop=only_seat_2_out)
        if state.is_terminal():
            continue
        turns = obs(state)["turns"]
        assert isinstance(turns, int)
        record = state.record()
        record["options"] = {**record["options"], "max_turns": turns + 1}  # type: ignore[dict-item]
        limited = molehaven.replay(record)
        assert not limited.is_terminal()
        play_random(limited, rng)
        if obs(limited)["out"] != [False, False, True] or obs(limited)["turns"] != turns + 1:
            continue  # a golden-shovel win in the last turn (it is not counted as a turn)
        assert limited.returns() == [0.5, 0.5, 0.0]
        assert limited.scores() == [1.0, 1.0, 0.0]
        return
    pytest.fail("no random 3-player game left exactly seat 2 out")


def test_mc23_sole_survivor_three_players() -> None:
    """MC-23, MC-17: in a 3-player game, when a removal leaves one seat with moles it wins at
    once (default); with plays_on the others never act again."""
    for seed in range(200):
        state = play_random(new(3), random.Random(seed))
        out = obs(state)["out"]
        assert isinstance(out, list)
        if sum(out) == 2:
            (winner,) = [s for s in range(3) if not out[s]]
            assert state.returns() == [1.0 if s == winner else 0.0 for s in range(3)]
            return
    pytest.fail("no random 3-player game ended by a sole survivor")


def test_mc28_mc18_turn_order_skips_out_seats() -> None:
    """MC-28, MC-18, MC-14, MC-17: after each turn play passes to seat + 1, wrapping, skipping
    seats that are out or have every mole in a hole; an out seat is never in ``to_move()``."""
    for seed in range(3):
        rng = random.Random(seed)
        state = new(4, sole_survivor="plays_on", max_turns=1500)
        play_random(state, rng, stop=lambda s: obs(s)["phase"] == "flip")
        while not state.is_terminal():
            before = obs(state)
            mover, turns = before["current"], before["turns"]
            play_random(state, rng, stop=lambda s, t=turns: obs(s)["turns"] != t)
            if state.is_terminal():
                break
            after = obs(state)
            assert isinstance(mover, int)
            holes = set(after["holes"])  # type: ignore[arg-type]
            candidates = [(mover + k) % 4 for k in range(1, 5)]
            expected = next(s for s in candidates if moles(state, s) - holes)
            assert after["current"] == expected and after["phase"] == "flip"
            assert not after["out"][expected]  # type: ignore[index]
