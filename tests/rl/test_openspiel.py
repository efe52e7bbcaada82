"""OpenSpiel registration: OpenSpiel's own random-simulation test, MCTS, IS-MCTS and
evaluation run on the Molehaven games."""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import molehaven
from molehaven.rl.openspiel import spiel_name
from tests.rl.playouts import SHORT_OPTIONS, case_id, extreme_counts

CASES = extreme_counts()


def _load(slug: str, players: int) -> pyspiel.Game:
    return pyspiel.load_game(spiel_name(slug), {"players": players, **SHORT_OPTIONS[slug]})


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[case_id(c) for c in CASES])
def test_openspiel_random_simulation_test_passes(slug: str, players: int) -> None:
    game = _load(slug, players)
    info = molehaven.make(slug).info
    game_type = game.get_type()
    assert game.num_players() == players
    # The simultaneous form adds NO_ACTION, for seats that do not choose at a simultaneous
    # node; a game whose seats may act but need not adds the wait action (TM-26).
    engine = molehaven.make(slug, players)
    extra = (1 if info.simultaneous else 0) + (1 if engine.info.optional_movers else 0)
    assert game.num_distinct_actions() == engine.num_distinct_actions() + extra
    assert (game_type.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS) == info.simultaneous
    assert (game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == (
        info.has_chance
    )
    assert (game_type.information == pyspiel.GameType.Information.PERFECT_INFORMATION) == (
        info.perfect_information
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_whole_game_of_a_thousand_moves_serializes_and_comes_back() -> None:
    """OpenSpiel's serialization pickles the state: a random Die Maulwurf Company game at its
    default options (1,222 moves with this seed) hit Python's recursion limit on the record's
    history before ``State`` pickled it flat. The random-simulation test above plays short
    options only."""
    game = pyspiel.load_game(spiel_name("maulwurf-company"), {"players": 2})
    state, rng = game.new_initial_state(), random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.move_number() > 1000
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert back.history() == state.history()
    assert str(back) == str(state)
    assert back.returns() == state.returns()


def test_chance_outcomes_have_probabilities_and_fixed_indices() -> None:
    game = _load("mole-park", 3)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0]).startswith("king ")


def test_information_state_hides_what_a_seat_cannot_see() -> None:
    """Two Mole Park deals that differ only in other seats' hands read the same to seat 0."""
    game = _load("mole-park", 3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(5):
        other = state.resample_from_infostate(0, sampler)
        assert other.information_state_string(0) == state.information_state_string(0)
        np.testing.assert_array_equal(other.observation_tensor(0), state.observation_tensor(0))
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


def test_mcts_bot_plays_mole_hill_in_openspiel_evaluation() -> None:
    game = pyspiel.load_game(spiel_name("mole-hill"), {"rounds": 1})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20, evaluator=evaluator, random_state=rng)
    random_bot = pyspiel.make_uniform_random_bot(1, 3)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, random_bot], rng)
    assert sum(returns) == pytest.approx(1.0)
    assert all(r in (0.0, 0.5, 1.0) for r in returns)


def test_ismcts_bot_plays_hidden_information_mole_park() -> None:
    # OpenSpiel's IS-MCTS searches sequential games: Mole Park's turn-based form.
    game = pyspiel.load_game(spiel_name("mole-park"), {"players": 2, "simultaneous": False})
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_distinct_actions() == molehaven.make("mole-park", 2).num_distinct_actions()
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng),
        pyspiel.make_uniform_random_bot(1, 5),
    ]
    state = game.new_initial_state()
    for _ in range(12):  # a few decisions of the IS-MCTS seat, not a whole game
        while state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(actions, p=probabilities))
        if state.is_terminal():
            break
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions(player)
        state.apply_action(action)
    assert state.move_number() > 12


