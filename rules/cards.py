"""Cards and decks as the table writes them: "As", "10h", "T♠", "JK".

A card is a small frozen value: rank 2..14 (ace = 14) and suit one of "shdc".
A joker has rank 0 and suit "*"; a two-joker deck holds two equal jokers, so duplicate
checks count jokers against the deck instead of refusing the second one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import CardError

RANKS = "23456789TJQKA"
SUITS = "shdc"
RANK_VALUE = {symbol: index + 2 for index, symbol in enumerate(RANKS)}
RANK_SYMBOL = {value: symbol for symbol, value in RANK_VALUE.items()}
RANK_NAME = {
    2: "deuce", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}
RANK_PLURAL = {value: ("sixes" if value == 6 else name + "s") for value, name in RANK_NAME.items()}
SUIT_NAME = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def rank_name(rank: int) -> str:
    """"ace", "king" ... "deuce"; an ace counted low (1) is still an ace."""
    return RANK_NAME[14 if rank == 1 else rank]


def rank_plural(rank: int) -> str:
    """"aces", "kings" ... "sixes" ... "deuces"; an ace counted low (1) included."""
    return RANK_PLURAL[14 if rank == 1 else rank]
_SUIT_SYMBOLS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "♤": "s", "♡": "h", "♢": "d", "♧": "c"}
JOKER_RANK = 0
JOKER_SUIT = "*"


@dataclass(frozen=True, order=True, slots=True)
class Card:
    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    def __str__(self) -> str:
        return "JK" if self.is_joker else RANK_SYMBOL[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


JOKER = Card(JOKER_RANK, JOKER_SUIT)


def parse_card(token: str) -> Card:
    """Parse one card token; the error names the token."""
    if not isinstance(token, str):
        raise CardError(f"card {token!r}: expected a string such as 'As', '10h' or 'JK'")
    text = token.strip()
    if text.upper() == "JK":
        return JOKER
    if len(text) < 2:
        raise CardError(f"unknown card {token!r}: expected rank then suit, e.g. 'As', '10h', 'JK'")
    rank_text, suit_text = text[:-1].upper(), text[-1]
    suit = _SUIT_SYMBOLS.get(suit_text, suit_text.lower())
    rank = RANK_VALUE.get("T" if rank_text == "10" else rank_text)
    if rank is None or suit not in SUITS:
        raise CardError(f"unknown card {token!r}: expected rank then suit, e.g. 'As', '10h', 'JK'")
    return Card(rank, suit)


def parse_cards(tokens: Iterable[str] | str) -> list[Card]:
    """Parse a list of tokens, or one space/comma separated string of them."""
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    return [parse_card(token) for token in tokens]


DECK_NAMES = ("standard", "joker", "two-jokers", "royal", "short")


def deck(name: str = "standard") -> list[Card]:
    """The cards of a named deck: standard 52, joker 53, two-jokers 54, royal 20 (A-T), short
    36 (A-6: the 2s to 5s removed, H6)."""
    standard = [Card(rank, suit) for rank in range(14, 1, -1) for suit in SUITS]
    if name == "standard":
        return standard
    if name == "joker":
        return standard + [JOKER]
    if name == "two-jokers":
        return standard + [JOKER, JOKER]
    if name == "royal":
        return [card for card in standard if card.rank >= 10]
    if name == "short":
        return [card for card in standard if card.rank >= 6]
    raise CardError(f"unknown deck {name!r}: expected one of {', '.join(DECK_NAMES)}")


def check_no_duplicates(cards: Iterable[Card], *, deck_name: str = "two-jokers") -> None:
    """Refuse a card seen twice (jokers may repeat as often as the deck holds them)."""
    allowed = Counter(deck(deck_name))
    for card, seen in Counter(cards).items():
        if card.is_joker and seen <= max(allowed[card], 1):
            continue
        if seen > 1:
            raise CardError(f"card {card} is seen {seen} times")
        if card not in allowed:
            raise CardError(f"card {card} is not in the {deck_name} deck")


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]
