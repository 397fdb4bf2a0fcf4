"""Special rankings for the second part of the shared-card seed (003): Egyptian Hold 'Em's
six-card hands, Island Pineapple's deuce (and suited ace) replacements, and Ruby Run's runs.

Schemes registered (names for game definitions and `--scheme`):

- `egyptian` (6 cards): six-card hands, best first: straight flush (six in sequence, one suit),
  house party (four of a kind and a pair), four of a kind, double happy (two threes of a
  kind), full house (three of a kind, a pair and an odd card), flush (six of one suit),
  straight (six in sequence), three of a kind, three pair, two pair, pair, high card. With wild
  cards (no Egyptian game uses them) five and six of a kind go on top.
- `island` (5 cards): the house high ranking, except that a deuce may complete a straight flush
  of its own suit - it fills the gap in four cards of a sequence, or stands below four in a
  row - and when it does, the ace of that suit is wild too, for the top of the sequence.
  A deuce or ace that completes nothing is just itself.
- `island-straights` (5 cards): Island Pineapple's "Straight with Wild(s)" variation: as
  `island`, and also any one deuce completes a plain straight (bottom first), with the ace of
  the deuce's suit as a second wild card for the top.
- `low-ranks` (5 cards, a low): Piles' variation, where pairs, straights and flushes do not
  count against a low: the ranks alone compare, highest first, aces low (A-A-A-A-2 is best).
- `ruby-run` (5 cards): a hand holding a run (three or more cards of one colour in sequence,
  aces high only) beats every hand without one. Runs compare by: all of one suit beats mixed
  suits of one colour; then the longer run; then red (hearts, diamonds) over black; then the
  five cards as a poker hand. Hands without a run compare as poker hands. The poker ranking
  here plays the ace high only: A-2-3-4-5 is no straight.

Each function takes exactly the scheme's number of cards and the set of wild cards (at most two
wild cards in a hand, tried as every card they could stand for; S11: a duplicate never makes a
flush).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import product

from rules.cards import JOKER, RANK_NAME, RANK_PLURAL, SUIT_NAME, Card
from rules.errors import CardError, RulesError
from rules.hands import SCHEMES, HandValue, register_scheme

from .shared_a import category_words

MAX_WILDS = 2
ANY_CARD = tuple(Card(rank, suit) for rank in range(14, 1, -1) for suit in "shdc")
RED = frozenset("hd")


def _plural(rank: int) -> str:
    return RANK_PLURAL[14 if rank == 1 else rank]


def _name(rank: int) -> str:
    return RANK_NAME[14 if rank == 1 else rank]


def _substitutions(cards: Sequence[Card], wild: frozenset[Card],
                   scheme: str) -> Iterable[tuple[tuple[Card, ...], tuple]]:
    """Every way the wild cards could stand (S11: any rank and suit, even a card held)."""
    if JOKER in cards and JOKER not in wild:
        raise CardError(f"card JK: the {scheme} ranking has no joker unless jokers are wild")
    wild_at = [index for index, card in enumerate(cards) if card in wild]
    if len(wild_at) > MAX_WILDS:
        raise RulesError(f"wild: the {scheme} ranking allows at most {MAX_WILDS} wild cards "
                         "in a hand")
    if not wild_at:
        yield tuple(cards), ()
        return
    for stand_ins in product(ANY_CARD, repeat=len(wild_at)):
        hand = list(cards)
        for index, stand_in in zip(wild_at, stand_ins, strict=True):
            hand[index] = stand_in
        yield tuple(hand), tuple((cards[i], s) for i, s in zip(wild_at, stand_ins, strict=True))


def _wild_note(pairs: tuple) -> str:
    if not pairs:
        return ""
    return " (" + ", ".join(f"{held} wild as {stood}" for held, stood in pairs) + ")"


def _grouped(cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[Card, ...], tuple[int, ...]]:
    """(count shape, cards by group then rank, ranks by group then rank)."""
    counts = Counter(card.rank for card in cards)
    order = sorted(cards, key=lambda card: (counts[card.rank], card.rank, card.suit),
                   reverse=True)
    shape = tuple(sorted(counts.values(), reverse=True))
    values = tuple(dict.fromkeys(card.rank for card in order))
    return shape, tuple(order), values


def _sequence_top(ranks: Sequence[int], *, ace_low: bool) -> int | None:
    """The top rank if the distinct ranks run in sequence (ace high, or low when allowed)."""
    ordered = sorted(set(ranks), reverse=True)
    if len(ordered) != len(ranks):
        return None
    if ordered[0] - ordered[-1] == len(ordered) - 1:
        return ordered[0]
    low_ace = sorted((1 if rank == 14 else rank for rank in ordered), reverse=True)
    if ace_low and low_ace[0] - low_ace[-1] == len(low_ace) - 1:
        return low_ace[0]
    return None


def _in_sequence(cards: Sequence[Card], top: int) -> tuple[Card, ...]:
    """The cards of a straight read from the top (the ace last when it plays low)."""
    return tuple(sorted(cards, key=lambda card: card.rank if card.rank <= top else 0,
                        reverse=True))


# ---------------------------------------------------------------------------------------------
# Egyptian Hold 'Em: six-card hands
# ---------------------------------------------------------------------------------------------

EGYPTIAN_ORDER = (
    "six_of_a_kind", "five_of_a_kind", "straight_flush", "house_party", "four_of_a_kind",
    "double_happy", "full_house", "flush", "straight", "three_of_a_kind", "three_pair",
    "two_pair", "pair", "high_card",
)
_EGYPTIAN_SHAPES = {
    (6,): "six_of_a_kind", (5, 1): "five_of_a_kind", (4, 2): "house_party",
    (4, 1, 1): "four_of_a_kind", (3, 3): "double_happy", (3, 2, 1): "full_house",
    (3, 1, 1, 1): "three_of_a_kind", (2, 2, 2): "three_pair", (2, 2, 1, 1): "two_pair",
    (2, 1, 1, 1, 1): "pair",
}


def _egyptian_shape(cards: tuple[Card, ...]) -> tuple[str, tuple[int, ...], tuple[Card, ...]]:
    """Category, tie-break ranks and reading order of six natural cards."""
    shape, order, values = _grouped(cards)
    if shape in _EGYPTIAN_SHAPES:
        return _EGYPTIAN_SHAPES[shape], values, order
    flush = len({card.suit for card in cards}) == 1 and len(set(cards)) == 6
    top = _sequence_top([card.rank for card in cards], ace_low=True)
    if top is not None:
        return ("straight_flush" if flush else "straight"), (top,), _in_sequence(cards, top)
    return ("flush" if flush else "high_card"), values, order


def _egyptian_words(category: str, values: tuple[int, ...]) -> str:
    v = values
    return {
        "six_of_a_kind": lambda: f"Six {_plural(v[0])}",
        "five_of_a_kind": lambda: f"Five {_plural(v[0])}",
        "straight_flush": lambda: ("Royal flush" if v[0] == 14
                                   else f"Six-card straight flush, {_name(v[0])} high"),
        "house_party": lambda: f"House party: four {_plural(v[0])} and a pair of {_plural(v[1])}",
        "four_of_a_kind": lambda: f"Four {_plural(v[0])}",
        "double_happy": lambda: f"Double happy: three {_plural(v[0])} and three {_plural(v[1])}",
        "full_house": lambda: f"Full house, {_plural(v[0])} full of {_plural(v[1])}",
        "flush": lambda: f"Six-card flush, {_name(v[0])} high",
        "straight": lambda: f"Six-card straight, {_name(v[0])} high",
        "three_of_a_kind": lambda: f"Three {_plural(v[0])}",
        "three_pair": lambda: (f"Three pair, {_plural(v[0])}, {_plural(v[1])} and "
                               f"{_plural(v[2])}"),
        "two_pair": lambda: f"Two pair, {_plural(v[0])} and {_plural(v[1])}",
        "pair": lambda: f"Pair of {_plural(v[0])}",
        "high_card": lambda: f"{_name(v[0]).capitalize()} high",
    }[category]()


def egyptian_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """The six-card hand of Egyptian Hold 'Em (003)."""
    if len(cards) != 6:
        raise CardError(f"egyptian: a hand is exactly 6 cards, got {len(cards)}")
    best = None
    for hand, pairs in _substitutions(cards, wild, "egyptian"):
        category, values, order = _egyptian_shape(hand)
        key = (len(EGYPTIAN_ORDER) - EGYPTIAN_ORDER.index(category),) + values
        if best is None or key > best[0]:
            best = (key, category, values, order, pairs)
    key, category, values, order, pairs = best
    return HandValue("egyptian", category, key, order, pairs,
                     _egyptian_words(category, values) + _wild_note(pairs))


