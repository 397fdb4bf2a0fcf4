"""Showdown speed: a 7-player Omaha Burns showdown (high-low 8-or-better, exactly two from the
hand, goal-posting, burns) through `rules.games.showdown.resolve`, against the same high and low
evaluation through pokerkit, measured side by side on the same deals.

Target (issue 4): a few milliseconds per showdown, at least 10x faster than pokerkit. pokerkit
is a benchmark extra and is never imported by rules/.
"""

from __future__ import annotations

import random
import statistics
import time

PLAYERS = 7
DEALS = 40
REPEATS = 5
RANKS = "23456789TJQKA"
SUITS = "shdc"


def _deals(count: int, seed: int = 4) -> list[dict]:
    rng = random.Random(seed)
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    deals = []
    for _ in range(count):
        cards = rng.sample(deck, PLAYERS * 4 + 5)
        players = [{"name": f"P{i + 1}", "down": cards[i * 4:i * 4 + 4]} for i in range(PLAYERS)]
        deals.append({"game": "omaha-burns", "pot": "25.05", "players": players,
                      "board": {"community": cards[-5:]}})
    return deals


def _ours(deal: dict) -> object:
    from rules.games.showdown import resolve

    return resolve(deal)


def _pokerkit(deal: dict) -> object:
    from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

    board = "".join(deal["board"]["community"])
    highs, lows = [], []
    for player in deal["players"]:
        hole = "".join(player["down"])
        highs.append(OmahaHoldemHand.from_game(hole, board))
        try:
            lows.append(OmahaEightOrBetterLowHand.from_game(hole, board))
        except ValueError:          # no qualifying low
            pass
    return max(highs), (max(lows) if lows else None)


def _median_ms(fn, deals: list[dict]) -> float:
    """Median over repeats of the mean time per showdown, in milliseconds."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        for deal in deals:
            fn(deal)
        times.append((time.perf_counter() - start) / len(deals) * 1000)
    return statistics.median(times)


def _evaluator_share(deals: list[dict]) -> float:
    """The part of our showdown time spent inside `rules.evaluator.best_hand` (0..1)."""
    from rules.games import showdown

    real = showdown.best_hand
    spent = [0.0]

    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            spent[0] += time.perf_counter() - start

    showdown.best_hand = timed
    try:
        start = time.perf_counter()
        for deal in deals:
            showdown.resolve(deal)
        total = time.perf_counter() - start
    finally:
        showdown.best_hand = real
    return spent[0] / total


def main() -> None:
    deals = _deals(DEALS)
    for deal in deals[:3]:          # warm both (imports, tables) before timing
        _ours(deal)
        _pokerkit(deal)
    ours = _median_ms(_ours, deals)
    peer = _median_ms(_pokerkit, deals)
    print(f"{'omaha-burns showdown, 7 players (rules.games)':<52} {ours:8.3f} ms median")
    print(f"{'same high/low evaluation (pokerkit)':<52} {peer:8.3f} ms median")
    print(f"{'ratio':<52} {peer / ours:8.1f}x faster (target >= 10x, a few ms)")
    share = _evaluator_share(deals)
    print(f"{'time inside rules.evaluator.best_hand':<52} {share * 100:8.0f} %")


if __name__ == "__main__":
    main()
