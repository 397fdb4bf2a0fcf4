"""Fast paths that `evaluate` and `census` take for the five-card high scheme."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from ..cards import Card
from . import describe, tables
from .census import FAST_CATEGORY, FAST_FEATURE
from .search import FAST_PATHS
from .values import SCHEMES, HandValue, Key
from .wildfill import ScoredScheme, place_cards, split_wild


def evaluate_high(cards: Sequence[Card], wild: frozenset[Card],
                  qualifier: int | None = None) -> HandValue | None:
    """The best five-card high hand from any number of cards (S1, S2, S11) as a HandValue."""
    naturals, wilds = split_wild(cards, wild)
    naturals.sort(key=_ORDER, reverse=True)  # the same cards shown whatever order they came
    if len(wilds) >= len(tables._RANK_TABLES):
        return None
    packed, suit = tables.score_with_suit(_codes(naturals), len(wilds))
    category, display, key = tables.unpack(packed)
    suited = category in ("flush", "straight_flush")
    flush_suit = tables.suit_name(suit) if suited and suit >= 0 else None
    used, pairs = place_cards(naturals, wilds, display, suited, flush_suit)
    text = describe.high_headline(category, display) + describe.wild_clause(
        pairs, getattr(wild, "reasons", None))
    return HandValue("high", category, key, used, pairs, text)


_SUIT_INDEX = {"s": 0, "h": 1, "d": 2, "c": 3}
_ORDER = attrgetter("rank", "suit")


def _codes(cards: Sequence[Card]) -> list[int]:
    return [4 * card.rank - 8 + _SUIT_INDEX[card.suit] for card in cards]


def high_key(cards: Sequence[Card], wild: frozenset[Card] = frozenset()) -> Key:
    """Only the key (what best_hand compares), straight from the tables."""
    naturals, wilds = split_wild(cards, wild)
    return tables.unpack(tables.score(_codes(naturals), len(wilds)))[2]


def high_rank(cards: Sequence[Card], wild: frozenset[Card] = frozenset()) -> int:
    """The packed table value: orders high hands exactly as their keys do."""
    if not wild:
        codes = [4 * card.rank - 8 + _SUIT_INDEX[card.suit] for card in cards]
        return tables.score5(*codes) if len(codes) == 5 else tables.score(codes)
    naturals, wilds = split_wild(cards, wild)
    return tables.score(_codes(naturals), len(wilds))


def high_category(cards: Sequence[Card], qualifier: int | None = None) -> str:
    """Census helper: cards with wild cards given as jokers."""
    codes = [tables.CODE[card] for card in cards if not card.is_joker]
    return tables.CATEGORY_NAMES[tables.score(codes, len(cards) - len(codes))
                                 >> tables.CATEGORY_SHIFT]


def high_feature(rank_key: int, wild_count: int, flush_bits: int) -> str:
    """Census helper: category from the rank multiset and the flush suit's ranks."""
    best = tables.rank_table(wild_count)[rank_key]
    if flush_bits:
        best = max(best, tables.flush_table(wild_count)[flush_bits])
    return tables.CATEGORY_NAMES[best >> tables.CATEGORY_SHIFT]


def install() -> None:
    FAST_PATHS["high"] = evaluate_high
    FAST_CATEGORY["high"] = high_category
    FAST_FEATURE["high"] = high_feature
    high = SCHEMES["high"].fn
    assert isinstance(high, ScoredScheme)   # the built-in high scheme
    high.key_only = high_key
    high.fast_rank = high_rank
    high.packed_high = True  # the fast lane may use the packed table values directly
