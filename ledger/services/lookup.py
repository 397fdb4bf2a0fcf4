"""Turning what a caller passes (objects, ids, names, decimal strings) into rows and cents.

Every refusal is a LedgerError: a sentence a banker can read, and the field it belongs to, so
forms can put it next to that field and the CLI and the importer can show it as it is.
"""

from __future__ import annotations

from ledger.models import BankNote, Player, PokerSession
from ledger.numbers import read_whole_number
from rules.errors import MoneyError
from rules.money import FIVE_DOLLARS, NICKEL, parse_cents
from rules.money import dollars as money

from .errors import LedgerError
from .journal import BANK

_WHAT = {"awards": "{}'s award", "owes": "what {} owes", "book_before": "{}'s balance before"}


def _what(field: str, capital: bool = False) -> str:
    """The thing a field holds, for a sentence: "the pot", "Fred's award", "what Ann owes"."""
    head, _, name = field.partition(" for ")
    what = _WHAT[head].format(name) if name and head in _WHAT else "the " + field.replace("_", " ")
    return what[0].upper() + what[1:] if capital else what


def player_of(value: object, *, field: str = "player") -> Player:
    """A Player from an instance, a name or an id; anything else is refused by name."""
    if isinstance(value, Player):
        return value
    if isinstance(value, bool) or value is None or (isinstance(value, str) and not value.strip()):
        raise LedgerError("Choose a player.", field=field)
    if isinstance(value, int):
        found = Player.objects.filter(pk=value).first()
    elif isinstance(value, str):
        found = Player.objects.filter(name=value.strip()).first()
    else:
        found = None
    if found is None:
        raise LedgerError(f"There is no player {value!r}.", field=field)
    return found


def party_of(value: object, *, field: str) -> Player | None:
    """A player, or None for the bank ("bank", None or "")."""
    if value is None or value == "" or value == BANK:
        return None
    return player_of(value, field=field)


def session_of(value: PokerSession | int | str) -> PokerSession:
    if isinstance(value, PokerSession):
        return value
    try:
        return PokerSession.objects.get(pk=read_whole_number(value))
    except (PokerSession.DoesNotExist, ValueError, TypeError):
        raise LedgerError(f"There is no session {value!r}.", field="session") from None


def note_of(value: BankNote | int) -> BankNote:
    if isinstance(value, BankNote):
        return value
    try:
        return BankNote.objects.select_related("debtor", "holder").get(pk=read_whole_number(value))
    except (BankNote.DoesNotExist, ValueError, TypeError):
        raise LedgerError(f"There is no bank note {value!r}.", field="note") from None


def cents_of(value: object, *, field: str = "amount") -> int:
    """Whole cents from an int (cents) or a decimal string ("20.00"); must be positive."""
    if isinstance(value, bool):
        raise LedgerError(f"Write {_what(field)} as an amount such as 20.00, not {value!r}.",
                          field=field)
    if isinstance(value, int):
        cents = value
    elif isinstance(value, str):
        try:
            cents = parse_cents(value, field=field)
        except MoneyError:
            raise LedgerError(
                f"{value!r} is not an amount of money for {_what(field)}; write it like 20.00.",
                field=field,
            ) from None
    else:
        raise LedgerError(f"Write {_what(field)} as an amount such as 20.00, not {value!r}.",
                          field=field)
    if cents <= 0:
        raise LedgerError(f"{_what(field, True)} must be more than $0.00, not {money(cents)}.",
                          field=field)
    return cents


def nickels_of(value: object, *, field: str = "amount") -> int:
    """A positive amount in whole white chips (B10)."""
    cents = cents_of(value, field=field)
    if cents % NICKEL:
        raise LedgerError(
            f"{_what(field, True)} of {money(cents)} is not a multiple of $0.05, the white chip "
            "(B10).",
            field=field,
        )
    return cents


def five_dollars_of(value: object, *, field: str = "amount") -> int:
    """A positive amount in $5.00 steps (B2)."""
    cents = cents_of(value, field=field)
    if cents % FIVE_DOLLARS:
        raise LedgerError(
            f"Chips are bought from the bank in multiples of $5.00 (B2); {money(cents)} "
            "is not one.",
            field=field,
        )
    return cents


def signed_nickels_of(value: object, *, field: str) -> int:
    """Any amount in whole white chips, negative or zero included (a BOOK balance)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise LedgerError(f"Write {_what(field)} as an amount such as -12.50, not {value!r}.",
                          field=field)
    try:
        cents = value if isinstance(value, int) else parse_cents(value, field=field)
    except MoneyError:
        raise LedgerError(f"{value!r} is not an amount of money for {_what(field)}; write it like "
                          "-12.50.", field=field) from None
    if cents % NICKEL:
        raise LedgerError(f"{_what(field, True)} of {money(cents)} is not a multiple of $0.05.",
                          field=field)
    return cents
