"""Odds speed and agreement (issue 31): `python -m rules odds` against pokerkit's
`calculate_equities` where pokerkit can play the game.

Speed, the absolute times and the ratio to pokerkit on the same number of deals:
- heads-up hold'em from the flop, exact (990 turn and river cards);
- heads-up hold'em preflop, exact (1,712,304 boards; goal under 5 s on a 2-core machine);
- 6-handed Omaha hi-lo, 20,000 sampled deals;
- 6-handed 7-card stud hi-lo with deuces wild, 20,000 sampled deals (pokerkit has no wild card,
  so no ratio).
pokerkit only samples, so where its run on as many deals would take minutes it is timed on a
part of them and its rate scaled up (said in the line). Goal: 100x pokerkit.

Agreement: 200 random hold'em, Omaha, Omaha hi-lo and 7-card stud spots, each player's share
against pokerkit's equity, within 3 standard errors (the binomial bound sqrt(p(1 - p) / n) of
each sampled side, plus one deal in n; an exact side has none).

pokerkit is a benchmark extra and is never imported by rules/.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

RANKS = "23456789TJQKA"
SUITS = "shdc"
DECK = [rank + suit for rank in RANKS for suit in SUITS]
SPOTS = 200
POKERKIT_SAMPLES = 400          # per agreement spot
OURS_SAMPLES = 4000             # per agreement spot, when it is not enumerated
OURS_EXACT_UP_TO = 60_000       # completions enumerated in the agreement check


def _ours(data: dict[str, Any]) -> tuple[list[float], bool, int, float]:
    from rules.odds import odds

    start = time.perf_counter()
    result = odds(data)
    elapsed = time.perf_counter() - start
    return ([float(player["share"]) for player in result["players"]], bool(result["exact"]),
            int(result["trials"]), elapsed)


def _kit_types(game: str, hi_lo: bool) -> tuple[Any, int, int]:
    """(hand types, hole cards dealt, board cards dealt) in pokerkit's terms."""
    from pokerkit import (
        EightOrBetterLowHand,
        OmahaEightOrBetterLowHand,
        OmahaHoldemHand,
        StandardHighHand,
    )

    if game == "texas-holdem":
        return (StandardHighHand,), 2, 5
    if game == "omaha":
        return ((OmahaHoldemHand, OmahaEightOrBetterLowHand) if hi_lo
                else (OmahaHoldemHand,)), 4, 5
    return ((StandardHighHand, EightOrBetterLowHand) if hi_lo else (StandardHighHand,)), 7, 0


def _kit(game: str, hi_lo: bool, holes: Sequence[Sequence[str]], board: Sequence[str],
         samples: int, seed: int = 1) -> tuple[list[float], float]:
    from pokerkit import Card, Deck, calculate_equities

    random.seed(seed)    # pokerkit samples with the random module's own generator
    types, hole_count, board_count = _kit_types(game, hi_lo)
    ranges = [[list(Card.parse("".join(hole)))] for hole in holes]
    start = time.perf_counter()
    equities = calculate_equities(ranges, list(Card.parse("".join(board))), hole_count,
                                  board_count, Deck.STANDARD, types, sample_count=samples)
    return equities, time.perf_counter() - start


def _spot(game: str, hi_lo: bool, holes: Sequence[Sequence[str]], board: Sequence[str],
          **extra: Any) -> dict[str, Any]:
    options: dict[str, object] = {}
    if hi_lo:
        options = ({"hi_lo": True} if game == "omaha"
                   else {"split": "cards-talk", "low": "8-or-better"})
    data: dict[str, Any] = {"game": game, "options": options,
                            "players": [{"name": f"P{i + 1}", "down": list(hole)}
                                        for i, hole in enumerate(holes)], **extra}
    if game != "seven-card-stud":
        data["board"] = {"community": list(board)}
    return data


def _line(label: str, ours: float, deals: int, kit_rate: float | None, kit_note: str) -> None:
    text = f"{label}: {deals:,} deals in {ours:.2f} s ({deals / ours:,.0f} deals/s)"
    if kit_rate is not None:
        kit = deals / kit_rate
        text += (f"; pokerkit {kit:.2f} s{kit_note} ({kit_rate:,.0f} deals/s): "
                 f"{kit / ours:.0f}x")
    print(text, flush=True)


def _speed(label: str, game: str, hi_lo: bool, holes: list[list[str]], board: list[str],
           kit_samples: int | None, **extra: Any) -> None:
    data = _spot(game, hi_lo, holes, board, **extra)
    _, _, _, first = _ours(data)
    _, _, deals, ours = _ours(data)     # warm: the lazily filled rank tables as a site has them
    label += f" (first run {first:.2f} s)"
    if kit_samples is None:
        _line(label, ours, deals, None, "")
        return
    samples = min(kit_samples, deals)
    _, kit = _kit(game, hi_lo, holes, board, samples)
    note = "" if samples == deals else f" scaled from {samples:,} deals"
    _line(label, ours, deals, samples / kit, note)


