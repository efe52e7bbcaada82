"""Optional actions in real time (TM-26): bots that choose when to interject are asked, never
made to act, wherever their seat may act without being awaited (``State.awaited``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import molehaven
from molehaven.agents import AGENTS, RandomAgent, SeatView
from molehaven.agents.base import interjects
from molehaven.agents.greedy import GreedyAgent
from molehaven.agents.mcts import MCTSAgent
from molehaven.core import Action, State
from molehaven.core.conformance import random_step
from molehaven.sim.driver import play_game

OPEN = ("ask", "answer")
OWN_TURN = ("ask", "answer", "vote", "point")


class WaitingProbe:
    """Never interjects; writes down every time it is made to act, with what its seat was
    asked to do (the public ``asker``/``answerer`` of open play)."""

    name = "probe"

    def __init__(self, seed: int | None = None, *, log: str = "") -> None:
        self._random = RandomAgent(seed)
        self.log = log

    def interjection(self, view: SeatView) -> Action | None:
        return None

    def act(self, view: SeatView) -> Action:
        observation = view.observation
        phase = observation.get("phase")
        obliged = observation.get("asker" if phase == "ask" else "answerer")
        with open(self.log, "a", encoding="utf-8") as out:
            out.write(json.dumps({"seat": view.seat, "phase": phase, "obliged": obliged}) + "\n")
        # As the asker or answerer, do that; never nominate or guess when made to act.
        own = [
            a for a in view.legal_actions if str(a).split()[0] in ("ask", "answer", "vote", "point")
        ]
        return random.Random(0).choice(own or view.legal_actions)


def test_tm_10_tm_12_open_play_awaits_only_the_asker_or_the_answerer() -> None:
    state = molehaven.make("the-mole", players=4).initial_state()
    rng = random.Random(2)
    seen = set()
    while not state.is_terminal() and state.num_actions < 400:
        if not state.is_chance():
            phase = state.observation(None)["phase"]
            awaited = state.awaited()
            assert set(awaited) <= set(state.to_move())
            if phase in OPEN:
                public = state.observation(None)
                assert awaited == [public["asker" if phase == "ask" else "answerer"]]
                seen.add(phase)
            else:
                assert awaited == state.to_move()
        random_step(state, rng)
    assert seen == set(OPEN)


def test_every_other_game_awaits_every_seat_that_may_act() -> None:
    for slug in molehaven.list_games():
        if slug == "the-mole":
            continue
        state = molehaven.make(slug).initial_state()
        rng = random.Random(1)
        while not state.is_terminal() and state.num_actions < 60:
            assert state.awaited() == state.to_move()
            random_step(state, rng)


def test_the_simulator_never_makes_a_waiting_bot_act_out_of_turn(tmp_path: Path) -> None:
    log = tmp_path / "acts.jsonl"
    game = molehaven.make("the-mole", players=3, target_score=2)
    agents = [WaitingProbe(seat, log=str(log)) for seat in range(3)]
    final = play_game(game, agents, random.Random(4))
    assert final.is_terminal()
    acts = [json.loads(line) for line in log.read_text().splitlines()]
    in_open_play = [act for act in acts if act["phase"] in OPEN]
    assert in_open_play
    assert all(act["seat"] == act["obliged"] for act in in_open_play)


def test_agents_say_whether_they_interject() -> None:
    mole = molehaven.make("the-mole", players=3)
    hill = molehaven.make("mole-hill")
    assert interjects(AGENTS["belief"](1), mole)
    assert interjects(AGENTS["hard"](1), mole)  # the level plays the belief bot there
    assert not interjects(AGENTS["hard"](1), hill)
    assert not interjects(AGENTS["random"](1), mole)
    # Seated at The Mole, the search agents and Mole Hill's alpha-beta (which plays the
    # general search there) are asked, not made to act.
    for name in ("mcts", "informed", "medium", "alphabeta"):
        assert interjects(AGENTS[name](1), mole), name


def test_random_agents_play_as_before() -> None:
    """Agents without ``interjection`` may still be picked whenever their seat may act, so
    simulations of random play are unchanged."""
    game = molehaven.make("the-mole", players=3)
    first = play_game(game, [RandomAgent(s) for s in range(3)], random.Random(9))
    again = play_game(game, [RandomAgent(s) for s in range(3)], random.Random(9))
    assert first.record() == again.record()
    kinds = {str(action).split()[0] for seat, action in first.history() if seat >= 0}
    assert "nominate" in kinds or "guess" in kinds


def test_tm_26_search_agents_wait_unless_the_weighing_prefers_acting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search agents (``mcts``, ``informed`` and so the ``medium`` level) used to have no
    ``interjection``: asked whenever their seat might act, they called a vote at every
    chance. Whether to act is now weighed as greedy weighs it; here the weighing always says
    wait, and only the seat play waits for acts in a whole game (it may still nominate or
    guess instead of asking or answering)."""
    monkeypatch.setattr(GreedyAgent, "interjection", lambda self, view: None)
    game = molehaven.make("the-mole", players=3)
    agents = [MCTSAgent(seat, iterations=4) for seat in range(3)]
    assert all(interjects(agent, game) for agent in agents)
    awaited: list[list[int]] = []

    def before_each(state: State) -> None:
        awaited.append([] if state.is_terminal() or state.is_chance() else state.awaited())

    final = play_game(game, agents, random.Random(5), before_each)
    acted = [(seat, awaited[n]) for n, (seat, _) in enumerate(final.history()) if seat >= 0]
    assert len(acted) > 20
    assert all(seat in waited_for for seat, waited_for in acted)


def test_a_search_agent_that_acts_searches_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.games.the_mole.helpers import p4

    state = p4()
    view = SeatView.of(state, 0)
    first = view.legal_actions[0]
    for agent in (MCTSAgent(1, iterations=8), AGENTS["medium"](1, seconds=0.05)):
        monkeypatch.setattr(GreedyAgent, "interjection", lambda self, view: None)
        assert agent.interjection(view) is None  # type: ignore[attr-defined]
        monkeypatch.setattr(GreedyAgent, "interjection", lambda self, view: first)
        chosen = agent.interjection(view)  # type: ignore[attr-defined]
        assert chosen in view.legal_actions
        assert str(chosen).split()[0] in ("nominate", "guess")
