"""Special rankings and side payments of the draw-poker variants (seed 002).

Schemes registered (names for game definitions and `--scheme`):
- `brag`          three cards: trips > pair > high card (no straights or flushes). The braggers
                  A♦ J♣ 9♦ are wild, ranking in that order. Between hands of the same rank a
                  natural hand beats one using a bragger, the higher bragger beats a lower one, and
                  the suits (spades, hearts, diamonds, clubs) break what is still tied (S6's
                  exception for Brag): for two equal pairs with equal odd cards, the odd
                  card's suit; otherwise from the highest card down.
- `two-low`       two cards for low: any unpaired hand beats a pair, then the lower top card wins;
                  the ace is low, a wild card takes the best rank it can and need not pair (S10).
- `red-black`     point count, highest total wins (red cards plus, black cards minus, ten to king
                  ten points, ace one, the rest their pips).
- `red-black-low` the same count, lowest total wins.

Pure functions for what is not a ranking: `knock_payments` (Knock Poker's side payments, P15)
and `pokino_score` (Pokino's trick and honour points).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from rules.cards import RANK_NAME, RANK_PLURAL, Card
from rules.errors import RulesError
from rules.evaluator import HandValue, register_scheme
from rules.evaluator.values import Key, WildPairs
from rules.games.pots import SIDE_PAYMENTS, Owe, SideContext
from rules.money import format_cents, parse_cents, require_units
from rules.rankings.common import substitutions, wild_note

# ---------------------------------------------------------------------------------------------
# Brag
# ---------------------------------------------------------------------------------------------

BRAGGERS = (Card(14, "d"), Card(11, "c"), Card(9, "d"))
BRAG_SUIT_ORDER = {"s": 4, "h": 3, "d": 2, "c": 1}
BRAG_ORDER = ("high_card", "pair", "three_of_a_kind")


def _wild_strength(card: Card) -> int:
    """Braggers outrank each other A♦ > J♣ > 9♦; any other card a game makes wild ranks below
    them by rank and suit."""
    if card in BRAGGERS:
        return 1000 - BRAGGERS.index(card)
    return card.rank * 10 + BRAG_SUIT_ORDER.get(card.suit, 0)


def _brag_shape(ranks: Sequence[int]) -> tuple[str, tuple[int, ...]]:
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    category = {3: "three_of_a_kind", 2: "pair"}.get(groups[0][1], "high_card")
    return category, tuple(rank for rank, _ in groups)


def _stand_in(rank: int, held: Card, taken: set[Card]) -> Card:
    """The card a wild is shown as: its own suit when free, else the first free suit."""
    for suit in (held.suit, "s", "h", "d", "c"):
        candidate = Card(rank, suit)
        if suit in "shdc" and candidate not in taken:
            return candidate
    return Card(rank, "s")


def _brag_key(category: str, values: tuple[int, ...], natural: int, strength: int,
              natural_first: bool) -> Key:
    if natural_first:      # a natural hand beats any wild one of its category
        return (BRAG_ORDER.index(category), natural, strength) + values
    return (BRAG_ORDER.index(category),) + values + (natural, strength)


def brag_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset(), *,
               natural_first: bool = False) -> HandValue:
    """Rank a three-card Brag hand (002). By default the ranks decide first and "natural beats
    wild" only separates hands of the same ranks; `natural_first` applies it within the whole
    category (the `brag-natural-first` scheme)."""
    wilds = [card for card in cards if card in wild]
    naturals = [card for card in cards if card not in wild]
    choices = [sorted({n.rank for n in naturals} | {14} | ({w.rank} if not w.is_joker else set()))
               for w in wilds]
    best: tuple[Key, str, tuple[int, ...], tuple[int, ...], list[Card]] | None = None
    for ranks in product(*choices):
        category, values = _brag_shape([n.rank for n in naturals] + list(ranks))
        used = [w for w, r in zip(wilds, ranks, strict=True) if w.is_joker or r != w.rank]
        strength = max((_wild_strength(w) for w in used), default=0)
        key = _brag_key(category, values, 0 if used else 1, strength, natural_first)
        if best is None or key > best[0]:
            best = (key, category, values, ranks, used)
    assert best is not None  # a hand has at least one reading
    key, category, values, ranks, used = best
    taken = set(naturals)
    shown = []
    for held, rank in zip(wilds, ranks, strict=True):
        card = held if held not in used else _stand_in(rank, held, taken)
        taken.add(card)
        shown.append((held, card))
    order = {rank: index for index, rank in enumerate(values)}
    hand = sorted(naturals + [card for _, card in shown],
                  key=lambda c: (order[c.rank], -BRAG_SUIT_ORDER.get(c.suit, 0)))
    # equal pairs with equal odd cards: "high suit wins" reads as the odd card's suit, so it
    # is compared first; otherwise the suits go from the highest card down
    suited = hand[2:] + hand[:2] if category == "pair" else hand
    suits = tuple(BRAG_SUIT_ORDER.get(c.suit, 0) for c in suited)
    pairs = tuple((held, card) for held, card in shown if held in used)
    name = "brag-natural-first" if natural_first else "brag"
    return HandValue(scheme=name, category=category, key=key + suits, cards=tuple(hand),
                     wilds=pairs, describe=_describe_brag(category, values, pairs))


def brag_natural_first_value(cards: tuple[Card, ...],
                             wild: frozenset[Card] = frozenset()) -> HandValue:
    return brag_value(cards, wild, natural_first=True)


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _describe_brag(category: str, values: tuple[int, ...], pairs: WildPairs) -> str:
    text = {
        "three_of_a_kind": f"Three {RANK_PLURAL[values[0]]}",
        "pair": f"Pair of {RANK_PLURAL[values[0]]}, {RANK_NAME[values[-1]]} odd card",
        "high_card": f"{RANK_NAME[values[0]].capitalize()} high",
    }[category]
    if pairs:
        text += " (" + ", ".join(f"bragger {held} as {_a(RANK_NAME[card.rank])}"
                                 for held, card in pairs) + ")"
    else:
        text += " (natural)"
    return text


# ---------------------------------------------------------------------------------------------
# Three-card poker in the standard order (Three-card poker, Three-card monte)
# ---------------------------------------------------------------------------------------------

# worst first; the seed ranks three-card hands "as in standard poker", so a flush beats a
# straight and both beat three of a kind; "some players" put three of a kind on top instead
THREE_STANDARD = ("high_card", "pair", "three_of_a_kind", "straight", "flush", "straight_flush")
THREE_TRIPS_TOP = ("high_card", "pair", "straight", "flush", "straight_flush", "three_of_a_kind")


def _three_shape(cards: Sequence[Card]) -> tuple[str, tuple[int, ...], tuple[Card, ...]]:
    """Category, tie-break values and reading order of three natural cards."""
    counts = Counter(card.rank for card in cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    values = tuple(rank for rank, _ in groups)
    order = {rank: index for index, rank in enumerate(values)}
    reading = tuple(sorted(cards, key=lambda c: (order[c.rank], -BRAG_SUIT_ORDER.get(c.suit, 0))))
    flush = len({card.suit for card in cards}) == 1 and len(set(cards)) == 3
    ranks = set(counts)
    top = None
    if len(ranks) == 3:
        if max(ranks) - min(ranks) == 2:
            top = max(ranks)
        elif ranks == {14, 2, 3}:
            top = 3                                   # A-2-3, the lowest straight
    if top is not None:
        by_rank = {card.rank: card for card in cards}
        run = (top, top - 1, top - 2) if top > 3 else (3, 2, 14)
        return ("straight_flush" if flush else "straight"), (top,), tuple(by_rank[r] for r in run)
    if flush:
        return "flush", values, reading
    category = {3: "three_of_a_kind", 2: "pair"}.get(groups[0][1], "high_card")
    return category, values, reading


_THREE_TEXT = {
    "straight_flush": lambda v: f"Straight flush, {RANK_NAME[v[0]]} high",
    "flush": lambda v: f"Flush, {RANK_NAME[v[0]]} high",
    "straight": lambda v: f"Straight, {RANK_NAME[v[0]]} high",
    "three_of_a_kind": lambda v: f"Three {RANK_PLURAL[v[0]]}",
    "pair": lambda v: f"Pair of {RANK_PLURAL[v[0]]}",
    "high_card": lambda v: f"{RANK_NAME[v[0]].capitalize()} high",
}


def _three_value(name: str, order: tuple[str, ...], cards: tuple[Card, ...],
                 wild: frozenset[Card]) -> HandValue:
    best: tuple[Key, str, tuple[int, ...], tuple[Card, ...], WildPairs] | None = None
    # a wild stands for any card, even one already held (S11); a flush needs three different cards
    for hand, stood in substitutions(cards, wild, name, limit=None):
        category, values, reading = _three_shape(hand)
        key = (order.index(category),) + values
        if best is None or key > best[0]:
            pairs = tuple((held, card) for held, card in stood if held != card)
            best = (key, category, values, reading, pairs)
    assert best is not None  # a hand has at least one reading
    key, category, values, reading, pairs = best
    return HandValue(scheme=name, category=category, key=key, cards=reading, wilds=pairs,
                     describe=_THREE_TEXT[category](values) + wild_note(pairs))


def three_standard_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """Three cards ranked in the standard poker order: straight flush > flush > straight >
    three of a kind > pair > high card (A-2-3 is the lowest straight, A-K-Q the highest)."""
    return _three_value("three-standard", THREE_STANDARD, cards, wild)


def three_trips_top_value(cards: tuple[Card, ...],
                          wild: frozenset[Card] = frozenset()) -> HandValue:
    """The same, but three of a kind is the best hand ("some players", 002)."""
    return _three_value("three-trips-top", THREE_TRIPS_TOP, cards, wild)


# ---------------------------------------------------------------------------------------------
# Two-card low
# ---------------------------------------------------------------------------------------------

def _low_value(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


def two_low_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """Two-card low (Two-Card Poker, Deuces Wild; Dynamite played high-low): ace low, a pair is
    worse than any two odd cards, then the lower top card wins. A wild takes the lowest rank
    the hand lacks (S10), so ace plus a wild deuce is the perfect A-2."""
    naturals = [card for card in cards if card not in wild]
    wilds = [card for card in cards if card in wild]
    held = {_low_value(card) for card in naturals}
    shown: list[tuple[Card, Card]] = []
    for card in wilds:
        value = next(v for v in range(1, 14) if v not in held)
        held.add(value)
        suit = card.suit if card.suit in "shdc" else "s"
        shown.append((card, Card(14 if value == 1 else value, suit)))
    hand = sorted(naturals + [stood for _, stood in shown], key=_low_value, reverse=True)
    values = tuple(_low_value(card) for card in hand)
    paired = values[0] == values[1]
    key = (0 if paired else 1, -values[0], -values[1])
    name = RANK_NAME
    if paired:
        text = f"Pair of {RANK_PLURAL[hand[0].rank]}"
    else:
        text = f"{name[hand[0].rank].capitalize()}-{name[hand[1].rank]} low"
    text += wild_note(tuple((held, stood) for held, stood in shown if held != stood))
    return HandValue(scheme="two-low", category="pair" if paired else "high_card", key=key,
                     cards=tuple(hand), wilds=tuple(shown), describe=text)


# ---------------------------------------------------------------------------------------------
# Red and Black
# ---------------------------------------------------------------------------------------------

def red_black_points(cards: Iterable[Card]) -> int:
    """Red cards count plus, black minus; ten to king 10, ace 1, others their pips (002)."""
    total = 0
    for card in cards:
        if card.is_joker:
            raise RulesError("card JK: Red and Black is played without jokers")
        points = 1 if card.rank == 14 else min(card.rank, 10)
        total += points if card.suit in "hd" else -points
    return total


def _points_text(points: int) -> str:
    return f"{'Minus ' if points < 0 else ''}{abs(points)} point{'s' if abs(points) != 1 else ''}"


def red_black_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """Red and Black high: the largest point total wins."""
    points = red_black_points(cards)
    return HandValue(scheme="red-black", category="points", key=(points,), cards=tuple(cards),
                     wilds=(), describe=_points_text(points))


def red_black_low_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
    """Red and Black low: the smallest point total wins (the key is negated: larger is better)."""
    points = red_black_points(cards)
    return HandValue(scheme="red-black-low", category="points", key=(-points,),
                     cards=tuple(cards), wilds=(), describe=_points_text(points))


# ---------------------------------------------------------------------------------------------
# Knock Poker side payments (P15)
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Payment:
    """One side payment outside the pot, in chips (the caller prices a chip)."""

    name: str
    to: str
    chips: int
    reason: str


KNOCK_BONUS = {"four_of_a_kind": 4, "straight_flush": 4, "royal_flush": 8}
KNOCK_BONUS_DEUCES = {"five_of_a_kind": 4, "straight_flush": 4, "royal_flush": 4}


def bonus_class(value: HandValue) -> str | None:
    """"royal_flush" for an ace-high straight flush, otherwise the hand's category."""
    if value.category == "straight_flush" and max(card.rank for card in value.cards) == 14 \
            and min(card.rank for card in value.cards) == 10:
        return "royal_flush"
    return value.category


