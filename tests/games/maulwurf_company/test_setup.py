"""Setup, board data and options: MC-1, MC-2, MC-4, MC-5, MC-6, MC-16, MC-26, MC-29, MC-33."""

from __future__ import annotations

import itertools

import pytest

import molehaven
from molehaven.core import CHANCE, IllegalActionError, OptionsError
from molehaven.games.maulwurf_company.data import (
    BLUE,
    BROWN,
    GREEN,
    HOLES,
    LAYER_POINTS,
    PATHS,
    POINT_NAMES,
    RED,
    SPECIALS,
    points_of,
)
from tests.games.maulwurf_company.helpers import (
    ALL_ROTATIONS_ZERO,
    apply_all,
    legal,
    new_game,
    outcomes,
    position,
)


def names(mask: int) -> set[str]:
    return {POINT_NAMES[p] for p in points_of(mask)}


@pytest.mark.parametrize(("players", "moles"), [(2, 10), (3, 7), (4, 6)])
def test_mc_1_moles_per_seat_by_player_count(players: int, moles: int) -> None:
    """MC-1: 10, 7 or 6 moles per seat; placement takes exactly players × moles actions."""
    state = new_game(players)
    apply_all(state, [*ALL_ROTATIONS_ZERO, "c start 0"])
    placed = 0
    while not state.is_chance():
        seat = state.to_move()[0]
        assert seat == placed % players
        state.apply(seat, state.legal_actions(seat)[0])
        placed += 1
    assert placed == players * moles
    observation = state.observation(None)
    assert observation["moles_left"] == [moles] * players
    assert observation["phase"] == "flip" and observation["current"] == 0


def test_mc_1_only_two_to_four_players() -> None:
    """MC-1: any other player count is refused, naming the valid ones."""
    for players in (1, 5):
        with pytest.raises(OptionsError, match="2-4"):
            molehaven.make("maulwurf-company", players=players)


def test_mc_2_layer_shapes_and_point_counts() -> None:
    """MC-2 (section 2.3): hexagons of 91, 61 and 37 points and a 13-point star."""
    assert [bin(mask).count("1") for mask in LAYER_POINTS] == [91, 61, 37, 13]
    star = "+0+0 +1+0 +2+0 +1-1 +2-2 +0-1 +0-2 -1+0 -2+0 -1+1 -2+2 +0+1 +0+2"
    assert names(LAYER_POINTS[BLUE]) == set(star.split())


def test_mc_2_base_holes_and_specials() -> None:
    """MC-2, MC-26: 13/8/3/1 holes; specials only on red (6) and brown (3), rotation 0."""
    assert [len(points_of(HOLES[layer][0])) for layer in range(4)] == [13, 8, 3, 1]
    assert [len(points_of(SPECIALS[layer][0])) for layer in range(4)] == [0, 6, 3, 0]
    assert names(HOLES[BROWN][0]) == {"+2+0", "-2+2", "+0-2"}
    assert names(SPECIALS[BROWN][0]) == {"+2+1", "-3+1", "+1-3"}
    assert names(HOLES[BLUE][0]) == {"+0+0"}
    for layer in range(4):
        for k in range(6):
            assert not HOLES[layer][k] & SPECIALS[layer][k]
            assert HOLES[layer][k] | SPECIALS[layer][k] == (
                (HOLES[layer][k] | SPECIALS[layer][k]) & LAYER_POINTS[layer]
            )


def test_mc_16_holes_line_up_through_every_orientation() -> None:
    """MC-16 (section 2.4): over all 6⁴ orientations, every hole of a layer is a point of the
    next layer and never one of its holes or special fields."""
    for upper, lower in ((GREEN, RED), (RED, BROWN), (BROWN, BLUE)):
        for k_upper, k_lower in itertools.product(range(6), repeat=2):
            dropped = HOLES[upper][k_upper]
            assert dropped & LAYER_POINTS[lower] == dropped
            assert not dropped & (HOLES[lower][k_lower] | SPECIALS[lower][k_lower])


def test_mc_2_every_hole_can_be_entered_and_reached() -> None:
    """Section 2.4: on an empty layer, in every orientation, each hole can be entered by a
    single move and some hole can be reached from every point by moves of length 1–4."""
    for layer in range(4):
        on_layer = points_of(LAYER_POINTS[layer])
        for k in range(6):
            holes = HOLES[layer][k]
            enterable = 0
            graph: dict[int, set[int]] = {p: set() for p in on_layer}
            for point in on_layer:
                for masks in PATHS[layer][point]:
                    for value, crossed in enumerate(masks, start=1):
                        target = crossed ^ masks[value - 2] if value > 1 else crossed
                        enterable |= target & holes
                        graph[point].add(target.bit_length() - 1)
            assert enterable == holes
            for start in on_layer:
                seen, frontier = {start}, [start]
                while frontier:
                    frontier = [t for p in frontier for t in graph[p] if t not in seen]
                    seen.update(frontier)
                assert any(holes >> p & 1 for p in seen)


