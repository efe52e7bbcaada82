"""Game-specific evaluations: how well each seat is doing, read from one seat's observation.

An evaluation is written from the rules as a player reads the table, never as a copy of a
rule: moves are always made through the engine (clone and apply), and an evaluation only
weighs what ``observation(seat)`` shows. Each returns one *strength* per seat, in the game's
own points (or a points-like scale); ``win_chances`` turns strengths into win estimates that
sum to 1 (a softmax whose temperature is the game's ``scale``), so search can score a position
it did not play to the end, for any number of players.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from molehaven.agents.evaluation import (
    maulwurf_company,
    mole_hill,
    mole_majority,
    mole_park,
    the_mole,
)
from molehaven.core import Observation, Seat, State

Strengths = Callable[[Observation, int], list[float]]


@dataclass(frozen=True, slots=True)
class Evaluation:
    """How to weigh a game's observations.

    ``strengths(observation, players)`` gives one number per seat; ``scale`` is how many of
    those points make a clear favourite (the softmax temperature). A greedy move is followed
    through chance outcomes before it is weighed; ``lookahead`` lets it also go on through up
    to that many further choices within the same round (others' at random, the seat's own
    greedily), averaged over ``samples`` draws, for games whose choices pay off only after
    others have chosen (secret dice).
    """

    strengths: Strengths
    scale: float
    lookahead: int = 0
    samples: int = 1

    def immediate(self) -> Evaluation:
        """The same weights, a move followed through chance outcomes only (for playouts)."""
        return replace(self, lookahead=0, samples=1)


EVALUATIONS: dict[str, Evaluation] = {
    "mole-hill": Evaluation(mole_hill.strengths, scale=2.0),
    "maulwurf-company": Evaluation(maulwurf_company.strengths, scale=1.0),
    "mole-park": Evaluation(mole_park.strengths, scale=8.0, lookahead=12, samples=6),
    "mole-majority": Evaluation(mole_majority.strengths, scale=6.0),
    # Many samples and no look ahead: a move's worth is its average over worlds the seat
    # cannot tell apart (a guess is right in few of them), and the points change only when
    # a round ends, which one ply reaches whenever the move itself ends it.
    "the-mole": Evaluation(the_mole.strengths, scale=2.0, samples=16),
}


def evaluation_for(slug: str) -> Evaluation:
    """The evaluation of game ``slug``; a game without one is weighed by its scores."""
    return EVALUATIONS.get(slug, Evaluation(scores_only, scale=2.0))


def scores_only(observation: Observation, players: int) -> list[float]:
    scores = observation.get("scores")
    if isinstance(scores, list) and len(scores) == players:
        return [float(value) if isinstance(value, int | float) else 0.0 for value in scores]
    return [0.0] * players


def win_chances(state: State, viewer: Seat, evaluation: Evaluation | None = None) -> list[float]:
    """Each seat's chance of winning as ``viewer`` judges ``state``: the true returns at the
    end, else a softmax of the evaluation's strengths of ``observation(viewer)``."""
    if state.is_terminal():
        return state.returns()
    evaluation = evaluation or evaluation_for(state.game.slug)
    strengths = evaluation.strengths(state.observation(viewer), state.game.players)
    top = max(strengths)
    weights = [math.exp((value - top) / evaluation.scale) for value in strengths]
    total = sum(weights)
    return [weight / total for weight in weights]
