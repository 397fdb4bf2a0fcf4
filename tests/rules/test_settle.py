"""Debt consolidation (B8): the fewest payments that settle THE BOOK, and
`python -m rules settle`."""

import io
import json
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cli import main
from rules.errors import RulesError
from rules.fewest_payments import Settlement, Transfer, settle_balances, settle_debts


def _paid(transfers) -> dict[str, int]:
    """Each person's balance change from the transfers (payer goes up, payee goes down)."""
    change: dict[str, int] = {}
    for t in transfers:
        change[t.debtor] = change.get(t.debtor, 0) + t.cents
        change[t.creditor] = change.get(t.creditor, 0) - t.cents
    return change


def _settles(balances: dict[str, int], settlement: Settlement) -> bool:
    change = _paid(settlement.transfers)
    return all(balances.get(name, 0) + change.get(name, 0) == 0
               for name in set(balances) | set(change))


def _fewest_by_brute_force(amounts: list[int]) -> int:
    """n minus the most zero-sum groups, trying every subset holding the first person left."""
    amounts = [a for a in amounts if a]

    @cache
    def most_groups(mask: int) -> int:
        if not mask:
            return 0
        first = mask & -mask
        rest, best, sub = mask ^ first, 0, mask ^ first
        while True:
            group = sub | first
            if sum(a for i, a in enumerate(amounts) if group >> i & 1) == 0:
                best = max(best, 1 + most_groups(mask ^ group))
            if not sub:
                return best
            sub = (sub - 1) & rest

    return len(amounts) - most_groups((1 << len(amounts)) - 1)


def _random_book(parties: int, seed: int) -> dict[str, int]:
    """Nickel amounts within ±$20 (the hard case: many zero-sum groups), summing to zero."""
    rng = random.Random(seed)
    amounts = [rng.randint(-400, 400) * 5 for _ in range(parties - 1)]
    amounts.append(-sum(amounts))
    return {f"P{i:02d}": cents for i, cents in enumerate(amounts)}


# --- hand-worked cases ---------------------------------------------------------------------


def test_one_debtor_pays_each_creditor_B8():
    result = settle_balances({"Ann": -1250, "Bob": 750, "Cy": 500})
    assert result == Settlement(
        (Transfer("Ann", "Bob", 750), Transfer("Ann", "Cy", 500)), minimal=True
    )


def test_two_separate_even_groups_need_n_minus_two_payments_B8():
    # Ann -10 / Bob +10 even out alone, and Cy -3, Dee -4, Eve +7 form a second group:
    # 5 people in 2 groups settle with 3 payments, not the 4 a single chain would use.
    result = settle_balances({"Ann": -1000, "Bob": 1000, "Cy": -300, "Dee": -400, "Eve": 700})
    assert result.transfers == (
        Transfer("Ann", "Bob", 1000),
        Transfer("Cy", "Eve", 300),
        Transfer("Dee", "Eve", 400),
    )
    assert result.minimal


def test_zero_sum_groups_are_found_without_opposite_pairs_B8():
    # {+5, +3, -8} and {+4, +2, -6} each settle inside themselves: 6 people, 2 groups,
    # 4 payments, and every payment stays inside its triple.
    balances = {"A": 500, "B": 300, "C": -800, "D": 400, "E": 200, "F": -600}
    result = settle_balances(balances)
    assert len(result.transfers) == 4 and result.minimal
    assert _settles(balances, result)
    assert {frozenset((t.debtor, t.creditor)) for t in result.transfers} == {
        frozenset("AC"), frozenset("BC"), frozenset("DF"), frozenset("EF")
    }


def test_equal_balances_share_out_by_name_deterministically_B8():
    balances = {"Zed": -500, "Amy": -500, "Bo": 1000, "Cat": -300, "Dan": 300}
    first = settle_balances(balances)
    again = settle_balances(dict(reversed(list(balances.items()))))
    assert first == again
    assert first.transfers == (
        Transfer("Amy", "Bo", 500), Transfer("Cat", "Dan", 300), Transfer("Zed", "Bo", 500)
    )


