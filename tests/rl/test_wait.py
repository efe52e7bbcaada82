"""TM-26: a seat that may act but need not can wait, through every RL interface.

The Mole lets any seat nominate (and the Mole guess) while the asker asks; only the seat play
waits for (``state.awaited()``) must act. The envs and OpenSpiel give every game whose states
can have such optional movers one action more, the wait, and no other game changes.
"""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Callable, Iterator, Sequence

import numpy as np
import pyspiel
import pytest

import molehaven
from molehaven import rl
from molehaven.agents import SeatView
from molehaven.core import Action, IllegalActionError, Seat, State
from molehaven.rl.gym import SingleSeatEnv
from molehaven.rl.openspiel import spiel_name
from molehaven.rl.table import step_limit
from tests.rl.playouts import SHORT_OPTIONS, case_id, extreme_counts

CASES = extreme_counts()
# Measured on 50 seeded 3-player games (docs/research.md): without the wait, about 2
# questions a game through every interface; with a random policy that waits 9 times in 10
# where it may, 6.4-7.3.
WAITING = 0.9


def _may_wait(state: State, seat: Seat) -> bool:
    return seat in state.to_move() and seat not in state.awaited()


def _questions(state: State) -> int:
    return sum(1 for seat, action in state.history() if seat >= 0 and str(action).startswith("ask"))


def _turns(env: rl.MolehavenAEC, most: int) -> Iterator[str]:
    """The agent asked at each of up to ``most`` steps of ``env``, until the game ends (the
    caller steps it in between)."""
    for _ in range(most):
        agent = env.agent_selection
        if env.terminations[agent]:
            return
        yield agent


def _pick(rng: random.Random, legal: Sequence[int], wait: int | None) -> int:
    """A random legal index; where the wait is legal, wait with probability ``WAITING``."""
    if wait is not None and wait in legal:
        others = [index for index in legal if index != wait]
        return wait if not others or rng.random() < WAITING else rng.choice(others)
    return rng.choice(list(legal))


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_tm26_only_a_game_with_optional_movers_gains_the_wait(slug: str, players: int) -> None:
    """The four games without optional movers keep their action spaces exactly."""
    game = molehaven.make(slug, players, **SHORT_OPTIONS[slug])
    size = game.num_distinct_actions()
    waits = game.info.optional_movers
    assert waits == (slug == "the-mole")
    expected = size + 1 if waits else size
    aec = rl.env(slug, players, **SHORT_OPTIONS[slug])
    parallel = rl.parallel_env(slug, players, **SHORT_OPTIONS[slug])
    learner = SingleSeatEnv(slug, players, **SHORT_OPTIONS[slug])
    for env in (aec, parallel):
        for agent in env.possible_agents:
            assert env.action_space(agent).n == expected  # type: ignore[attr-defined]
            assert env.observation_space(agent)["action_mask"].shape == (expected,)  # type: ignore[index]
    assert learner.action_space.n == expected
    assert aec.wait_index == parallel.wait_index == learner.wait_index == (size if waits else None)
    # Only the AEC env (each wait a step of its own) and the Gymnasium wrapper make room for
    # waits in their default step limit.
    bound = game.max_length()
    assert aec.max_steps == learner.max_steps == (bound * players if waits else bound)
    assert parallel.max_steps == bound == step_limit(None, game)


@pytest.mark.parametrize("players", [3, 8])
def test_tm26_the_wait_is_legal_exactly_for_movers_that_are_not_awaited(players: int) -> None:
    env = rl.env("the-mole", players)
    wait = env.wait_index
    assert wait == env.table.size - 1
    rng = random.Random(players)
    optional_seen = obliged_seen = 0
    for seed in range(3):
        env.reset(seed=seed)
        for agent in env.agent_iter(max_iter=400):
            if env.terminations[agent] or env.truncations[agent]:
                break
            state = env.table.state
            for other in env.possible_agents:
                seat = env.seats[other]
                may = _may_wait(state, seat)
                assert (wait in env.legal_indices(other)) == may
                assert env.observe(other)["action_mask"][wait] == may
                optional_seen += may
                obliged_seen += seat in state.awaited()
            env.step(_pick(rng, env.legal_indices(agent), wait))
    assert optional_seen > 50 and obliged_seen > 50


