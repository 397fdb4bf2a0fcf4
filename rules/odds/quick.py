"""The quick lane for the plain games: hold'em, Omaha, stud and draw shapes with no wild card,
no killer, no dummy and no special pot rule, high or high-low eight-or-better, cards talk.

For them the showdown engine's answer is only "best high (and best qualifying low) wins, ties
split", so a deal needs no `HandValue`: the seven-card tables (`rules.evaluator.tables`) give
each high hand a packed int ordered exactly as the engine's keys, a low is a bit mask of the
ranks it uses, and a deal's result is just who won each side. Identical results are counted
once and turned into `Split`s at the end. The tests hold this lane to the engine's own answers
deal by deal (tests/rules/odds/test_odds_quick.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache, partial
from itertools import combinations
from math import comb
from time import perf_counter

from ..cards import Card
from ..evaluator import tables
from ..games.definition import ANY_COMBINATION, GameDef
from . import deals
from .clock import Clock, timed
from .engine import Split, pot_units
from .spot import Spot
from .tally import Tally

Codes = tuple[int, ...]
Winners = tuple[tuple[int, ...], tuple[int, ...]]   # (high winners, low winners)

# a low card's bit: ace = bit 0, deuce = bit 1 ... eight = bit 7 (eight-or-better, ace low)
_LOW_BIT = [(1 << ((code >> 2) + 1)) if (code >> 2) <= 6 else (1 if code >> 2 == 12 else 0)
            for code in range(52)]


def _lowest_five(mask: int) -> int:
    """The five lowest ranks of a low-rank mask, or 0 when there are fewer than five."""
    kept, count = 0, 0
    for bit in range(8):
        if mask >> bit & 1:
            kept |= 1 << bit
            count += 1
            if count == 5:
                return kept
    return 0


_LOW_FIVE = [_lowest_five(mask) for mask in range(256)]


def supported(spot: Spot) -> bool:
    """Whether the quick lane gives the engine's answer for this spot."""
    game = spot.game
    plain = (game.deck == "standard" and not game.wild and not game.kill and spot.dummy is None
             and game.dummy is None and not game.adjustments and not game.side_payments
             and not game.follow and not game.extra_down and game.card_side is None
             and not game.boards
             and game.ties == "split" and not game.go_stop and game.pot.legs is None
             and game.high_qualifier is None and not game.perfect and game.down is not None
             and game.hand.layout == "community" and not game.hand.params
             and all(position.plays and position.count is not None for position in game.board)
             and any(seat.stayed for seat in spot.seats))
    sides = (game.split == "high" and game.high == "high") or (
        game.split == "cards-talk" and game.high == "high" and game.low == "low-8"
        and game.low_qualifier == 8)
    return plain and sides and _shape(game) is not None


def _shape(game: GameDef) -> tuple[int, int] | None:
    """(hand cards, board cards) a hand takes exactly, (0, 0) for any five, None otherwise."""
    takes = game.hand.takes
    if takes == (ANY_COMBINATION,):
        size = (game.down or 0) + game.up + sum(p.count or 0 for p in game.board)
        return (0, 0) if size >= 5 else None
    if len(takes) != 1 or len(takes[0]) != 2:
        return None
    uses = {use.source: use for use in takes[0]}
    hand, board = uses.get("hand"), uses.get("board")
    if hand is None or board is None or hand.min != hand.max or board.min != board.max:
        return None
    return (hand.min, board.min) if hand.min + board.min == 5 else None


def tally(spot: Spot, into: Tally, exact: bool, clock: Clock | None = None,
          total: int = 0) -> bool:
    """Add every deal of the spot to `into` when the quick lane supports it; False if not.
    `clock` (with the `total` of deals) watches the time (rules/odds/clock.py)."""
    if not supported(spot):
        return False
    shape = _shape(spot.game)
    assert shape is not None  # supported() checked it
    chosen = timed(deals.every(spot.unseen, spot.slots) if exact
                   else deals.sample(spot.unseen, spot.slots, spot.trials, spot.seed),
                   clock, exact=exact, total=total)
    board_only = all(slot.where == "board" for slot in spot.slots) and len(spot.slots) == 1
    if exact and board_only and shape == (0, 0) and spot.game.split == "high":
        count = spot.slots[0].count
        counts = _rank_counts(spot, count, clock) or _board_counts(spot, count, clock, total)
    else:
        counts = Counter(_results(spot, shape, chosen))
    split_of = _splitter(spot)
    for winners, times in counts.items():
        into.add(split_of(winners), times)
    return True


