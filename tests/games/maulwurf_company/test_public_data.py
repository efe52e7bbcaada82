"""The board a page draws (``public_data()``) is the board the rules play on (MC-2, MC-3, MC-4)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from molehaven.games.maulwurf_company.game import MaulwurfCompanyGame
from tests.games.maulwurf_company.helpers import apply_all, example_setup, new_game


def board() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(MaulwurfCompanyGame.public_data()))
    return data


def test_mc_2_every_layer_has_the_points_holes_and_specials_of_section_2_3() -> None:
    layers = {layer["name"]: layer for layer in board()["layers"]}
    assert list(layers) == ["green", "red", "brown", "blue"]
    counts = {name: (len(layer["points"]), len(layer["holes"][0]), len(layer["specials"][0]))
              for name, layer in layers.items()}  # fmt: skip
    assert counts == {"green": (91, 13, 0), "red": (61, 8, 6), "brown": (37, 3, 3),
                      "blue": (13, 1, 0)}  # fmt: skip
    assert layers["red"]["holes"][0] == sorted(
        ["+1-1", "-1+1", "+3+0", "+3-3", "+0-3", "-3+0", "-3+3", "+0+3"],
        key=lambda name: (int(name[:2]), int(name[2:])),
    )
    assert layers["blue"]["holes"] == [["+0+0"]] * 6


def test_mc_2_screen_positions_follow_section_2_2() -> None:
    points = board()["points"]
    assert len(points) == 91
    for name, point in points.items():
        assert name == f"{point['q']:+d}{point['r']:+d}"
        assert point["x"] == pytest.approx(point["q"] + point["r"] / 2)
        assert point["y"] == pytest.approx(point["r"] * math.sqrt(3) / 2, abs=1e-4)


def test_mc_3_lines_join_neighbours_of_the_layer_and_the_star_has_only_its_rays() -> None:
    data = board()
    points = data["points"]
    steps = {tuple(d["step"]) for d in data["directions"]}
    for layer in data["layers"]:
        on_layer = set(layer["points"])
        for a, b in layer["lines"]:
            assert a in on_layer and b in on_layer
            step = (points[b]["q"] - points[a]["q"], points[b]["r"] - points[a]["r"])
            assert step in steps
    lines = {layer["name"]: layer["lines"] for layer in data["layers"]}
    # A radius-R hexagon has 3 × 3R(R + 1) lines; the blue star has two along each ray.
    assert [len(lines[name]) for name in ("green", "red", "brown")] == [240, 156, 90]
    assert len(lines["blue"]) == 12
    assert ["+1+0", "+1-1"] not in lines["blue"] and ["+1-1", "+1+0"] not in lines["blue"]


def test_mc_4_holes_in_each_rotation_are_those_the_rules_use() -> None:
    layers = {layer["name"]: layer for layer in board()["layers"]}
    for k in range(6):
        state = apply_all(new_game(2), f"c rotate blue 0, c rotate brown {k}, c rotate red {k}, "
                                       f"c rotate green {k}, c start 0")  # fmt: skip
        observation = state.observation(None)
        assert observation["holes"] == layers["green"]["holes"][k]
        assert observation["specials"] == layers["green"]["specials"][k]
    # Example 2 of the rules names red's rotated hole: rotation 2 moves +1-1 to -1+0.
    assert "-1+0" in layers["red"]["holes"][2]


def test_mc_3_a_legal_move_lands_where_the_page_reads_it_from_the_data() -> None:
    """The page puts a destination at point + value × step(direction), from this data."""
    data = board()
    steps = {d["name"]: d["step"] for d in data["directions"]}
    state = apply_all(example_setup(), "c flip 3")
    before = state.observation(None)["moles"]
    assert isinstance(before, dict)
    for action in state.legal_actions(0):
        _, start, direction = str(action).split(" ")
        point = data["points"][start]
        q = point["q"] + 3 * steps[direction][0]
        r = point["r"] + 3 * steps[direction][1]
        after = state.clone()
        after.apply(0, action)
        moles = after.observation(None)["moles"]
        assert isinstance(moles, dict)
        assert set(moles) - set(before) == {f"{q:+d}{r:+d}"}


def test_the_data_is_the_same_for_every_call_and_a_copy() -> None:
    first = MaulwurfCompanyGame.public_data()
    first["layers"] = []
    assert MaulwurfCompanyGame.public_data()["layers"] != []
