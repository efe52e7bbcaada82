"""Named, fixed-size segments of a flat float32 feature vector.

An encoder declares its ``Layout`` (segment names and sizes, in order) for a player count and
fills a ``Features`` writer from an observation. The layout is the documentation of the
tensor: ``layout.describe()`` lists every segment with its offset. Every value lies in
``[0, 1]``: one-hots, flags, and counts divided by a bound and clipped.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]


class Layout:
    """Segments ``(name, size)`` in order; their sizes add up to the tensor's length."""

    __slots__ = ("offsets", "segments", "size")

    def __init__(self, segments: Iterable[tuple[str, int]]) -> None:
        self.segments: tuple[tuple[str, int], ...] = tuple(segments)
        self.offsets: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, size in self.segments:
            if name in self.offsets or size <= 0:
                raise ValueError(f"segment {name!r} repeated or empty")
            self.offsets[name] = (offset, size)
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


class Features:
    """A zeroed vector for a layout, written segment by segment."""

    __slots__ = ("layout", "values")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.values: FloatArray = np.zeros(layout.size, dtype=np.float32)

    def _segment(self, name: str) -> tuple[int, int]:
        try:
            return self.layout.offsets[name]
        except KeyError:
            raise KeyError(f"no segment {name!r} in this layout") from None

    def one_hot(self, name: str, index: int | None, at: int = 0, width: int = 0) -> None:
        """Set position ``index`` of the segment (of its ``at``-th block of ``width``);
        ``None`` sets nothing."""
        if index is None:
            return
        offset, size = self.layout.offsets.get(name) or self._segment(name)
        position = at * width + index
        if not 0 <= position < size or (width and not 0 <= index < width):
            raise IndexError(f"{index} out of range for segment {name!r}")
        self.values[offset + position] = 1.0

    def flags(self, name: str, indices: Iterable[int], at: int = 0, width: int = 0) -> None:
        for index in indices:
            self.one_hot(name, index, at, width)

    def scaled(self, name: str, numbers: Sequence[float] | float, bound: float) -> None:
        """Numbers divided by ``bound`` and clipped to ``[0, 1]``, from the segment's start."""
        offset, size = self._segment(name)
        if isinstance(numbers, int | float):
            numbers = [numbers]
        if len(numbers) > size:
            raise IndexError(f"{len(numbers)} numbers for segment {name!r} of {size}")
        values = self.values
        for position, number in enumerate(numbers):
            share = number / bound
            values[offset + position] = 0.0 if share < 0.0 else 1.0 if share > 1.0 else share

    def set(self, name: str, position: int, value: float) -> None:
        offset, size = self._segment(name)
        if not 0 <= position < size:
            raise IndexError(f"{position} out of range for segment {name!r}")
        self.values[offset + position] = min(max(value, 0.0), 1.0)


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