def _splitter(spot: Spot) -> Callable[[Winners], Split]:
    """The pot split by who won each side (P2: halves, ties share; no low: high takes all)."""
    pot = pot_units(len(spot.seats), spot.unit)
    players = len(spot.seats)

    def split(winners: Winners) -> Split:
        high, low = winners
        parts = [0] * players
        half = pot // 2 if low else pot
        for i in high:
            parts[i] += half // len(high)
        for i in low:
            parts[i] += half // len(low)
        return Split(tuple(parts), high, low)

    return split


# -- cards as packed ints ---------------------------------------------------------------------
# One int per card whose sum over distinct cards carries everything a high hand needs: the rank
# multiset (`tables.RANK_WEIGHT`, bits 0-33), the count per suit (`tables.SUIT_WEIGHT`, bits
# 34-45) and the card itself (bit 46 + 13 * suit + rank - 2: distinct cards never carry, so the
# sum's top bits are each suit's rank mask).
_SUITS_AT, _CARDS_AT = 34, 46
_WEIGHTS = (1 << _SUITS_AT) - 1
PACK = [tables.RANK_WEIGHT[code] | tables.SUIT_WEIGHT[code] << _SUITS_AT
        | 1 << (_CARDS_AT + 13 * (code & 3) + (code >> 2)) for code in range(52)]


def _code(card: Card) -> int:
    return tables.CODE[card]


_RANKS = tables.rank_table(0)


def _high(packed: int, _suit: list[int] = tables.FLUSH_SUIT,
          _ranks: dict[int, int] = _RANKS) -> int:
    """The packed table value of up to seven cards' best high hand (with seven cards or fewer
    a flush rules out quads and full houses, so the flush suit's mask alone decides it)."""
    suit = _suit[packed >> _SUITS_AT & 0xFFF]
    if suit < 0:
        return _ranks[packed & _WEIGHTS]
    return tables.flush_table(0)[packed >> (_CARDS_AT + 13 * suit) & 0x1FFF]


def _low(packed: int) -> int:
    """Eight-or-better: 256 less the mask of the five lowest ranks (larger is better), 0 when
    fewer than five ranks are eight or under."""
    cards = packed >> _CARDS_AT
    ranks = (cards | cards >> 13 | cards >> 26 | cards >> 39) & 0x1FFF   # bit rank - 2
    low = _LOW_FIVE[(ranks & 0x7F) << 1 & 0xFF | ranks >> 12 & 1]
    return 256 - low if low else 0


def _results(spot: Spot, shape: tuple[int, int],
             chosen: Iterable[deals.Deal]) -> Iterable[Winners]:
    """Who won each side, deal by deal."""
    live = [i for i, seat in enumerate(spot.seats) if seat.stayed]
    known = {i: tuple(map(_code, spot.seats[i].down + spot.seats[i].up)) for i in live}
    board_known = tuple(_code(card) for position in spot.game.board
                        for card in spot.board[position.name])
    # where each slot's cards go: a live player's index, or -1 for the board
    targets = [-1 if slot.where == "board" else slot.index for slot in spot.slots]
    with_low = spot.game.split == "cards-talk"
    if all(target == -1 for target in targets):
        seen = [known[i] for i in live]
        if shape == (0, 0):
            yield from _board_runs(live, seen, board_known, chosen, with_low)
        else:
            yield from _exact_board_runs(live, seen, board_known, chosen, with_low, *shape)
        return
    hand_of = _any_five(with_low) if shape == (0, 0) else _exactly(*shape, with_low)
    for deal in chosen:
        board = list(board_known)
        hands = {i: list(known[i]) for i in live}
        for target, cards in zip(targets, deal, strict=True):
            codes = board if target == -1 else hands.get(target)
            if codes is not None:
                codes.extend(map(_code, cards))
        yield _winners(live, [hand_of(hands[i], board) for i in live], with_low)