def test_tm26_a_wait_never_reaches_the_engine_and_passes_the_turn() -> None:
    env = rl.env("the-mole", 4)
    env.reset(seed=1)
    waits = 0
    for agent in _turns(env, 300):
        state, seat = env.table.state, env.seats[agent]
        if not _may_wait(state, seat):
            env.step(env.legal_indices(agent)[0])  # the first legal action: ask or answer
            continue
        record = json.dumps(state.record(), sort_keys=True)
        views = [json.dumps(state.observation(s), sort_keys=True) for s in range(4)]
        env.step(env.wait_index)
        waits += 1
        assert env.table.state is state
        assert json.dumps(state.record(), sort_keys=True) == record
        assert [json.dumps(state.observation(s), sort_keys=True) for s in range(4)] == views
        assert env.rewards[agent] == 0.0 and env._cumulative_rewards[agent] == 0.0
        assert env.agent_selection != agent
    assert waits > 20


def test_tm26_each_optional_seat_is_asked_once_before_the_awaited_one_acts() -> None:
    """Round-robin from the seat after the last one to act: the optional movers first, each
    once, then the awaited seat; a seat that waited is not asked again at the position."""
    env = rl.env("the-mole", 5)
    env.reset(seed=3)
    positions = 0
    for agent in _turns(env, 200):
        state = env.table.state
        optional = [s for s in state.to_move() if _may_wait(state, s)]
        if not optional:
            env.step(env.legal_indices(agent)[0])
            continue
        asked = []
        while env.seats[env.agent_selection] in optional:
            asked.append(env.seats[env.agent_selection])
            env.step(env.wait_index)
        assert sorted(asked) == optional and len(set(asked)) == len(asked)
        assert env.seats[env.agent_selection] in state.awaited()
        assert state.num_actions == env.table.state.num_actions  # nothing applied yet
        positions += 1
        env.step(env.legal_indices(env.agent_selection)[0])
    assert positions > 10


def test_tm26_an_awaited_seat_cannot_wait_in_any_interface() -> None:
    env = rl.env("the-mole", 3)
    env.reset(seed=0)
    while not env.table.state.awaited() or env.seats[env.agent_selection] not in (
        env.table.state.awaited()
    ):
        env.step(env.wait_index)
    before = env.table.state.num_actions
    with pytest.raises(IllegalActionError, match="cannot wait"):
        env.step(env.wait_index)
    assert env.table.state.num_actions == before

    parallel = rl.parallel_env("the-mole", 3)
    parallel.reset(seed=0)
    state = parallel.table.state
    before = state.num_actions
    with pytest.raises(IllegalActionError, match="cannot wait"):
        parallel.step(dict.fromkeys(parallel.agents, parallel.wait_index))
    assert state.num_actions == before

    game = pyspiel.load_game(spiel_name("the-mole"), {"players": 3})
    spiel = game.new_initial_state()
    while spiel.is_chance_node():
        spiel.apply_action(spiel.chance_outcomes()[0][0])
    wait = game.num_distinct_actions() - 2  # NO_ACTION stays the last index
    while spiel.current_player() not in spiel.inner.awaited():
        assert wait in spiel.legal_actions()
        spiel.apply_action(wait)
    assert wait not in spiel.legal_actions()
    with pytest.raises(IllegalActionError, match="cannot wait"):
        spiel.apply_action(wait)


def test_tm26_a_parallel_step_of_waits_and_one_awaited_action_makes_progress() -> None:
    env = rl.parallel_env("the-mole", 4)
    observations, _ = env.reset(seed=2)
    wait = env.wait_index
    for _ in range(30):
        state = env.table.state
        before = state.num_actions
        awaited = state.awaited()
        actions = {
            agent: wait
            if observation["action_mask"][wait]
            else int(np.flatnonzero(observation["action_mask"])[0])
            if observation["action_mask"].any()
            else 0
            for agent, observation in observations.items()
        }
        observations, *_ = env.step(actions)
        applied = [seat for seat, _ in state.history()[before:] if seat >= 0]
        assert applied == awaited  # only the awaited seats' actions; the waits apply nothing
        if not env.agents:
            break


def _aec_questions(seed: int) -> int:
    env = rl.env("the-mole", 3)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for agent in env.agent_iter():
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        env.step(_pick(rng, env.legal_indices(agent), env.wait_index))
    assert env.table.state.is_terminal()
    return _questions(env.table.state)


