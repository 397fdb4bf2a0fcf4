"""The best hand from any number of cards, or from sources with min/max card counts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import chain, combinations, product
from operator import attrgetter

from ..cards import JOKER, Card, check_no_duplicates, parse_card
from ..errors import CardError, TooFewCards
from . import combos
from .combos import Search
from .values import Cards, HandValue, Key, Scheme, Source, get_scheme
from .wildspec import WildSet

Wild = frozenset[Card]
FastPath = Callable[[Cards, Wild, "int | None"], "HandValue | None"]

# Schemes where a joker means something without being wild: one card, ace high / deuce low (S5).
_JOKER_ALWAYS_COUNTS = ("one", "one-low")


def _as_cards(cards: Iterable[Card | str]) -> Cards:
    return tuple(card if isinstance(card, Card) else parse_card(card) for card in cards)


_SUIT_LETTERS = frozenset("shdc")
_ORDER = attrgetter("rank", "suit")  # Card's own order, without its slow generated __lt__


_JOKER_KEY = (0, "*")
_DECK_KEYS = frozenset((rank, suit) for rank in range(2, 15) for suit in "shdc") | {_JOKER_KEY}


def _check_cards(cards: Sequence[Card]) -> int | None:
    """Refuse duplicates and cards outside the deck (a quick pass first: this is hot).

    Returns how many jokers there are, or None when the quick pass could not tell."""
    keys = list(map(_ORDER, cards))
    jokers = keys.count(_JOKER_KEY)
    distinct = set(keys)
    if jokers > 2 or len(distinct) != len(keys) - jokers + (jokers > 0) \
            or not _DECK_KEYS.issuperset(distinct):
        check_no_duplicates(cards)  # names the card
        return None
    return jokers


def _wild_for(cards: Sequence[Card], wild: Wild | None, scheme_name: str,
              jokers: int | None = None) -> Wild:
    wild = frozenset() if wild is None else wild
    if jokers != 0 and JOKER in cards and JOKER not in wild:
        if scheme_name in _JOKER_ALWAYS_COUNTS:
            return _with_joker(wild) if isinstance(wild, WildSet) else wild | {JOKER}
        raise CardError("card 'JK': a joker plays only as a wild card here; "
                        "add 'joker' to the wild spec")
    return wild


def _sorted_cards(cards: Cards) -> Cards:
    """The cards as Card values, highest first (Card's own order, read without its slow
    generated comparisons)."""
    try:
        return tuple(sorted(cards, key=_ORDER, reverse=True))
    except AttributeError:  # card names such as "As" among them
        return tuple(sorted(_as_cards(cards), key=_ORDER, reverse=True))


def _with_joker(wild: WildSet) -> WildSet:
    return WildSet(set(wild) | {JOKER}, wild.reasons)


def _call(spec: Scheme, cards: Sequence[Card], wild: Wild, qualifier: int | None) -> HandValue:
    if spec.takes_qualifier:
        return spec.fn(cards, wild, qualifier=qualifier)
    return spec.fn(cards, wild)


def _keyer(spec: Scheme, wild: Wild, qualifier: int | None) -> Callable[[Cards], Key | int]:
    ranker = getattr(spec.fn, "fast_rank", None)  # any totally ordered stand-in for the key
    if ranker is not None:
        return lambda cards: ranker(cards, wild)
    quick = getattr(spec.fn, "key_only", None)
    if quick is None:
        return lambda cards: _call(spec, cards, wild, qualifier).key
    if spec.takes_qualifier:
        return lambda cards: quick(cards, wild, qualifier)
    return lambda cards: quick(cards, wild)


def _best_of(spec: Scheme, hands: Iterable[Cards], wild: Wild,
             qualifier: int | None) -> HandValue | None:
    """The best of several candidate hands; on equal keys, the one using fewer wild cards."""
    keyer = _keyer(spec, wild, qualifier)
    best, best_rank = None, None
    for cards in hands:
        rank = (keyer(cards), -sum(card in wild for card in cards) if wild else 0)
        if best_rank is None or rank > best_rank:
            best, best_rank = cards, rank
    return None if best is None else _call(spec, best, wild, qualifier)


def evaluate(cards: Iterable[Card | str], scheme: str = "high", wild: Wild | None = frozenset(),
             *, qualifier: int | None = None) -> HandValue:
    """The best hand of the scheme's size from any number of cards (S1: cards talk)."""
    spec = get_scheme(scheme)
    cards = _as_cards(cards)
    wild = _wild_for(cards, wild, scheme, _check_cards(cards))
    return _evaluate_checked(spec, cards, wild, qualifier)


