"""The conformance checks catch broken games (each check must be able to fail)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

import molehaven
from molehaven.core import CHANCE, Action, Observation, Seat, State
from molehaven.core.conformance import (
    check_clone_independent,
    check_descriptions,
    check_no_leak,
    check_notation_round_trip,
    check_notation_strict,
    check_playouts,
    check_state_invariants,
    check_viewers_refused,
    play_seeded,
    snapshot,
)
from molehaven.games.mole_hill.game import MoleHillGame
from molehaven.games.mole_hill.notation import parse_action as parse_mole_hill
from molehaven.games.mole_hill.state import MoleHillState
from molehaven.games.mole_park.state import MoleParkState


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


def test_invariant_check_catches_an_unannounced_optional_mover() -> None:
    """A game whose states await fewer seats than may act must say so
    (``GameInfo.optional_movers``): drivers and environments then let the others wait."""
    state = started()

    class Unannounced(MoleHillState):
        def awaited(self) -> list[Seat]:
            return []

    quiet = Unannounced(*[getattr(state, f) for f in state.__dataclass_fields__])
    quiet._bind(state.game)
    with pytest.raises(AssertionError, match="awaits none"):
        check_state_invariants(quiet, "awaits nobody")

    park = molehaven.make("mole-park", 3).initial_state()
    rng = random.Random(3)
    while len(park.to_move()) < 2:  # the seats choose their dice at once
        seat = CHANCE if park.is_chance() else park.to_move()[0]
        park.apply(seat, rng.choice(park.legal_actions(seat)))
    assert isinstance(park, MoleParkState)
    check_state_invariants(park, "fine")

    class FirstOnly(MoleParkState):
        def awaited(self) -> list[Seat]:
            return self.to_move()[:1]

    first_only = FirstOnly(*[getattr(park, f) for f in park.__dataclass_fields__])
    first_only._bind(park.game)
    with pytest.raises(AssertionError, match="optional_movers"):
        check_state_invariants(first_only, "unannounced")


def test_notation_check_catches_text_that_does_not_parse_back() -> None:
    state = started()

    class BadGame(type(state.game)):  # type: ignore[misc]
        def parse_action(self, text: str) -> object:
            return super().parse_action("rod a1 b1")

    state.game = BadGame()
    with pytest.raises(AssertionError, match="parsed to"):
        check_notation_round_trip(state, "bad notation")


def test_notation_check_remembers_each_text_and_catches_two_actions_printed_alike() -> None:
    """A text parsed once in a game is not parsed again (``checked``); an action printed like
    another one is caught all the same, as parsing it would have been."""
    state = started()
    first, second = state.legal_actions(1)[:2]
    checked: dict[str, Action] = {}
    check_notation_round_trip(state, "first look", checked)
    assert checked[str(first)] == first and checked[str(second)] == second
    assert len(checked) == len(state.legal_actions(1))
    checked[str(first)] = second  # as if ``second`` had printed ``first``'s text
    with pytest.raises(AssertionError, match="both print"):
        check_notation_round_trip(state, "printed alike", checked)


def test_playouts_check_a_long_game_deeply_on_about_deep_per_game_states() -> None:
    """Every 7th state and the last, unless that would be more than ``deep_per_game``."""
    game = molehaven.make("mole-park", players=2)
    length = play_seeded(game, 0).num_actions
    assert length > 7 * 5
    every_seventh = check_playouts(game, seeds=range(1), deep_per_game=10**6)
    assert every_seventh["states"] == length + 1
    assert every_seventh["deep"] == length // 7 + 1 + (length % 7 != 0)
    spread = check_playouts(game, seeds=range(1), deep_per_game=5)
    assert 5 <= spread["deep"] <= 5 + 2


def test_description_check_catches_a_chance_secret_told_to_everyone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A log that names the value of a mole dealt face down (MP-11) tells every viewer what
    its observation hides."""
    original = MoleParkState._describe

    def telling(self: MoleParkState, seat: Seat, action: Action, viewer: Seat | None) -> str:
        return f"chance: {action}" if seat == CHANCE else original(self, seat, action, viewer)

    monkeypatch.setattr(MoleParkState, "_describe", telling)
    state = molehaven.make("mole-park", players=3).initial_state()
    state.apply(CHANCE, "king 0")
    with pytest.raises(AssertionError, match="cannot tell"):
        check_descriptions(state, random.Random(0), "telling")


def test_description_check_catches_a_seat_not_told_its_own_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(MoleHillState, "_describe", lambda self, seat, action, viewer: "{s0} dug")
    with pytest.raises(AssertionError, match="for both its"):
        check_descriptions(started(), random.Random(0), "vague")


def test_description_check_catches_a_placeholder_for_no_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(MoleHillState, "_describe", lambda self, seat, action, viewer: "{s7} {x}")
    with pytest.raises(AssertionError, match="names a seat that is not"):
        check_descriptions(started(), random.Random(0), "no such seat")


def test_viewer_check_catches_an_observation_that_takes_a_pseudo_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def unchecked(self: State, seat: Seat | None = None) -> Observation:
        return self._observe(seat)

    monkeypatch.setattr(MoleHillState, "observation", unchecked)
    with pytest.raises(AssertionError, match="was accepted"):
        check_viewers_refused(started(), "unchecked")


def test_notation_check_catches_a_parser_that_splits_on_unicode_spaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 20: Mole Hill used ``str.split()``, which takes a no-break space as a space."""

    def lenient(self: MoleHillGame, text: str) -> Action:
        return parse_mole_hill(" ".join(text.split()) if isinstance(text, str) else text)

    game = molehaven.make("mole-hill")
    assert check_notation_strict(game, ["place e4", "rod e4 e5"], "strict") > 0
    monkeypatch.setattr(MoleHillGame, "parse_action", lenient)
    with pytest.raises(AssertionError, match="was accepted"):
        check_notation_strict(game, ["place e4"], "lenient")


@dataclass(slots=True, eq=True)
class ExtraState(MoleHillState):
    """Observes ``extra`` itself, not a copy: a state whose observation aliases its data."""

    extra: dict[str, object] | None = None

    def _observe(self, seat: Seat | None) -> Observation:
        return {**MoleHillState._observe(self, seat), "extra": self.extra}  # type: ignore[dict-item]


def extra_state(extra: dict[str, object]) -> ExtraState:
    base = started()
    state = ExtraState(*[getattr(base, f) for f in base.__dataclass_fields__], extra)
    return state._bind(base.game)


def test_a_snapshot_is_frozen_when_the_observation_hands_out_the_states_own_data() -> None:
    extra: dict[str, object] = {"moles": [1, 2]}
    state = extra_state(extra)
    before = snapshot(state)
    assert snapshot(state) == before
    extra["moles"] = [1, 2, 3]
    assert snapshot(state) != before


def test_a_snapshot_compares_what_is_observed_not_the_order_keys_were_filled_in() -> None:
    extra: dict[str, object] = {"a": 1, "b": [True]}
    state = extra_state(extra)
    before = snapshot(state)
    extra.clear()
    extra.update({"b": [True], "a": 1})
    assert snapshot(state) == before
    extra["b"] = [1]  # JSON tells true from 1, and so does a snapshot
    assert snapshot(state) != before
