"""Evaluating hands under the catalog's special rankings, for their tests."""

from rules.cards import parse_cards
from rules.evaluator import evaluate


def value(cards: str, scheme: str, wild: str = ""):
    wild_cards = frozenset(parse_cards(wild)) if wild else frozenset()
    return evaluate(parse_cards(cards), scheme, wild_cards)


def order(scheme: str, *hands: str) -> list[str]:
    """Hands sorted best first (the test lists them best first when the ranking is right)."""
    return sorted(hands, key=lambda hand: value(hand, scheme).key, reverse=True)