def _board_runs(live: Sequence[int], hands: Sequence[Codes], board_known: Codes,
                chosen: Iterable[deals.Deal], with_low: bool) -> Iterable[Winners]:
    """The hot case (hold'em on any street): every hand known, only board cards to come. A
    board's packed sum is added to each hand's once."""
    pack: dict[Card, int] = {}
    base = sum(PACK[code] for code in board_known)
    mine = [sum(PACK[code] for code in hand) for hand in hands]
    high_of, low_of = _high, _low
    for deal in chosen:
        total = base
        for cards in deal:
            for card in cards:
                value = pack.get(card)
                if value is None:
                    value = pack[card] = PACK[_code(card)]
                total += value
        highs = [high_of(total + own) for own in mine]
        top = max(highs)
        high = tuple(i for i, value in zip(live, highs, strict=True) if value == top)
        if not with_low:
            yield high, ()
            continue
        lows = [low_of(total + own) for own in mine]
        best = max(lows)
        yield high, (tuple(i for i, value in zip(live, lows, strict=True) if value == best)
                     if best else ())


def _exact_board_runs(live: Sequence[int], hands: Sequence[Codes], board_known: Codes,
                      chosen: Iterable[deals.Deal], with_low: bool, from_hand: int,
                      from_board: int) -> Iterable[Winners]:
    """Omaha's rule with every hand known, only board cards to come. Without a flush a hand's
    best high and low depend only on the ranks of the board, so each rank multiset of the
    board is scored once for every player (6,175 rank multisets of five cards); a board holding
    `from_board` cards of one suit adds the flushes of the players who hold `from_hand` of it."""
    parts = [list(combinations(hand, from_hand)) for hand in hands]
    own_ranks = [sorted({sum(tables.RANK_WEIGHT[code] for code in part) for part in mine})
                 for mine in parts]
    own_lows = [sorted({mask for mask in map(_low_mask, mine) if mask}) for mine in parts]
    own_flushes = [[sorted({_rank_mask(part) for part in mine
                            if all(code & 3 == suit for code in part)}) for suit in range(4)]
                   for mine in parts]
    # each player's best high (and low) with a part of the board, by the part's ranks
    best_highs = [_Best(partial(_best_high, mine)) for mine in own_ranks]
    best_lows = [_Best(partial(_best_low, mine)) for mine in own_lows]
    flushes = tables.flush_table(0)
    suits_with = _suits_with(from_board)
    board_parts: dict[int, list[int]] = {}
    by_ranks: dict[int, tuple[list[int], Winners]] = {}

    def by_rank(key: int) -> tuple[list[int], Winners]:
        """Each player's best high without a flush, and who wins each side, for a board of
        these ranks (its RANK_WEIGHT sum)."""
        board = []
        for rank in range(13):
            key, count = divmod(key, 5)
            board += [rank] * count
        picks = set(combinations(board, from_board))
        highs_of = {sum(5 ** rank for rank in pick) for pick in picks}
        highs = [max(map(best.__getitem__, highs_of)) for best in best_highs]
        top = max(highs)
        high = tuple(i for i, value in zip(live, highs, strict=True) if value == top)
        if not with_low:
            return highs, (high, ())
        lows_of = {_low_mask_of_ranks(pick) for pick in picks}
        lows = [max(map(best.__getitem__, lows_of)) for best in best_lows]
        best = max(lows)
        low = tuple(i for i, value in zip(live, lows, strict=True) if value == best) \
            if best else ()
        return highs, (high, low)

    pack: dict[Card, int] = {}
    base = sum(PACK[code] for code in board_known)
    for deal in chosen:
        total = base
        for cards in deal:
            for card in cards:
                value = pack.get(card)
                if value is None:
                    value = pack[card] = PACK[_code(card)]
                total += value
        key = total & _WEIGHTS
        scored = by_ranks.get(key)
        if scored is None:
            scored = by_ranks[key] = by_rank(key)
        suits = suits_with[total >> _SUITS_AT & 0xFFF]
        if not suits:
            yield scored[1]
            continue
        highs = scored[0]
        for suit in suits:
            mask = total >> (_CARDS_AT + 13 * suit) & 0x1FFF
            theirs = board_parts.get(mask)
            if theirs is None:
                theirs = board_parts[mask] = _mask_parts(mask, from_board)
            for n, own_flush in enumerate(own_flushes):
                mine = own_flush[suit]
                if mine:
                    flush = max(flushes[own | other] for own in mine for other in theirs)
                    if flush > highs[n]:
                        if highs is scored[0]:
                            highs = list(highs)
                        highs[n] = flush
        if highs is scored[0]:
            yield scored[1]
            continue
        top = max(highs)
        yield (tuple(i for i, value in zip(live, highs, strict=True) if value == top),
               scored[1][1])


