"""The Mole Hill alpha-beta agent: forced wins, avoided losses, its budget, its strength.

Every search here is bounded by a node limit, never by the clock, so results do not depend on
the machine's speed; the budget itself is tested through an injected clock.
"""

from __future__ import annotations

import random

import pytest

import molehaven
from molehaven.agents import AGENTS, MCTSAgent, RandomAgent, SeatView
from molehaven.agents.alphabeta import WIN, AlphaBetaAgent, reachable_region
from molehaven.core import Action, State
from molehaven.games.mole_hill import rules
from molehaven.games.mole_hill.data import SQUARE_BY_NAME
from molehaven.games.mole_hill.state import MoleHillState
from molehaven.sim import play_game

# Round 1 as in the rules' example 11.5: seat 0 scores 1 and is boxed in at once.
ROUND_ONE = [(0, "place b2"), (1, "rod a1 b1"), (0, "move a1"), (1, "rod a1 a2")]


def position(moves: list[tuple[int, str]], **options: object) -> MoleHillState:
    game = molehaven.make("mole-hill", **options)
    state = game.initial_state()
    for seat, text in moves:
        state.apply(seat, game.parse_action(text))
    assert isinstance(state, MoleHillState)
    return state


def boxing_positions(seed: int, count: int) -> list[tuple[MoleHillState, set[Action]]]:
    """Round-2 positions where seat 0, gardening and ahead 1-0, can end the match now with one
    of a few rods (the mole boxed in, MH-20) but not with the others."""
    rng = random.Random(seed)
    found: list[tuple[MoleHillState, set[Action]]] = []
    while len(found) < count:
        state = position(ROUND_ONE)
        while not state.is_terminal():
            seat = rules.seat_to_move(state)
            legal = state.legal_actions(seat)
            if seat == 0 and state.phase == rules.ROD and state.scores() == [1.0, 0.0]:
                winning = set()
                for action in legal:
                    child = state.clone()
                    child.apply(0, action)
                    if child.is_terminal():
                        winning.add(action)
                if winning and len(winning) < len(legal):
                    found.append((state.clone(), winning))
                    break
            state.apply(seat, rng.choice(legal))
    return found


def agent(node_limit: int = 400) -> AlphaBetaAgent:
    return AlphaBetaAgent(seconds=3600.0, node_limit=node_limit)


def test_registered_as_alphabeta() -> None:
    assert AGENTS["alphabeta"] is AlphaBetaAgent


def test_gardener_finds_the_rod_that_wins_the_match() -> None:
    """MH-20, MH-24: boxing in a mole that trails ends round 2 and wins; the search proves it."""
    for state, winning in boxing_positions(1, 4):
        searcher = agent()
        choice = searcher.act(SeatView.of(state, 0))
        assert choice in winning, (str(state), str(choice), sorted(map(str, winning)))
        assert searcher.depth_reached >= 1


def test_mole_avoids_boxing_itself_in() -> None:
    """MH-20 (rules 11.6, one round): `move a1` ends the round at 0, a draw; `move c2` keeps
    the white flower b2 and the rest of the lawn in reach."""
    state = position(
        [(0, "place c1"), (1, "rod a1 a2"), (0, "move b1"), (1, "rod b1 b2")], rounds=1
    )
    assert {str(a) for a in state.legal_actions(0)} == {"move a1", "move c2"}
    assert str(agent().act(SeatView.of(state, 0))) == "move c2"


def test_trailing_mole_avoids_the_move_that_loses_the_match() -> None:
    """MH-20, MH-24: in round 2 seat 1 trails 0-1; a move into a pocket ends the match lost."""
    state = position(
        [*ROUND_ONE, (1, "place c1"), (0, "rod a1 a2"), (1, "move b1"), (0, "rod b1 b2")]
    )
    assert state.round == 2
    assert {str(a) for a in state.legal_actions(1)} == {"move a1", "move c2"}
    loser = state.clone()
    loser.apply(1, loser.game.parse_action("move a1"))
    assert loser.returns() == [1.0, 0.0]  # the move a searcher must not play
    assert str(agent().act(SeatView.of(state, 1))) == "move c2"


def test_reachable_region_follows_the_move_rules() -> None:
    """MH-11 … MH-16: a pending jump reaches every unvisited square; a mole on a1 behind
    rods a1-a2 and b1-b2 with b1 visited (rules 11.6) reaches nothing; one step earlier, on
    b1, it reaches a1 and through c2 the rest of the lawn, but never a visited square."""
    assert reachable_region(position([(0, "place e4")])).bit_count() == 62
    moves = [(0, "place c1"), (1, "rod a1 a2"), (0, "move b1"), (1, "rod b1 b2")]
    on_b1 = position(moves)
    region = reachable_region(on_b1)
    assert region.bit_count() == 61
    assert region >> SQUARE_BY_NAME["a1"] & 1
    assert not region & on_b1.visited
    on_a1 = on_b1.clone()
    on_a1.rods = on_b1.rods  # the same rods; only the stack moves (no rule is applied here)
    on_a1.path = (*on_b1.path, SQUARE_BY_NAME["a1"])
    on_a1.visited |= 1 << SQUARE_BY_NAME["a1"]
    assert reachable_region(on_a1) == 0


def test_budget_is_read_from_the_clock_during_the_search() -> None:
    """A clock that advances 1 ms per reading: a 50 ms budget stops after about 50 units."""
    ticks = [0.0]

    def clock() -> float:
        ticks[0] += 0.001
        return ticks[0]

    state = position([(0, "place e4")])
    searcher = AlphaBetaAgent(seconds=0.05, clock=clock)
    choice = searcher.act(SeatView.of(state, 1))
    assert choice in state.legal_actions(1)
    assert searcher.nodes <= 52
    assert ticks[0] <= 0.053


def test_node_limit_makes_the_search_reproducible() -> None:
    state = position([(0, "place d4"), (1, "rod h1 i1")])
    first = agent(300).act(SeatView.of(state, 0))
    again = agent(300).act(SeatView.of(state, 0))
    assert first == again


def test_defers_to_mcts_in_other_games() -> None:
    """Seated at another game (a host may do that), it plays a legal move, as MCTS would."""
    game = molehaven.make("mole-park")
    state: State = game.initial_state()
    while state.is_chance():
        state.apply(-1, state.chance_outcomes()[0][0])
    seat = state.to_move()[0]
    view = SeatView.of(state, seat)
    choice = AlphaBetaAgent(7).act(view)
    assert choice in view.legal_actions
    assert choice == MCTSAgent(7).act(view)


@pytest.mark.parametrize("opponent", ["random", "mcts"])
def test_wins_a_seeded_match_in_each_seat(opponent: str) -> None:
    """Two-round matches, seats swapped: alpha-beta (300 nodes a move) wins both against the
    random agent and against MCTS (100 iterations a move)."""
    game = molehaven.make("mole-hill")
    for seed, seat in [(0, 0), (1, 1)]:
        other = RandomAgent(seed) if opponent == "random" else MCTSAgent(seed, iterations=100)
        agents = [other, other]
        agents[seat] = agent(300)
        final = play_game(game, agents, random.Random(seed))
        assert final.returns()[seat] == 1.0, final.scores()


def test_a_proven_result_is_worth_more_than_any_points() -> None:
    state, _ = boxing_positions(2, 1)[0]
    searcher = agent()
    searcher.act(SeatView.of(state, 0))
    entry = searcher._table[
        (
            state.round,
            state.phase,
            state.visited,
            state.rods,
            state.path[-1],
            state.jump,
            state.round_scores,
        )
    ]
    assert entry.value >= WIN / 2
