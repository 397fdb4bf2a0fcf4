"""Adding up the deals' results, and the odds JSON they make (ARCHITECTURE.md): each
player's share of the pot, chance to win or tie each side, chance to scoop, and the standard
error of the shares. Sums are whole numbers (pot units, counts), so an exact answer is exact
until it is rounded to 4 places."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from math import sqrt

from .engine import Split

PLACES = Decimal("0.0001")


@dataclass
class Tally:
    """Running sums over the deals resolved so far."""

    players: int
    pot: int
    deals: int = 0
    parts: list[int] = field(default_factory=list)
    squares: list[int] = field(default_factory=list)
    high: list[int] = field(default_factory=list)
    low: list[int] = field(default_factory=list)
    scoop: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)     # sentences for the explanation

    def __post_init__(self) -> None:
        for name in ("parts", "squares", "high", "low", "scoop"):
            setattr(self, name, [0] * self.players)

    def add(self, split: Split, times: int = 1) -> None:
        """One deal's result (`times`: the same result for that many deals)."""
        self.deals += times
        parts, squares, scoop, pot = self.parts, self.squares, self.scoop, self.pot
        for i, part in enumerate(split.parts):
            if part:
                parts[i] += part * times
                squares[i] += part * part * times
                if part == pot:
                    scoop[i] += times
        for i in split.high:
            self.high[i] += times
        for i in split.low:
            self.low[i] += times

    def share(self, i: int) -> Decimal:
        return Decimal(self.parts[i]) / (Decimal(self.pot) * self.deals)

    def stderr(self) -> float:
        """The largest standard error among the players' sampled shares."""
        worst = 0.0
        for part, square in zip(self.parts, self.squares, strict=True):
            mean = part / self.pot / self.deals
            variance = max(square / self.pot / self.pot / self.deals - mean * mean, 0.0)
            worst = max(worst, sqrt(variance / self.deals))
        return worst


def probability(value: Decimal | float) -> str:
    """A probability as the contract writes it: 4 decimal places."""
    return str(Decimal(value).quantize(PLACES, rounding=ROUND_HALF_EVEN))


def rate(count: int, deals: int) -> str:
    return probability(Decimal(count) / deals)
