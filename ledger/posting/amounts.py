"""The money rules on amounts in cents, in the sentences a banker reads: more than $0.00,
whole white chips (B10), $5.00 steps from the bank (B2). Every service checks the amounts it
takes here; the edges that read text (night_file/amounts.py) turn it into cents first."""

from __future__ import annotations

from rules.money import FIVE_DOLLARS, NICKEL
from rules.money import dollars as money

from .errors import LedgerError

_WHAT = {"awards": "{}'s award", "owes": "what {} owes", "book_before": "{}'s balance before"}


def what(field: str, capital: bool = False) -> str:
    """The thing a field holds, for a sentence: "the pot", "Fred's award", "what Ann owes"."""
    head, _, name = field.partition(" for ")
    what = _WHAT[head].format(name) if name and head in _WHAT else "the " + field.replace("_", " ")
    return what[0].upper() + what[1:] if capital else what


def whole_cents(cents: object, *, field: str = "amount", example: str = "20.00") -> int:
    """`cents` if it is an int (cents); anything else is refused by name."""
    if isinstance(cents, bool) or not isinstance(cents, int):
        raise LedgerError(f"Write {what(field)} as an amount such as {example}, not {cents!r}.",
                          field=field)
    return cents


def positive(cents: object, *, field: str = "amount") -> int:
    """Whole cents, more than zero."""
    amount = whole_cents(cents, field=field)
    if amount <= 0:
        raise LedgerError(f"{what(field, True)} must be more than $0.00, not {money(amount)}.",
                          field=field)
    return amount


def nickels(cents: object, *, field: str = "amount") -> int:
    """A positive amount in whole white chips (B10)."""
    amount = positive(cents, field=field)
    if amount % NICKEL:
        raise LedgerError(
            f"{what(field, True)} of {money(amount)} is not a multiple of $0.05, the white chip "
            "(B10).",
            field=field,
        )
    return amount


def five_dollars(cents: object, *, field: str = "amount") -> int:
    """A positive amount in $5.00 steps (B2)."""
    amount = positive(cents, field=field)
    if amount % FIVE_DOLLARS:
        raise LedgerError(
            f"Chips are bought from the bank in multiples of $5.00 (B2); {money(amount)} "
            "is not one.",
            field=field,
        )
    return amount


def signed_nickels(cents: object, *, field: str) -> int:
    """Any amount in whole white chips, negative or zero included (a BOOK balance)."""
    amount = whole_cents(cents, field=field, example="-12.50")
    if amount % NICKEL:
        raise LedgerError(f"{what(field, True)} of {money(amount)} is not a multiple of $0.05.",
                          field=field)
    return amount
