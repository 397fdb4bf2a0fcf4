"""Debt consolidation (B8): median time to settle 20 and 25 random parties, proven minimal.

Books are random nickel amounts: within ±$20 (many zero-sum groups, the hard case) and within
±$100 (fewer). The peer is the greedy largest-debtor-to-largest-creditor settlement measured in
the same run: the ratio is what proving the fewest payments costs over not trying.
"""

import random
import statistics
import time

from rules.settle import _settle_group, settle_balances

BOOKS = 15


def _book(parties: int, seed: int, spread: int) -> dict[str, int]:
    rng = random.Random(seed)
    amounts = [rng.randint(-spread, spread) * 5 for _ in range(parties - 1)]
    amounts.append(-sum(amounts))
    return {f"P{i:02d}": cents for i, cents in enumerate(amounts)}


def _timed(fn, book) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn(book)
    return time.perf_counter() - start, result


def main() -> None:
    for parties in (20, 25):
        for spread, label in ((400, "±$20"), (2000, "±$100")):
            books = [_book(parties, seed, spread) for seed in range(BOOKS)]
            exact = [_timed(settle_balances, book) for book in books]
            greedy = [_timed(lambda b: _settle_group(sorted(b.items())), book) for book in books]
            proven = sum(result.minimal for _, result in exact)
            saved = sum(len(g) - len(e.transfers)
                        for (_, e), (_, g) in zip(exact, greedy, strict=True))
            median = statistics.median(t for t, _ in exact)
            peer = statistics.median(t for t, _ in greedy)
            worst = max(t for t, _ in exact)
            print(f"settle {parties} parties {label}: median {median * 1000:.1f} ms, "
                  f"worst {worst * 1000:.1f} ms, proven {proven}/{BOOKS}, "
                  f"greedy median {peer * 1000:.2f} ms (x{median / peer:.0f}), "
                  f"{saved} payments saved over greedy")
