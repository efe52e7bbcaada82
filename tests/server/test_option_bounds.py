"""Every option that bounds a game's length has a documented maximum, so ``max_length()``
stays finite whatever a visitor asks for (issue 12: Maulwurf Company's ``max_turns`` took
10^29 and a game with ``sole_survivor=plays_on`` ran past 200,000 actions)."""

from __future__ import annotations

import pytest

import molehaven
from molehaven.core import OptionsError
from molehaven.games import REGISTRY

# The Mole's question_limit=0 means "only the clock ends a round" (TM-20): its length is then
# bounded by round_seconds, not by a count, and max_length() says so with a large sentinel.
CLOCK_BOUNDED = {("the-mole", "question_limit")}
LENGTH_CAP = 10**7


@pytest.mark.parametrize("slug", molehaven.list_games())
def test_every_numeric_option_has_a_maximum_and_the_length_stays_finite(slug: str) -> None:
    game_class = REGISTRY.game_class(slug)
    for spec in game_class.option_specs():
        if spec.type not in (int, float) or spec.choices is not None:
            continue
        assert spec.maximum is not None, f"{slug}: option {spec.name} has no maximum"
        assert f"at most {spec.maximum:g}" in spec.allowed_text() or "to" in spec.allowed_text()
        info = REGISTRY.info(slug)
        game = molehaven.make(slug, info.max_players, **{spec.name: spec.maximum})
        if (slug, spec.name) not in CLOCK_BOUNDED:
            assert game.max_length() < LENGTH_CAP, (slug, spec.name)


def test_mc_25_max_turns_beyond_its_maximum_is_refused() -> None:
    with pytest.raises(OptionsError, match="max_turns"):
        molehaven.make("maulwurf-company", max_turns=10**29)
