"""THE BOOK outside the bank: payments between people, and the surrogate book's merge (B6, B7).

A payment is cash handed from one person to another to settle what they owe; it moves both
BOOK balances (payer +a, payee -a). Paying "the bank" pays the bank's BOOK party, the banker.

On a night without the host every BOOK movement goes to that night's surrogate book; the merge
moves each surrogate balance into THE BOOK in one entry, so the transfer is explicit and can be
audited (B7).
"""

from __future__ import annotations

from collections.abc import Mapping

from ledger.models import Account, Entry, Player, PokerSession, Posting
from ledger.selectors.balances import book_balances
from ledger.types import Banker
from rules.money import dollars as money
from rules.money import format_cents

from .amounts import nickels, signed_nickels
from .errors import LedgerError
from .idempotency import idempotent
from .journal import BANK, Journal, lock_session


@idempotent("payment_record")
def payment_record(*, session: PokerSession, player: Player, to: Player | None, amount: int,
                   key: str, user: Banker = None) -> Entry:
    """`player` pays `to` (a player, or None for the bank) `amount` cents in cash towards what
    they owe."""
    session = lock_session(session, user=user)
    payer = player
    payee = to or session.banker
    amount = nickels(amount)
    if payee.pk == payer.pk:
        raise LedgerError(f"{payer.name} cannot pay themselves.", field="to")
    journal = Journal(session)
    journal.book(payer, amount)
    journal.book(payee, -amount)
    to_name = BANK if to is None else payee.name
    return journal.write(
        kind=Entry.PAY, key=key, user=user, player=payer, counterparty=payee, amount=amount,
        payload={"type": "pay", "player": payer.name, "to": to_name,
                 "amount": format_cents(amount)},
        memo=f"{payer.name} paid {payee.name} {money(amount)}",
    )


@idempotent("book_payment")
def book_payment(*, player: Player, to: Player, amount: int, key: str,
                 user: Banker = None) -> Entry:
    """`player` paid `to` `amount` while no night is open: an entry of THE BOOK alone (no
    session). It moves both balances as `payment_record` does; a closed night's book stays as
    that night left it (its close entry comes first), and the next night's `book_before`
    carries the payment. While a night is open the payment is that night's (`payment_record`).
    """
    if PokerSession.objects.filter(status=PokerSession.OPEN).exists():
        raise LedgerError("A night is open: the payment is recorded as one of its events.")
    payer, payee = player, to
    amount = nickels(amount)
    if payee.pk == payer.pk:
        raise LedgerError(f"{payer.name} cannot pay themselves.", field="to")
    journal = Journal(None)
    journal.book(payer, amount)
    journal.book(payee, -amount)
    return journal.write(
        kind=Entry.PAY, key=key, user=user, player=payer, counterparty=payee, amount=amount,
        payload={"type": "pay", "player": payer.name, "to": payee.name,
                 "amount": format_cents(amount)},
        memo=f"{payer.name} paid {payee.name} {money(amount)} (THE BOOK, no night open)",
    )


@idempotent("book_opening")
def book_opening(*, balances: Mapping[Player, int], key: str,
                 user: Banker = None) -> Entry:
    """Bring THE BOOK as it stood elsewhere into an empty database (restoring a backup).

    Balances in cents, positive when the person is owed; they must sum to zero (B6).
    """
    if Posting.objects.filter(kind=Account.BOOK).exists():
        raise LedgerError("THE BOOK already has entries here; an opening balance is only for "
                          "an empty book.")
    journal = Journal(None)
    total = 0
    for player, amount in balances.items():
        cents = signed_nickels(amount, field=f"book_before for {player.name}")
        journal.add(Account.BOOK, cents, player=player)
        total += cents
    if total:
        raise LedgerError(f"THE BOOK's opening balances add up to {money(total)}, not $0.00; "
                          "THE BOOK always sums to zero.", field="book_before")
    return journal.write(kind=Entry.OPENING, key=key, user=user, amount=0,
                         payload={"type": "opening"}, memo="THE BOOK brought in")


@idempotent("surrogate_book_merge")
def surrogate_book_merge(*, session: PokerSession, key: str, user: Banker = None) -> Entry:
    """Move a host-less night's surrogate book into THE BOOK (B7)."""
    session = lock_session(session, user=user, must_be_open=False)
    if session.host_present:
        raise LedgerError("The host was present that night: there is no surrogate book to merge.")
    balances = book_balances(kinds=[Account.SURROGATE], session=session)
    if not balances:
        raise LedgerError("The surrogate book of that night is empty or already merged.")
    journal = Journal(session)
    players = Player.objects.in_bulk(list(balances))
    for pid, cents in balances.items():
        journal.add(Account.SURROGATE, -cents, player=players[pid])
        journal.add(Account.BOOK, cents, player=players[pid])
    moved = sum(c for c in balances.values() if c > 0)
    return journal.write(
        kind=Entry.MERGE, key=key, user=user, amount=moved, payload={"type": "merge"},
        memo=f"surrogate book of {session.date} merged into THE BOOK (B7)",
    )