def knock_payments(*, players: Sequence[str], active: Sequence[str], knocker: str | None,
                   winners: Sequence[str], winning_hand: str | None,
                   deuces_wild: bool = False) -> list[Payment]:
    """Knock Poker's payments outside the pot (002, P15), in chips.

    `players` is everyone dealt in, `active` those who stayed to the showdown (the knocker
    included), `winners` the active players holding the best hand, `winning_hand` its bonus
    class (`bonus_class`). A player who dropped pays the knocker one chip. A knocker who holds
    the high hand alone collects two chips from every other active player; a knocker beaten by
    anyone pays two chips to every other active player; a knocker who only ties neither pays
    nor collects (our reading: nobody beat him, but he does not hold *the* high hand). A lone
    winner holding a bonus hand collects the bonus from every other player dealt in.
    """
    unknown = (set(active) | set(winners) | ({knocker} if knocker else set())) - set(players)
    if unknown:
        raise RulesError(f"players: {sorted(unknown)[0]} is not dealt in")
    payments: list[Payment] = []
    if knocker is not None:
        if knocker not in active:
            raise RulesError(f"knocker: {knocker} must stay in to the showdown")
        payments += [Payment(name, knocker, 1, "dropped after the knock")
                     for name in players if name not in active]
        others = [name for name in active if name != knocker]
        if list(winners) == [knocker]:
            payments += [Payment(name, knocker, 2, "the knocker wins") for name in others]
        elif knocker not in winners:
            payments += [Payment(knocker, name, 2, "the knocker is beaten") for name in others]
    table = KNOCK_BONUS_DEUCES if deuces_wild else KNOCK_BONUS
    if len(winners) == 1 and winning_hand in table:
        winner = winners[0]
        payments += [Payment(name, winner, table[winning_hand],
                             f"bonus for {winning_hand.replace('_', ' ')}")
                     for name in players if name != winner]
    return payments


