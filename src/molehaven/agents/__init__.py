"""Agents: anything that picks an action from a seat's view."""

from collections.abc import Callable

from molehaven.agents.alphabeta import AlphaBetaAgent
from molehaven.agents.base import Agent, SeatView
from molehaven.agents.greedy import GreedyAgent
from molehaven.agents.levels import (
    LEVEL_NAMES,
    LEVELS,
    InformedAgent,
    LevelAgent,
    easy,
    flat,
    greedy,
    hard,
    make_agent,
    mcts,
    medium,
)
from molehaven.agents.mcts import MCTSAgent
from molehaven.agents.random_agent import RandomAgent
from molehaven.agents.the_mole_belief import TheMoleBeliefAgent

AgentFactory = Callable[[int | None], Agent]
"""Makes an agent from a seed (``None``: unseeded); it may also take ``seconds=`` (its budget
per decision), which ``make_agent`` passes when asked."""

AGENTS: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "mcts": mcts,
    "greedy": greedy,
    "flat": flat,
    "informed": InformedAgent,
    "easy": easy,
    "medium": medium,
    "hard": hard,
}
AGENTS["alphabeta"] = AlphaBetaAgent  # Mole Hill only
AGENTS["belief"] = TheMoleBeliefAgent  # The Mole only

__all__ = [
    "AGENTS",
    "LEVELS",
    "LEVEL_NAMES",
    "Agent",
    "AgentFactory",
    "GreedyAgent",
    "InformedAgent",
    "LevelAgent",
    "MCTSAgent",
    "RandomAgent",
    "SeatView",
    "make_agent",
]
