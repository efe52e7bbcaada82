"""Checks every game must pass, as plain functions (like PettingZoo's ``api_test``).

Each ``check_*`` function raises ``AssertionError`` with a message that names the game, the
seed and the step, so a failure can be replayed. ``tests/conformance`` runs them over every
registered game and player count.
"""

from __future__ import annotations

import copy
import hashlib
import json
import marshal
import math
import pickle
import random
import re
from collections.abc import Iterable, Iterator
from typing import Final

from molehaven.core.errors import NotationError, RecordError
from molehaven.core.game import CHANCE, CLOCK, Action, Game, JSONValue, Seat, State
from molehaven.core.play import sample_outcome
from molehaven.core.registry import Registry

AnyGame = Game[object]
CLOCK_PROBABILITY = 0.01  # how often a random driver applies a clock event when one is legal


def viewers(game: AnyGame) -> list[Seat | None]:
    """Every seat plus the spectator (``None``)."""
    return [*range(game.players), None]


def canonical_json(value: JSONValue) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def observation_digest(state: State) -> str:
    """A short hash of every viewer's observation, for golden files."""
    text = "\n".join(canonical_json(state.observation(v)) for v in viewers(state.game))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def random_step(state: State, rng: random.Random) -> tuple[Seat, Action]:
    """One random driver step, clock events included now and then; returns what it applied."""
    if state.is_chance():
        action = sample_outcome(state.chance_outcomes(), rng)
        state.apply(CHANCE, action)
        return CHANCE, action
    clock = state.legal_actions(CLOCK)
    if clock and rng.random() < CLOCK_PROBABILITY:
        action = rng.choice(clock)
        state.apply(CLOCK, action)
        return CLOCK, action
    seat = rng.choice(state.to_move())
    action = rng.choice(state.legal_actions(seat))
    state.apply(seat, action)
    return seat, action


def playout_states(game: AnyGame, seed: int) -> Iterator[State]:
    """Yield the state of a seeded random game before every action and at the end.

    Yields the same (mutating) object each time; clone it to keep a position.
    """
    rng = random.Random(seed)
    state = game.initial_state()
    bound = game.max_length()
    while True:
        yield state
        if state.is_terminal():
            return
        if state.num_actions >= bound:
            raise AssertionError(f"{game!r} seed {seed}: more than {bound} actions")
        random_step(state, rng)


def play_seeded(game: AnyGame, seed: int, steps: int | None = None) -> State:
    """The state after ``steps`` random actions (or at the end) of the seeded game."""
    for state in playout_states(game, seed):
        if steps is not None and state.num_actions >= steps:
            return state
    return state


# ------------------------------------------------------------------------------- the checks


def check_state_invariants(state: State, where: str) -> None:
    """The structural contract of one state (conventions: seats, chance, returns)."""
    game = state.game
    n = game.players
    to_move = state.to_move()
    terminal = state.is_terminal()
    chance = state.is_chance()
    assert to_move == sorted(set(to_move)), f"{where}: to_move {to_move} not sorted/unique"
    assert all(0 <= s < n for s in to_move), f"{where}: to_move {to_move} has a bad seat"
    assert not (terminal and chance), f"{where}: terminal and chance at once"
    if terminal or chance:
        assert to_move == [], f"{where}: to_move must be empty at chance nodes and the end"
    else:
        assert to_move, f"{where}: nobody to move in a live, non-chance state"
    awaited = state.awaited()
    assert set(awaited) <= set(to_move), f"{where}: awaited {awaited} outside to_move {to_move}"
    if to_move:
        assert awaited, f"{where}: seats may act, yet the game awaits none of them"
    if not game.info.optional_movers:
        assert awaited == to_move, f"{where}: awaits {awaited} of {to_move}: optional_movers?"
    for seat in range(n):
        legal = state.legal_actions(seat)
        if seat in to_move:
            assert legal, f"{where}: seat {seat} is to move but has no legal action"
        else:
            assert legal == [], f"{where}: seat {seat} is not to move but has {legal[:3]}"
    if chance:
        outcomes = state.chance_outcomes()
        assert outcomes, f"{where}: chance node without outcomes"
        assert all(p > 0 for _, p in outcomes), f"{where}: non-positive chance probability"
        total = math.fsum(p for _, p in outcomes)
        assert abs(total - 1.0) < 1e-9, f"{where}: chance probabilities sum to {total}"
        actions = [a for a, _ in outcomes]
        assert len(set(actions)) == len(actions), f"{where}: repeated chance outcome"
        assert state.legal_actions(CHANCE) == actions, f"{where}: CHANCE legal != outcomes"
    else:
        assert state.chance_outcomes() == [], f"{where}: outcomes outside a chance node"
        assert state.legal_actions(CHANCE) == [], f"{where}: CHANCE may act outside chance"
    returns = state.returns()
    assert len(returns) == n, f"{where}: {len(returns)} returns for {n} seats"
    if terminal:
        assert abs(math.fsum(returns) - 1.0) < 1e-9, f"{where}: returns {returns} sum != 1"
        assert all(r >= 0 for r in returns), f"{where}: negative return {returns}"
        assert state.legal_actions(CLOCK) == [], f"{where}: clock events after the end"
    else:
        assert all(r == 0 for r in returns), f"{where}: returns {returns} before the end"
    assert len(state.scores()) == n, f"{where}: scores() has the wrong length"


