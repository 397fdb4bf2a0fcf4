"""THE BOOK outside the bank: payments between people, THE BOOK brought in, and the surrogate
book's merge (B6, B7). The rules are the posting core's (ledger/posting/bank.py)."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.house import house_game
from ledger.models import Entry, Night, Player, Posting
from ledger.posting import bank
from ledger.posting.accounts import Account
from ledger.selectors.night_state import StoredNight, person_of
from ledger.types import Banker

from .errors import LedgerError
from .idempotency import idempotent
from .journal import lock_night, locked_night, write


@idempotent("payment_record")
def payment_record(*, session: Night, player: Player, to: Player | None, amount: int,
                   key: str, user: Banker = None) -> Entry:
    """`player` pays `to` (a player, or None for the bank) `amount` cents in cash towards what
    they owe."""
    night = locked_night(session, user=user, players=[player, to])
    return write(night, bank.pay(night, payer=night.person_of(player),
                                 payee=night.person_of(to) if to is not None else None,
                                 amount=amount), key=key, user=user)


@idempotent("book_payment")
def book_payment(*, player: Player, to: Player, amount: int, key: str,
                 user: Banker = None) -> Entry:
    """`player` paid `to` `amount` while no night is open: an entry of THE BOOK alone (no
    session). It moves both balances as `payment_record` does; a closed night's book stays as
    that night left it (its close entry comes first), and the next night's `book_before`
    carries the payment. While a night is open the payment is that night's (`payment_record`).
    """
    if Night.objects.filter(status=Night.OPEN).exists():
        raise LedgerError("A night is open: the payment is recorded as one of its events.")
    payee = person_of(to)
    return write(None, bank.pay(None, payer=person_of(player), payee=payee,
                                amount=amount, banker=payee, settings=house_game()),
                 key=key, user=user)


@idempotent("book_opening")
def book_opening(*, balances: Mapping[Player, int], key: str,
                 user: Banker = None) -> Entry:
    """Bring THE BOOK as it stood elsewhere into an empty database (restoring a backup).

    Balances in cents, positive when the person is owed; they must sum to zero (B6).
    """
    if Posting.objects.filter(kind=Account.BOOK).exists():
        raise LedgerError("THE BOOK already has entries here; an opening balance is only for "
                          "an empty book.")
    opening = {person_of(player): cents for player, cents in balances.items()}
    return write(None, bank.opening(opening, house_game()), key=key, user=user)


@idempotent("surrogate_book_merge")
def surrogate_book_merge(*, session: Night, key: str, user: Banker = None) -> Entry:
    """Move a host-less night's surrogate book into THE BOOK (B7)."""
    night = StoredNight(lock_night(session, user=user, must_be_open=False))
    return write(night, bank.merge(night), key=key, user=user)
