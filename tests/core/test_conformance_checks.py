"""The conformance checks catch broken games (each check must be able to fail)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

import molehaven
from molehaven.core import Observation, Seat
from molehaven.core.conformance import (
    check_clone_independent,
    check_no_leak,
    check_notation_round_trip,
    check_state_invariants,
)
from molehaven.games.mole_hill.state import MoleHillState


def started() -> MoleHillState:
    game = molehaven.make("mole-hill")
    state = game.initial_state()
    state.apply(0, game.parse_action("place e4"))
    assert isinstance(state, MoleHillState)
    return state


@dataclass(slots=True, eq=True)
class LeakyState(MoleHillState):
    """Shows seat 1 something seat 0 does not see, and changes it when 'resampled'."""

    secret: int = 0

    def _copy(self) -> LeakyState:
        base = MoleHillState._copy(self)
        return LeakyState(*[getattr(base, f) for f in base.__dataclass_fields__], self.secret)

    def _observe(self, seat: Seat | None) -> Observation:
        return {**MoleHillState._observe(self, seat), "secret": self.secret}

    def resample_hidden(self, seat: Seat | None, rng: random.Random) -> LeakyState:
        copy = self.clone()
        copy.secret = rng.randrange(1, 10**6)
        return copy


def leaky() -> LeakyState:
    base = started()
    state = LeakyState(*[getattr(base, f) for f in base.__dataclass_fields__])
    return state._bind(base.game)


def test_no_leak_check_catches_a_leak() -> None:
    with pytest.raises(AssertionError, match="changed when only hidden information did"):
        check_no_leak(leaky(), random.Random(1), "leaky")


def test_no_leak_check_passes_mole_hill() -> None:
    assert check_no_leak(started(), random.Random(1), "mole hill") == 0


@dataclass(slots=True, eq=True)
class SharedListState(MoleHillState):
    """A broken clone: both copies share one mutable list."""

    log: list[int] | None = None

    def _copy(self) -> SharedListState:
        base = MoleHillState._copy(self)
        values = [getattr(base, f) for f in base.__dataclass_fields__]
        return SharedListState(*values, self.log)

    def _apply(self, seat: Seat, action: object) -> None:
        assert self.log is not None
        self.log.append(1)
        MoleHillState._apply(self, seat, action)  # type: ignore[arg-type]

    def _observe(self, seat: Seat | None) -> Observation:
        return {**MoleHillState._observe(self, seat), "log": list(self.log or [])}


def test_clone_check_catches_shared_mutable_data() -> None:
    base = started()
    state = SharedListState(*[getattr(base, f) for f in base.__dataclass_fields__], [])
    state._bind(base.game)
    with pytest.raises(AssertionError, match="changed the original"):
        check_clone_independent(state, random.Random(0), "shared")


def test_invariant_check_catches_returns_before_the_end() -> None:
    state = started()
    state.round_scores = (5,)
    check_state_invariants(state, "fine")

    class Early(MoleHillState):
        def returns(self) -> list[float]:
            return [1.0, 0.0]

    early = Early(*[getattr(state, f) for f in state.__dataclass_fields__])._bind(state.game)
    with pytest.raises(AssertionError, match="before the end"):
        check_state_invariants(early, "early")


def test_notation_check_catches_text_that_does_not_parse_back() -> None:
    state = started()

    class BadGame(type(state.game)):  # type: ignore[misc]
        def parse_action(self, text: str) -> object:
            return super().parse_action("rod a1 b1")

    state.game = BadGame()
    with pytest.raises(AssertionError, match="parsed to"):
        check_notation_round_trip(state, "bad notation")