# ---------------------------------------------------------------------------------------------
# Island Pineapple: a deuce (and then the suited ace) completes a straight flush
# ---------------------------------------------------------------------------------------------


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


def _replaced(cards: tuple[Card, ...], deuce: Card, ace: Card | None) -> tuple | None:
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
    best = (base.key, base, ())
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


# ---------------------------------------------------------------------------------------------
# Ruby Run: runs of one colour beat poker hands
# ---------------------------------------------------------------------------------------------

RUBY_ORDER = ("suited_run", "run", "straight_flush", "four_of_a_kind", "full_house", "flush",
              "straight", "three_of_a_kind", "two_pair", "pair", "high_card")
_POKER_SHAPES = {
    (4, 1): "four_of_a_kind", (3, 2): "full_house", (3, 1, 1): "three_of_a_kind",
    (2, 2, 1): "two_pair", (2, 1, 1, 1): "pair",
}


def _poker_ace_high(cards: Sequence[Card]) -> tuple[str, tuple[int, ...], tuple[Card, ...]]:
    """A five-card poker hand with the ace high only (Ruby Run's rules 4 and 5)."""
    shape, order, values = _grouped(cards)
    if shape in _POKER_SHAPES:
        return _POKER_SHAPES[shape], values, order
    flush = len({card.suit for card in cards}) == 1 and len(set(cards)) == 5
    top = _sequence_top([card.rank for card in cards], ace_low=False)
    if top is not None:
        return ("straight_flush" if flush else "straight"), (top,), order
    return ("flush" if flush else "high_card"), values, order


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


