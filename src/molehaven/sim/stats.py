"""Summary statistics for simulated games: means with confidence intervals, distributions."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z_95 = 1.959963984540054

NO_SD = "1 game: no sd"
"""Said instead of a standard deviation of one game (it needs two; 0.0 read as games that
never varied): by ``simulate``'s figures and the lab's report alike."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean with a 95% confidence interval."""

    mean: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.mean:.3f} [{self.low:.3f}, {self.high:.3f}]"


def mean_interval(
    values: Sequence[float], possible: tuple[float, float] = (-math.inf, math.inf)
) -> Estimate:
    """The mean of ``values`` with a normal-approximation 95% interval, clipped to the
    ``possible`` range of the measure (ranks of n seats: 1 to n; shares: 0 to 1).

    Not to the range of the values seen: a mean can lie beyond every game played so far, and
    clipping there cut the interval short (three games ranked 1, 1.5 and 1.5 read 1.01-1.50).
    """
    if not values:
        raise ValueError("no values to summarise")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Estimate(mean, mean, mean)
    margin = Z_95 * statistics.stdev(values) / math.sqrt(len(values))
    lowest, highest = possible
    return Estimate(mean, max(lowest, mean - margin), min(highest, mean + margin))


def wilson_interval(successes: float, trials: int) -> Estimate:
    """Wilson score 95% interval for a proportion (better than the normal one near 0 or 1).

    ``successes`` may be fractional: a draw shared by k seats counts 1/k for each.
    """
    if trials <= 0:
        raise ValueError("trials must be positive")
    p = successes / trials
    z2 = Z_95 * Z_95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    margin = Z_95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # The interval holds p in exact arithmetic; rounding put p = 1 just above its upper end
    # (1 > 0.9999999999999999), which matplotlib refuses as a negative error bar.
    return Estimate(p, max(0.0, min(p, centre - margin)), min(1.0, max(p, centre + margin)))


@dataclass(frozen=True, slots=True)
class Distribution:
    """Five numbers that describe a sample; of one value, ``stdev`` is NaN (no spread to
    measure: 0.0 read as a sample that never varied)."""

    mean: float
    stdev: float
    minimum: float
    median: float
    maximum: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Distribution:
        if not values:
            raise ValueError("no values to summarise")
        stdev = statistics.stdev(values) if len(values) > 1 else math.nan
        return cls(
            statistics.fmean(values), stdev, min(values), statistics.median(values), max(values)
        )
