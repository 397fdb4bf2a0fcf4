"""Money at the edges is a decimal string with two places ("18.05"); inside it is integer cents.

Floats never appear: parsing goes through the string's digits only. This module is the one money
vocabulary of the project: the chip units, parsing, the "18.05" and "$18.05" formats, and the
split of a cash-out into whole dollars and odd cents (B12).
"""

import re

from .errors import MoneyError

NICKEL = 5  # the white chip, the smallest unit of play (B10)
FIVE_DOLLARS = 500  # chips come from the bank in $5 steps (B2)
# Only ASCII digits are money ("٥" and "５" are not), and no more than 13 of them before the point.
_AMOUNT = re.compile(r"^(-)?([0-9]{1,13})(?:\.([0-9]{1,2}))?$")


def parse_cents(text: object, *, field: str = "amount") -> int:
    """Parse "18.05", "18.5", "18" or an int count of dollars into cents."""
    if isinstance(text, bool) or not isinstance(text, str | int):
        raise MoneyError(f"{field}: expected a decimal string such as \"18.05\", got {text!r}")
    if isinstance(text, int):
        return text * 100
    match = _AMOUNT.match(text.strip())
    if not match:
        raise MoneyError(f"{field}: expected a decimal string such as \"18.05\", got {text!r}")
    sign, dollars, cents = match.groups()
    value = int(dollars) * 100 + int((cents or "0").ljust(2, "0"))
    return -value if sign else value


def read_money(value: object, *, field: str) -> int:
    """Money at a JSON edge (a file, the CLI): only a decimal string such as "18.05". A bare JSON
    number is refused, since elsewhere 2000 has meant cents (ARCHITECTURE.md, Money)."""
    if not isinstance(value, str) or not _AMOUNT.match(value.strip()):
        raise MoneyError(f"{field}: write the amount as a decimal string such as \"18.05\", "
                         f"not {value!r}")
    return parse_cents(value, field=field)


def format_cents(cents: int) -> str:
    """Format integer cents as a decimal string with two places: 1805 -> "18.05"."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}.{part:02d}"


def dollars(cents: int) -> str:
    """Cents as the banker reads them: 1805 -> "$18.05", -400 -> "-$4.00" (the sign first)."""
    return ("-$" if cents < 0 else "$") + format_cents(abs(cents))


def whole_dollars_and_odd_cents(cents: int) -> tuple[int, int]:
    """Split a chip total into the whole dollars paid and the odd cents that go to the final pot
    (B12), both in cents: 1865 -> (1800, 65)."""
    whole, odd = divmod(cents, 100)
    return whole * 100, odd


def require_nickels(cents: int, *, field: str = "amount") -> int:
    """Refuse amounts that are not whole white chips (5 cents, B10)."""
    if cents % NICKEL:
        raise MoneyError(f"{field}: {format_cents(cents)} is not a multiple of $0.05 (B10)")
    return cents