def _evaluate_checked(spec: Scheme, cards: Cards, wild: Wild,
                      qualifier: int | None) -> HandValue:
    if len(cards) < spec.size:
        raise TooFewCards(f"too few cards: scheme {spec.name!r} needs {spec.size}, "
                        f"got {len(cards)}")
    fast = FAST_PATHS.get(spec.name)
    if fast is not None:
        value = fast(cards, wild, qualifier)
        if value is not None:
            return value
    if len(cards) == spec.size:
        return _call(spec, cards, wild, qualifier)
    ordered = tuple(sorted(cards, key=_ORDER, reverse=True))  # the same pick whatever the order
    search = _fast_ranker(spec, ordered, wild, qualifier)
    if search is not None:
        found = search((ordered,), ((spec.size,),))
        assert found is not None  # there are more cards than a hand needs
        return _call(spec, found, wild, qualifier)
    best = _best_of(spec, combinations(ordered, spec.size), wild, qualifier)
    assert best is not None  # likewise
    return best


def best_hand(sources: Sequence[Source], scheme: str = "high", wild: Wild | None = frozenset(),
              *, qualifier: int | None = None) -> HandValue | None:
    """The best hand taking between min and max cards from each source; None if impossible.

    Omaha: [Source(hand, 2, 2), Source(board, 3, 3)]; hold'em: [Source(hand + board)].
    """
    spec = get_scheme(scheme)
    piles = [_sorted_cards(source.cards) for source in sources]
    every = piles[0] if len(piles) == 1 else tuple(chain.from_iterable(piles))
    wild = _wild_for(every, wild, scheme, _check_cards(every))
    bounds = tuple([(len(pile), source.min, source.max)
                    for pile, source in zip(piles, sources, strict=True)])
    if _unbounded(bounds):
        return _evaluate_checked(spec, every, wild, qualifier) if len(every) >= spec.size \
            else None
    counts = _count_vectors(bounds, spec.size)
    search = _fast_ranker(spec, every, wild, qualifier)
    if search is not None:
        best = search(piles, counts)
        return None if best is None else _call(spec, best, wild, qualifier)
    hands = (tuple(card for part in parts for card in part)
             for taken in counts
             for parts in product(*(combinations(pile, count)
                                    for pile, count in zip(piles, taken, strict=True))))
    return _best_of(spec, hands, wild, qualifier)


@lru_cache(maxsize=256)
def _unbounded(bounds: tuple[tuple[int, int, int | None], ...]) -> bool:
    """Every source may give any number of its cards (so it is one pile: `evaluate`)."""
    return all(low == 0 and (high is None or high >= length) for length, low, high in bounds)


@lru_cache(maxsize=256)
def _count_vectors(bounds: tuple[tuple[int, int, int | None], ...],
                   size: int) -> tuple[tuple[int, ...], ...]:
    """How many cards to take from each source, every way that makes `size` cards, in order."""
    ranges = [range(low, min(length, size if high is None else high) + 1)
              for length, low, high in bounds]
    return tuple(counts for counts in product(*ranges) if sum(counts) == size)


def _fast_ranker(spec: Scheme, cards: Cards, wild: Wild, qualifier: int | None) -> Search | None:
    """The fast lane's ranker when no card in play is wild (see combos), else None."""
    if wild and not wild.isdisjoint(cards):
        return None
    return combos.ranker(spec, qualifier)


FAST_PATHS: dict[str, FastPath] = {}
