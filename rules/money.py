"""Money at the edges is a decimal string with two places ("18.05"); inside it is integer cents.

Floats never appear: parsing goes through the string's digits only. This module is the one money
vocabulary of the project: the unit of play, parsing, the "18.05" and "$18.05" formats, and the
split of a cash-out into whole cash units and odd cents (B12).

The unit of play is the house's smallest chip (ARCHITECTURE.md, "A house's own game"): every
function that splits or checks money takes it as `unit=` (integer cents), defaulting to the seed
house's (`SEED_UNIT`, the white chip). The `SEED_*` constants are the seed house's game; nothing
else in `rules/` names an amount of it.
"""

import re

from .errors import MoneyError

SEED_UNIT = 5  # the seed house's white chip, its smallest unit of play (B10)
SEED_BUY_IN_STEP = 500  # the seed house's bank sells chips in $5 steps (B2)
SEED_CASH_UNIT = 100  # the seed house's bank pays whole dollars at cash-out (B12)
SEED_BURN_CAP = 500  # the seed house's burn, as much as the pot up to $5 (P4)
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


def whole_dollars_and_odd_cents(cents: int, *, cash_unit: int = SEED_CASH_UNIT
                               ) -> tuple[int, int]:
    """Split a chip total into the whole cash units paid and the odd cents that go to the final
    pot (B12), both in cents: 1865 -> (1800, 65) with the seed house's whole dollars."""
    whole, odd = divmod(cents, cash_unit)
    return whole * cash_unit, odd


def read_unit(value: object, *, field: str = "unit") -> int:
    """The unit of play at a JSON edge (`"unit": "1.00"`): a decimal string of whole cents,
    more than zero; None (not given) is the seed house's."""
    if value is None:
        return SEED_UNIT
    if not isinstance(value, str) or not _AMOUNT.match(value.strip()):
        raise MoneyError(f"{field}: expected the smallest chip as a decimal string of whole "
                         f"cents such as \"0.05\", not {value!r}")
    unit = parse_cents(value, field=field)
    if unit <= 0:
        raise MoneyError(f"{field}: expected the smallest chip, more than 0.00, not {value!r}")
    return unit


def unit_words(unit: int = SEED_UNIT) -> str:
    """The unit as a sentence names it: the seed house's "white chip", else "$1.00"."""
    return "white chip" if unit == SEED_UNIT else dollars(unit)


def require_units(cents: int, *, field: str = "amount", unit: int = SEED_UNIT) -> int:
    """Refuse amounts that are not whole units of play (the seed house's 5 cents, B10)."""
    if cents % unit:
        named = "" if unit == SEED_UNIT else ", the unit"
        raise MoneyError(f"{field}: {format_cents(cents)} is not a multiple of "
                         f"{dollars(unit)}{named} (B10)")
    return cents
