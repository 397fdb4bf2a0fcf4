"""The money rules on amounts in cents, in the sentences a banker reads: more than nothing,
whole units of play (the house's smallest chip, B10), the bank's buy-in steps (B2). Every
service checks the amounts it takes here, with the night's own settings (`NightState.settings`, the
house's game as the night was opened); the edges that read text (night_file/amounts.py) turn
it into cents first."""

from __future__ import annotations

from ledger.house_settings import SEED, HouseSettings

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


def positive(cents: object, *, field: str = "amount", settings: HouseSettings = SEED) -> int:
    """Whole cents, more than zero."""
    amount = whole_cents(cents, field=field)
    if amount <= 0:
        raise LedgerError(f"{what(field, True)} must be more than {settings.money(0)}, not "
                          f"{settings.money(amount)}.", field=field)
    return amount


def smallest_chip(settings: HouseSettings) -> str:
    """The unit in a sentence: "$0.05, the white chip"."""
    return f"{settings.money(settings.unit)}, the {settings.colours[0]} chip"


def units(cents: object, *, field: str = "amount", settings: HouseSettings = SEED) -> int:
    """A positive amount in whole units of play, the house's smallest chip (B10)."""
    amount = positive(cents, field=field, settings=settings)
    if amount % settings.unit:
        raise LedgerError(f"{what(field, True)} of {settings.money(amount)} is not a multiple "
                          f"of {smallest_chip(settings)} (B10).", field=field)
    return amount


def bank_steps(cents: object, *, field: str = "amount", settings: HouseSettings = SEED) -> int:
    """A positive amount in the bank's buy-in steps (B2)."""
    amount = positive(cents, field=field, settings=settings)
    if amount % settings.buy_in_step:
        raise LedgerError(f"Chips are bought from the bank in multiples of "
                          f"{settings.money(settings.buy_in_step)} (B2); "
                          f"{settings.money(amount)} is not one.", field=field)
    return amount


def signed_units(cents: object, *, field: str, settings: HouseSettings = SEED) -> int:
    """Any amount in whole units of play, negative or zero included (a BOOK balance)."""
    amount = whole_cents(cents, field=field, example="-12.50")
    if amount % settings.unit:
        raise LedgerError(f"{what(field, True)} of {settings.money(amount)} is not a multiple "
                          f"of {settings.money(settings.unit)}.", field=field)
    return amount
