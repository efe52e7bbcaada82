"""Observation tensors per game: ``encoder(slug)`` gives its ``layout`` and ``encode``.

Each encoder reads only ``observation(seat)``, so a tensor holds nothing the seat may not know.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from molehaven.core import Observation, Seat, UnknownGameError
from molehaven.rl.encoders import maulwurf_company, mole_hill, mole_majority, mole_park, the_mole
from molehaven.rl.encoders.features import FloatArray, Layout

__all__ = ["Encoder", "FloatArray", "Layout", "encoder"]


@dataclass(frozen=True, slots=True)
class Encoder:
    """A game's tensor layout and encoding function for one player count."""

    layout: Layout
    encode_observation: Callable[[Observation, Seat, int], FloatArray]
    players: int

    @property
    def shape(self) -> tuple[int]:
        return self.layout.shape

    def encode(self, observation: Observation, seat: Seat) -> FloatArray:
        """The float32 tensor of ``observation`` as ``seat`` sees it (values in [0, 1])."""
        return self.encode_observation(observation, seat, self.players)


_MODULES: dict[str, ModuleType] = {
    "mole-hill": mole_hill,
    "maulwurf-company": maulwurf_company,
    "mole-park": mole_park,
    "mole-majority": mole_majority,
    "the-mole": the_mole,
}


def encoder(slug: str, players: int) -> Encoder:
    """The encoder of game ``slug`` for ``players`` seats.

    Raises:
        UnknownGameError: no encoder for that slug.
    """
    module = _MODULES.get(slug)
    if module is None:
        raise UnknownGameError(f"no tensor encoder for {slug!r}; valid: {', '.join(_MODULES)}")
    return Encoder(module.layout(players), module.encode, players)
