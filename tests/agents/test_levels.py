"""Levels: every game has easy, medium and hard, registered as agents; hard plugs in a game's
own agent (``alphabeta``, ``belief``) as soon as one of that name is registered."""

from __future__ import annotations

import pytest

import molehaven
from molehaven.agents import (
    AGENTS,
    LEVEL_NAMES,
    LEVELS,
    Agent,
    GreedyAgent,
    SeatView,
    make_agent,
)
from molehaven.agents.levels import InformedAgent, LevelAgent, level_agent_name
from molehaven.core import Action


def test_every_game_has_three_levels_registered_as_agents() -> None:
    assert set(LEVELS) == set(molehaven.list_games())
    for levels in LEVELS.values():
        assert tuple(levels) == LEVEL_NAMES
        assert levels["easy"].seconds <= levels["medium"].seconds <= levels["hard"].seconds <= 1
    assert {"easy", "medium", "hard", "greedy", "informed", "mcts", "random"} <= set(AGENTS)


def test_hard_falls_back_while_a_games_own_agent_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(AGENTS, "alphabeta", raising=False)
    assert level_agent_name("mole-hill", "hard") == "informed"
    assert level_agent_name("maulwurf-company", "easy") == "greedy"


class Recorder:
    """Stands in for a game's own agent; records the budget it was made with."""

    name = "alphabeta"
    made_with: list[float | None] = []  # noqa: RUF012

    def __init__(self, seed: int | None = None, *, seconds: float | None = None) -> None:
        Recorder.made_with.append(seconds)

    def act(self, view: SeatView) -> Action:
        return view.legal_actions[-1]


def test_registering_alphabeta_makes_it_hard_for_mole_hill_with_the_levels_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(AGENTS, "alphabeta", Recorder)
    state = molehaven.make("mole-hill").initial_state()
    view = SeatView.of(state, 0)
    hard: Agent = make_agent("hard", 1)
    assert hard.act(view) == view.legal_actions[-1]
    assert Recorder.made_with[-1] == LEVELS["mole-hill"]["hard"].seconds
    make_agent("hard", 1, seconds=0.2).act(view)
    assert Recorder.made_with[-1] == 0.2


@pytest.mark.parametrize("slug", molehaven.list_games())
def test_each_level_plays_a_legal_move_in_every_game(slug: str) -> None:
    state = molehaven.make(slug).initial_state()
    while state.is_chance():
        state.apply(-1, state.chance_outcomes()[0][0])
    seat = state.to_move()[0]
    for level in LEVEL_NAMES:
        agent = LevelAgent(level, seed=2, seconds=0.01)
        assert agent.act(SeatView.of(state, seat)) in state.legal_actions(seat)


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="valid: easy, medium, hard"):
        LevelAgent("expert")


def test_mole_parks_medium_and_hard_weigh_sampled_worlds_within_their_budgets() -> None:
    """Mole Park's search measured no stronger than greedy, so its levels above easy are
    ``flat`` (docs/agents.md): 0.3 s and 1 s a decision."""
    assert level_agent_name("mole-park", "medium") == "flat"
    assert level_agent_name("mole-park", "hard") == "flat"
    assert LEVELS["mole-park"]["hard"].seconds == 1.0
    agent = make_agent("flat", 1, 0.05)
    assert isinstance(agent, GreedyAgent) and agent.seconds == 0.05 and agent.name == "flat"


def test_the_moles_medium_answers_as_its_evaluation_weighs_answers() -> None:
    """The informed search's random playouts drowned what an answer costs a seat in suspicion
    (its evaluation's only word on answers): as a spy it answered as at random. The Mole's
    medium is ``flat`` at 0.3 s, and a spy asked q6 at the bakery answers with one of the two
    answers of twelve that fit (C6), whatever its seed."""
    from molehaven.agents import SeatView
    from molehaven.games.the_mole.content import QUESTION_BY_ID
    from tests.games.the_mole.helpers import asked, p4

    assert level_agent_name("the-mole", "medium") == "flat"
    assert LEVELS["the-mole"]["medium"].seconds == 0.3
    view = SeatView.of(asked(p4(), 1, 0, "q6"), 0)
    for seed in range(3):
        answer = str(make_agent("medium", seed, 0.05).act(view))
        number = int(answer.removeprefix("answer a"))
        assert "bakery" in QUESTION_BY_ID["q6"].answers[number - 1].fits, answer


def test_hard_searches_deeper_on_short_playouts_where_more_time_bought_nothing() -> None:
    """Die Maulwurf Company's and Mole Majority's hard was medium's search with more time,
    which measured no stronger (docs/agents.md, "The levels against each other"); with
    playouts of two choices instead of 16 or 12 its time deepens the tree instead, and it
    beats medium."""
    for slug in ("maulwurf-company", "mole-majority"):
        assert LEVELS[slug]["hard"].rollout_depth == 2
        assert LEVELS[slug]["medium"].rollout_depth is None
        assert level_agent_name(slug, "hard") == "informed"
    state = molehaven.make("maulwurf-company").initial_state()
    while state.is_chance():
        state.apply(-1, state.chance_outcomes()[0][0])
    view = SeatView.of(state, state.to_move()[0])
    hard = LevelAgent("hard", seed=3, seconds=0.02)
    assert hard.act(view) in view.legal_actions
    inner = hard._agent  # the level's agent, made on first use
    assert isinstance(inner, InformedAgent) and inner.rollout_depth == 2
    informed = make_agent("informed", 1, 0.02, rollout_depth=5)
    assert isinstance(informed, InformedAgent) and informed.rollout_depth == 5
    assert make_agent("greedy", 1, 0.02, rollout_depth=5).act(view) in view.legal_actions
    with pytest.raises(ValueError, match="rollout_depth must be 0 or more"):
        InformedAgent(1, rollout_depth=-1)
