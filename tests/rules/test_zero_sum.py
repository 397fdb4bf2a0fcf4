"""The proof search for big books (B8): the most zero-sum groups, checked by brute force."""

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.fewest_payments import settle_balances
from rules.zero_sum import Prover, Work, most_zero_sum_groups


def _most_by_brute_force(amounts: list[int]) -> int:
    """Try every group holding the lowest person left, keep the best."""

    @cache
    def most(mask: int) -> int:
        if not mask:
            return 0
        first = mask & -mask
        rest = mask ^ first
        best, sub = 0, rest
        while True:
            group = sub | first
            if sum(a for i, a in enumerate(amounts) if group >> i & 1) == 0:
                best = max(best, 1 + most(mask ^ group))
            if not sub:
                return best
            sub = (sub - 1) & rest

    return most((1 << len(amounts)) - 1)


def _without_pairs(amounts: list[int]) -> list[int]:
    """Drop zeros and exact opposites, as rules.fewest_payments does before the search."""
    left: list[int] = []
    for amount in amounts:
        if not amount:
            continue
        if -amount in left:
            left.remove(-amount)
        else:
            left.append(amount)
    return left


def _is_split(amounts: list[int], groups: list[int]) -> bool:
    covered = 0
    for group in groups:
        if not group or group & covered:
            return False
        if sum(a for i, a in enumerate(amounts) if group >> i & 1):
            return False
        covered |= group
    return covered == (1 << len(amounts)) - 1


_amounts = st.lists(st.integers(-40, 40).map(lambda n: n * 5), max_size=11).map(
    lambda amounts: _without_pairs(amounts + [-sum(amounts)])
)


@settings(max_examples=300, deadline=None)
@given(_amounts)
def test_the_most_groups_match_brute_force_and_are_proven_B8(amounts):
    everyone = (1 << len(amounts)) - 1
    groups, proven = most_zero_sum_groups(amounts, [everyone] if amounts else [])
    assert _is_split(amounts, groups)
    assert proven
    assert len(groups) == _most_by_brute_force(amounts)


@settings(max_examples=200, deadline=None)
@given(_amounts, st.integers(1, 400))
def test_out_of_budget_is_never_worse_than_the_start_nor_wrongly_proven(amounts, budget):
    everyone = (1 << len(amounts)) - 1
    start = [everyone] if amounts else []
    groups, proven = most_zero_sum_groups(amounts, start, budget)
    assert _is_split(amounts, groups) and len(groups) >= len(start)
    if proven:
        assert len(groups) == _most_by_brute_force(amounts)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-60, 60).map(lambda n: n * 5), max_size=10))
def test_settling_through_the_proof_search_alone_is_fewest_B8(amounts):
    # budget=0 skips the first search, so every book goes to the greedy split and the proof
    balances = {f"p{i}": a for i, a in enumerate(amounts + [-sum(amounts)])}
    result = settle_balances(balances, budget=0)
    left = _without_pairs(list(balances.values()))
    pairs = (sum(1 for a in balances.values() if a) - len(left)) // 2
    assert result.minimal
    assert len(result.transfers) == sum(1 for a in balances.values() if a) - pairs - (
        _most_by_brute_force(left))


def test_a_book_with_no_zero_sum_part_is_one_group():
    amounts = [700, 400, -300, -800]
    prover = Prover(amounts, Work(10_000))
    assert prover.split_off(0b1111) == 0
    assert most_zero_sum_groups(amounts, [0b1111]) == ([0b1111], True)


def test_a_split_into_two_is_found_from_the_sums_table():
    amounts = [500, 300, -800, 400, 200, -600]
    part = Prover(amounts, Work(10_000)).split_off(0b111111)
    assert part and sum(a for i, a in enumerate(amounts) if part >> i & 1) == 0
    assert part != 0b111111


def test_the_search_wants_the_book_without_pairs():
    with pytest.raises(ValueError):
        most_zero_sum_groups([500, -500, 300, -300], [0b1111])
    with pytest.raises(ValueError):
        most_zero_sum_groups([500, -400], [0b11])


def _book(parties: int, seed: int, spread: int) -> dict[str, int]:
    rng = random.Random(seed)
    amounts = [rng.randint(-spread, spread) * 5 for _ in range(parties - 1)]
    amounts.append(-sum(amounts))
    return {f"P{i:02d}": cents for i, cents in enumerate(amounts)}


@pytest.mark.parametrize("spread", [400, 2000, pytest.param(10000, marks=pytest.mark.slow)])
def test_forty_people_are_proven_minimal_within_the_budget_B8(spread):
    # the budget counts work, not time, so this is the same on every machine
    balances = _book(40, 1000, spread)
    result = settle_balances(balances)
    assert result.minimal
    paid: dict[str, int] = {}
    for t in result.transfers:
        paid[t.debtor] = paid.get(t.debtor, 0) + t.cents
        paid[t.creditor] = paid.get(t.creditor, 0) - t.cents
    assert all(balances[name] + paid.get(name, 0) == 0 for name in balances)
    assert result == settle_balances(dict(reversed(list(balances.items()))))
