"""Molehaven's games for reinforcement learning: PettingZoo, Gymnasium and OpenSpiel.

>>> from molehaven import rl
>>> env = rl.env("mole-park", players=4)      # PettingZoo AEC
>>> par = rl.parallel_env("mole-park", players=4)  # PettingZoo Parallel

``molehaven.rl.openspiel`` registers every game with OpenSpiel when imported;
``molehaven.rl.gym.SingleSeatEnv`` lets one seat learn against Molehaven agents.
"""

from __future__ import annotations

from typing import Any

from molehaven.rl.aec import MolehavenAEC
from molehaven.rl.encoders import Encoder, encoder
from molehaven.rl.masks import legal_indices, legal_mask
from molehaven.rl.parallel import MolehavenParallel
from molehaven.rl.table import agent_name, play_chance

__all__ = [
    "Encoder",
    "MolehavenAEC",
    "MolehavenParallel",
    "agent_name",
    "encoder",
    "env",
    "legal_indices",
    "legal_mask",
    "parallel_env",
    "play_chance",
]


def env(slug: str, players: int | None = None, **kwargs: Any) -> MolehavenAEC:
    """The PettingZoo AEC env of game ``slug`` (``players`` defaults to the minimum).

    Keyword arguments: ``render_mode`` ("ansi" or "human"), ``max_steps`` (truncation; default
    the game's length bound) and any game option (``rounds=1`` for Mole Hill, …).
    """
    return MolehavenAEC(slug, players, **kwargs)


def parallel_env(slug: str, players: int | None = None, **kwargs: Any) -> MolehavenParallel:
    """The PettingZoo Parallel env of game ``slug``; same arguments as ``env``."""
    return MolehavenParallel(slug, players, **kwargs)
