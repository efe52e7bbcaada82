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

The fast encoders (``encode_state``, straight from a game state) build the same tensor as a
row of byte chunks, one or a few per segment, joined once (``join``): a segment's chunk is a
pure function of a small piece of the position (a one-hot's index, a bitmask, a tuple of
counts), so it is looked up in a table (``one_hots``), in a bounded memo keyed by that piece
(``Memo``: ``FLAGS``, ``numbers``, ``number``; ``row`` joins one number's chunk per seat), or
kept while the state holds the very same field objects (``Kept``: an identity test, since
states replace their tuples and never mutate them); a step then costs a few dozen lookups and
one join instead of a Python write per value. ``chunk``, ``numbers_chunk`` and ``clip`` divide
and clip exactly as ``Shares`` and ``assemble`` do, so both paths give the same float32 bytes.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from functools import cache, partial
from typing import Any, Generic, TypeVar, cast

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]
Part = TypeVar("Part")
Key = TypeVar("Key")


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


# ----------------------------------------------------------------- chunks (fast encoders)

ONE: bytes = array("f", [1.0]).tobytes()


def join(parts: Sequence[bytes | bytearray], size: int) -> FloatArray:
    """The float32 tensor of ``size`` made of ``parts`` (byte chunks in layout order), writable
    like ``assemble``'s.

    Raises:
        ValueError: the chunks do not add up to ``size`` floats (an encoder bug).
    """
    data = bytearray().join(parts)
    if len(data) != 4 * size:
        raise ValueError(f"chunks of {len(data) // 4} floats for a tensor of {size}")
    return np.frombuffer(data, dtype=np.float32)


@cache
def zeros(width: int) -> bytes:
    """``width`` zeros."""
    return bytes(4 * width)


@cache
def one_hots(width: int) -> tuple[bytes, ...]:
    """The chunk of ``width`` floats with a 1 at index ``i``, for each ``i``."""
    return tuple(chunk(width, (index,)) for index in range(width))


def chunk(width: int, ones: Iterable[int] = (), numbers: Iterable[tuple[int, float]] = ()) -> bytes:
    """``width`` floats: 1 at each index in ``ones``, then each ``(index, value)`` of
    ``numbers`` (already scaled; clipped to ``[0, 1]`` as ``assemble`` clips)."""
    buffer = array("f", bytes(4 * width))
    for index in ones:
        buffer[index] = 1.0
    for index, value in numbers:
        buffer[index] = clip(value)
    return buffer.tobytes()


def clip(value: float) -> float:
    """``value`` clipped to ``[0, 1]`` exactly as ``assemble`` does it."""
    return value if 0.0 <= value <= 1.0 else 0.0 if value < 0.0 else 1.0


