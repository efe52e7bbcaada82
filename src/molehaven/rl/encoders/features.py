"""Named, fixed-size segments of a flat float32 feature vector, and helpers to fill one fast.

An encoder declares its ``Layout`` (segment names and sizes, in order) for a player count and
fills a zeroed vector from an observation. The layout is the documentation of the tensor:
``layout.describe()`` lists every segment with its offset. Every value lies in ``[0, 1]``:
one-hots, flags, and counts divided by a bound and clipped.

Encoders run once per environment step, so they are written for speed: each precomputes, per
player count, tables from observation words straight to tensor positions (``Layout.positions``),
collects the positions of its ones in a list and writes them in one NumPy call (``fill``), and
writes only the few scaled numbers one by one. An unknown word in an observation is a
``KeyError``, never a silent zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]


class Layout:
    """Segments ``(name, size)`` in order; their sizes add up to the tensor's length."""

    __slots__ = ("offsets", "segments", "size", "start")

    def __init__(self, segments: Iterable[tuple[str, int]]) -> None:
        self.segments: tuple[tuple[str, int], ...] = tuple(segments)
        self.offsets: dict[str, tuple[int, int]] = {}
        self.start: dict[str, int] = {}
        offset = 0
        for name, size in self.segments:
            if name in self.offsets or size <= 0:
                raise ValueError(f"segment {name!r} repeated or empty")
            self.offsets[name] = (offset, size)
            self.start[name] = offset
            offset += size
        self.size: int = offset

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def describe(self) -> str:
        """One line per segment: offset, size, name."""
        return "\n".join(
            f"{self.offsets[name][0]:>6} {size:>6}  {name}" for name, size in self.segments
        )

    def positions(
        self, name: str, keys: Sequence[object], at: int = 0, width: int = 0
    ) -> dict[object, int]:
        """Each key's absolute position in segment ``name`` (in its ``at``-th block of
        ``width``): the table an encoder looks observation words up in."""
        offset, size = self.offsets[name]
        base = offset + at * width
        if (width and len(keys) > width) or at * width + len(keys) > size:
            raise ValueError(f"{len(keys)} keys overflow segment {name!r}")
        return {key: base + index for index, key in enumerate(keys)}

    def blocks(self, name: str, keys: Sequence[object], count: int) -> list[dict[object, int]]:
        """``positions`` for each of ``count`` equal blocks of segment ``name`` (per seat, per
        square …), each ``len(keys)`` wide."""
        return [self.positions(name, keys, at, len(keys)) for at in range(count)]


def unit(share: float) -> float:
    """``share`` clipped to ``[0, 1]``."""
    return 0.0 if share < 0.0 else 1.0 if share > 1.0 else share


def fill(size: int, ones: list[int], values: Iterable[tuple[int, float]] = ()) -> FloatArray:
    """A float32 vector of ``size``: 1 at every position in ``ones``, then each
    ``(position, value)`` of ``values`` (already in ``[0, 1]``)."""
    vector = np.zeros(size, dtype=np.float32)
    if ones:
        vector[ones] = 1.0
    for position, value in values:
        vector[position] = value
    return vector


def write_scaled(vector: FloatArray, start: int, numbers: Sequence[object], bound: float) -> None:
    """Write ``numbers`` divided by ``bound`` (clipped to ``[0, 1]``) from ``start`` on."""
    for position, number in enumerate(numbers, start):
        vector[position] = unit(as_number(number) / bound)


def value_counts(values: list[object], kinds: int) -> list[int]:
    """How many of ``values`` (numbers ``1 … kinds``) there are of each, in order."""
    counts = [0] * kinds
    for value in values:
        counts[as_int(value) - 1] += 1
    return counts


def as_int(value: object) -> int:
    """An observation number (JSON ints may arrive as floats)."""
    if value.__class__ is int:  # the common case, first: encoders call this very often
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"expected a number in the observation, got {value!r}")
    return int(value)


def as_number(value: object) -> float:
    """An observation number as it is (int or float), for scaling."""
    if value.__class__ is int or value.__class__ is float:
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"expected a number in the observation, got {value!r}")
    return value


def as_list(value: object) -> list[object]:
    if value.__class__ is not list:
        raise TypeError(f"expected a list in the observation, got {value!r}")
    return value


def as_dict(value: object) -> dict[str, object]:
    if value.__class__ is not dict:
        raise TypeError(f"expected an object in the observation, got {value!r}")
    return value
