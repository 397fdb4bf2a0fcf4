"""One hand of exactly the scheme's size, wild cards included (S10, S11).

A wild card may be any rank and suit, even a card already in the hand (A A A W W is five
aces), except that in a flush it may not duplicate a card of that flush (A J 9 7 of hearts +
wild is A K J 9 7). So a hand's best value depends only on its natural ranks, how many wild
cards it holds and whether its natural cards share one suit: that is what gets cached.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from operator import attrgetter

from ..cards import Card
from . import describe
from .values import HandValue

_WILD_RANKS = tuple(range(14, 1, -1))
_RANK = attrgetter("rank")
_SUIT = attrgetter("suit")
_ORDER = attrgetter("rank", "suit")  # Card's own order, read without its generated __lt__


@lru_cache(maxsize=1 << 18)
def best_reading(scorer, ranks, wild_count, single_suit, qualifier=None):
    """(category, key, display ranks, suited) of the best hand these cards can make."""
    if wild_count and getattr(scorer, "is_low", False):
        # S10: in a low a wild card need not pair. Try unpaired ranks first; an unpaired
        # hand with no straight or flush cannot be beaten by a paired one, so it is the answer.
        unused = tuple(rank for rank in _WILD_RANKS if rank not in ranks)
        best = _best_of_readings(scorer, ranks, combinations(unused, wild_count), wild_count,
                                 single_suit, qualifier)
        if best is not None and best[0] == "high_card":
            return best
    return _best_of_readings(scorer, ranks,
                             combinations_with_replacement(_WILD_RANKS, wild_count),
                             wild_count, single_suit, qualifier)


def _best_of_readings(scorer, ranks, extras, wild_count, single_suit, qualifier):
    best = None
    for extra in extras:
        every = ranks + extra
        if wild_count == 0:
            options = (single_suit,)
        elif single_suit and len(set(every)) == len(every):
            options = (False, True)
        else:
            options = (False,)
        for suited in options:
            category, key, display = (scorer(every, suited) if qualifier is None
                                      else scorer(every, suited, qualifier))
            if best is None or key > best[1]:
                best = (category, key, display, suited)
    return best


@lru_cache(maxsize=1 << 14)
def _headline(kind, category, display, qualifier):
    """The sentence's first part; it depends only on what the hand reads as."""
    if kind == "high":
        return describe.high_headline(category, display)
    return describe.low_headline(category, display, qualifier)


def split_wild(cards, wild):
    if not wild:
        return list(cards), []
    naturals = [card for card in cards if card not in wild]
    wilds = sorted((card for card in cards if card in wild), reverse=True)
    return naturals, wilds


def reading_key(scorer, cards, wild, qualifier=None):
    """Only the key: what the search compares before it builds the one HandValue it returns."""
    naturals, wilds = split_wild(cards, wild)
    ranks = tuple(sorted((card.rank for card in naturals), reverse=True))
    single_suit = len({card.suit for card in naturals}) <= 1
    return best_reading(scorer, ranks, len(wilds), single_suit, qualifier)[1]


def place_cards(naturals, wilds, display, suited, flush_suit=None):
    """Cards in reading order, each wild replaced by what it stands for, and the pairs."""
    if not wilds and (not suited or flush_suit is not None
                      or len({card.suit for card in naturals}) == 1):
        # Each shown rank is the next natural card of that rank (of the flush suit in a flush).
        by_rank: dict = {}
        for card in naturals:
            if flush_suit is None or not suited or card.suit == flush_suit:
                by_rank.setdefault(card.rank, []).append(card)
        return tuple(by_rank[14 if shown == 1 else shown].pop(0) for shown in display), ()
    pool = list(naturals)
    spare = list(wilds)
    common = {card.suit for card in naturals}
    if flush_suit is None:
        flush_suit = next(iter(common)) if (suited and common) else "s"
    avoid = next(iter(common)) if (len(common) == 1 and not suited) else None
    used, pairs = [], []
    for shown in display:
        rank = 14 if shown == 1 else shown
        natural = next((card for card in pool if card.rank == rank
                        and (not suited or card.suit == flush_suit)), None)
        if natural is not None:
            pool.remove(natural)
            used.append(natural)
            continue
        taken = {card.suit for card in used + pool if card.rank == rank}
        held = _itself(spare, rank, taken, flush_suit if suited else None, avoid)
        if held is not None:  # a wild deuce standing for a deuce stays as it is
            spare.remove(held)
            stand_in = held
        else:
            held = spare.pop(0)
            stand_in = Card(rank, flush_suit if suited else _free_suit(taken, avoid))
        used.append(stand_in)
        pairs.append((held, stand_in))
    return tuple(used), tuple(pairs)


def _itself(spare, rank, taken, flush_suit, avoid):
    for card in spare:
        if card.rank == rank and card.suit not in taken and card.suit != avoid \
                and flush_suit in (None, card.suit):
            return card
    return None


def _free_suit(taken, avoid):
    for suit in "shdc":
        if suit not in taken and suit != avoid:
            return suit
    for suit in "shdc":
        if suit not in taken:
            return suit
    return "s"


