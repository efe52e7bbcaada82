"""Observation tensors per game: ``encoder(slug)`` gives its ``layout``, ``encode`` and
``encode_state``.

Two ways to the same tensor:

- ``encode(observation, seat)``, the reference: it reads only ``observation(seat)``, so a
  tensor holds nothing the seat may not know;
- ``encode_state(state, seat)``, what the environments use: a game's fast encoder writes the
  very same float32 tensor straight from the state's plain fields, without building the
  observation dict (that dict alone costs most of an engine action). It reads only what
  ``observation(seat)`` shows that seat; the tests hold it to the reference, byte for byte, on
  seeded random games (every seat, every step), and run the no-leak tests against it too. A
  game without a fast encoder falls back to
  ``encode(state.observation(seat), seat)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from molehaven.core import Observation, Seat, State, UnknownGameError
from molehaven.games import REGISTRY
from molehaven.rl.encoders import maulwurf_company, mole_hill, mole_majority, mole_park, the_mole
from molehaven.rl.encoders.features import FloatArray, Layout

__all__ = ["Encoder", "FloatArray", "Layout", "encoder"]

StateEncoder = Callable[[State, Seat, int], FloatArray]


@dataclass(frozen=True, slots=True)
class Encoder:
    """A game's tensor layout and encoding functions for one player count."""

    layout: Layout
    encode_observation: Callable[[Observation, Seat, int], FloatArray]
    players: int
    # The game's fast encoder from the state, or None (then ``encode_state`` falls back to
    # ``encode(state.observation(seat), seat)``).
    encode_position: StateEncoder | None = None

    @property
    def shape(self) -> tuple[int]:
        return self.layout.shape

    @property
    def fast(self) -> bool:
        """Whether ``encode_state`` has a fast path (else it encodes the observation)."""
        return self.encode_position is not None

    def encode(self, observation: Observation, seat: Seat) -> FloatArray:
        """The float32 tensor of ``observation`` as ``seat`` sees it (values in [0, 1]).

        Raises:
            ValueError: ``seat`` is not a real seat ``0 <= seat < players``.
        """
        self._check(seat)
        return self.encode_observation(observation, seat, self.players)

    def _check(self, seat: Seat) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat {seat!r} is outside 0-{self.players - 1}")

    def encode_state(self, state: State, seat: Seat) -> FloatArray:
        """The tensor of ``state`` as ``seat`` sees it: equal to
        ``encode(state.observation(seat), seat)``, built without the observation dict where the
        game has a fast encoder. ``state`` must be a state of this encoder's game and player
        count.

        Raises:
            ValueError: ``seat`` is not a real seat ``0 <= seat < players``.
        """
        if not 0 <= seat < self.players:  # ``_check``'s cheap half: this runs every env step
            raise ValueError(f"seat {seat!r} is outside 0-{self.players - 1}")
        if self.encode_position is None:
            return self.encode_observation(state.observation(seat), seat, self.players)
        return self.encode_position(state, seat, self.players)


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
        OptionsError: the game is not played by ``players`` (the message names its counts).
    """
    module = _MODULES.get(slug)
    if module is None:
        raise UnknownGameError(f"no tensor encoder for {slug!r}; valid: {', '.join(_MODULES)}")
    REGISTRY.game_class(slug).player_count(players)  # in the game's own words
    fast: StateEncoder | None = getattr(module, "encode_state", None)
    return Encoder(module.layout(players), module.encode, players, fast)