def test_mc_4_orientation_nodes_bottom_up_at_one_sixth() -> None:
    """MC-4: four chance nodes, blue, brown, red, green, six outcomes of 1/6 each; rotations
    are public as soon as they are applied."""
    state = new_game()
    for layer in ("blue", "brown", "red", "green"):
        assert outcomes(state) == pytest.approx({f"rotate {layer} {k}": 1 / 6 for k in range(6)})
        with pytest.raises(IllegalActionError):
            state.apply(CHANCE, "rotate green 1" if layer != "green" else "rotate blue 1")
        apply_all(state, f"c rotate {layer} 3")
        rotations = state.observation(1)["rotations"]
        assert isinstance(rotations, dict) and rotations[layer] == 3
    assert list(outcomes(state)) == ["start 0", "start 1"]


def test_mc_4_rotation_turns_holes_and_specials() -> None:
    """MC-4, section 8 example 2: ``rotate red 2`` puts red's base hole +1-1 on -1+0."""
    state = position({0: "+4+0"}, layer="red", rotations=(0, 2, 0, 0))
    observation = state.observation(None)
    assert observation["holes"] == [
        "-3+0", "-3+3", "-1+0", "+0-3", "+0+3", "+1+0", "+3-3", "+3+0",
    ]  # fmt: skip
    assert observation["rotations"] == {"green": 0, "red": 2, "brown": 0, "blue": 0}
    brown = position({0: "+3+0"}, layer="brown", rotations=(0, 0, 1, 0)).observation(None)
    assert brown["holes"] == ["-2+0", "+0+2", "+2-2"]
    assert brown["specials"] == ["-2-1", "-2+3", "+3-2"]


def test_mc_4_distinct_orientations() -> None:
    """Section 2.4: green and blue look the same in every rotation, red has 3 looks, brown 6."""
    looks = [len({(HOLES[layer][k], SPECIALS[layer][k]) for k in range(6)}) for layer in range(4)]
    assert looks == [1, 3, 6, 1]


def test_mc_5_start_player_is_chance() -> None:
    """MC-5: ``start <seat>`` for every seat at 1/n; a seat beyond the table is illegal."""
    state = new_game(3)
    apply_all(state, ALL_ROTATIONS_ZERO)
    assert outcomes(state) == pytest.approx({"start 0": 1 / 3, "start 1": 1 / 3, "start 2": 1 / 3})
    with pytest.raises(IllegalActionError):
        state.apply(CHANCE, "start 3")
    apply_all(state, "c start 2")
    assert state.to_move() == [2] and state.observation(None)["start"] == 2


def test_mc_6_placement_on_free_green_points_only() -> None:
    """MC-6: the first placement may use the 78 green points that are not holes; a hole, an
    occupied point or a point off the board is refused."""
    state = new_game()
    apply_all(state, [*ALL_ROTATIONS_ZERO, "c start 0"])
    first = legal(state, 0)
    assert len(first) == 78
    assert first[:3] == ["place -5+0", "place -5+1", "place -5+2"]
    assert first[-1] == "place +5+0"
    assert "place +0+0" not in first and "place +4-2" not in first
    for text in ("place +0+0", "place +9+9", "place +6+0"):
        with pytest.raises(IllegalActionError):
            state.apply(0, text)
    apply_all(state, "0 place -5+0")
    assert state.to_move() == [1]
    assert "place -5+0" not in legal(state, 1) and len(legal(state, 1)) == 77
    with pytest.raises(IllegalActionError):
        state.apply(1, "place -5+0")


def test_mc_29_start_player_places_first_and_plays_first() -> None:
    """MC-29, MC-28: with start 1 in a 3-player game placement runs 1, 2, 0, 1, …; the first
    flip is seat 1's."""
    state = new_game(3)
    apply_all(state, [*ALL_ROTATIONS_ZERO, "c start 1"])
    order = []
    while not state.is_chance():
        seat = state.to_move()[0]
        order.append(seat)
        state.apply(seat, state.legal_actions(seat)[-1])
    assert order == [1, 2, 0] * 7
    assert state.observation(None)["current"] == 1
    assert state.observation(None)["phase"] == "flip"


def test_mc_33_options_are_validated() -> None:
    """MC-33: unknown names, wrong types (bool for an int), values outside the allowed set."""
    make = molehaven.make
    with pytest.raises(OptionsError, match="unknown option 'holes'"):
        make("maulwurf-company", players=2, holes=3)
    with pytest.raises(OptionsError, match="max_turns"):
        make("maulwurf-company", players=2, max_turns=True)
    with pytest.raises(OptionsError, match="max_turns"):
        make("maulwurf-company", players=2, max_turns=0)
    with pytest.raises(OptionsError, match="last_resort, any"):
        make("maulwurf-company", players=2, hole_exit="never")
    with pytest.raises(OptionsError, match="wins, plays_on"):
        make("maulwurf-company", players=2, sole_survivor="draw")
    with pytest.raises(OptionsError, match="tournament"):
        make("maulwurf-company", players=2, tournament="yes")
    game = make("maulwurf-company", players=3)
    assert game.options_dict() == {
        "hole_exit": "last_resort",
        "special_fields": True,
        "sole_survivor": "wins",
        "tournament": False,
        "max_turns": 5000,
    }


def test_section_10_length_bound() -> None:
    """Section 10: 29 + 5 × max_turns actions, 29 + 9 × max_turns with the tournament rule."""
    assert molehaven.make("maulwurf-company", players=2).max_length() == 25_029
    assert molehaven.make("maulwurf-company", players=4, tournament=True).max_length() == 45_029
    assert molehaven.make("maulwurf-company", players=2, max_turns=10).max_length() == 79