# ---------------------------------------------------------------------------------------------
# Pokino scoring
# ---------------------------------------------------------------------------------------------

POKINO_HONOURS = {
    "high_card": 0, "pair": 50, "two_pair": 100, "three_of_a_kind": 200, "straight": 300,
    "flush": 400, "full_house": 500, "four_of_a_kind": 900, "straight_flush": 750,
    "royal_flush": 1000,
}
POKINO_SWEEP = 250
POKINO_PENALTY = {"pat": 1, "double": 2, "redouble": 4}


@dataclass(frozen=True)
class PokinoScore:
    below: int          # trick points (count toward the 20-point game)
    above: int          # honour and sweep bonus points


def pokino_score(*, tricks: dict[str, int], penalty: dict[str, str],
                 poker_winner: str | None, winning_hand: str | None) -> dict[str, PokinoScore]:
    """Score one Pokino hand (002) for its two players.

    `tricks` are the tricks each won (five in all); `penalty` is each player's draw status:
    "pat", "double" (drew once) or "redouble" (drew twice; the dealer's first draw is free).
    Each trick is worth 1, 2 or 4 points by the *opponent's* penalty. Only the better poker hand
    scores its honour (the seed's table as printed, four of a kind 900 above a straight flush's
    750); a sweep of all five tricks earns 250 above the line. A tied poker hand scores no
    honour.
    """
    if len(tricks) != 2 or set(tricks) != set(penalty):
        raise RulesError("players: Pokino is for exactly two players, each with tricks and penalty")
    if any(isinstance(won, bool) or not isinstance(won, int) for won in tricks.values()):
        raise RulesError("tricks: expected a whole number of tricks for each player")
    if sum(tricks.values()) != 5 or min(tricks.values()) < 0:
        raise RulesError("tricks: the two players' tricks must add up to five")
    for name, status in penalty.items():
        if status not in POKINO_PENALTY:
            raise RulesError(f"penalty: {name}'s must be one of pat, double, redouble")
    first, second = tricks
    opponent = {first: second, second: first}
    scores = {}
    for name, won in tricks.items():
        below = won * POKINO_PENALTY[penalty[opponent[name]]]
        above = POKINO_SWEEP if won == 5 else 0
        if name == poker_winner and winning_hand is not None:
            above += POKINO_HONOURS.get(winning_hand, 0)
        scores[name] = PokinoScore(below, above)
    return scores


