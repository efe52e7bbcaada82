"""Agents: anything that picks an action from a seat's view."""

from collections.abc import Callable

from molehaven.agents.alphabeta import AlphaBetaAgent
from molehaven.agents.base import Agent, SeatView
from molehaven.agents.mcts import MCTSAgent
from molehaven.agents.random_agent import RandomAgent
from molehaven.agents.the_mole_belief import TheMoleBeliefAgent

AgentFactory = Callable[[int | None], Agent]
"""Makes an agent from a seed (``None``: unseeded)."""

AGENTS: dict[str, AgentFactory] = {"random": RandomAgent, "mcts": MCTSAgent}
AGENTS["alphabeta"] = AlphaBetaAgent  # Mole Hill only
AGENTS["belief"] = TheMoleBeliefAgent  # The Mole only

__all__ = ["AGENTS", "Agent", "AgentFactory", "MCTSAgent", "RandomAgent", "SeatView"]
