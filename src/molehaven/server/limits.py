"""Token buckets: the per-connection rate limit on WebSocket messages, and per address ones
for HTTP requests."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from starlette.requests import HTTPConnection


class TokenBucket:
    """Allows ``burst`` messages at once, refilled at ``rate`` per second.

    >>> now = [0.0]
    >>> bucket = TokenBucket(rate=1.0, burst=2, clock=lambda: now[0])
    >>> [bucket.take(), bucket.take(), bucket.take()]
    [True, True, False]
    >>> now[0] = 1.0
    >>> bucket.take()
    True
    """

    __slots__ = ("_clock", "_last", "_tokens", "burst", "rate")

    def __init__(
        self, *, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def take(self) -> bool:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False


def client_address(connection: HTTPConnection) -> str:
    """The address per-address limits count by (a request's or a WebSocket's)."""
    return connection.client.host if connection.client else "unknown"


class AddressLimiter:
    """A token bucket per client address (a bounded number of them); ``check`` raises
    ``Rejected`` (429, with ``Retry-After``) when the address is over its rate."""

    def __init__(self, *, rate: float, burst: int, addresses: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.addresses = addresses
        self._buckets: dict[str, TokenBucket] = {}

    def allows(self, address: str) -> bool:
        if len(self._buckets) > self.addresses:
            self._buckets.clear()
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = TokenBucket(rate=self.rate, burst=self.burst)
        return bucket.take()

    def retry_after(self) -> int:
        """Whole seconds until one more request is allowed."""
        return max(1, math.ceil(1.0 / self.rate)) if self.rate > 0 else 60

    def check(self, request: HTTPConnection) -> None:
        from molehaven.server.matches.refusals import Rejected  # the one refusal type

        address = client_address(request)
        if not self.allows(address):
            raise Rejected(
                "rate-limited",
                "too many requests; slow down",
                status=429,
                headers={"Retry-After": str(self.retry_after())},
            )