def _register() -> None:
    register_scheme("three-standard", 3, "high", three_standard_value,
                    categories=tuple(reversed(THREE_STANDARD)))
    register_scheme("three-trips-top", 3, "high", three_trips_top_value,
                    categories=tuple(reversed(THREE_TRIPS_TOP)))
    register_scheme("brag", 3, "high", brag_value, categories=tuple(reversed(BRAG_ORDER)))
    register_scheme("brag-natural-first", 3, "high", brag_natural_first_value,
                    categories=tuple(reversed(BRAG_ORDER)))
    register_scheme("two-low", 2, "low", two_low_value, categories=("high_card", "pair"))
    register_scheme("red-black", 5, "high", red_black_value, categories=("points",))
    register_scheme("red-black-low", 5, "low", red_black_low_value, categories=("points",))


_register()


# ---------------------------------------------------------------------------------------------
# Side-payment rules for the showdown engine (rules.games.pots.SIDE_PAYMENTS)
# ---------------------------------------------------------------------------------------------

def _chip_value(context: SideContext) -> int:
    unit = context.table.unit
    chip = parse_cents(str(context.table.settings.get("chip", format_cents(unit))),
                       field="options.chip")
    return require_units(chip, field="options.chip", unit=unit)


def _flag(player: Mapping[str, object], name: str) -> bool:
    value = player.get(name, False)
    if not isinstance(value, bool):
        raise RulesError(f"players.{name}: expected true or false for {player.get('name')}")
    return value