def scheme_fn(name, scorer, kind, *, takes_qualifier=False, default_qualifier=None):
    """A scheme function fn(cards, wild, qualifier=None) -> HandValue built on a scorer."""

    def fn(cards, wild=frozenset(), qualifier=None):
        if qualifier is None:
            qualifier = default_qualifier
        qualifier = qualifier if takes_qualifier else None
        naturals, wilds = split_wild(cards, wild)
        ranks = tuple(sorted(map(_RANK, naturals), reverse=True))
        single_suit = len(set(map(_SUIT, naturals))) <= 1
        category, key, display, suited = best_reading(scorer, ranks, len(wilds), single_suit,
                                                      qualifier)
        if category is None:  # a low that does not qualify: show the hand as dealt
            used, pairs = tuple(sorted(cards, key=_ORDER, reverse=True)), ()
        else:
            used, pairs = place_cards(naturals, wilds, display, suited)
        text = _headline(kind, category, display, qualifier)
        if pairs:
            text += describe.wild_clause(pairs, getattr(wild, "reasons", None))
        return HandValue(name, category, key, used, pairs, text)

    def key(cards, wild=frozenset(), qualifier=None):
        if qualifier is None:
            qualifier = default_qualifier
        return reading_key(scorer, cards, wild, qualifier if takes_qualifier else None)

    def reading(ranks, wild_count, single_suit, qualifier=None):
        """(category, key, display, suited) from descending natural ranks (census uses it)."""
        if qualifier is None:
            qualifier = default_qualifier
        return best_reading(scorer, ranks, wild_count, single_suit,
                            qualifier if takes_qualifier else None)

    def effective_qualifier(qualifier=None):
        """The qualifier this scheme really applies (the fast lane keys its memos on it)."""
        if not takes_qualifier:
            return None
        return default_qualifier if qualifier is None else qualifier

    fn.reading = reading
    fn.scorer = scorer
    fn.effective_qualifier = effective_qualifier
    fn.key_only = key
    fn.reference_key = key  # stays the table-free reading even when key_only is sped up
    return _attach_category(fn, scorer, takes_qualifier, default_qualifier)


def doogie_fn(cards, wild=frozenset(), qualifier=None):
    """The doogie (003): four cards, one of each suit, no pair, ace low; qualifier 7 by
    default (the highest card may be at most 7); A-2-3-4 rainbow is perfect."""
    qualifier = 7 if qualifier is None else qualifier
    naturals, wilds = split_wild(cards, wild)
    key, display = doogie_reading(naturals, len(wilds), qualifier)
    if key[0] == 0:
        text = describe.low_headline(None, (), qualifier)
        return HandValue("doogie", None, key, tuple(sorted(cards, reverse=True)), (), text)
    used, pairs = _doogie_cards(naturals, wilds, display)
    text = describe.low_headline("high_card", display).replace(" low", " doogie")
    text += describe.wild_clause(pairs, getattr(wild, "reasons", None))
    return HandValue("doogie", "high_card", key, used, pairs, text)


def doogie_reading(naturals, wild_count, qualifier):
    low = [1 if card.rank == 14 else card.rank for card in naturals]
    if len(set(low)) < len(low) or len({card.suit for card in naturals}) < len(naturals):
        return (0,), ()
    free = [rank for rank in range(1, 14) if rank not in low]
    ranks = sorted(low + free[:wild_count], reverse=True)
    if ranks[0] > qualifier:
        return (0,), ()
    return (1, *(-rank for rank in ranks)), tuple(ranks)


def _doogie_cards(naturals, wilds, display):
    missing = [suit for suit in "shdc" if suit not in {card.suit for card in naturals}]
    pool, spare, used, pairs = list(naturals), list(wilds), [], []
    for shown in display:
        rank = 14 if shown == 1 else shown
        natural = next((card for card in pool if card.rank == rank), None)
        if natural is not None:
            pool.remove(natural)
            used.append(natural)
        else:
            stand_in = Card(rank, missing.pop(0))
            used.append(stand_in)
            pairs.append((spare.pop(0), stand_in))
    return tuple(used), tuple(pairs)


def _doogie_key(cards, wild=frozenset(), qualifier=None):
    naturals, wilds = split_wild(cards, wild)
    return doogie_reading(naturals, len(wilds), 7 if qualifier is None else qualifier)[0]


doogie_fn.key_only = _doogie_key
doogie_fn.category_only = lambda cards, wild=frozenset(), qualifier=None: (
    None if _doogie_key(cards, wild, qualifier)[0] == 0 else "high_card")


def _attach_category(fn, scorer, takes_qualifier, default_qualifier):
    def category(cards, wild=frozenset(), qualifier=None):
        if qualifier is None:
            qualifier = default_qualifier
        naturals, wilds = split_wild(cards, wild)
        ranks = tuple(sorted((card.rank for card in naturals), reverse=True))
        single_suit = len({card.suit for card in naturals}) <= 1
        return best_reading(scorer, ranks, len(wilds), single_suit,
                            qualifier if takes_qualifier else None)[0]

    fn.category_only = category
    return fn