def check_observations_json(state: State, where: str) -> None:
    """Every viewer's observation is JSON-ready and survives a JSON round trip unchanged."""
    for viewer in viewers(state.game):
        observation = state.observation(viewer)
        assert isinstance(observation, dict), f"{where}: observation({viewer}) is not a dict"
        text = json.dumps(observation, sort_keys=True)
        assert json.loads(text) == observation, f"{where}: observation({viewer}) not JSON-exact"
        assert "game" in observation, f"{where}: observation({viewer}) lacks 'game'"


def check_notation_round_trip(
    state: State, where: str, checked: dict[str, Action] | None = None
) -> None:
    """Every legal action (chance and clock included) prints a text that parses back to it.

    ``checked`` carries the texts already parsed in this game to the action each one parsed
    to: parsing is the same at every state, so a text seen again needs only its action to be
    equal to the one it parsed to (two actions printed alike fail here as they would on
    parsing). In a long random game most legal actions come back at state after state, and
    parsing them all again was a large part of a Mole Majority playout's checks.
    """
    game = state.game
    if checked is None:
        checked = {}
    for seat in [CHANCE, CLOCK, *state.to_move()]:
        for action in state.legal_actions(seat):
            text = str(action)
            if text in checked:
                known = checked[text]
                assert known == action, f"{where}: {action!r} and {known!r} both print {text!r}"
                continue
            assert text == text.strip() and "  " not in text, f"{where}: untidy text {text!r}"
            parsed = game.parse_action(text)
            assert parsed == action, f"{where}: {text!r} parsed to {parsed!r}, not {action!r}"
            assert str(parsed) == text, f"{where}: {text!r} printed back as {str(parsed)!r}"
            checked[text] = parsed


class Snapshot:
    """Everything observable about a state, frozen, to compare before and after.

    Each viewer's observation is kept as ``marshal`` bytes (format 2, which shares no object,
    so equal values give equal bytes when their dicts were filled in the same order): much
    cheaper than canonical JSON, which was about a quarter of a Mole Majority playout's
    checks. Bytes that differ are read back and compared as canonical JSON, so only
    a real difference fails a check, never a different key order.
    """

    __slots__ = ("observations", "rest")

    def __init__(self, state: State) -> None:
        self.observations = [marshal.dumps(state.observation(v), 2) for v in viewers(state.game)]
        # The record is the action history: the same history node (an immutable linked list)
        # means the same record, without serialising thousands of actions at every check.
        self.rest = (
            f"{state.num_actions}:{id(state._history)}",
            repr((state.to_move(), state.is_chance(), state.is_terminal())),
            repr((state.returns(), state.scores())),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Snapshot):
            return NotImplemented
        return self.rest == other.rest and all(
            mine == theirs or _canonical(mine) == _canonical(theirs)
            for mine, theirs in zip(self.observations, other.observations, strict=True)
        )

    __hash__ = None  # type: ignore[assignment]


def _canonical(frozen: bytes) -> str:
    value: JSONValue = marshal.loads(frozen)
    return canonical_json(value)


def snapshot(state: State) -> Snapshot:
    return Snapshot(state)


