"""Hand evaluation: every ranking, low and wild-card rule the house plays (S1-S15).

The public API (see team/HANDS_API.md). Built-in schemes: high, three, three-plain,
three-sf-top, four, two, one, one-low, low (house), low-a5, low-27, low-a6, low-8, doogie.
"""

from __future__ import annotations

from .evaluator import fast
from .evaluator.builtin import register_builtins
from .evaluator.search import best_hand, evaluate
from .evaluator.values import (
    HIGH_CATEGORIES,
    SCHEMES,
    HandValue,
    Scheme,
    Source,
    category_rank,
    register_scheme,
)
from .evaluator.wildspec import WildRule, WildSet, parse_wild

register_builtins()
fast.install()

__all__ = [
    "HIGH_CATEGORIES", "SCHEMES", "HandValue", "Scheme", "Source", "WildRule", "WildSet",
    "best_hand", "category_rank", "evaluate", "parse_wild", "register_scheme",
]
