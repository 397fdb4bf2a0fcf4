"""Fast paths that `evaluate` and `census` take for the five-card high scheme."""

from __future__ import annotations

from operator import attrgetter

from . import describe, tables
from .census import FAST_CATEGORY, FAST_FEATURE
from .search import FAST_PATHS
from .values import SCHEMES, HandValue
from .wildfill import place_cards, split_wild


def evaluate_high(cards, wild, qualifier=None):
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


def _codes(cards):
    return [4 * card.rank - 8 + _SUIT_INDEX[card.suit] for card in cards]


def high_key(cards, wild=frozenset()):
    """Only the key (what best_hand compares), straight from the tables."""
    naturals, wilds = split_wild(cards, wild)
    return tables.unpack(tables.score(_codes(naturals), len(wilds)))[2]


def high_rank(cards, wild=frozenset()):
    """The packed table value: orders high hands exactly as their keys do."""
    if not wild:
        codes = [4 * card.rank - 8 + _SUIT_INDEX[card.suit] for card in cards]
        return tables.score5(*codes) if len(codes) == 5 else tables.score(codes)
    naturals, wilds = split_wild(cards, wild)
    return tables.score(_codes(naturals), len(wilds))


def high_category(cards, qualifier=None):
    """Census helper: cards with wild cards given as jokers."""
    codes = [tables.CODE[card] for card in cards if not card.is_joker]
    return tables.CATEGORY_NAMES[tables.score(codes, len(cards) - len(codes))
                                 >> tables.CATEGORY_SHIFT]


def high_feature(rank_key, wild_count, flush_bits):
    """Census helper: category from the rank multiset and the flush suit's ranks."""
    best = tables.rank_table(wild_count)[rank_key]
    if flush_bits:
        best = max(best, tables.flush_table(wild_count)[flush_bits])
    return tables.CATEGORY_NAMES[best >> tables.CATEGORY_SHIFT]


def install():
    FAST_PATHS["high"] = evaluate_high
    FAST_CATEGORY["high"] = high_category
    FAST_FEATURE["high"] = high_feature
    SCHEMES["high"].fn.key_only = high_key
    SCHEMES["high"].fn.fast_rank = high_rank
    high_rank.packed_high = True  # the fast lane may use the packed table values directly