def check_illegal_leaves_unchanged(
    state: State, pool: list[tuple[Seat, Action]], rng: random.Random, where: str
) -> int:
    """Actions that are illegal here raise ``ValueError`` and change nothing.

    Tries actions seen elsewhere in the game (``pool``) and legal actions played by the wrong
    seat. Returns how many illegal attempts were made.
    """
    game = state.game
    before = snapshot(state)
    reference = state.clone()
    attempts = 0
    candidates = rng.sample(pool, min(len(pool), 6))
    for seat in range(game.players):
        if seat not in state.to_move():
            for other in state.to_move():
                legal = state.legal_actions(other)
                candidates.append((seat, legal[0]))
                break
    candidates += [(CHANCE, a) for _, a in pool[:1]]
    for seat, action in candidates:
        if seat in (CHANCE, CLOCK):
            legal_here = action in state.legal_actions(seat)
        elif seat in state.to_move():
            legal_here = _accepts(state, seat, action)
        else:
            legal_here = False
        if legal_here:
            continue
        attempts += 1
        try:
            state.apply(seat, action)
        except ValueError:
            pass
        else:
            raise AssertionError(f"{where}: illegal {action} by seat {seat} was accepted")
        assert state == reference, f"{where}: a rejected {action} changed the state's fields"
    # What every viewer observes, once after all the attempts: observing is the dearest check
    # of a playout (Mole Majority's), and the fields were compared after each attempt.
    tried = ", ".join(str(action) for _, action in candidates)
    assert snapshot(state) == before, f"{where}: a rejected action ({tried}) changed the state"
    return attempts


def _accepts(state: State, seat: Seat, action: Action) -> bool:
    probe = state.clone()
    try:
        probe.apply(seat, action)
    except ValueError:
        return False
    return True


def check_clone_independent(state: State, rng: random.Random, where: str) -> None:
    """Changing a clone leaves the original as it was, and the other way round."""
    if state.is_terminal():
        copy = state.clone()
        assert copy == state and snapshot(copy) == snapshot(state), f"{where}: clone differs"
        return
    before = snapshot(state)
    copy = state.clone()
    assert copy == state, f"{where}: a fresh clone is not equal to its original"
    assert snapshot(copy) == before, f"{where}: a fresh clone observes differently"
    random_step(copy, rng)
    assert snapshot(state) == before, f"{where}: applying to a clone changed the original"
    copy_before = snapshot(copy)
    random_step(state.clone(), rng)
    other = state.clone()
    random_step(other, rng)
    assert snapshot(copy) == copy_before, f"{where}: a sibling clone changed this clone"


def check_replay(state: State, where: str) -> None:
    """record → JSON → replay gives an equal state with equal observations."""
    game = state.game
    text = json.dumps(state.record())
    replayed = _registry_replay(state, json.loads(text))
    assert replayed == state, f"{where}: the replayed state differs from the original"
    for viewer in viewers(game):
        assert replayed.observation(viewer) == state.observation(viewer), (
            f"{where}: replayed observation({viewer}) differs"
        )
    assert replayed.record() == state.record(), f"{where}: the replayed record differs"


def check_pickle_and_deepcopy(state: State, where: str) -> None:
    """``pickle`` and ``copy.deepcopy`` give an equal state with the same record and
    observations, however long its history (worker processes, Ray and OpenSpiel's
    serialization pickle states; a history of about a thousand actions once hit Python's
    recursion limit)."""
    for how, copied in (
        ("pickled", pickle.loads(pickle.dumps(state))),
        ("deep-copied", copy.deepcopy(state)),
    ):
        assert copied == state, f"{where}: the {how} state differs from the original"
        assert copied.record() == state.record(), f"{where}: the {how} state's record differs"
        for viewer in viewers(state.game):
            assert copied.observation(viewer) == state.observation(viewer), (
                f"{where}: the {how} state's observation({viewer}) differs"
            )


def _registry_replay(state: State, record: dict[str, JSONValue]) -> State:
    return Registry([type(state.game)]).replay(record)