def _best_high(mine: Sequence[int], theirs: int) -> int:
    """The best high of a hand's parts (their RANK_WEIGHT sums) with a board part, no flush."""
    return max(_RANKS[own + theirs] for own in mine)


def _best_low(mine: Sequence[int], theirs: int) -> int:
    """The best eight-or-better low of a hand's parts with a board part (low-rank masks,
    0 for a part that cannot be in a low), 0 for none."""
    return max((256 - (own | theirs) for own in mine if theirs and not own & theirs),
               default=0)


class _Best(dict[int, int]):
    """A function of an int, each value worked out once."""

    def __init__(self, work: Callable[[int], int]) -> None:
        super().__init__()
        self.work = work

    def __missing__(self, key: int) -> int:
        value = self[key] = self.work(key)
        return value


def _low_mask(codes: Sequence[int]) -> int:
    """The low-rank mask of cards that can all be in one eight-or-better low (distinct ranks,
    eight or under), else 0."""
    mask = 0
    for code in codes:
        mask |= _LOW_BIT[code]
    return mask if mask.bit_count() == len(codes) else 0


def _low_mask_of_ranks(ranks: Sequence[int]) -> int:
    """`_low_mask` of cards given by their rank index (0 a deuce ... 12 an ace)."""
    return _low_mask([4 * rank for rank in ranks])


def _rank_mask(codes: Sequence[int]) -> int:
    mask = 0
    for code in codes:
        mask |= tables.RANK_BIT[code]
    return mask


def _mask_parts(mask: int, size: int) -> list[int]:
    """Every `size` of the bits of a rank mask, each as a mask."""
    bits = [1 << bit for bit in range(13) if mask >> bit & 1]
    return [sum(part) for part in combinations(bits, size)]


@lru_cache(maxsize=8)
def _suits_with(count: int) -> list[tuple[int, ...]]:
    """A sum of SUIT_WEIGHT -> the suits holding at least `count` of the cards."""
    return [tuple(suit for suit in range(4) if total >> (3 * suit) & 7 >= count)
            for total in range(1 << 12)]


def _board_counts(spot: Spot, count: int, clock: Clock | None = None,
                  boards: int = 0) -> Counter[Winners]:
    """The hottest case (hold'em, high only, from any street): every board of `count` cards
    from the unseen ones, who won counted by a bit mask of the winners. Without a flush for
    anybody the winners depend only on the board's ranks, so they are worked out once per
    rank multiset; a board that gives somebody a flush is scored card by card (`_high`)."""
    live = [i for i, seat in enumerate(spot.seats) if seat.stayed]
    small = {code: PACK[code] & ((1 << _CARDS_AT) - 1) for code in range(52)}  # no card bits
    card_of = {value: code for code, value in small.items()}
    board_known = [_code(card) for position in spot.game.board
                   for card in spot.board[position.name]]
    base = sum(small[code] for code in board_known)
    hands = [[_code(card) for card in spot.seats[i].down + spot.seats[i].up] for i in live]
    mine = [sum(PACK[code] for code in hand) for hand in hands]
    weights = [own & _WEIGHTS for own in mine]
    suit_counts = [own >> _SUITS_AT & 0xFFF for own in mine]
    unseen = [small[_code(card)] for card in spot.unseen]
    ranks = tables.rank_table(0)
    no_flush = _no_flush(tuple(suit_counts))
    by_ranks: dict[int, int] = {}
    masks = [0] * (1 << len(live))
    known_cards = sum(PACK[code] for code in board_known)
    # all but the last card of a board chosen in turn, the last one run through in a tight loop
    since, done = perf_counter(), 0
    for number, head in enumerate(combinations(range(len(unseen)), count - 1)):
        start = sum((unseen[i] for i in head), base)
        last = head[-1] + 1 if head else 0
        if clock is not None and number % 64 == 0:
            clock.counting(done, boards, since)
        done += len(unseen) - last
        for total in map(start.__add__, unseen[last:]):
            if no_flush[total >> _SUITS_AT]:
                key = total & _WEIGHTS
                mask = by_ranks.get(key)
                if mask is None:
                    mask = by_ranks[key] = _best_mask([ranks[key + own] for own in weights])
            else:
                cards = known_cards + sum(PACK[card_of[unseen[i]]] for i in head) + PACK[
                    card_of[total - start]]
                mask = _best_mask([_high(cards + own) for own in mine])
            masks[mask] += 1
    counts: Counter[Winners] = Counter()
    for mask, times in enumerate(masks):
        if times:
            winners = tuple(i for n, i in enumerate(live) if mask >> n & 1)
            counts[(winners, ())] += times
    return counts