def test_everyone_even_needs_no_payment_B8():
    assert settle_balances({"Ann": 0, "Bob": 0}) == Settlement((), minimal=True)
    assert settle_balances({}) == Settlement((), minimal=True)


@pytest.mark.parametrize(
    "balances, field",
    [
        ({"Ann": -100, "Bob": 50}, "sum to -0.50"),
        ({"Ann": "1.00", "Bob": -100}, "balances.Ann"),
        ({"": 0}, "balances"),
        ({"Ann": True, "Bob": -1}, "balances.Ann"),
    ],
)
def test_bad_balances_name_the_field(balances, field):
    with pytest.raises(RulesError, match=field.replace(".", r"\.")):
        settle_balances(balances)


def test_beyond_both_budgets_falls_back_to_greedy_and_says_not_proven():
    balances = _random_book(20, seed=3)
    result = settle_balances(balances, budget=10, proof_budget=10)
    assert _settles(balances, result)
    assert not result.minimal
    assert len(result.transfers) <= len(balances) - 1


def test_fallback_peels_zero_sum_threes_and_proves_them_when_they_meet_the_bound():
    # with no budget at all the fallback still finds {+5, +3, -8} and {+4, +2, -6}: 4 payments,
    # which is n - 6 // 3, the lower bound, so it is proven anyway
    balances = {"A": 500, "B": 300, "C": -800, "D": 400, "E": 200, "F": -600}
    result = settle_balances(balances, budget=1, proof_budget=1)
    assert len(result.transfers) == 4 and result.minimal and _settles(balances, result)


def test_a_book_too_big_for_either_search_settles_everyone_with_fewer_than_n_minus_one():
    balances = _random_book(80, seed=9)
    result = settle_balances(balances)
    assert _settles(balances, result) and not result.minimal
    assert len(result.transfers) < 79


# --- settle_debts --------------------------------------------------------------------------


def test_pairwise_netting_pays_only_whom_you_owe():
    # Ann owes Bob 10 and Bob owes Ann 4: Ann pays Bob 6. Bob owes Cy 6: Bob pays Cy 6.
    debts = [("Ann", "Bob", 1000), ("Bob", "Ann", 400), ("Bob", "Cy", 600)]
    plain = settle_debts(debts, simplify=False)
    assert plain.transfers == (Transfer("Ann", "Bob", 600), Transfer("Bob", "Cy", 600))
    assert not plain.minimal  # Ann could pay Cy directly: one payment
    simple = settle_debts(debts, simplify=True)
    assert simple == Settlement((Transfer("Ann", "Cy", 600),), minimal=True)


def test_pairwise_netting_is_minimal_when_it_cannot_be_beaten():
    result = settle_debts([("Ann", "Bob", 500), ("Cy", "Bob", 300)], simplify=False)
    assert result == Settlement(
        (Transfer("Ann", "Bob", 500), Transfer("Cy", "Bob", 300)), minimal=True
    )


def test_simplifying_mixes_separate_circles_of_debt_B8():
    # Cy owes Ann and Bob $1 each; Eve and Fay owe Dan $1 each: 4 payments as owed, but
    # Eve pays Ann, Fay pays Bob and Cy pays Dan $2: 3 payments across the two circles
    debts = [("Cy", "Ann", 100), ("Cy", "Bob", 100), ("Eve", "Dan", 100), ("Fay", "Dan", 100)]
    assert len(settle_debts(debts, simplify=False).transfers) == 4
    assert settle_debts(debts, simplify=True).transfers == (
        Transfer("Cy", "Dan", 200), Transfer("Eve", "Ann", 100), Transfer("Fay", "Bob", 100)
    )