def check_replay_errors(state: State, where: str) -> None:
    """A record with an unparseable or an illegal action is refused naming its index and text.

    ``state`` must be terminal: any action appended after the end is illegal.
    """
    record = state.record()
    actions = record["actions"]
    assert isinstance(actions, list) and state.is_terminal()
    if not actions:
        return
    first = actions[0]
    assert isinstance(first, dict)
    middle = len(actions) // 2
    unparseable = [*actions[:middle], {"seat": first["seat"], "action": "no such action"}]
    after_end = [*actions, first]
    for broken, index, text in (
        (unparseable, middle, "no such action"),
        (after_end, len(actions), str(first["action"])),
    ):
        try:
            _registry_replay(state, {**record, "actions": broken})
        except RecordError as error:
            assert (error.index, error.text) == (index, text), (
                f"{where}: replay error names action {error.index} {error.text!r},"
                f" expected {index} {text!r}"
            )
            assert str(index) in str(error) and text in str(error), (
                f"{where}: replay error message {error} lacks the index or text"
            )
        else:
            raise AssertionError(f"{where}: a broken record replayed without error")


def check_no_leak(state: State, rng: random.Random, where: str, samples: int = 3) -> int:
    """What a seat cannot see never changes its observation.

    For every seat (and the spectator), ``resample_hidden`` redraws the information hidden from
    it; its observation must not change. Returns how many resamples changed some *other*
    viewer's observation, which proves the resampling really varied hidden information.
    """
    game = state.game
    varied = 0
    everyone = viewers(game)
    # Compared as values, not as JSON text: nothing mutates them meanwhile, and
    # ``check_observations_json`` proves each one JSON-exact.
    observed = [state.observation(v) for v in everyone]
    for index, viewer in enumerate(everyone):
        for _ in range(samples):
            variant = state.resample_hidden(viewer, rng)
            assert variant.observation(viewer) == observed[index], (
                f"{where}: observation({viewer}) changed when only hidden information did"
            )
            check_state_invariants(variant, f"{where} (resampled for {viewer})")
            # Observed lazily: one other viewer that sees a change is proof enough.
            if any(
                variant.observation(other) != observed[position]
                for position, other in enumerate(everyone)
                if position != index
            ):
                varied += 1
    if game.info.perfect_information:
        public = observed[-1]
        for seat in range(game.players):
            assert observed[seat] == public, (
                f"{where}: perfect information, yet observation({seat}) differs from a spectator's"
            )
    return varied


def check_reveals(state: State, rng: random.Random, where: str, max_actions: int = 6) -> int:
    """An action for which ``action_reveals`` says False shows its seat nothing hidden: in
    states the seat cannot tell from this one (``resample_hidden``), the same action leaves
    the seat's observation the same (unless it ends the game, which opens every hand).
    Returns how many such actions were checked."""
    checked = 0
    for seat in state.to_move():
        legal = state.legal_actions(seat)
        for action in rng.sample(legal, min(max_actions, len(legal))):
            if state.action_reveals(seat, action):
                continue
            after = state.clone()
            after.apply(seat, action)
            if after.is_terminal():
                continue
            seen = after.observation(seat)
            variant = state.resample_hidden(seat, rng)
            variant.apply(seat, action)
            if variant.is_terminal():
                continue
            assert variant.observation(seat) == seen, (
                f"{where}: {action} by seat {seat} showed it something hidden, yet"
                " action_reveals says it does not"
            )
            checked += 1
    return checked


# Viewers that are not ``None`` and not a real seat; ``players`` and ``players + 1`` are added.
_NOT_VIEWERS: Final[tuple[object, ...]] = (CHANCE, CLOCK, -3, True, False, "0", 0.0, 1.5)


def check_viewers_refused(state: State, where: str) -> None:
    """``observation`` and ``describe_action`` accept only ``None`` or a real seat as viewer:
    pseudo-seats, out-of-range seats and non-ints raise ``ValueError`` naming the valid ones.
    """
    n = state.game.players
    valid = f"0-{n - 1}"
    action = next(iter(_acting(state)), None)
    for viewer in (*_NOT_VIEWERS, n, n + 1):
        try:
            state.observation(viewer)  # type: ignore[arg-type]
        except ValueError as error:
            message = str(error)
            assert "None" in message and valid in message, (
                f"{where}: observation({viewer!r}) refused without naming the viewers: {message}"
            )
        else:
            raise AssertionError(f"{where}: observation({viewer!r}) was accepted")
        if action is not None:
            seat, act = action
            try:
                state.describe_action(seat, act, viewer)  # type: ignore[arg-type]
            except ValueError:
                pass
            else:
                raise AssertionError(f"{where}: describe_action(…, viewer={viewer!r}) accepted")


