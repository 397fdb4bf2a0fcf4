"""Debt consolidation (B8): time to settle THE BOOK of 30, 35 and 40 people, and how many
settlements are proven minimal.

Books are random balances in nickels (the unit of play), summing to zero: within ±$20 (many
small zero-sum groups: the hard case for the proof), ±$100 and ±$500. "before" is the search
that lists every zero-sum group alone (`proof_budget=0`, the greedy split when it gives up);
"after" adds the proof search of rules.zero_sum. Run: `python -m bench fewest_payments`.
"""

import random
import statistics
import time

from rules.fewest_payments import settle_balances

BOOKS = 15
SPREADS = ((400, "±$20"), (2000, "±$100"), (10000, "±$500"))


def _book(parties: int, seed: int, spread: int) -> dict[str, int]:
    rng = random.Random(seed)
    amounts = [rng.randint(-spread, spread) * 5 for _ in range(parties - 1)]
    amounts.append(-sum(amounts))
    return {f"P{i:02d}": cents for i, cents in enumerate(amounts)}


def _run(books: list[dict[str, int]], **budgets: int) -> tuple[list[float], int, int]:
    times, proven, payments = [], 0, 0
    for book in books:
        start = time.perf_counter()
        result = settle_balances(book, **budgets)
        times.append(time.perf_counter() - start)
        proven += result.minimal
        payments += len(result.transfers)
    return sorted(times), proven, payments


def _line(label: str, times: list[float], proven: int) -> str:
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    return (f"{label} median {statistics.median(times) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms, "
            f"max {times[-1] * 1000:.0f} ms, proven {proven}/{len(times)}")


def main() -> None:
    for parties in (30, 35, 40):
        for spread, label in SPREADS:
            books = [_book(parties, seed, spread) for seed in range(BOOKS)]
            before, proven_before, paid_before = _run(books, proof_budget=0)
            after, proven_after, paid_after = _run(books)
            print(f"settle {parties} people {label}: "
                  f"{_line('before', before, proven_before)}; "
                  f"{_line('after', after, proven_after)}; "
                  f"{paid_before - paid_after} payments saved", flush=True)
