"""The time an answer may take, for the site's odds at the table's speed (`odds(data,
seconds=...)`; the command line has no clock: it counts or samples what it was asked).

An exact count is tried while it looks like finishing in the first half of the time: checked
as it goes, it gives up (`OutOfTime`) as soon as its pace says it will not. A sample stops when
the time is up, after at least `MIN_SAMPLE` deals so that its error means something; the
answer's `trials` say how many it took, and the seed and that number reproduce it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from time import perf_counter
from typing import TypeVar

T = TypeVar("T")

MIN_SAMPLE = 200     # deals a sample cut short still has
EVERY = 16           # deals between looks at the clock
SETTLE = 0.1         # the share of the exact count's time before its pace is trusted


class OutOfTime(Exception):
    """An exact count that would not finish in its part of the time."""


class Clock:
    """The time allowed from now: half for trying an exact count, all of it for a sample."""

    def __init__(self, seconds: float) -> None:
        self.start = perf_counter()
        self.exact_end = self.start + seconds / 2
        self.end = self.start + seconds
        self.cut = False          # a sample was cut short

    def counting(self, done: int, total: int, since: float) -> None:
        """An exact count begun at `since` has `done` of its `total` deals: raise OutOfTime
        when it is past its time or its pace says it will be."""
        now = perf_counter()
        if now > self.exact_end:
            raise OutOfTime
        spent = now - since
        if done and spent > SETTLE * (self.exact_end - since) \
                and since + spent * total / done > self.exact_end:
            raise OutOfTime

    def up(self) -> bool:
        return perf_counter() > self.end


def timed(chosen: Iterable[T], clock: Clock | None, *, exact: bool, total: int) -> Iterator[T]:
    """The deals, watched by the clock: an exact count raises OutOfTime when it will not
    finish in time; a sample ends when the time is up."""
    if clock is None:
        yield from chosen
        return
    since = perf_counter()
    for done, deal in enumerate(chosen):
        if done % EVERY == 0 and done:
            if exact:
                clock.counting(done, total, since)
            elif done >= MIN_SAMPLE and clock.up():
                clock.cut = True
                return
        yield deal