def _acting(state: State) -> Iterator[tuple[Seat, Action]]:
    """Every (seat, action) that may be applied now: chance, the clock and each seat to move."""
    for seat in [CHANCE, CLOCK, *state.to_move()]:
        for action in state.legal_actions(seat):
            yield seat, action


_PLACEHOLDER: Final = re.compile(r"\{\{|\}\}|\{s(\d+)\}")


def _check_placeholders(text: str, players: int, where: str) -> None:
    """Braces only as ``{{``, ``}}`` or a placeholder ``{sN}`` of a real seat."""
    for match in _PLACEHOLDER.finditer(text):
        if match.group(1) is not None:
            assert int(match.group(1)) < players, f"{where}: {text!r} names a seat that is not"
    rest = _PLACEHOLDER.sub("", text)
    assert "{" not in rest and "}" not in rest, f"{where}: {text!r} has a stray brace"


def check_descriptions(state: State, rng: random.Random, where: str, max_actions: int = 8) -> int:
    """What ``describe_action`` tells each viewer leaks nothing its observation does not.

    For each acting seat (and chance, and the clock) and up to ``max_actions`` of its actions:
    every description is a non-empty string whose placeholders name real seats; for every
    other viewer, two actions after which ``observation(viewer)`` is the same read the same;
    and a seat reads its own actions in full (two different actions, two different texts).
    In a perfect-information game every action is public, so every viewer reads the same words
    instead (an observation may forget a public action, e.g. when a round ends). Returns how
    many actions were described.
    """
    game = state.game
    public = game.info.perfect_information
    described = 0
    for seat in [CHANCE, CLOCK, *state.to_move()]:
        legal = state.legal_actions(seat)
        if len(legal) > max_actions:
            legal = rng.sample(legal, max_actions)
        seen: dict[tuple[Seat | None, str], tuple[str, Action]] = {}
        own: dict[str, Action] = {}
        for action in legal:
            after = state.clone()
            after.apply(seat, action)
            described += 1
            for viewer in viewers(game):
                text = state.describe_action(seat, action, viewer)
                here = f"{where}: seat {seat} {action} described to {viewer}"
                assert isinstance(text, str) and text.strip(), f"{here} as {text!r}"
                _check_placeholders(text, game.players, here)
                if viewer == seat:  # a seat knows what it did, even when nobody else could
                    other = own.setdefault(text, action)
                    assert other == action, (
                        f"{where}: seat {seat} reads {text!r} for both its {other} and {action}"
                    )
                    continue
                if public:  # every action is public: everyone reads the same words
                    first = seen.setdefault((None, str(action)), (text, action))[0]
                    assert first == text, f"{here} as {text!r}, to another viewer {first!r}"
                    continue
                key = (viewer, canonical_json(after.observation(viewer)))
                first_text, first_action = seen.setdefault(key, (text, action))
                assert first_text == text, (
                    f"{where}: viewer {viewer} cannot tell seat {seat}'s {first_action} from"
                    f" {action} by its observation, yet reads {first_text!r} and {text!r}"
                )
    return described


def check_notation_strict(game: AnyGame, texts: Iterable[str], where: str) -> int:
    """One notation rule for every game: only ``str``, only ASCII, words split on ASCII spaces
    and tabs. Every valid text in ``texts`` is refused with ``NotationError`` once a space
    becomes a Unicode space, a digit a full-width digit or a ``k`` the Kelvin sign; non-text
    input is refused too. Returns how many look-alike variants were refused."""
    refused = 0
    for junk in (None, 5, 2.5, b"end", ["end"]):
        _assert_refused(game, junk, where)
    for text in texts:
        game.parse_action(text)  # a valid text, or the test data is wrong
        variants = [text.replace(" ", space, 1) for space in _UNICODE_SPACES if " " in text]
        variants += [_FULL_WIDTH.sub(lambda m: chr(ord(m[0]) + 0xFEE0), text, count=1)]
        variants += [text.replace("k", "\u212a", 1), text.replace("K", "\u212a", 1)]
        for variant in variants:
            if variant != text:
                _assert_refused(game, variant, where)
                refused += 1
    return refused


_UNICODE_SPACES: Final = ("\u00a0", "\u3000", "\u2003")
_FULL_WIDTH: Final = re.compile("[0-9]")


