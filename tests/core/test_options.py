"""Option declaration and validation (core/options.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from molehaven.core import OptionsError, build_options, option
from molehaven.core.options import option_specs, options_to_dict
from molehaven.games import REGISTRY


@dataclass(frozen=True, slots=True)
class Sample:
    rounds: int = option(2, choices=(1, 2), help="rounds")
    limit: int = option(20, minimum=0, maximum=100, help="a bounded int")
    ratio: float = option(0.5, minimum=0.0, help="a number")
    fast: bool = option(False, help="a flag")
    mode: str = option("full", choices=("full", "highest"), help="a word")


def test_defaults_and_given_values() -> None:
    assert build_options(Sample, {}) == Sample()
    built = build_options(Sample, {"rounds": 1, "ratio": 2, "fast": True, "mode": "highest"})
    assert built == Sample(rounds=1, ratio=2.0, fast=True, mode="highest")
    assert isinstance(built.ratio, float)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"round": 1}, "unknown option 'round'; valid: rounds, limit, ratio, fast, mode"),
        ({"rounds": True}, "option 'rounds' must be one of 1, 2"),
        ({"rounds": 3}, "option 'rounds' must be one of 1, 2, got 3"),
        ({"limit": 101}, "an int from 0 to 100"),
        ({"limit": -1}, "an int from 0 to 100"),
        ({"limit": 1.5}, "an int from 0 to 100"),
        ({"ratio": -0.1}, "a number of at least 0.0"),
        ({"ratio": "1"}, "a number"),
        ({"fast": 1}, "true or false"),
        ({"mode": "half"}, "full, highest"),
    ],
)
def test_bad_options_name_the_valid_choices(given: dict[str, object], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        build_options(Sample, given)


def test_a_long_name_or_value_is_quoted_shortened() -> None:
    """An error repeats at most about 40 characters of what was given (the server sends it
    back to whoever sent a request of up to 64 KiB)."""
    for given in ({"x" * 5000: 1}, {"mode": "y" * 5000}, {"limit": ["z" * 5000] * 50}):
        with pytest.raises(OptionsError) as refused:
            build_options(Sample, given)
        message = str(refused.value)
        assert len(message) < 160, message
        assert "…" in message
    with pytest.raises(OptionsError, match=r"got 'half'$"):
        build_options(Sample, {"mode": "half"})


def test_specs_and_dict_keep_declaration_order() -> None:
    assert [spec.name for spec in option_specs(Sample)] == [
        "rounds",
        "limit",
        "ratio",
        "fast",
        "mode",
    ]
    assert options_to_dict(Sample()) == {
        "rounds": 2, "limit": 20, "ratio": 0.5, "fast": False, "mode": "full",
    }  # fmt: skip
    assert option_specs(Sample)[1].allowed_text() == "an int from 0 to 100"


@pytest.mark.parametrize(
    ("slug", "players", "message"),
    [
        ("mole-hill", 3, "Mole Hill takes 2 players, got 3"),
        ("the-mole", 9, "takes 3-8 players, got 9"),  # read '3, 4, 5, 6, 7, 8'
        ("mole-park", 1, "takes 2-8 players, got 1"),
    ],
)
def test_a_player_count_out_of_range_names_the_range(slug: str, players: int, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        REGISTRY.make(slug, players)