def _parallel_questions(seed: int) -> int:
    env = rl.parallel_env("the-mole", 3)
    observations, _ = env.reset(seed=seed)
    rng = random.Random(seed)
    while env.agents:
        actions = {
            agent: _pick(rng, np.flatnonzero(o["action_mask"]).tolist(), env.wait_index)
            if o["action_mask"].any()
            else 0
            for agent, o in observations.items()
        }
        observations, *_ = env.step(actions)
    assert env.table.state.is_terminal()
    return _questions(env.table.state)


def _openspiel_questions(seed: int) -> int:
    game = pyspiel.load_game(spiel_name("the-mole"), {"players": 3})
    wait = game.num_distinct_actions() - 2
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probabilities)[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(s)) for s in range(3)])
        else:
            state.apply_action(_pick(rng, state.legal_actions(), wait))
    return _questions(state.inner)


@pytest.mark.parametrize(
    "questions",
    [_aec_questions, _parallel_questions, _openspiel_questions],
    ids=["aec", "parallel", "openspiel"],
)
def test_tm26_random_play_that_waits_reaches_many_more_questions(
    questions: Callable[[int], int],
) -> None:
    """Before the wait, every optional seat asked had to nominate or guess: about 2 questions
    a 3-player game, whatever the policy. A random policy that mostly waits where it may now
    lets questioning go on."""
    counts = [questions(seed) for seed in range(20)]
    assert statistics.mean(counts) >= 4
    assert max(counts) >= 10


def test_tm26_openspiel_offers_the_wait_at_a_sequential_node_and_never_applies_it() -> None:
    game = pyspiel.load_game(spiel_name("the-mole"), {"players": 3})
    engine = molehaven.make("the-mole", 3)
    size = engine.num_distinct_actions()
    assert game.num_distinct_actions() == size + 2  # the wait, then NO_ACTION
    assert game.max_game_length() == engine.max_length() * 3
    turn_based = pyspiel.load_game(spiel_name("the-mole"), {"players": 3, "simultaneous": False})
    assert turn_based.num_distinct_actions() == size + 1
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert not state.is_simultaneous_node()
    player = state.current_player()
    assert _may_wait(state.inner, player)
    assert state.legal_actions()[-1] == size
    assert state.action_to_string(player, size) == "wait"
    info = [state.information_state_string(s) for s in range(3)]
    tensors = [state.observation_tensor(s) for s in range(3)]
    history = state.inner.history()
    clone = state.clone()
    state.apply_action(size)
    assert state.inner.history() == history
    assert [state.information_state_string(s) for s in range(3)] == info
    assert [state.observation_tensor(s) for s in range(3)] == tensors
    assert state.current_player() != player
    assert clone.current_player() == player  # the clone did not wait


class _WaitingAgent:
    """An opponent that always waits where it may (TM-26) and otherwise plays its first
    legal action; it counts the calls to ``act`` where its seat could have waited."""

    name = "waiting"

    def __init__(self) -> None:
        self.asked_to_interject = 0
        self.forced = 0
        self.table_state: Callable[[], State] | None = None

    def act(self, view: SeatView) -> Action:
        if self.table_state is not None and _may_wait(self.table_state(), view.seat):
            self.forced += 1
        return view.legal_actions[0]

    def interjection(self, view: SeatView) -> Action | None:
        self.asked_to_interject += 1
        return None


def test_tm26_the_learner_may_wait_and_interjecting_opponents_are_asked_not_forced() -> None:
    opponents = [_WaitingAgent(), _WaitingAgent()]
    env = SingleSeatEnv("the-mole", 3, seat=0, opponents=opponents)
    for agent in opponents:
        agent.table_state = lambda: env.table.state
    wait = env.wait_index
    assert wait is not None
    rng = random.Random(0)
    observation, _ = env.reset(seed=0)
    waited = 0
    while True:
        state = env.table.state
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        assert (wait in legal) == _may_wait(state, 0)
        action = _pick(rng, legal, wait)
        waited += action == wait
        observation, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            break
    # The opponents ask seat 0 (their first legal action), so the learner mostly answers or
    # asks, which it must; it waits where the other opponent is asked.
    assert waited >= 2
    assert all(agent.asked_to_interject > 5 and agent.forced == 0 for agent in opponents)
    assert _questions(env.table.state) >= 15