def _assert_refused(game: AnyGame, text: object, where: str) -> None:
    try:
        parsed = game.parse_action(text)  # type: ignore[arg-type]
    except NotationError:
        return
    except Exception as error:
        raise AssertionError(
            f"{where}: parse_action({text!r}) raised {type(error).__name__}, not NotationError"
        ) from error
    raise AssertionError(f"{where}: parse_action({text!r}) was accepted as {parsed}")


def check_playouts(
    game: AnyGame, *, seeds: range, deep_every: int = 7, deep_per_game: int = 100
) -> dict[str, int]:
    """Seeded random playouts with the per-state checks at every step.

    The cheap checks run on every state; clone, replay, illegal-action, no-leak, description
    and viewer checks on every ``deep_every``-th state and the last, or evenly on about
    ``deep_per_game`` states of a game longer than ``deep_every * deep_per_game`` actions.
    (Random games of Mole Majority at four players run from 264 to 2,449 states by seed: the
    three long ones of eight were three quarters of its states and most of the suite's
    conformance time; each still has about a hundred states checked deeply.) Returns counters
    that tests can assert on (games played, states seen, states checked deeply, illegal
    attempts, resamples that varied hidden information, actions described).
    """
    counts = dict.fromkeys(
        (
            *("games", "states", "deep", "illegal", "varied", "described", "previewable"),
            *("chance", "terminal"),
        ),
        0,
    )
    for seed in seeds:
        rng = random.Random(seed ^ 0x5EED)
        length = play_seeded(game, seed).num_actions  # the bare game: a small part of the checks
        every = max(deep_every, -(-length // deep_per_game))
        pool: list[tuple[Seat, Action]] = []
        notation: dict[str, Action] = {}
        last: State | None = None
        for state in playout_states(game, seed):
            where = f"{game!r} seed {seed} after {state.num_actions} actions"
            counts["states"] += 1
            counts["chance"] += state.is_chance()
            check_state_invariants(state, where)
            check_notation_round_trip(state, where, notation)
            if state.num_actions % every == 0 or state.is_terminal():
                counts["deep"] += 1
                check_observations_json(state, where)
                check_clone_independent(state, rng, where)
                counts["illegal"] += check_illegal_leaves_unchanged(state, pool, rng, where)
                counts["varied"] += check_no_leak(state, rng, where, samples=1)
                counts["described"] += check_descriptions(state, rng, where)
                counts["previewable"] += check_reveals(state, rng, where)
                check_viewers_refused(state, where)
            for seat in [CHANCE, *state.to_move()]:
                legal = state.legal_actions(seat)
                if legal:
                    pool.append((seat, rng.choice(legal)))
            if len(pool) > 64:
                del pool[: len(pool) - 64]
            last = state
        assert last is not None and last.is_terminal()
        counts["terminal"] += 1
        check_replay(last, f"{game!r} seed {seed} at the end")
        check_replay_errors(last, f"{game!r} seed {seed} at the end")
        check_pickle_and_deepcopy(last, f"{game!r} seed {seed} at the end")
        counts["games"] += 1
    return counts


def golden_playthrough(game: AnyGame, seed: int, checkpoints: int = 12) -> dict[str, JSONValue]:
    """A seeded game's record with a digest of every viewer's observations after each action
    and full observations at ``checkpoints`` evenly spaced steps and at the end."""
    digests: list[str] = []
    states: list[State] = []
    for state in playout_states(game, seed):
        digests.append(observation_digest(state))
        states.append(state.clone())
    final = states[-1]
    total = len(states)
    wanted = sorted({round(i * (total - 1) / max(checkpoints - 1, 1)) for i in range(checkpoints)})
    full: dict[str, JSONValue] = {
        str(step): {str(v): states[step].observation(v) for v in viewers(game)} for step in wanted
    }
    return {
        "seed": seed,
        "record": final.record(),
        "returns": final.returns(),
        "scores": final.scores(),
        "digests": digests,
        "observations": full,
    }


__all__ = [
    "check_clone_independent",
    "check_descriptions",
    "check_illegal_leaves_unchanged",
    "check_no_leak",
    "check_notation_round_trip",
    "check_notation_strict",
    "check_observations_json",
    "check_playouts",
    "check_replay",
    "check_replay_errors",
    "check_reveals",
    "check_state_invariants",
    "check_viewers_refused",
    "golden_playthrough",
    "play_seeded",
    "playout_states",
    "random_step",
    "snapshot",
]
