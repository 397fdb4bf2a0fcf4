"""Island Pineapple (003): a deuce (and then the suited ace) completes a straight flush.

- `island` (5 cards): the house high ranking, except that a deuce may complete a straight flush
  of its own suit - it fills the gap in four cards of a sequence, or stands below four in a
  row - and when it does, the ace of that suit is wild too, for the top of the sequence.
  A deuce or ace that completes nothing is just itself.
- `island-straights` (5 cards): the "Straight with Wild(s)" variation: as `island`, and also
  any one deuce completes a plain straight (bottom first), with the ace of the deuce's suit as
  a second wild card for the top.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card
from rules.evaluator import SCHEMES, HandValue, register_scheme
from rules.evaluator.values import Key, WildPairs


def _replacements(naturals: Sequence[Card], wilds: Sequence[Card]) -> tuple[int, ...] | None:
    """The ranks the wild deuce (then ace) stand for, or None if no five-card sequence forms.

    The deuce takes the lowest missing card and the ace the highest. Where the naturals are
    already in a row the deuce goes below them and the ace above (003, Island Pineapple).
    """
    best = None
    for ace_low in (False, True):
        ranks = sorted(1 if ace_low and card.rank == 14 else card.rank for card in naturals)
        if len(set(ranks)) != len(ranks):
            return None
        low, high = ranks[0], ranks[-1]
        gaps = high - low + 1 - len(ranks)
        outside = len(wilds) - gaps
        if outside < 0:
            continue
        below = 1 if outside >= 1 and (len(wilds) == 1 or outside == 2) else 0
        start = min(max(low - below, 1), 10)
        if start > low or start + 4 < high:
            continue
        missing = [rank for rank in range(start, start + 5) if rank not in ranks]
        if best is None or start > best[0]:
            best = (start, tuple(missing))
    return None if best is None else best[1]


def _replaced(cards: tuple[Card, ...], deuce: Card,
              ace: Card | None) -> tuple[tuple[Card, ...], WildPairs] | None:
    """The five cards with the deuce (and ace) standing for what completes the sequence."""
    wilds = [deuce] + ([ace] if ace else [])
    naturals = [card for card in cards if card not in wilds]
    missing = _replacements(naturals, wilds)
    if missing is None:
        return None
    # the deuce takes the lowest missing rank, the ace the highest
    pairs = tuple((held, Card(14 if rank == 1 else rank, held.suit))
                  for held, rank in zip(wilds, missing, strict=True))
    return tuple(naturals) + tuple(stood for _, stood in pairs), pairs


def _island(cards: tuple[Card, ...], wild: frozenset[Card], scheme: str,
            straights: bool) -> HandValue:
    high = SCHEMES["high"].fn
    base = high(cards, wild)
    best: tuple[Key, HandValue, WildPairs] = (base.key, base, ())
    for deuce in (card for card in cards if card.rank == 2 and card not in wild):
        same_suit = all(card.suit == deuce.suit for card in cards)
        if not (same_suit or straights):
            continue
        suited_ace = Card(14, deuce.suit)
        for ace in ((None, suited_ace) if suited_ace in cards else (None,)):
            found = _replaced(cards, deuce, ace)
            if found is None:
                continue
            stood, pairs = found
            value = high(stood, frozenset())
            if value.category in ("straight", "straight_flush") and value.key > best[0]:
                best = (value.key, value, pairs)
    key, value, pairs = best
    if not pairs:
        return HandValue(scheme, value.category, key, value.cards, value.wilds, value.describe)
    note = ", ".join(f"{held} replaces the {stood}" for held, stood in pairs)
    return HandValue(scheme, value.category, key, value.cards, pairs,
                     f"{value.describe} ({note})")


def island_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """Island Pineapple (003): deuce and suited-ace replacements in straight flushes."""
    return _island(tuple(cards), wild, "island", straights=False)


def island_straights_value(cards: tuple[Card, ...],
                           wild: frozenset[Card] = frozenset()) -> HandValue:
    """Island Pineapple's "Straight with Wild(s)" variation: the same in any straight."""
    return _island(tuple(cards), wild, "island-straights", straights=True)


register_scheme("island", 5, "high", island_value)
register_scheme("island-straights", 5, "high", island_straights_value)
