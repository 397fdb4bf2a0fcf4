"""Hand values, card sources and the registry of ranking schemes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from ..errors import RulesError
from ..registry import Registry

Key = tuple[Any, ...]
"""A hand's value within its scheme: totally ordered, larger is better."""
Cards = tuple[Card, ...]
WildPairs = tuple[tuple[Card, Card], ...]
"""(wild card, the card it stands for) for each wild card a hand uses."""

HIGH_CATEGORIES = (
    "five_of_a_kind", "straight_flush", "four_of_a_kind", "full_house", "flush",
    "straight", "three_of_a_kind", "two_pair", "pair", "high_card",
)


@dataclass(frozen=True)
class HandValue:
    """One evaluated hand. `key` is totally ordered within a scheme: larger is better."""

    scheme: str
    category: str | None
    key: Key
    cards: Cards
    wilds: WildPairs = ()
    describe: str = ""

    def to_json(self) -> dict[str, object]:
        return {"category": self.category, "cards": [str(card) for card in self.cards],
                "describe": self.describe}


@dataclass(frozen=True)
class Source:
    """Where cards come from and how many of them a hand may take (min..max)."""

    cards: tuple[Card, ...]
    min: int = 0
    max: int | None = None


SchemeFn = Callable[..., HandValue]


@dataclass(frozen=True)
class Scheme:
    """A ranking: hand size, "high" or "low", and fn(cards, wild) -> HandValue."""

    name: str
    size: int
    kind: str
    fn: SchemeFn
    categories: tuple[str, ...] = HIGH_CATEGORIES  # best first
    takes_qualifier: bool = False
    default_qualifier: int | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)


SCHEMES: Registry[Scheme] = Registry("unknown scheme {name}: expected one of {known}")


def register_scheme(name: str, size: int, kind: str, fn: SchemeFn, *,
                    categories: tuple[str, ...] | None = None, takes_qualifier: bool = False,
                    default_qualifier: int | None = None) -> Scheme:
    """Add (or replace) a ranking scheme that `evaluate` and `best_hand` then use.

    `fn(cards, wild)` gets exactly `size` cards and the frozenset of wild cards; a scheme that
    `takes_qualifier` is also called with `qualifier=`.
    """
    if kind not in ("high", "low"):
        raise RulesError(f"scheme kind {kind!r}: expected 'high' or 'low'")
    if not isinstance(size, int) or size < 1:
        raise RulesError(f"scheme size {size!r}: expected a positive whole number")
    scheme = Scheme(name, size, kind, fn, tuple(categories or HIGH_CATEGORIES),
                    takes_qualifier, default_qualifier)
    return SCHEMES.add(name, scheme)


def get_scheme(name: str) -> Scheme:
    return SCHEMES.lookup(name)


def category_rank(scheme: str, category: str) -> int:
    """Larger = better, within the scheme's own category order (for high qualifiers)."""
    order = get_scheme(scheme).categories
    if category not in order:
        raise RulesError(
            f"category {category!r} is not used by scheme {scheme!r}: expected one of "
            f"{', '.join(order)}")
    return len(order) - order.index(category)
