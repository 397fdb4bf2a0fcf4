"""Rails and Depot (003): aces low only, no royal flush, plus the "ticket" (a four-card flush with
a jack, queen or king of another suit as the fifth card), and Depot's rails.

The seed's ranking list was an image; by default the ticket ranks just above three of a kind
(it is rarer than trips and commoner than a straight): scheme `ticket`. `ticket-over-<category>`
places it directly above another category instead (the games' option `ticket_rank`).
Layout `depot`: Depot's five rails through the switch.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from rules.cards import SUIT_NAME, Card, rank_name
from rules.errors import RulesError
from rules.evaluator import HandValue, register_scheme
from rules.evaluator.values import Key, SchemeFn, WildPairs
from rules.games.layouts import LAYOUTS, Selection, View
from rules.rankings.common import refuse_jokers, substitutions, wild_note
from rules.rankings.five_card import (
    ACE_LOW_STRAIGHTS,
    STANDARD_ORDER,
    Shape,
    card_value,
    classify,
    describe_shape,
)

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
    flush = sorted((c for c in cards if c.suit == suit), key=lambda c: card_value(c, 1),
                   reverse=True)
    values = (rider.rank,) + tuple(card_value(card, 1) for card in flush)
    return Shape("ticket", values, (rider, *flush))


def make_ticket_scheme(name: str, above: str) -> SchemeFn:
    order = ticket_order(above)

    def ticket_value(cards: tuple[Card, ...], wild: frozenset[Card] = frozenset()) -> HandValue:
        """Aces low only (no royal flush, no ace-high straight) plus the ticket (Rails, Depot)."""
        refuse_jokers(cards, wild, name)
        best: tuple[Key, Shape, WildPairs] | None = None
        for hand, pairs in substitutions(cards, wild, name):
            shapes = [classify(hand, ace=1, straights=ACE_LOW_STRAIGHTS)]
            ticket = ticket_shape(hand)
            if ticket is not None:
                shapes.append(ticket)
            for shape in shapes:
                key = (order.index(shape.category),) + shape.values
                if best is None or key > best[0]:
                    best = (key, shape, pairs)
        assert best is not None  # a hand has at least one reading
        key, shape, pairs = best
        if shape.category == "ticket":
            rider, top = shape.cards[0], shape.cards[1]
            text = (f"Ticket: {rank_name(rider.rank)} rider on a "
                    f"{rank_name(card_value(top, 1))}-high "
                    f"{SUIT_NAME[top.suit][:-1]} four-flush")
        else:
            text = describe_shape(shape)
        return HandValue(scheme=name, category=shape.category, key=key, cards=shape.cards,
                         wilds=pairs, describe=text + wild_note(pairs))

    return ticket_value


def ticket_scheme_name(above: str) -> str:
    """`ticket` for the default place, else `ticket-over-<category>`."""
    return "ticket" if above == DEFAULT_TICKET_ABOVE else f"ticket-over-{above.replace('_', '-')}"


for _above in STANDARD_ORDER[:-1]:
    register_scheme(ticket_scheme_name(_above), 5, "high",
                    make_ticket_scheme(ticket_scheme_name(_above), _above),
                    categories=tuple(reversed(ticket_order(_above))))


@LAYOUTS.register("depot")
def depot_layout(view: View) -> Iterator[Selection]:
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