@pytest.mark.parametrize(
    "debts, field",
    [
        ([("Ann", "Ann", 100)], "debts\\[0\\]"),
        ([("Ann", "Bob", -1)], "debts\\[0\\].cents"),
        ([("Ann", "Bob")], "debts\\[0\\]"),
        ([("Ann", "Bob", 1), ("", "Bob", 1)], "debts\\[1\\].debtor"),
    ],
)
def test_bad_debts_name_the_entry(debts, field):
    with pytest.raises(RulesError, match=field):
        settle_debts(debts, simplify=True)


# --- properties ----------------------------------------------------------------------------

_books = st.lists(st.integers(-60, 60).map(lambda n: n * 5), min_size=0, max_size=9).map(
    lambda amounts: {f"p{i}": a for i, a in enumerate(amounts + [-sum(amounts)])}
)


@settings(max_examples=150, deadline=None)
@given(_books)
def test_transfers_settle_every_balance_and_are_fewest_by_brute_force_B8(balances):
    result = settle_balances(balances)
    assert _settles(balances, result)
    assert all(t.cents > 0 and t.debtor != t.creditor for t in result.transfers)
    non_zero = sum(1 for cents in balances.values() if cents)
    assert len(result.transfers) <= max(non_zero - 1, 0)
    assert result.minimal
    assert len(result.transfers) == _fewest_by_brute_force(list(balances.values()))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ABCDE"), st.sampled_from("ABCDE"),
                          st.integers(1, 40).map(lambda n: n * 5)), max_size=8))
def test_both_debt_modes_settle_the_same_net_balances(debts):
    debts = [debt for debt in debts if debt[0] != debt[1]]
    net: dict[str, int] = {}
    for debtor, creditor, cents in debts:
        net[debtor] = net.get(debtor, 0) - cents
        net[creditor] = net.get(creditor, 0) + cents
    plain = settle_debts(debts, simplify=False)
    simple = settle_debts(debts, simplify=True)
    assert _settles(net, plain) and _settles(net, simple)
    assert len(simple.transfers) <= len(plain.transfers)
    owed_pairs = {(d, c) for d, c, _ in debts}
    assert all((t.debtor, t.creditor) in owed_pairs for t in plain.transfers)


@pytest.mark.parametrize("parties", [20, 25])
@pytest.mark.parametrize("seed", [1, 2])
def test_twenty_and_twenty_five_parties_are_proven_minimal_B8(parties, seed):
    balances = _random_book(parties, seed)
    result = settle_balances(balances)
    assert result.minimal
    assert _settles(balances, result)


# --- the command line ----------------------------------------------------------------------


def _cli(monkeypatch, capsys, text: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = main(["settle", "-"])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_prints_transfers_as_decimal_strings(monkeypatch, capsys):
    code, out, _ = _cli(monkeypatch, capsys,
                        '{"balances": {"Ann": "-12.50", "Bob": "7.50", "Cy": "5.00"}}')
    assert code == 0
    assert json.loads(out) == {
        "transfers": [{"from": "Ann", "to": "Bob", "amount": "7.50"},
                      {"from": "Ann", "to": "Cy", "amount": "5.00"}],
        "minimal": True,
    }


def test_cli_reads_a_file(tmp_path, capsys):
    path = tmp_path / "book.json"
    path.write_text('{"balances": {"Ann": "-1.00", "Bob": "1.00"}}')
    assert main(["settle", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["transfers"] == [
        {"from": "Ann", "to": "Bob", "amount": "1.00"}
    ]


@pytest.mark.parametrize(
    "text, named",
    [
        ('{"balances": {"Ann": "-12.50", "Bob": "7.50"}}', "balances: must sum to zero"),
        ('{"balances": {"Ann": "12.5x", "Bob": "-12.50"}}', "balances.Ann"),
        ('{"balance": {}}', "balances: missing"),
        ('{"balances": [1, 2]}', "balances: expected an object"),
        ("not json", "is not JSON"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(monkeypatch, capsys, text, named):
    code, out, err = _cli(monkeypatch, capsys, text)
    assert code == 2 and out == ""
    assert named in err and err.count("\n") == 1
