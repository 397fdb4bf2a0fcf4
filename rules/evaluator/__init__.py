"""Hand evaluation: every ranking, low and wild-card rule the house plays (S1-S15).

This package's public API is what it imports below (see rules/README.md); its modules are the
pieces behind it:
- `values`: HandValue, Source, the scheme registry and category orders.
- `scorers`: how each built-in scheme ranks a fixed set of ranks (S2-S9).
- `wildfill`: one hand of exactly the scheme's size, wild cards included (S10-S11).
- `search`: the best hand from many cards or from constrained sources.
- `wildspec`: wild-card specs and the "lowest card" rules (S13).
- `describe`: the sentence a person at the table reads.
- `tables`: fast lookup tables for five- and seven-card high hands.
- `census`: exact frequency tables by rank patterns and suit arrangements.
- `builtin` registers the built-in schemes and `fast` installs the five-card fast paths, once,
  when the package is first imported.

Built-in schemes: high, three, three-plain, three-sf-top, four, two, one, one-low, low (house),
low-a5, low-27, low-a6, low-8, doogie.

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

from . import fast
from .builtin import register_builtins
from .search import best_hand, evaluate
from .values import (
    HIGH_CATEGORIES,
    SCHEMES,
    HandValue,
    Scheme,
    Source,
    category_rank,
    register_scheme,
)
from .wildspec import WildRule, WildSet, parse_wild

register_builtins()
fast.install()

__all__ = [
    "HIGH_CATEGORIES", "SCHEMES", "HandValue", "Scheme", "Source", "WildRule", "WildSet",
    "best_hand", "category_rank", "evaluate", "parse_wild", "register_scheme",
]