@pytest.mark.parametrize("slug", molehaven.list_games())
def test_openspiel_evaluation_plays_every_game_with_its_bots(slug: str) -> None:
    """OpenSpiel's ``evaluate_bots`` plays a whole game of each Molehaven game with OpenSpiel's
    uniform random bots, and its returns are Molehaven's (they sum to 1)."""
    players = molehaven.make(slug).players
    game = _load(slug, players)
    rng = np.random.RandomState(2)
    bots = [pyspiel.make_uniform_random_bot(seat, 7 + seat) for seat in range(players)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == players
    assert sum(returns) == pytest.approx(1.0)


def test_mole_park_dice_are_one_simultaneous_node_and_a_race_is_not() -> None:
    """MP: the seats that choose a die choose in secret at once, so the choice is one joint
    action, and a seat that does not choose then has only NO_ACTION; The Mole's asker and the
    seats that may call a vote meanwhile race (TM), which stays a sequential node."""
    game = _load("mole-park", 8)
    no_action = game.num_distinct_actions() - 1
    rng = random.Random(3)
    state = game.new_initial_state()
    joint_nodes = with_no_action = 0
    while not state.is_terminal() and with_no_action < 3:
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probabilities)[0])
            continue
        if not state.is_simultaneous_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        joint_nodes += 1
        engine = state.inner
        choosers = engine.to_move()
        assert len(choosers) > 1
        for seat in range(8):
            legal = state.legal_actions(seat)
            if seat in choosers:
                assert legal == game.actions.legal_indices(engine, seat)
            else:
                assert legal == [no_action]
        with_no_action += len(choosers) < 8
        assert state.action_to_string(0, no_action) == "no action"
        before = engine.num_actions
        state.apply_actions([rng.choice(state.legal_actions(seat)) for seat in range(8)])
        applied = [seat for seat, _ in engine.history()[before:] if seat >= 0]
        assert applied == choosers  # each chooser once, in seat order; NO_ACTION is not applied
    assert joint_nodes > 3 and with_no_action == 3

    tm = _load("the-mole", 3)
    race = tm.new_initial_state()
    while race.is_chance_node():
        race.apply_action(race.chance_outcomes()[0][0])
    inner = race.inner
    assert len(inner.to_move()) > 1 and inner.awaited() != inner.to_move()
    assert not race.is_simultaneous_node()
    assert race.current_player() in inner.to_move()


def test_a_states_string_is_the_whole_state_hidden_parts_included() -> None:
    """OpenSpiel's ToString shows everything, as its poker games show every card: two states
    seat 0 cannot tell apart print apart (the envs' public board would print them alike)."""
    game = _load("mole-park", 3)
    state = game.new_initial_state()
    rng = random.Random(7)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    told_apart = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        other = state.resample_from_infostate(0, sampler)
        assert other.information_state_string(0) == state.information_state_string(0)
        told_apart += str(other) != str(state)
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(seat)) for seat in range(3)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert told_apart > 0


def _played(state: pyspiel.State, rng: random.Random) -> None:
    """One step of a random game: a chance outcome by its probability, else random choices."""
    if state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, weights)[0])
    elif state.is_simultaneous_node():
        players = state.num_players()
        state.apply_actions([rng.choice(state.legal_actions(seat)) for seat in range(players)])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("slug", ["mole-park", "the-mole"])
def test_a_world_drawn_for_one_seat_tells_no_other_seat_its_true_secrets(slug: str) -> None:
    """Section 7 of each game's rules (MP-16, TM-4): a world resampled for seat 0 once kept
    every other seat's recall of the true world (Mole Park: "seat 1 chose the Giant Mallet"
    while the world drawn gave seat 1 another die) and the engine's record of the true deal.
    Now the others recall what a spectator was told, and the record stays behind."""
    game = _load(slug, 3)
    state = game.new_initial_state()
    rng = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    secrets_checked = 0
    while not state.is_terminal() and state.inner.num_actions < 150:
        if not state.is_chance_node():
            world = state.resample_from_infostate(0, sampler)
            assert world.information_state_string(0) == state.information_state_string(0)
            for seat in (1, 2):
                private = set(state.told[seat]) - set(state.public)
                recalled = world.information_state_string(seat).split("\n")
                assert not private & set(recalled)
                secrets_checked += len(private)
            assert world.inner.history() == []
        _played(state, rng)
    assert secrets_checked > 0, "no seat was ever told anything in private"


@pytest.mark.parametrize("perfect_recall", [False, True])
def test_a_public_observer_shows_every_player_the_spectators_view(perfect_recall: bool) -> None:
    """OpenSpiel's public observation type (``private_info=NONE``) once gave each player's own
    view, hand included. It is now the spectator's, the same for every player, with no
    tensor (the tensors are laid out per seat); all players' private information at once is
    refused as OpenSpiel's convention has it (``None``)."""
    game = _load("mole-park", 3)
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=perfect_recall, private_info=pyspiel.PrivateInfoType.NONE
    )
    observer = game.make_py_observer(public)
    assert observer is not None and observer.tensor is None
    state = game.new_initial_state()
    rng = random.Random(5)
    hands_seen = 0
    while not state.is_terminal() and state.inner.num_actions < 60:
        texts = {observer.string_from(state, seat) for seat in range(3)}
        assert len(texts) == 1
        (text,) = texts
        first, *recalled = text.split("\n")
        assert json.loads(first) == state.inner.observation(None)
        assert recalled == (list(state.public) if perfect_recall else [])
        hands_seen += any(state.inner.observation(seat)["hand"] for seat in range(3))
        _played(state, rng)
    assert hands_seen > 0, "no hand was ever dealt: the test saw nothing private"
    every_hand = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    assert game.make_py_observer(every_hand) is None
    assert pyspiel.load_game(spiel_name("mole-hill")).make_py_observer(every_hand) is not None
