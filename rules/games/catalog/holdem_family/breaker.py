"""Breaker (003): the joker in the hole breaks the opponents' straights and flushes when that
makes its holder win.

Registered: schemes `breaker` (the Breaker dead) and `breaker-played` (played, for the option
that overrules the engine), the adjustment `breaker` (the engine plays it exactly when that
wins, rule 2) and the side payment `breaker-check` (refuses option `played` when it would not).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import cast

from rules.cards import JOKER, Card, rank_name
from rules.errors import CardError, RulesError
from rules.evaluator import HandValue, register_scheme
from rules.evaluator.values import Key, SchemeFn
from rules.games.adjustments import ADJUSTMENTS, AdjustContext, Adjusted
from rules.games.pots import SIDE_PAYMENTS, Owe, SideContext
from rules.rankings.five_card import (
    FIVE_CARD_CATEGORIES,
    STANDARD_ORDER,
    Shape,
    classify,
    describe_shape,
)

BREAKER_KICKER = 15          # the Breaker outranks an ace as a kicker
NOT_FIVE_CARD = frozenset(STANDARD_ORDER) - FIVE_CARD_CATEGORIES


def _best(cards: Sequence[Card], allowed: frozenset[str] | None = None) -> tuple[Key, Shape]:
    best: tuple[Key, Shape] | None = None
    for five in combinations(cards, 5):
        shape = classify(five, allowed=allowed)
        key = (STANDARD_ORDER.index(shape.category),) + shape.values
        if best is None or key > best[0]:
            best = (key, shape)
    assert best is not None  # five cards or more make a hand
    return best


def _four_with(four: Sequence[Card], kicker: int) -> tuple[Key, Shape, tuple[Card, ...]]:
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


def _breaker_hand(cards: Sequence[Card]) -> tuple[Key, Shape]:
    """The holder's played hand: the best four-card-or-less hand (four of a kind, trips, two
    pair, pair, high card) from four of their cards, with the Breaker as the top kicker."""
    best: tuple[Key, Shape] | None = None
    for four in combinations(cards, 4):
        key, shape, rest = _four_with(four, BREAKER_KICKER)
        if best is None or key > best[0]:
            best = (key, Shape(shape.category, shape.values, shape.cards + (JOKER,) + rest))
    assert best is not None  # the holder has four cards or more
    return best


def _describe_breaker(shape: Shape) -> str:
    values = tuple(value for value in shape.values if value != BREAKER_KICKER)
    if shape.category == "high_card":
        return f"Breaker high, then {rank_name(values[0])}"
    return describe_shape(Shape(shape.category, values, shape.cards)) + ", Breaker kicker"


def _value_of(key: Key, shape: Shape, note: str = "") -> HandValue:
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
    natural: dict[str, tuple[Key, Shape]] = {}
    holders = []
    for name, hole in hands.items():
        jokers = sum(card.is_joker for card in hole)
        if jokers > 1:
            raise RulesError(f"players: {name} holds both Breakers and must fold")
        if jokers:
            holders.append(name)
        natural[name] = _best([c for c in hole if not c.is_joker] + list(board))
    played: list[tuple[Key, str, Shape]] = []
    for name in holders:
        cards = [c for c in hands[name] if not c.is_joker] + list(board)
        if all(natural[name][0] > natural[other][0] for other in hands if other != name):
            continue  # already wins as dealt: the Breaker is not needed
        if not any(natural[other][1].category in FIVE_CARD_CATEGORIES
                   for other in hands if other != name):
            continue  # nothing to break: the Breaker is never just a kicker (example 1's note)
        key, shape = _breaker_hand(cards)
        others = [_broken(natural[other], hands[other], board)[0]
                  for other in hands if other != name]
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


@ADJUSTMENTS.register("breaker")
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


def _broken(value: tuple[Key, Shape], hole: Sequence[Card],
            board: Sequence[Card]) -> tuple[Key, Shape, bool]:
    key, shape = value
    if shape.category not in FIVE_CARD_CATEGORIES:
        return key, shape, False
    cards = [c for c in hole if not c.is_joker] + list(board)
    broken_key, broken_shape = _best(cards, allowed=NOT_FIVE_CARD)
    return broken_key, broken_shape, True


# ---------------------------------------------------------------------------------------------
# Breaker as ranking schemes, for the showdown engine (each player is ranked alone there)
# ---------------------------------------------------------------------------------------------

def _breaker_scheme(name: str, played: bool) -> SchemeFn:
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


register_scheme("breaker", 5, "high", _breaker_scheme("breaker", False))
register_scheme("breaker-played", 5, "high", _breaker_scheme("breaker-played", True))


def _listed(value: object) -> Iterable[object]:
    """A player's `down` cards: a list as the showdown read it (a payout's players are not
    read for cards, so any iterable is looked through, as before)."""
    return cast(Iterable[object], value or ())


@SIDE_PAYMENTS.register("breaker-check")
def breaker_check(context: SideContext) -> list[Owe]:
    """Breaker (003, rule 2): option `breaker` "played" is allowed only when it makes the
    holder of a Breaker in the hole the winner; it never moves money outside the pot."""
    if context.table.settings.get("breaker", "dead") != "played":
        return []
    holders = [p.get("name") for p in context.players
               if any(str(token).upper() == "JK" for token in _listed(p.get("down")))]
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
