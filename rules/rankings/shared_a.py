"""Special rankings for the first part of the shared-card seed (003): Rails and Depot, Wraparound,
Breaker, and the per-player wild rule of Odds and Ends.

Every ranking here is a pure function of the cards. The five-card classifier below is our own
(not the house evaluator) because these games change what a straight is, where the ace plays, or
add a hand ("ticket") the standard ranking does not know; keeping one classifier makes every key
of one scheme comparable with every other key of that scheme.

Schemes registered (names for game definitions and `--scheme`):
- `high-wrap`   Wraparound: straights may run through the ace (J-Q-K-A-2, Q-K-A-2-3, K-A-2-3-4).
- `ticket`      Rails / Depot: aces low only, no royal flush, plus the "ticket" (a four-card flush
                with a jack, queen or king of another suit as the fifth card). The seed's ranking
                list was an image; by default the ticket ranks just above three of a kind (it is
                rarer than trips and commoner than a straight). `ticket-over-<category>` places
                it directly above another category instead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from rules.cards import JOKER, RANK_NAME, RANK_PLURAL, SUIT_NAME, Card
from rules.errors import CardError, RulesError
from rules.games.adjustments import ADJUSTMENTS, AdjustContext, Adjusted
from rules.games.layouts import LAYOUTS, View
from rules.games.pots import SIDE_PAYMENTS, Owe, SideContext
from rules.hands import HIGH_CATEGORIES, SCHEMES, HandValue, register_scheme

STANDARD_ORDER = (
    "high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
    "four_of_a_kind", "straight_flush", "five_of_a_kind",
)
FIVE_CARD_CATEGORIES = frozenset({"straight", "flush", "straight_flush"})
ANY_CARD = tuple(Card(rank, suit) for rank in range(14, 1, -1) for suit in "shdc")
MAX_WILDS = 2


# ---------------------------------------------------------------------------------------------
# Straights: each straight family maps a set of card ranks to (top value, ranks in reading order)
# ---------------------------------------------------------------------------------------------

def _run(ranks: Sequence[int], top: int) -> tuple[frozenset[int], tuple[int, tuple[int, ...]]]:
    return frozenset(ranks), (top, tuple(reversed(ranks)))


def _standard_straights() -> dict:
    runs = [_run([14, 2, 3, 4, 5], 5)]
    runs += [_run(list(range(low, low + 5)), low + 4) for low in range(2, 11)]
    return dict(runs)


def _ace_low_straights() -> dict:
    """Aces are low only: A-2-3-4-5 up to 9-T-J-Q-K, no ace-high straight."""
    runs = [_run([14, 2, 3, 4, 5], 5)]
    runs += [_run(list(range(low, low + 5)), low + 4) for low in range(2, 10)]
    return dict(runs)


def _wrap_straights() -> dict:
    """Every run of five on the circle A 2 3 ... K A. A run is named by its last card, so
    J-Q-K-A-2 is a deuce-high straight: wraps rank below the wheel (our reading, see describe)."""
    circle = [14] + list(range(2, 14))
    runs = []
    for start in range(13):
        ranks = [circle[(start + step) % 13] for step in range(5)]
        runs.append(_run(ranks, ranks[-1]))
    return dict(runs)


STANDARD_STRAIGHTS = _standard_straights()
ACE_LOW_STRAIGHTS = _ace_low_straights()
WRAP_STRAIGHTS = _wrap_straights()


# ---------------------------------------------------------------------------------------------
# The classifier
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Shape:
    """What five natural cards make: category, tie-break values, cards in reading order."""

    category: str
    values: tuple[int, ...]
    cards: tuple[Card, ...]


def _value(card: Card, ace: int) -> int:
    return ace if card.rank == 14 else card.rank


def classify(cards: Sequence[Card], *, ace: int = 14, straights: dict = STANDARD_STRAIGHTS,
             allowed: frozenset[str] | None = None) -> Shape:
    """Classify exactly five cards. `ace` is the ace's value outside straights (14 or 1).
    `allowed` limits the categories (a broken hand in Breaker may not count as a straight)."""
    counts = Counter(_value(card, ace) for card in cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    flush = len({card.suit for card in cards}) == 1 and len(set(cards)) == 5
    run = straights.get(frozenset(card.rank for card in cards)) if len(counts) == 5 else None

    def ordered_by_groups() -> tuple[Card, ...]:
        rank_of = {value: index for index, (value, _) in enumerate(groups)}
        return tuple(sorted(cards, key=lambda c: (rank_of[_value(c, ace)], -"cdhs".find(c.suit))))

    grouped = tuple(value for value, _ in groups)
    candidates: list[tuple[str, tuple[int, ...], tuple[Card, ...]]] = []
    if run is not None:
        top, reading = run
        by_rank = {card.rank: card for card in cards}
        run_cards = tuple(by_rank[rank] for rank in reading)
        candidates.append(("straight_flush" if flush else "straight", (top,), run_cards))
    if flush:
        candidates.append(("flush", grouped, ordered_by_groups()))
    named = {
        (5,): "five_of_a_kind", (4, 1): "four_of_a_kind", (3, 2): "full_house",
        (3, 1, 1): "three_of_a_kind", (2, 2, 1): "two_pair", (2, 1, 1, 1): "pair",
    }.get(tuple(shape), "high_card")
    candidates.append((named, grouped, ordered_by_groups()))
    if allowed is not None:  # the grouped category (pair, trips ...) is always allowed
        candidates = [c for c in candidates if c[0] in allowed]
    best = max(candidates, key=lambda c: STANDARD_ORDER.index(c[0]))
    return Shape(*best)


def _name(value: int) -> str:
    return RANK_NAME[14 if value == 1 else value]


def _plural(value: int) -> str:
    return RANK_PLURAL[14 if value == 1 else value]


def describe_shape(shape: Shape) -> str:
    """A sentence for the table, e.g. "Queens full of fours"."""
    return category_words(shape.category, shape.values)


def category_words(category: str, values: Sequence[int]) -> str:
    """A poker category in words from its deciding ranks (other rankings' names as they are)."""
    v = values
    return {
        "five_of_a_kind": lambda: f"Five {_plural(v[0])}",
        "straight_flush": lambda: f"Straight flush, {_name(v[0])} high",
        "four_of_a_kind": lambda: f"Four {_plural(v[0])}",
        "full_house": lambda: f"{_plural(v[0]).capitalize()} full of {_plural(v[1])}",
        "flush": lambda: f"Flush, {_name(v[0])} high",
        "straight": lambda: f"Straight, {_name(v[0])} high",
        "three_of_a_kind": lambda: f"Three {_plural(v[0])}",
        "two_pair": lambda: f"Two pair, {_plural(v[0])} and {_plural(v[1])}",
        "pair": lambda: f"Pair of {_plural(v[0])}",
        "high_card": lambda: f"{_name(v[0]).capitalize()} high",
    }.get(category, lambda: category.replace("_", " ").capitalize())()


# ---------------------------------------------------------------------------------------------
# Wild cards by substitution (these games are played without wilds; a custom game may add a few)
# ---------------------------------------------------------------------------------------------

def _substitutions(cards: Sequence[Card], wild: frozenset[Card]) -> Iterable[tuple]:
    """Yield (five cards, wild pairs) for every way the wild cards in `cards` could stand (S11:
    any rank and suit, even a card already held; a duplicate can never make a flush)."""
    wild_positions = [index for index, card in enumerate(cards) if card in wild]
    if len(wild_positions) > MAX_WILDS:
        raise RulesError(f"wild: this ranking allows at most {MAX_WILDS} wild cards in a hand")
    if not wild_positions:
        yield tuple(cards), ()
        return
    for stand_ins in product(ANY_CARD, repeat=len(wild_positions)):
        hand = list(cards)
        for position, stand_in in zip(wild_positions, stand_ins, strict=True):
            hand[position] = stand_in
        pairs = tuple((cards[p], s) for p, s in zip(wild_positions, stand_ins, strict=True))
        yield tuple(hand), pairs


def _refuse_jokers(cards: Sequence[Card], wild: frozenset[Card], scheme: str) -> None:
    if JOKER in cards and JOKER not in wild:
        raise CardError(f"card JK: the {scheme} ranking has no joker unless jokers are wild")


def _wild_note(pairs: tuple) -> str:
    if not pairs:
        return ""
    return " (" + ", ".join(f"{held} wild as {stood}" for held, stood in pairs) + ")"


# ---------------------------------------------------------------------------------------------
# Wraparound (high-wrap)
# ---------------------------------------------------------------------------------------------

def wrap_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """Standard high ranking, except straights may wrap around the ace (Wraparound, 003)."""
    _refuse_jokers(cards, wild, "high-wrap")
    best = None
    for hand, pairs in _substitutions(cards, wild):
        shape = classify(hand, straights=WRAP_STRAIGHTS)
        key = (STANDARD_ORDER.index(shape.category),) + shape.values
        if best is None or key > best[0]:
            best = (key, shape, pairs)
    key, shape, pairs = best
    text = describe_shape(shape)
    if shape.category in ("straight", "straight_flush") and shape.values[0] < 5:
        text += " (wraps around the ace)"
    return HandValue(scheme="high-wrap", category=shape.category, key=key, cards=shape.cards,
                     wilds=pairs, describe=text + _wild_note(pairs))


# ---------------------------------------------------------------------------------------------
# Rails and Depot (ticket)
# ---------------------------------------------------------------------------------------------

RIDER_RANKS = frozenset({11, 12, 13})
DEFAULT_TICKET_ABOVE = "three_of_a_kind"


def ticket_order(above: str = "three_of_a_kind") -> tuple[str, ...]:
    """The Rails/Depot category order, worst first, with "ticket" directly above `above`."""
    if above not in STANDARD_ORDER or above == "five_of_a_kind":
        raise RulesError(f"ticket_rank: expected a category below five_of_a_kind, got {above!r}")
    index = STANDARD_ORDER.index(above) + 1
    return STANDARD_ORDER[:index] + ("ticket",) + STANDARD_ORDER[index:]


def ticket_shape(cards: Sequence[Card]) -> Shape | None:
    """A ticket: four cards of one suit plus a jack, queen or king of another suit as the rider.
    Riders compare first, then the four-flush from its highest card down (aces count 1)."""
    suits = Counter(card.suit for card in cards)
    suit, count = suits.most_common(1)[0]
    if count != 4 or len(set(cards)) != 5:
        return None
    rider = next(card for card in cards if card.suit != suit)
    if rider.rank not in RIDER_RANKS:
        return None
    flush = sorted((c for c in cards if c.suit == suit), key=lambda c: _value(c, 1), reverse=True)
    values = (rider.rank,) + tuple(_value(card, 1) for card in flush)
    return Shape("ticket", values, (rider, *flush))


def make_ticket_scheme(name: str, above: str):
    order = ticket_order(above)

    def ticket_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
        """Aces low only (no royal flush, no ace-high straight) plus the ticket (Rails, Depot)."""
        _refuse_jokers(cards, wild, name)
        best = None
        for hand, pairs in _substitutions(cards, wild):
            shapes = [classify(hand, ace=1, straights=ACE_LOW_STRAIGHTS)]
            ticket = ticket_shape(hand)
            if ticket is not None:
                shapes.append(ticket)
            for shape in shapes:
                key = (order.index(shape.category),) + shape.values
                if best is None or key > best[0]:
                    best = (key, shape, pairs)
        key, shape, pairs = best
        if shape.category == "ticket":
            rider, top = shape.cards[0], shape.cards[1]
            text = (f"Ticket: {_name(rider.rank)} rider on a {_name(_value(top, 1))}-high "
                    f"{SUIT_NAME[top.suit][:-1]} four-flush")
        else:
            text = describe_shape(shape)
        return HandValue(scheme=name, category=shape.category, key=key, cards=shape.cards,
                         wilds=pairs, describe=text + _wild_note(pairs))

    return ticket_value


# ---------------------------------------------------------------------------------------------
# Odds and Ends: each player's highest odd card is wild unless its rank shows on the board
# ---------------------------------------------------------------------------------------------

ODD_RANKS = (9, 7, 5, 3)


def odds_and_ends_wild(down: Iterable[Card], board: Iterable[Card]) -> frozenset[Card]:
    """The cards wild for one player in Odds and Ends (003): the player's highest odd card (9, 7,
    5, 3; no face cards, no ace) and any other card of that rank they hold. If that rank shows
    on the board the wild is "ended" and no lower odd card takes its place (the seed's J-J-7-5
    example drops from three jacks to two pair)."""
    held = list(down)
    board_ranks = {card.rank for card in board}
    for rank in ODD_RANKS:
        if any(card.rank == rank for card in held):
            if rank in board_ranks:
                return frozenset()
            return frozenset(card for card in held if card.rank == rank)
    return frozenset()


# ---------------------------------------------------------------------------------------------
# Breaker: the joker in the hole breaks opponents' straights and flushes when that wins
# ---------------------------------------------------------------------------------------------

BREAKER_KICKER = 15          # the Breaker outranks an ace as a kicker
NOT_FIVE_CARD = frozenset(STANDARD_ORDER) - FIVE_CARD_CATEGORIES


def _best(cards: Sequence[Card], allowed: frozenset[str] | None = None) -> tuple[tuple, Shape]:
    best = None
    for five in combinations(cards, 5):
        shape = classify(five, allowed=allowed)
        key = (STANDARD_ORDER.index(shape.category),) + shape.values
        if best is None or key > best[0]:
            best = (key, shape)
    return best


def _four_with(four: Sequence[Card], kicker: int) -> tuple[tuple, Shape, tuple[Card, ...]]:
    """Four natural cards as a four-card-or-less hand (four of a kind, trips, two pair, pair,
    high card) with a fifth card worth `kicker`: the top kicker, or (0) a dead last card."""
    shapes = {(4,): "four_of_a_kind", (3, 1): "three_of_a_kind", (2, 2): "two_pair",
              (2, 1, 1): "pair", (1, 1, 1, 1): "high_card"}
    counts = Counter(card.rank for card in four)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    category = shapes[tuple(count for _, count in groups)]
    made = tuple(rank for rank, count in groups if count > 1)
    kickers = tuple(rank for rank, count in groups if count == 1)
    # the Breaker played outranks every kicker; a dead one counts below the last
    values = made + (kicker,) + kickers if kicker else made + kickers + (kicker,)
    order = {rank: index for index, (rank, _) in enumerate(groups)}
    used = tuple(sorted(four, key=lambda c: order[c.rank]))
    made_cards = tuple(c for c in used if counts[c.rank] > 1)
    rest = tuple(c for c in used if counts[c.rank] == 1)
    return (STANDARD_ORDER.index(category),) + values, Shape(category, values, made_cards), rest


def _breaker_hand(cards: Sequence[Card]) -> tuple[tuple, Shape]:
    """The holder's played hand: the best four-card-or-less hand (four of a kind, trips, two
    pair, pair, high card) from four of their cards, with the Breaker as the top kicker."""
    best = None
    for four in combinations(cards, 4):
        key, shape, rest = _four_with(four, BREAKER_KICKER)
        if best is None or key > best[0]:
            best = (key, Shape(shape.category, shape.values, shape.cards + (JOKER,) + rest))
    return best


def _describe_breaker(shape: Shape) -> str:
    values = tuple(value for value in shape.values if value != BREAKER_KICKER)
    if shape.category == "high_card":
        return f"Breaker high, then {_name(values[0])}"
    return describe_shape(Shape(shape.category, values, shape.cards)) + ", Breaker kicker"


def _value_of(key: tuple, shape: Shape, note: str = "") -> HandValue:
    played = BREAKER_KICKER in shape.values
    text = _describe_breaker(shape) if played else describe_shape(shape)
    return HandValue(scheme="breaker", category=shape.category, key=key, cards=shape.cards,
                     wilds=(), describe=text + note)


def breaker_values(hands: dict[str, Sequence[Card]], board: Sequence[Card]) -> dict[str, HandValue]:
    """Resolve the high hands of a Breaker showdown (003). `hands` maps each player still in to
    their hole cards (seat order); the joker is the Breaker and plays only from the hole.

    A holder plays the Breaker only if it makes them the winner: every opponent's straight,
    flush or straight flush is broken (played as its best other hand; a full house stands) and
    the holder's best four-card-or-less hand, with the Breaker as the top kicker, must then beat
    every other hand. Otherwise every Breaker is dead and the hands stand as dealt.
    """
    return breaker_play(hands, board)[1]


def breaker_play(hands: dict[str, Sequence[Card]],
                 board: Sequence[Card]) -> tuple[list[str], dict[str, HandValue]]:
    """As `breaker_values`, also naming who plays a Breaker (none: every Breaker is dead).
    With both Breakers out (Dual Breaker), when both holders would win by playing and their
    played hands tie exactly, both play and tie (S6: nothing outside the cards decides)."""
    if JOKER in board:
        raise CardError("board: a Breaker (JK) on the board is dead and must be replaced")
    natural: dict[str, tuple] = {}
    holders = []
    for name, hole in hands.items():
        jokers = sum(card.is_joker for card in hole)
        if jokers > 1:
            raise RulesError(f"players: {name} holds both Breakers and must fold")
        if jokers:
            holders.append(name)
        natural[name] = _best([c for c in hole if not c.is_joker] + list(board))
    played: list[tuple[tuple, str, Shape]] = []
    for name in holders:
        cards = [c for c in hands[name] if not c.is_joker] + list(board)
        if all(natural[name][0] > natural[other][0] for other in hands if other != name):
            continue  # already wins as dealt: the Breaker is not needed
        if not any(natural[other][1].category in FIVE_CARD_CATEGORIES
                   for other in hands if other != name):
            continue  # nothing to break: the Breaker is never just a kicker (example 1's note)
        key, shape = _breaker_hand(cards)
        others = [_broken(natural[other], hands[other], board)[0] for other in hands if other != name]
        if all(key > other for other in others):
            played.append((key, name, shape))
    if not played:
        return [], {name: _value_of(*natural[name]) for name in hands}
    top = max(key for key, _, _ in played)
    breakers = {name: shape for key, name, shape in played if key == top}
    who = " and ".join(breakers)
    values = {}
    for name in hands:
        if name in breakers:
            values[name] = _value_of(top, breakers[name], " (plays the Breaker)")
        else:
            broken_key, broken_shape, was_broken = _broken(natural[name], hands[name], board)
            whose = f"{who}'s Breaker" if len(breakers) == 1 else f"the Breakers of {who}"
            note = f" (broken by {whose})" if was_broken else ""
            values[name] = _value_of(broken_key, broken_shape, note)
    return list(breakers), values


def breaker_adjustment(context: AdjustContext) -> Adjusted:
    """Breaker (003) as a showdown adjustment: among the players contending for the pot, a
    holder plays the Breaker by itself exactly when that makes the holder win (rule 2);
    players who folded keep their hands as dealt and break nothing (the seed's notes)."""
    contending = [p for p in context.players if p.contending]
    board = [card for cards in context.board.values() for card in cards]
    holders = [p.name for p in contending if any(card.is_joker for card in p.down)]
    if not holders:
        return Adjusted()
    breakers, values = breaker_play({p.name: p.down for p in contending}, board)
    if not breakers:
        who = " and ".join(holders)
        return Adjusted(explain=[f"{who} cannot win by playing the Breaker, so it is dead and "
                                 "the hands stand as dealt (Breaker rule 2)."])
    who = " and ".join(breakers)
    verb = "plays the Breaker and wins" if len(breakers) == 1 else "play a Breaker each and tie"
    return Adjusted(high=values, explain=[
        f"{who} {verb} by it: every straight, flush and straight flush is broken (full houses "
        "stand) and the Breaker is the top kicker."])


def _broken(value: tuple, hole: Sequence[Card], board: Sequence[Card]) -> tuple[tuple, Shape, bool]:
    key, shape = value
    if shape.category not in FIVE_CARD_CATEGORIES:
        return key, shape, False
    cards = [c for c in hole if not c.is_joker] + list(board)
    broken_key, broken_shape = _best(cards, allowed=NOT_FIVE_CARD)
    return broken_key, broken_shape, True


# ---------------------------------------------------------------------------------------------
# Breaker as ranking schemes, for the showdown engine (each player is ranked alone there)
# ---------------------------------------------------------------------------------------------

def _breaker_scheme(name: str, played: bool):
    allowed = NOT_FIVE_CARD if played else None

    def fn(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
        """`breaker`: the Breaker is dead (worth less than a deuce, making nothing).
        `breaker-played`: every straight, flush and straight flush is broken (a full house
        stands) and the Breaker is the top kicker of a four-card-or-less hand."""
        jokers = [card for card in cards if card.is_joker]
        if len(jokers) > 1:
            raise RulesError("players: a player holding both Breakers must fold")
        if jokers:
            naturals = [card for card in cards if not card.is_joker]
            key, shape, rest = _four_with(naturals, BREAKER_KICKER if played else 0)
            shown = shape.cards + ((JOKER,) if played else ()) + rest + (() if played else (JOKER,))
            text = (_describe_breaker(shape) if played else
                    describe_shape(Shape(shape.category, tuple(v for v in shape.values if v),
                                         shape.cards)) + " (the Breaker is dead)")
            return HandValue(scheme=name, category=shape.category, key=key, cards=shown,
                             wilds=(), describe=text)
        shape = classify(cards, allowed=allowed)
        return HandValue(scheme=name, category=shape.category,
                         key=(STANDARD_ORDER.index(shape.category),) + shape.values,
                         cards=shape.cards, wilds=(), describe=describe_shape(shape))

    return fn


def breaker_check(context: SideContext) -> list[Owe]:
    """Breaker (003, rule 2): option `breaker` "played" is allowed only when it makes the
    holder of a Breaker in the hole the winner; it never moves money outside the pot."""
    if context.table.settings.get("breaker", "dead") != "played":
        return []
    holders = [p.get("name") for p in context.players
               if any(str(token).upper() == "JK" for token in p.get("down") or ())]
    if not holders:
        raise RulesError("options.breaker: 'played' but nobody holds the Breaker (JK) in the hole")
    winners = list(context.outcome.winners.get("high", []))
    if not winners or any(name not in holders for name in winners):
        raise RulesError("options.breaker: the Breaker may be played only when it makes its "
                         "holder win; here it does not, so it is dead (003, rule 2)")
    context.outcome.explain.append(
        f"{', '.join(winners)} plays the Breaker: every straight, flush and straight flush is "
        "broken, and the Breaker is the top kicker.")
    return []


# ---------------------------------------------------------------------------------------------
# Doogie: a perfect doogie (A-2-3-4, one of each suit) also wins high
# ---------------------------------------------------------------------------------------------

def is_perfect_doogie(cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """Four cards A, 2, 3, 4 in four different suits among `cards`, or None."""
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        if card.rank in (14, 2, 3, 4):
            by_rank.setdefault(card.rank, []).append(card)
    if len(by_rank) < 4:
        return None
    for choice in product(*(by_rank[rank] for rank in (4, 3, 2, 14))):
        if len({card.suit for card in choice}) == 4:
            return tuple(choice)
    return None


def high_doogie_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """Standard high (S2), except that a hand holding a perfect doogie ranks above everything:
    "the perfect doogie wins both high and low" (Doogie, Buddys Game, 003)."""
    perfect = is_perfect_doogie(card for card in cards if card not in wild)
    if perfect is not None:
        rest = tuple(card for card in cards if card not in perfect)
        return HandValue(scheme="high-doogie", category="perfect_doogie", key=(1,),
                         cards=perfect + rest, wilds=(),
                         describe="Perfect doogie (A-2-3-4 in four suits): wins high too")
    plain = SCHEMES["high"].fn(cards, wild)
    return HandValue(scheme="high-doogie", category=plain.category, key=(0, plain.key),
                     cards=plain.cards, wilds=plain.wilds, describe=plain.describe)


# ---------------------------------------------------------------------------------------------
# Layouts (rules.games.layouts.register_layout)
# ---------------------------------------------------------------------------------------------

def depot_layout(view: View) -> Iterator[dict]:
    """Depot (003): two rails of three (`row1`, `row2`), the `switch` between them and the
    `depot` card. With the switch out, three more rails run through it: up the middle and both
    diagonals, so five rails in all; each is a "rail", and the depot card is always "depot"."""
    top, bottom = view.cards("row1"), view.cards("row2")
    switch, depot = view.cards("switch"), view.cards("depot")
    rails = [top, bottom]
    if switch and len(top) == 3 and len(bottom) == 3:
        rails += [(top[1], *switch, bottom[1]), (top[0], *switch, bottom[2]),
                  (top[2], *switch, bottom[0])]
    for rail in rails:
        yield {"rail": rail, "depot": depot, "center": ()}


def odds_and_ends_layout(view: View) -> Iterator[dict]:
    """Odds and Ends (003): the pooled board as "board"; the selection's "center" is the card
    whose rank is wild for this player (their highest odd card, unless the board ends it), to
    be read by the game's wild spec "center". A joker as center names no rank: nothing wild."""
    board = view.cards(*view.playing)
    wild = odds_and_ends_wild(view.down + view.up, board)
    yield {"board": board, "center": (min(wild),) if wild else (JOKER,)}


def insured_layout(view: View) -> Iterator[dict]:
    """Double Trouble (003): one three-card hand with the pooled board. A hand that bought
    insurance enters its insured card as `up`; only then may all three cards play, under the
    label "insured" (the game's takes: hand 2 + board 3, or insured 3 + board 2)."""
    selection = {"hand": view.down + view.up, "board": view.cards(*view.playing),
                 "center": view.center()}
    if view.up:
        selection["insured"] = view.down + view.up
    yield selection


def circle_spokes_layout(view: View) -> Iterator[dict]:
    """Circle Jerk read with spokes: any three neighbours round the `circle` and each line
    through the `center` (a circle card, the center, the card opposite), as "board"."""
    ring, center = view.cards("circle"), view.cards("center")
    size = len(ring)
    for start in range(size):
        yield {"board": tuple(ring[(start + step) % size] for step in range(3)), "center": center}
    if center and size % 2 == 0:
        for start in range(size // 2):
            yield {"board": (ring[start], *center, ring[start + size // 2]), "center": center}


# ---------------------------------------------------------------------------------------------
# Registration
# ---------------------------------------------------------------------------------------------

def _register() -> None:
    register_scheme("breaker", 5, "high", _breaker_scheme("breaker", False))
    register_scheme("breaker-played", 5, "high", _breaker_scheme("breaker-played", True))
    register_scheme("high-doogie", 5, "high", high_doogie_value,
                    categories=("perfect_doogie",) + HIGH_CATEGORIES)
    SIDE_PAYMENTS.add("breaker-check", breaker_check)
    ADJUSTMENTS.add("breaker", breaker_adjustment)
    for name, layout in {"depot": depot_layout, "odds-and-ends": odds_and_ends_layout,
                         "insured": insured_layout, "circle-spokes": circle_spokes_layout}.items():
        LAYOUTS.add(name, layout)
    register_scheme("high-wrap", 5, "high", wrap_value,
                    categories=tuple(reversed(STANDARD_ORDER)))
    for category in STANDARD_ORDER[:-1]:
        name = "ticket" if category == DEFAULT_TICKET_ABOVE else \
            f"ticket-over-{category.replace('_', '-')}"
        register_scheme(name, 5, "high", make_ticket_scheme(name, category),
                        categories=tuple(reversed(ticket_order(category))))


_register()
