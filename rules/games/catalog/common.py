"""Pieces that definitions in several catalog modules share."""

from typing import Any

from ..definition import Position, take

SHARED_CARD_SEED = "003_f7338090973f449e.txt"
HOLDEM_BOARD = (Position("community", 5),)
OMAHA = take(hand=2, board=3)
TWO_OR_THREE = (OMAHA, take(hand=3, board=2))
HI_LO_8: dict[str, Any] = {"split": "cards-talk", "low": "low-8", "low_qualifier": 8}