def _rank_counts(spot: Spot, count: int, clock: Clock | None = None
                 ) -> Counter[Winners] | None:
    """`_board_counts` without going through the boards one by one, where it can: the boards
    that give nobody a flush are counted by the ranks they hold (each multiset of ranks once,
    with the number of boards of it: a product of binomials), and the few that may give a
    flush are gone through by their cards. None where that does not pay or does not hold: a
    board of fewer than three cards to come, or one whose cards could make flushes in two
    suits at once."""
    if count < 3:
        return None
    live = [i for i, seat in enumerate(spot.seats) if seat.stayed]
    hands = [[_code(card) for card in spot.seats[i].down + spot.seats[i].up] for i in live]
    board_known = [_code(card) for position in spot.game.board
                   for card in spot.board[position.name]]
    unseen = [_code(card) for card in spot.unseen]
    # a suit's cards still wanted on the board before anybody can hold five of it
    need = [5 - sum(code & 3 == suit for code in board_known)
            - max(sum(code & 3 == suit for code in hand) for hand in hands) for suit in range(4)]
    needed = sorted(need)
    if needed[0] <= 0 or needed[0] + needed[1] <= count:
        return None
    mine = [sum(PACK[code] for code in hand) for hand in hands]
    weights = [own & _WEIGHTS for own in mine]
    ranks = tables.rank_table(0)
    base = sum(tables.RANK_WEIGHT[code] for code in board_known)
    by_ranks: dict[int, int] = {}

    def rank_mask(key: int) -> int:
        mask = by_ranks.get(key)
        if mask is None:
            mask = by_ranks[key] = _best_mask([ranks[key + own] for own in weights])
        return mask

    masks = [0] * (1 << len(live))
    available = [sum(code >> 2 == rank for code in unseen) for rank in range(13)]
    flushing = [(suit, [code for code in unseen if code & 3 == suit],
                 [code for code in unseen if code & 3 != suit])
                for suit in range(4) if need[suit] <= count]
    # the work, for the clock: each rank multiset (at most 6,188) and each board by its cards
    work = 6188 + sum(comb(len(suited), many) * comb(len(others), count - many)
                      for suit, suited, others in flushing
                      for many in range(need[suit], count + 1))
    since, done = perf_counter(), 0
    for key, ways in _rank_multisets(available, count):
        masks[rank_mask(base + key)] += ways
        done += 1
        if clock is not None and done % 256 == 0:
            clock.counting(done, work, since)
    # the boards that may make a flush: their count moves from the ranks' winners to the real
    known = sum(PACK[code] for code in board_known)
    for suit, suited, others in flushing:
        for many in range(need[suit], min(count, len(suited)) + 1):
            for chosen in combinations(suited, many):
                if clock is not None:
                    clock.counting(done, work, since)
                done += comb(len(others), count - many)
                part = known + sum(PACK[code] for code in chosen)
                for rest in combinations(others, count - many):
                    cards = part + sum(PACK[code] for code in rest)
                    masks[rank_mask(cards & _WEIGHTS)] -= 1
                    masks[_best_mask([_high(cards + own) for own in mine])] += 1
    counts: Counter[Winners] = Counter()
    for mask, times in enumerate(masks):
        if times:
            counts[(tuple(i for n, i in enumerate(live) if mask >> n & 1), ())] += times
    return counts