def _ruby_shape(cards: tuple[Card, ...]) -> tuple[tuple, str, str, tuple[Card, ...]]:
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
                    f"{_name(run[0].rank)} down to {_name(run[-1].rank)} ({what}); "
                    f"then {words[0].lower()}{words[1:]}")
            return (kind, length, red) + poker_key, category, text, run + rest
    return (0, 0, False) + poker_key, poker, words, order


def ruby_run_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """Ruby Run (003): runs first (suited, then length, then red), then the poker hand."""
    if len(cards) != 5:
        raise CardError(f"ruby-run: a hand is exactly 5 cards, got {len(cards)}")
    best = None
    for hand, pairs in _substitutions(cards, wild, "ruby-run"):
        key, category, text, order = _ruby_shape(hand)
        if best is None or key > best[0]:
            best = (key, category, text, order, pairs)
    key, category, text, order, pairs = best
    return HandValue("ruby-run", category, key, order, pairs, text + _wild_note(pairs))


# ---------------------------------------------------------------------------------------------
# Piles' variation: a low by the ranks alone
# ---------------------------------------------------------------------------------------------

NOT_QUALIFYING = (-100,)


def low_ranks_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset(), *,
                    qualifier: int | None = None) -> HandValue:
    """Piles' variation (003): pairs, straights and flushes do not count against a low; the
    ranks alone compare, highest first, aces low (A-A-A-A-2 is the best). A wild card is an
    ace (S10). `qualifier`: the highest rank a qualifying low may hold."""
    if JOKER in cards and JOKER not in wild:
        raise CardError("card JK: the low-ranks ranking has no joker unless jokers are wild")
    ranks = sorted((1 if card in wild or card.rank == 14 else card.rank for card in cards),
                   reverse=True)
    order = tuple(sorted(cards, key=lambda c: 1 if c in wild or c.rank == 14 else c.rank,
                         reverse=True))
    pairs = tuple((card, Card(14, card.suit)) for card in cards if card in wild)
    words = "-".join("A" if rank == 1 else "  23456789TJQK"[rank] for rank in ranks)
    if qualifier is not None and ranks[0] > qualifier:
        return HandValue("low-ranks", None, NOT_QUALIFYING, order, pairs,
                         f"No low: {words} has a card above {qualifier}")
    return HandValue("low-ranks", "high_card", tuple(-rank for rank in ranks), order, pairs,
                     f"{words} low (pairs do not count)" + _wild_note(pairs))


register_scheme("egyptian", 6, "high", egyptian_value, categories=EGYPTIAN_ORDER)
register_scheme("island", 5, "high", island_value)
register_scheme("island-straights", 5, "high", island_straights_value)
register_scheme("ruby-run", 5, "high", ruby_run_value, categories=RUBY_ORDER)
register_scheme("low-ranks", 5, "low", low_ranks_value, categories=("high_card",),
                takes_qualifier=True)