class Memo(dict[Key, bytes]):
    """A chunk per key, built on first use by ``build(key)`` and kept: ``memo[key]`` costs one
    dict lookup when it is there. Emptied when it reaches ``limit`` entries, so memory stays
    bounded however long the training runs; a chunk is a pure function of its key, so
    emptying changes nothing but speed."""

    __slots__ = ("build", "limit")

    def __init__(self, build: Callable[[Key], bytes] | None = None, limit: int = 4096) -> None:
        super().__init__()
        self.build = build
        self.limit = limit

    def __missing__(self, key: Key) -> bytes:
        if self.build is None:  # a memo filled by ``put`` only: ask with ``get``
            raise KeyError(key)
        return self.put(key, self.build(key))

    def put(self, key: Key, value: bytes) -> bytes:
        """Keep ``value`` as the chunk of ``key`` (for chunks built from more than the key:
        the caller's key must name everything the chunk depends on)."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


def flags_chunk(values: tuple[object, ...]) -> bytes:
    """One float per value: 1 where it is true."""
    return chunk(len(values), [index for index, value in enumerate(values) if value])


FLAGS: Memo[tuple[object, ...]] = Memo(flags_chunk)


def numbers_chunk(values: tuple[float, ...], bound: float) -> bytes:
    """Each value divided by ``bound`` and clipped, as ``Shares`` + ``assemble`` write it."""
    return array("f", [clip(value / bound) for value in values]).tobytes()


def numbers(bound: float, limit: int = 4096) -> Memo[tuple[float, ...]]:
    """A new memo of ``numbers_chunk`` for one ``bound``: ``numbers(10)[(3, 4)]``. Each
    segment gets its own, so one with many different rows (discard piles) does not empty the
    memo of another."""
    return Memo(partial(_numbers_chunk, bound), limit)


def _numbers_chunk(bound: float, values: tuple[float, ...]) -> bytes:
    return numbers_chunk(values, bound)


@cache
def number(bound: float) -> Memo[float]:
    """The memo of one number's chunk for one ``bound``: ``number(10)[3]``; a row of numbers
    whose combinations rarely repeat is the join of their chunks."""
    return Memo(partial(_number_chunk, bound))


def _number_chunk(bound: float, value: float) -> bytes:
    return numbers_chunk((value,), bound)


def row(memo: Memo[float], values: Iterable[float]) -> bytes:
    """One ``number`` chunk per value, joined: for a per-seat row whose combinations rarely
    repeat (a tuple-keyed memo would miss and fill up)."""
    return b"".join(map(memo.__getitem__, values))


def _nothing_derived(first: object, second: object, third: object) -> Any:
    raise TypeError("this Kept derives nothing itself: use kept() and keep()")


class Grown:
    """The chunk of a tuple field that grows one item at a time (a path, the rods laid):
    kept while the state holds the same tuple, patched from the last chunk when the new
    tuple is the last one plus an item, built whole otherwise. ``patch(buffer, items)``
    writes what the last item changes into a copy of the last chunk."""

    __slots__ = ("_last", "build", "patch")

    def __init__(
        self,
        build: Callable[[tuple[int, ...]], bytes],
        patch: Callable[[bytearray, tuple[int, ...]], None],
    ) -> None:
        self.build = build
        self.patch = patch
        self._last: tuple[tuple[int, ...], bytes | bytearray] = ((), build(()))

    def of(self, items: tuple[int, ...]) -> bytes | bytearray:
        """The chunk of ``items`` (do not modify it)."""
        last, data = self._last  # one tuple: threads never see it torn
        if items is last:
            return data
        if len(items) == len(last) + 1 and items[:-1] == last:
            buffer = bytearray(data)  # a new buffer: the kept one may be in use elsewhere
            self.patch(buffer, items)
            data = buffer
        else:
            data = self.build(items)
        self._last = (items, data)
        return data


class Kept(Generic[Part]):
    """A value derived from up to three state fields, kept while the very same field objects
    come back (an identity test, far cheaper than hashing them). A game state replaces a
    field's tuple when it changes and never mutates one, so the same objects mean the same
    value; the kept objects stay referenced, so no other object can take their ids."""

    __slots__ = ("_last", "derive")

    def __init__(self, derive: Callable[[Any, Any, Any], Part] = _nothing_derived) -> None:
        self.derive = derive
        self._last: tuple[object, object, object, Part | None] = (_NOTHING,) * 3 + (None,)

    def of(self, first: object, second: object = None, third: object = None) -> Part:
        """``derive(first, second, third)``, kept from the last call if all are the same
        objects."""
        last = self._last  # one tuple: threads never see it torn
        value = last[3]
        if value is None or first is not last[0] or second is not last[1] or third is not last[2]:
            value = self.derive(first, second, third)
            self._last = (first, second, third, value)
        return value

    def kept(self, first: object, second: object = None, third: object = None) -> Part | None:
        """The kept value if these are the same objects as last time, else None (for values
        derived with more than the key: then ``keep`` one)."""
        last = self._last
        if first is last[0] and second is last[1] and third is last[2]:
            return last[3]
        return None

    def keep(self, value: Part, first: object, second: object = None, third: object = None) -> Part:
        """Keep ``value`` as the one derived from these objects, and return it."""
        self._last = (first, second, third, value)
        return value
