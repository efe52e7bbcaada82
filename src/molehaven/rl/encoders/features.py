"""Named, fixed-size segments of a flat float32 feature vector, and helpers to fill one fast.

An encoder declares its ``Layout`` (segment names and sizes, in order) for a player count and
fills a zeroed vector from an observation. The layout is the documentation of the tensor:
``layout.describe()`` lists every segment with its offset. Every value lies in ``[0, 1]``:
one-hots, flags, and counts divided by a bound and clipped.

Encoders run once per environment step, so they are written for speed: each precomputes, per
player count, tables from observation words straight to tensor positions (``Layout.positions``),
collects the positions of its ones and its scaled numbers (``Shares``) in lists, and writes
them through one float buffer (``assemble``); parts that often stay the same from one step to
the next are kept while equal (``LastPart``). An unknown word in an observation is a
``KeyError``, never a silent zero.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Generic, TypeVar, cast

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]
Part = TypeVar("Part")


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


class Shares:
    """Scaled numbers waiting to be written: positions and their values, divided by their
    bounds. ``assemble`` writes them and clips them to ``[0, 1]``."""

    __slots__ = ("positions", "values")

    def __init__(self) -> None:
        self.positions: list[int] = []
        self.values: list[float] = []

    def add(self, position: int, number: object, bound: float) -> None:
        """``number / bound`` at ``position``."""
        self.positions.append(position)
        self.values.append(cast(float, number) / bound)

    def extend(self, start: int, numbers: Sequence[object], bound: float) -> None:
        """Each of ``numbers`` divided by ``bound``, from ``start`` on."""
        self.positions.extend(range(start, start + len(numbers)))
        self.values.extend([number / bound for number in cast(Sequence[float], numbers)])


def assemble(size: int, ones: list[int], shares: Shares) -> FloatArray:
    """The float32 tensor of ``size``: the scaled numbers of ``shares``, clipped to ``[0, 1]``,
    and 1 at every position in ``ones``."""
    # A Python float array and one zero-copy view: for the few dozen values a step writes,
    # this beats NumPy's per-call cost (fancy indexing, put, clip) by about 2x.
    buffer = _zeros(size)[:]
    for position in ones:
        buffer[position] = 1.0
    for position, value in zip(shares.positions, shares.values, strict=True):
        buffer[position] = value if 0.0 <= value <= 1.0 else 0.0 if value < 0.0 else 1.0
    return np.frombuffer(buffer, dtype=np.float32)


@cache
def _zeros(size: int) -> array[float]:
    return array("f", bytes(4 * size))


class LastPart(Generic[Part]):
    """An encoder's result for one observation part, kept while the part stays equal.

    Encoding is a pure function of the part, so an equal part (compared in C, several times
    faster than encoding it again) gives the same result. Mole Majority's board stays the same
    in about half of all steps; most of Mole Park's seats are unchanged by any one step.
    """

    __slots__ = ("_encode", "_last")

    def __init__(self, encode: Callable[[object], Part]) -> None:
        self._encode = encode
        self._last: tuple[object, Part | None] = (_NOTHING, None)

    def of(self, part: object) -> Part:
        """The encoding of ``part``: the kept one if ``part`` equals the last part (do not
        modify it)."""
        last_part, result = self._last  # one tuple, so threads never see a torn pair
        if result is None or part != last_part:
            result = self._encode(part)
            self._last = (part, result)
        return result


_NOTHING = object()


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


def as_list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise TypeError(f"expected a list in the observation, got {value!r}")
    return value


def as_dict(value: object) -> dict[str, object]:
    if not isinstance(value, dict):
        raise TypeError(f"expected an object in the observation, got {value!r}")
    return value
