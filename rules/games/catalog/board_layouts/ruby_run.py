"""Ruby Run (003): runs of one colour beat poker hands. Scheme `ruby-run` (5 cards).

A hand holding a run (three or more cards of one colour in sequence, aces high only) beats
every hand without one. Runs compare by: all of one suit beats mixed suits of one colour; then
the longer run; then red (hearts, diamonds) over black; then the five cards as a poker hand.
Hands without a run compare as poker hands. The poker ranking here plays the ace high only:
A-2-3-4-5 is no straight.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import SUIT_NAME, Card, rank_name
from rules.errors import CardError
from rules.evaluator import HandValue, register_scheme
from rules.evaluator.values import Key, WildPairs
from rules.rankings.common import poker_shape, refuse_jokers, substitutions, wild_note
from rules.rankings.five_card import category_words

RED = frozenset("hd")
RUBY_ORDER = ("suited_run", "run", "straight_flush", "four_of_a_kind", "full_house", "flush",
              "straight", "three_of_a_kind", "two_pair", "pair", "high_card")
_POKER_SHAPES = {
    (4, 1): "four_of_a_kind", (3, 2): "full_house", (3, 1, 1): "three_of_a_kind",
    (2, 2, 1): "two_pair", (2, 1, 1, 1): "pair",
}


def _poker_ace_high(cards: Sequence[Card]) -> tuple[str, tuple[int, ...], tuple[Card, ...]]:
    """A five-card poker hand with the ace high only (Ruby Run's rules 4 and 5)."""
    return poker_shape(cards, _POKER_SHAPES, ace_low=False)


def _longest_run(cards: Sequence[Card], same: str) -> tuple[int, bool, tuple[Card, ...]]:
    """The longest run of cards in sequence sharing a suit (`same`="suit") or a colour:
    (length, red, the run's cards from the top). Length 0 when there is none of 3+."""
    best: tuple[int, bool, tuple[Card, ...]] = (0, False, ())
    groups: dict[object, list[Card]] = {}
    for card in cards:
        group = card.suit if same == "suit" else card.suit in RED
        groups.setdefault(group, []).append(card)
    for members in groups.values():
        by_rank = {card.rank: card for card in sorted(members, key=lambda c: c.suit)}
        for top in sorted(by_rank, reverse=True):
            length = 0
            while top - length in by_rank:
                length += 1
            run = tuple(by_rank[top - step] for step in range(length))
            red = run[0].suit in RED
            if length >= 3 and (length, red) > best[:2]:
                best = (length, red, run)
    return best


def _ruby_shape(cards: tuple[Card, ...]) -> tuple[Key, str, str, tuple[Card, ...]]:
    poker, values, order = _poker_ace_high(cards)
    poker_key = (len(RUBY_ORDER) - RUBY_ORDER.index(poker),) + values
    words = category_words(poker, values)
    for kind, same in ((2, "suit"), (1, "colour")):
        length, red, run = _longest_run(cards, same)
        if length:
            rest = tuple(card for card in order if card not in run)
            category = "suited_run" if kind == 2 else "run"
            what = SUIT_NAME[run[0].suit] if kind == 2 else ("red" if red else "black")
            text = (f"{'Suited run' if kind == 2 else 'Run'} of {length}, "
                    f"{rank_name(run[0].rank)} down to {rank_name(run[-1].rank)} ({what}); "
                    f"then {words[0].lower()}{words[1:]}")
            return (kind, length, red) + poker_key, category, text, run + rest
    return (0, 0, False) + poker_key, poker, words, order


def ruby_run_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """Ruby Run (003): runs first (suited, then length, then red), then the poker hand."""
    if len(cards) != 5:
        raise CardError(f"ruby-run: a hand is exactly 5 cards, got {len(cards)}")
    best: tuple[Key, str, str, tuple[Card, ...], WildPairs] | None = None
    refuse_jokers(cards, wild, "ruby-run")
    for hand, pairs in substitutions(cards, wild, "ruby-run"):
        key, category, text, order = _ruby_shape(hand)
        if best is None or key > best[0]:
            best = (key, category, text, order, pairs)
    assert best is not None  # a hand has at least one reading
    key, category, text, order, pairs = best
    return HandValue("ruby-run", category, key, order, pairs, text + wild_note(pairs))


register_scheme("ruby-run", 5, "high", ruby_run_value, categories=RUBY_ORDER)
