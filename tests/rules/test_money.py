import pytest

from rules.errors import MoneyError
from rules.money import format_cents, parse_cents, require_nickels


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
    assert require_nickels(105) == 105
    with pytest.raises(MoneyError, match="multiple of \\$0.05"):
        require_nickels(103)
