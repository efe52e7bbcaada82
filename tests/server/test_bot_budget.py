"""The server's ``bot_seconds`` caps a bot's thinking; it does not replace each agent's own
budget. Until 2026-11-27 it did: every level was given the server's 2 s, so ``medium`` and
``hard`` were the very same search in Die Maulwurf Company and Mole Majority (docs/web.md,
"Bots")."""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path

import pytest

import molehaven
from molehaven.agents import AGENTS, LEVELS, GreedyAgent, MCTSAgent, SeatView
from molehaven.agents.alphabeta import AlphaBetaAgent
from molehaven.agents.levels import INFORMED_SECONDS, InformedAgent
from molehaven.core import Action
from molehaven.core.play import step_random
from molehaven.server.bots import BotPool, make_bot
from tests.server.helpers import run_apart

SERVER_CAP = 2.0  # the default bot_seconds


class Recorder:
    """Stands in for the agent a level picks; records the budget it was made with."""

    made_with: list[float | None] = []  # noqa: RUF012

    def __init__(self, seed: int | None = None, *, seconds: float | None = None) -> None:
        Recorder.made_with.append(seconds)

    def act(self, view: SeatView) -> Action:
        return view.legal_actions[0]


def _first_decision(slug: str) -> SeatView:
    state = molehaven.make(slug).initial_state()
    while state.is_chance():
        state.apply(molehaven.CHANCE, state.chance_outcomes()[0][0])
    return SeatView.of(state, state.to_move()[0])


@pytest.mark.parametrize("slug", ["maulwurf-company", "mole-majority", "mole-park"])
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_level_bot_thinks_for_its_levels_seconds_not_the_servers_cap(
    slug: str, level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("informed", "flat"):
        monkeypatch.setitem(AGENTS, name, Recorder)
    Recorder.made_with.clear()
    make_bot(AGENTS[level], 1, SERVER_CAP).act(_first_decision(slug))
    assert Recorder.made_with == [LEVELS[slug][level].seconds]


def test_a_cap_below_a_levels_seconds_shortens_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(AGENTS, "informed", Recorder)
    Recorder.made_with.clear()
    for level in ("medium", "hard"):
        make_bot(AGENTS[level], 1, 0.5).act(_first_decision("mole-majority"))
    assert Recorder.made_with == [0.3, 0.5]


def test_the_search_agents_keep_their_own_budgets_under_the_cap() -> None:
    informed = make_bot(AGENTS["informed"], 1, SERVER_CAP)
    assert isinstance(informed, InformedAgent) and informed.seconds == INFORMED_SECONDS
    flat = make_bot(AGENTS["flat"], 1, SERVER_CAP)
    assert isinstance(flat, GreedyAgent) and flat.seconds == 1.0
    alphabeta = make_bot(AGENTS["alphabeta"], 1, SERVER_CAP)
    assert isinstance(alphabeta, AlphaBetaAgent) and alphabeta.seconds == 1.0
    mcts = make_bot(AGENTS["mcts"], 1, SERVER_CAP)
    # 400 iterations, or the cap if they take longer.
    assert isinstance(mcts, MCTSAgent) and (mcts.iterations, mcts.seconds) == (400, SERVER_CAP)
    capped = make_bot(AGENTS["flat"], 1, 0.25)
    assert isinstance(capped, GreedyAgent) and capped.seconds == 0.25


def test_an_agent_that_takes_only_a_budget_gets_the_cap_as_its_budget() -> None:
    Recorder.made_with.clear()
    make_bot(Recorder, 1, 0.7)
    assert Recorder.made_with == [0.7]


class TurnStepSpy:
    """Writes down how far into its turn its seat is (it thinks in a worker: to a file)."""

    name = "turn-spy"

    def __init__(self, seed: int | None = None, *, spy_file: str = "") -> None:
        self.spy_file = spy_file

    def act(self, view: SeatView) -> Action:
        with open(self.spy_file, "a", encoding="utf-8") as spy:
            spy.write(f"{view.turn_step}\n")
        return view.legal_actions[0]


def test_a_bot_worker_knows_how_far_into_its_turn_the_seat_is(tmp_path: Path) -> None:
    """The worker gets the state without its record, so the pool counts the seat's decisions
    in a row first: Mole Majority's levels give a turn's later decisions less time."""
    state = molehaven.make("mole-majority").initial_state()
    rng = random.Random(4)
    while state.is_chance() or state.observation()["phase"] != "start" or state.num_actions < 60:
        step_random(state, rng)
    seat = state.to_move()[0]
    state.apply(seat, next(a for a in state.legal_actions(seat) if str(a).startswith("play")))
    assert state.to_move() == [seat]
    spy_file = tmp_path / "steps.txt"
    pool = BotPool({"spy": partial(TurnStepSpy, spy_file=str(spy_file))}, workers=1, seconds=5.0)
    try:
        chosen = run_apart(pool.choose("spy", state, seat, 1))
    finally:
        pool.close()
    assert chosen == str(state.legal_actions(seat)[0])
    assert spy_file.read_text().split() == ["1"]