def _knock_side(context: SideContext, *, deuces_wild: bool) -> list[Owe]:
    """Knock Poker (P15): the knocker is the player marked `"knock": true`; players who did not
    stay in are the ones who dropped after the knock."""
    names = [entrant.name for entrant in context.entrants]
    knockers = [str(p["name"]) for p in context.players if _flag(p, "knock")]   # a str: read
    if len(knockers) > 1:
        raise RulesError(f"players.knock: only one player knocks, got {', '.join(knockers)}")
    active = [e.name for e in context.entrants if e.stayed and not e.dead]
    winners = list(context.outcome.winners.get("high", []))
    value = context.values.get(winners[0]) if winners else None
    payments = knock_payments(players=names, active=active,
                              knocker=knockers[0] if knockers else None, winners=winners,
                              winning_hand=bonus_class(value) if value is not None else None,
                              deuces_wild=deuces_wild)
    chip = _chip_value(context)
    owes = []
    for payment in payments:
        amount = payment.chips * chip
        reason = "bonus" if payment.reason.startswith("bonus") else "knock"
        owes.append(Owe(payment.name, amount, reason, payment.to))
        context.outcome.explain.append(f"{payment.name} pays {payment.to} {payment.chips} "
                                       f"chip{'s' if payment.chips > 1 else ''} "
                                       f"({format_cents(amount)}): {payment.reason} (P15).")
    return owes