def _rank_multisets(available: Sequence[int], count: int) -> Iterable[tuple[int, int]]:
    """Every multiset of `count` ranks the unseen cards can make, as (its RANK_WEIGHT sum, the
    number of ways to deal it): `available[rank]` cards of each rank (0 a deuce ... 12 an ace)."""
    def pick(rank: int, left: int, key: int, ways: int) -> Iterable[tuple[int, int]]:
        if left == 0:
            yield key, ways
            return
        if rank == 13:
            return
        for take in range(min(left, available[rank]) + 1):
            yield from pick(rank + 1, left - take, key + take * 5 ** rank,
                            ways * comb(available[rank], take))

    return pick(0, count, 0, 1)


@lru_cache(maxsize=64)
def _no_flush(suit_counts: tuple[int, ...]) -> list[bool]:
    """Board suit counts -> nobody holding these suit counts can have a flush with that
    board (each suit's 3-bit count stays under 8 with seven cards)."""
    return [all(tables.FLUSH_SUIT[(board + own) & 0xFFF] < 0 for own in suit_counts)
            for board in range(1 << 12)]


def _best_mask(values: Sequence[int]) -> int:
    """Bit n set for each n holding the largest value."""
    top = max(values)
    mask = 0
    for n, value in enumerate(values):
        if value == top:
            mask |= 1 << n
    return mask


def _winners(live: Sequence[int], values: Sequence[tuple[int, int]], with_low: bool) -> Winners:
    top = max(high for high, _ in values)
    high = tuple(i for i, (value, _) in zip(live, values, strict=True) if value == top)
    if not with_low:
        return high, ()
    best = max(low for _, low in values)
    if best <= 0:
        return high, ()
    return high, tuple(i for i, (_, value) in zip(live, values, strict=True) if value == best)


HandScorer = Callable[[Sequence[int], Sequence[int]], tuple[int, int]]


def _any_five(with_low: bool) -> HandScorer:
    """Any five of the player's cards and the board's (up to seven in all)."""
    def value(hand: Sequence[int], board: Sequence[int]) -> tuple[int, int]:
        packed = sum(PACK[code] for code in hand) + sum(PACK[code] for code in board)
        return _high(packed), _low(packed) if with_low else 0

    return value


def _exactly(from_hand: int, from_board: int, with_low: bool) -> HandScorer:
    """Omaha's rule: exactly `from_hand` of the player's cards with `from_board` of the board.
    The parts of a hand and of a board are packed once (a hand's across deals, a board's
    across players) with their low-rank masks (0 when a part pairs or holds a card above
    eight, so it cannot be in a low)."""
    hands: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    boards: dict[tuple[int, ...], list[tuple[int, int]]] = {}

    def parts(cards: tuple[int, ...], size: int) -> list[tuple[int, int]]:
        found = []
        for part in combinations(cards, size):
            mask = 0
            for code in part:
                mask |= _LOW_BIT[code]
            found.append((sum(PACK[code] for code in part),
                          mask if mask.bit_count() == size else 0))
        return found

    def value(hand: Sequence[int], board: Sequence[int]) -> tuple[int, int]:
        own = hands.get(tuple(hand))
        if own is None:
            own = hands[tuple(hand)] = parts(tuple(hand), from_hand)
        key = tuple(board)
        theirs = boards.get(key)
        if theirs is None:
            if len(boards) > 64:
                boards.clear()
            theirs = boards[key] = parts(key, from_board)
        high = max(_high(mine + other) for mine, _ in own for other, _ in theirs)
        low = 0
        if with_low:
            for _, mine in own:
                if mine:
                    for _, other in theirs:
                        if other and not mine & other and 256 - (mine | other) > low:
                            low = 256 - (mine | other)
        return high, low

    return value
