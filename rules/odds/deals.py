"""The completions of the unseen cards: how many there are, every one of them in turn (exact),
or a seeded random sample of them.

A deal is one tuple of cards per `Slot`, in the slots' order. Cards are chosen by their index
in the unseen pile, so a deck's two equal jokers count as the two cards they are.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations, permutations
from math import comb, perm

from ..cards import Card
from .spot import Slot

Deal = tuple[tuple[Card, ...], ...]


def count(unseen: int, slots: Sequence[Slot]) -> int:
    """How many different completions there are (orders told apart only where they matter)."""
    total = 1
    for slot in slots:
        total *= perm(unseen, slot.count) if slot.ordered else comb(unseen, slot.count)
        unseen -= slot.count
    return total


def every(unseen: Sequence[Card], slots: Sequence[Slot]) -> Iterator[Deal]:
    """Every completion, each once."""
    if not slots:
        yield ()
        return
    if len(slots) == 1 and not slots[0].ordered:    # one pile (the board, a hand): the hot case
        for cards in combinations(unseen, slots[0].count):
            yield (cards,)
        return
    yield from _every(tuple(range(len(unseen))), unseen, slots)


def _every(pool: tuple[int, ...], unseen: Sequence[Card], slots: Sequence[Slot]) -> Iterator[Deal]:
    slot, rest = slots[0], slots[1:]
    pick = permutations if slot.ordered else combinations
    for chosen in pick(pool, slot.count):
        cards = tuple(unseen[i] for i in chosen)
        if not rest:
            yield (cards,)
            continue
        taken = set(chosen)
        left = tuple(i for i in pool if i not in taken)
        for deal in _every(left, unseen, rest):
            yield (cards, *deal)


def sample(unseen: Sequence[Card], slots: Sequence[Slot], trials: int,
           seed: int, spare: int = 0) -> Iterator[Deal]:
    """`trials` completions drawn uniformly at random, the same ones for the same seed. With
    `spare`, each deal ends with that many more random cards, for cards the deal itself calls
    for (H2: an extra down card for a face-up 4)."""
    rng = random.Random(seed)
    need = sum(slot.count for slot in slots)
    if spare:
        spare = min(spare, len(unseen) - need)
        pile = list(unseen)
        for _ in range(trials):
            cards = rng.sample(pile, need + spare)
            start, deal = 0, []
            for slot in slots:
                deal.append(tuple(cards[start:start + slot.count]))
                start += slot.count
            yield (*deal, tuple(cards[start:]))
        return
    bounds = []
    start = 0
    for slot in slots:
        bounds.append((start, start + slot.count))
        start += slot.count
    pile = list(unseen)
    for _ in range(trials):
        cards = rng.sample(pile, need)
        yield tuple(tuple(cards[a:b]) for a, b in bounds)
