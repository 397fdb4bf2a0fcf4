"""Hand evaluation: every ranking, low and wild-card rule the house plays (S1-S15).

The public API (see rules/README.md). Built-in schemes: high, three, three-plain,
three-sf-top, four, two, one, one-low, low (house), low-a5, low-27, low-a6, low-8, doogie.

Readings chosen where the seeds leave room (each pinned by a test):
- S13 "lowest-hole": the lowest hole card's rank is wild, including up cards and board cards
  of that rank (as in Texas Reach Around, seed 003); "lowest" does the same over hole and up
  cards. Jokers are never "the lowest card". Aces count only when every eligible card is one.
- S7 house low: a single ace plays low or high, whichever makes the better low; two or more
  aces play high. Straights count, so A-2-3-4-5 is a straight (no perfect low) while
  A-K-Q-J-T, whose ace may play low, is a king-high no-pair hand.
- A qualifier (8 for 8-or-better, 7 for the doogie) means: no pair, no straight or flush
  where the scheme counts them, and no card above the qualifier (ace = 1 where it plays low).
- A joker is wild only when JOKER is in `wild` (one-card schemes excepted: ace high, deuce
  low); a non-wild joker elsewhere is refused. The CLI and census treat jokers as wild.
- Ties: keys never look at suits or at how many cards were wild (S6); among equal hands the
  one shown uses the fewest wild cards.
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
