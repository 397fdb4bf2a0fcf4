"""A night file's amounts: decimal strings ("20.00", "-12.50") read into cents; the money
rules on them (more than $0.00, $5 steps, white chips) are the posting core's
(ledger/posting/amounts.py), with the sentences the importer shows.

The file is the one edge that still gives amounts as text: the forms' money fields give cents,
and the services take cents only.
"""

from __future__ import annotations

import re

from ledger.house_settings import SEED, HouseSettings
from ledger.posting import amounts
from ledger.posting.errors import LedgerError
from rules.errors import MoneyError
from rules.money import parse_cents

# The contract's amount: ASCII digits, an optional minus and up to two decimals, nothing else.
_PLAIN = re.compile(r"-?[0-9]+(?:\.[0-9]{1,2})?")


def is_plain_amount(text: str) -> bool:
    """Is `text` a decimal string of ASCII digits and nothing around it (no space, no line
    break: " 5.00" and "5.00\\n" are not)?"""
    return _PLAIN.fullmatch(text) is not None


def cents_of(value: object, *, field: str = "amount", example: str = "20.00") -> int:
    """Cents from a decimal string (an int is cents already); anything else is refused."""
    if isinstance(value, str):
        if not is_plain_amount(value):
            raise LedgerError(f"{value!r} is not an amount of money for {amounts.what(field)}; "
                              f"write it like {example}, digits alone.", field=field)
        try:
            return parse_cents(value, field=field)
        except MoneyError:
            raise LedgerError(f"{value!r} is not an amount of money for {amounts.what(field)}; "
                              f"write it like {example}.", field=field) from None
    return amounts.whole_cents(value, field=field, example=example)


def signed_units_of(value: object, *, field: str, settings: HouseSettings = SEED) -> int:
    """Any amount in whole units of play, negative or zero included (a BOOK balance)."""
    return amounts.signed_units(cents_of(value, field=field, example="-12.50"), field=field,
                                settings=settings)
