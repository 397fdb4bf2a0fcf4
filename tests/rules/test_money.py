import pytest

from rules.errors import MoneyError
from rules.money import (
    dollars,
    format_cents,
    parse_cents,
    require_units,
    whole_dollars_and_odd_cents,
)


@pytest.mark.parametrize("text, cents", [("18.05", 1805), ("18.5", 1850), ("18", 1800),
                                         ("-12.50", -1250), (7, 700)])
def test_decimal_strings_become_integer_cents(text, cents):
    assert parse_cents(text) == cents
    assert parse_cents(format_cents(cents)) == cents


@pytest.mark.parametrize("text", ["1.005", "abc", "1e3", 1.5, None, True, "$5"])
def test_bad_amounts_name_the_field(text):
    with pytest.raises(MoneyError, match="pot:"):
        parse_cents(text, field="pot")


def test_amounts_must_be_whole_white_chips_B10():
    assert require_units(105) == 105
    with pytest.raises(MoneyError, match="multiple of \\$0.05"):
        require_units(103)


@pytest.mark.parametrize("cents, text",
                         [(1805, "$18.05"), (-400, "-$4.00"), (0, "$0.00"), (5, "$0.05")])
def test_dollars_puts_the_sign_before_the_dollar_sign(cents, text):
    assert dollars(cents) == text


@pytest.mark.parametrize("cents, split", [(1865, (1800, 65)), (1800, (1800, 0)), (95, (0, 95)),
                                          (0, (0, 0))])
def test_a_cash_out_splits_into_whole_dollars_and_odd_cents_B12(cents, split):
    whole, odd = whole_dollars_and_odd_cents(cents)
    assert (whole, odd) == split
    assert whole + odd == cents and whole % 100 == 0