def speed() -> None:
    # warm the tables the evaluator fills lazily, as a running site has them
    _ours(_spot("texas-holdem", False, [["As", "Ah"], ["Kd", "Kc"]], ["2c", "7d", "9h"]))
    _speed("heads-up hold'em from the flop, exact", "texas-holdem", False,
           [["As", "Kd"], ["9h", "9c"]], ["Ts", "9s", "2d"], 990)
    _speed("heads-up hold'em preflop, exact", "texas-holdem", False,
           [["As", "Ah"], ["Kd", "Kc"]], [], 3000)
    omaha = [h.split() for h in ("As Kd 7h 2c", "Qc Qd 2s 3s", "9h 8h 3c 4c", "Jc Tc 4d 5d",
                                 "6s 6d Kc Ks", "5h 4h Ah Ad")]
    _speed("6-handed Omaha hi-lo, sampled", "omaha", True, omaha, [], 1000,
           trials=20_000, exact=False)
    stud = [h.split() for h in ("As Kd 7h", "Qc Qd 2s", "9h 8h 3c", "Jc Tc 4d", "6s 6d Kc",
                                "5h 4h Ah")]
    data = _spot("seven-card-stud", True, stud, [], trials=20_000, exact=False)
    data["options"] = {**data["options"], "wild": "2"}
    _, _, deals, ours = _ours(data)
    _line("6-handed 7-card stud hi-lo, deuces wild, sampled (pokerkit has no wild card)",
          ours, deals, None, "")


def _random_spot(rng: random.Random) -> tuple[str, bool, list[list[str]], list[str]]:
    game, hi_lo = rng.choice([("texas-holdem", False), ("omaha", False), ("omaha", True),
                              ("seven-card-stud", False), ("seven-card-stud", True)])
    cards = DECK[:]
    rng.shuffle(cards)
    players = rng.choice([2, 2, 3])
    if game == "seven-card-stud":
        holes = [[cards.pop() for _ in range(rng.choice([3, 4, 5, 6]))] for _ in range(players)]
        return game, hi_lo, holes, []
    size = 2 if game == "texas-holdem" else 4
    holes = [[cards.pop() for _ in range(size)] for _ in range(players)]
    return game, hi_lo, holes, [cards.pop() for _ in range(rng.choice([0, 3, 4]))]


def agreement(spots: int = SPOTS, seed: int = 31) -> None:
    from rules.odds.deals import count
    from rules.odds.spot import read_spot

    rng = random.Random(seed)
    worst, failures, exact_spots = 0.0, [], 0
    for number in range(spots):
        game, hi_lo, holes, board = _random_spot(rng)
        data = _spot(game, hi_lo, holes, board)
        spot = read_spot(data)
        exact = count(len(spot.unseen), spot.slots) <= OURS_EXACT_UP_TO
        data.update({"exact": exact, "trials": OURS_SAMPLES, "seed": number})
        ours, _, deals, _ = _ours(data)
        exact_spots += exact
        kit, _ = _kit(game, hi_lo, holes, board, POKERKIT_SAMPLES, seed=number)
        for share, equity in zip(ours, kit, strict=True):
            error = math.hypot(_stderr(equity, POKERKIT_SAMPLES),
                               0.0 if exact else _stderr(share, deals))
            distance = abs(share - equity) / max(error, 1e-9)
            worst = max(worst, distance if error else 0.0)
            if distance > 3 and abs(share - equity) > 0.0001:
                failures.append(f"{game}{' hi-lo' if hi_lo else ''} {holes} {board}: "
                                f"ours {share:.4f}, pokerkit {equity:.4f}")
    print(f"agreement: {spots} random spots ({exact_spots} exact on our side), "
          f"{len(failures)} outside 3 standard errors; the largest gap {worst:.2f} standard "
          "errors", flush=True)
    for failure in failures:
        print(f"  {failure}")


def _stderr(share: float, deals: int) -> float:
    """The binomial bound on a sampled share's standard error; a sample that saw one side
    only (0 or 1) still allows one deal in n either way."""
    return math.sqrt((max(share * (1 - share), 0.0) + 1 / deals) / deals)


def calibration() -> None:
    """How fast this machine runs plain Python right now (a shared machine's load shows)."""
    start = time.perf_counter()
    total = 0
    for number in range(10_000_000):
        total += number
    print(f"calibration: 10,000,000 additions in a Python loop took "
          f"{time.perf_counter() - start:.2f} s (the times around it scale with it)", flush=True)


def main() -> None:
    steps: list[Callable[[], None]] = [calibration, speed, calibration, agreement]
    for step in steps:
        step()


if __name__ == "__main__":
    main()