@SIDE_PAYMENTS.register("knock")
def knock_side(context: SideContext) -> list[Owe]:
    return _knock_side(context, deuces_wild=False)


@SIDE_PAYMENTS.register("knock-deuces")
def knock_deuces_side(context: SideContext) -> list[Owe]:
    return _knock_side(context, deuces_wild=True)


@SIDE_PAYMENTS.register("forfeit")
def forfeit_side(context: SideContext) -> list[Owe]:
    """Whiskey Poker: the lowest hand shown pays the forfeit (option `forfeit`) into the pot, or
    to the winner with option `forfeit_to` "winner"; players tied for lowest each pay it."""
    shown = [e for e in context.entrants if e.stayed and not e.dead and e.high is not None]
    if len(shown) < 2:
        return []
    amount = require_units(parse_cents(str(context.table.settings.get("forfeit", "0.25")),
                                       field="options.forfeit"), field="options.forfeit",
                           unit=context.table.unit)
    lowest = min(high for e in shown if (high := e.high) is not None)
    to_winner = context.table.settings.get("forfeit_to", "pot") == "winner"
    winners = list(context.outcome.winners.get("high", []))
    owes = []
    for entrant in shown:
        if entrant.high != lowest or entrant.name in winners:
            continue
        if to_winner and winners:
            each, rest = divmod(amount, len(winners))
            owes += [Owe(entrant.name, each + (rest if i == 0 else 0), "forfeit", winner)
                     for i, winner in enumerate(winners)]
            where = "to " + " and ".join(winners)
        else:
            owes.append(Owe(entrant.name, amount, "forfeit"))
            where = "into the pot"
        context.outcome.explain.append(f"{entrant.name} shows the lowest hand and pays the "
                                       f"forfeit of {format_cents(amount)} {where}.")
    return owes


@SIDE_PAYMENTS.register("pokino")
def pokino_side(context: SideContext) -> list[Owe]:
    """Pokino is scored in points, not money: explain the hand's score when both players give
    `tricks` (0-5) and `penalty` ("pat", "double", "redouble")."""
    if len(context.entrants) != 2:
        raise RulesError(f"players: Pokino is for exactly two players, got {len(context.entrants)}")
    players = [p for p in context.players if "tricks" in p or "penalty" in p]
    winners = list(context.outcome.winners.get("high", []))
    value = context.values.get(winners[0]) if len(winners) == 1 else None
    hand = bonus_class(value) if value is not None else None
    if len(players) != 2:
        if hand is not None:
            context.outcome.explain.append(
                f"{winners[0]} holds the better poker hand: {POKINO_HONOURS.get(hand, 0)} honour "
                "points (Pokino).")
        return []
    # names were read as strings; tricks and penalties are checked by pokino_score
    tricks: dict[str, Any] = {str(p["name"]): p.get("tricks") for p in players}
    penalty: dict[str, Any] = {str(p["name"]): p.get("penalty", "pat") for p in players}
    scores = pokino_score(tricks=tricks, penalty=penalty,
                          poker_winner=winners[0] if len(winners) == 1 else None,
                          winning_hand=hand)
    for name, score in scores.items():
        context.outcome.explain.append(f"{name} scores {score.below} below the line and "
                                       f"{score.above} above (Pokino).")
    return []
