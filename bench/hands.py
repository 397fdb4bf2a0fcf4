"""Hand evaluator speed against treys (and phevaluator), measured in the same run.

Targets (issue 3): plain 5-card high at least as fast as treys' Evaluator.evaluate on the
same hands; 7-card high at least 5x treys; 7-card hands with up to four wild cards at least
100,000 hands/s; census of all 5-card hands < 5 s under any wild spec, all 7-card hands < 60 s.
Medians of several repeats. treys/phevaluator are benchmark extras, never imported by rules/.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time

HANDS = 20_000
REPEATS = 5


def _median_rate(fn, hands, repeats=REPEATS):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn(hands)
        times.append(time.perf_counter() - start)
    return len(hands) / statistics.median(times)


def _deals(size, count, seed):
    rng = random.Random(seed)
    return [rng.sample(range(52), size) for _ in range(count)]


def _line(label, rate, peer=None, peer_label="treys"):
    text = f"{label:<52} {rate:>12,.0f} hands/s"
    if peer:
        text += f"   {rate / peer:5.2f}x {peer_label}"
    print(text, flush=True)
    return rate


def bench_high():
    from treys import Card as TreysCard
    from treys import Evaluator

    from rules.evaluator import evaluate, tables

    treys = Evaluator()
    to_treys = [TreysCard.new(str(tables.CARD[code]).replace("T", "T")) for code in range(52)]
    five = _deals(5, HANDS, 5)
    seven = _deals(7, HANDS, 7)
    start = time.perf_counter()
    for hand in five:
        tables.score5(*hand)
    for hand in seven:
        tables.score7(*hand)
    print(f"(tables warmed for these hands in {time.perf_counter() - start:.2f} s)")
    treys5 = [([to_treys[c] for c in hand[:2]], [to_treys[c] for c in hand[2:]]) for hand in five]
    treys7 = [([to_treys[c] for c in hand[:2]], [to_treys[c] for c in hand[2:]]) for hand in seven]
    cards5 = [[tables.CARD[c] for c in hand] for hand in five]
    cards7 = [[tables.CARD[c] for c in hand] for hand in seven]
    _check_same_order(five, treys5, treys, tables.score5)

    def run_treys(hands):
        for hole, board in hands:
            treys.evaluate(hole, board)

    def run_score5(hands):
        score5 = tables.score5
        for hand in hands:
            score5(*hand)

    def run_score7(hands):
        score7 = tables.score7
        for hand in hands:
            score7(*hand)

    def run_evaluate(hands):
        for hand in hands:
            evaluate(hand)

    print("-- plain high (medians of", REPEATS, "runs) --")
    peer5 = _line("treys Evaluator.evaluate, 5 cards", _median_rate(run_treys, treys5))
    _line("rules tables.score5 (codes -> value)", _median_rate(run_score5, five), peer5)
    _line("rules.evaluator.evaluate (Card objects -> HandValue)",
          _median_rate(run_evaluate, cards5[:4000], 3), peer5)
    peer7 = _line("treys Evaluator.evaluate, 7 cards", _median_rate(run_treys, treys7))
    _line("rules tables.score7 (codes -> value)", _median_rate(run_score7, seven), peer7)
    _line("rules.evaluator.evaluate, 7 cards (-> HandValue)",
          _median_rate(run_evaluate, cards7[:4000], 3), peer7)
    _phevaluator(five, seven)


def _check_same_order(hands, treys_hands, treys, score5):
    """Both evaluators must order the sample the same way (treys: smaller is better)."""
    ours = [score5(*hand) for hand in hands[:3000]]
    theirs = [treys.evaluate(hole, board) for hole, board in treys_hands[:3000]]
    for index in range(len(ours) - 1):
        a, b = ours[index], ours[index + 1]
        x, y = theirs[index], theirs[index + 1]
        assert (a > b) == (x < y) and (a == b) == (x == y), index


def _phevaluator(five, seven):
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        return
    names = [f"{'23456789TJQKA'[code >> 2]}{'shdc'[code & 3]}" for code in range(52)]
    five_names = [[names[c] for c in hand] for hand in five[:5000]]
    seven_names = [[names[c] for c in hand] for hand in seven[:5000]]

    def run(hands):
        for hand in hands:
            evaluate_cards(*hand)

    _line("(phevaluator evaluate_cards, 5 cards)", _median_rate(run, five_names, 3))
    _line("(phevaluator evaluate_cards, 7 cards)", _median_rate(run, seven_names, 3))


def bench_wild():
    from rules.cards import JOKER
    from rules.evaluator import evaluate, tables

    rng = random.Random(4)
    hands = []
    for index in range(HANDS):
        wild = index % 5  # 0..4 wild cards, evenly
        hands.append((rng.sample(range(52), 7 - wild), wild))
    for codes, wild in hands:
        tables.score(codes, wild)

    def run(sample):
        score = tables.score
        for codes, wild in sample:
            score(codes, wild)

    print("-- 7 cards with 0-4 wild cards (target >= 100,000 hands/s) --")
    _line("rules tables.score(codes, wild count)", _median_rate(run, hands))
    jokers = frozenset({JOKER})
    card_hands = [[tables.CARD[c] for c in codes] + [JOKER] * min(wild, 2)
                  for codes, wild in hands[:4000]]

    def run_evaluate(sample):
        for cards in sample:
            evaluate(cards, "high", jokers)

    _line("rules.evaluator.evaluate with jokers (-> HandValue)", _median_rate(run_evaluate,
                                                                          card_hands, 3))


def bench_omaha():
    """best_hand on Omaha sources (two from the hand, three from the board), high and
    8-or-better low, against pokerkit's Omaha hands on the same deals (issue 4's showdown
    spends most of its time here)."""
    try:
        from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand
    except ImportError:
        return
    from rules.evaluator import Source, best_hand, tables

    deals = [([tables.CARD[c] for c in codes[:4]], [tables.CARD[c] for c in codes[4:]])
             for codes in _deals(9, 2000, 9)]
    sources = [[Source(tuple(hand), 2, 2), Source(tuple(board), 3, 3)] for hand, board in deals]
    names = [("".join(map(str, hand)), "".join(map(str, board))) for hand, board in deals]

    def run_ours(sample):
        for pair in sample:
            best_hand(pair, "high")
            best_hand(pair, "low-8")

    def run_pokerkit(sample):
        for hole, board in sample:
            OmahaHoldemHand.from_game(hole, board)
            try:
                OmahaEightOrBetterLowHand.from_game(hole, board)
            except ValueError:  # no qualifying low
                pass

    print("-- Omaha high + 8-or-better low, one player (hands/s) --")
    run_ours(sources[:200])
    peer = _line("pokerkit OmahaHoldemHand + OmahaEightOrBetterLowHand",
                 _median_rate(run_pokerkit, names[:500], 3))
    _line("rules.evaluator.best_hand high + low-8", _median_rate(run_ours, sources, 3), peer,
          "pokerkit")


def bench_census():
    print("-- census, cold, each in a fresh process (python -m rules census) --")
    cases = [["--size", "5"], ["--size", "5", "--wild", "2"], ["--size", "5", "--deck", "joker"],
             ["--size", "5", "--deck", "two-jokers", "--wild", "2,Kh"],
             ["--size", "5", "--wild", "lowest"], ["--size", "5", "--scheme", "low-8"],
             ["--size", "5", "--scheme", "low", "--wild", "2"],
             ["--size", "7"], ["--size", "7", "--wild", "2"], ["--size", "7", "--scheme", "low"]]
    for args in cases:
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "rules", "census", *args],
                              capture_output=True, text=True, check=True)
        elapsed = time.perf_counter() - start
        total = done.stdout.split(",")[0]
        print(f"census {' '.join(args):<44} {elapsed:6.2f} s   {total}}}", flush=True)


def main():
    bench_high()
    bench_wild()
    bench_omaha()
    bench_census()


if __name__ == "__main__":
    main()
