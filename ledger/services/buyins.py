"""Buying chips: from the bank or from another player, paid by cash, bank note or THE BOOK.

Postings (natural sense, see models/journal.py: Account.sign):

* from the bank, cash:  cash box +a, chips out +a
* from the bank, note:  a new bank note held by the bank +a, chips out +a
* from the bank, book:  buyer's BOOK -a, banker's BOOK +a, banker's stake -a, chips out +a
  (the buyer owes the bank's BOOK party, the banker; the banker has in effect sold the chips)
* from a player:        no bank chips move (the bank never knows who holds its chips); only
  the payment: cash changes hands outside the bank (no leg), a note (note +a, held by the
  seller +a) or THE BOOK (buyer -a, seller +a).

From the bank amounts are multiples of $5.00 (B2); between players any whole number of nickels.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from ledger.models import Account, Entry, Player, PokerSession
from ledger.types import Banker
from rules.money import dollars as money
from rules.money import format_cents

from .amounts import five_dollars, nickels
from .errors import LedgerError, PossibleDuplicate
from .idempotency import idempotent
from .journal import BANK, Journal, NewNote, lock_session
from .sessions import seat_player

PAYMENTS = (Entry.CASH, Entry.BY_NOTE, Entry.BY_BOOK)
DUPLICATE_WINDOW = timedelta(seconds=60)  # R15


def _check_duplicate(session: PokerSession, buyer: Player, seller: Player | None, amount: int,
                     paid: str, key: str) -> None:
    recent = Entry.objects.filter(
        session=session, kind=Entry.BUY, player=buyer, counterparty=seller, amount=amount,
        method=paid, created_at__gte=timezone.now() - DUPLICATE_WINDOW, reversed_by__isnull=True,
    ).exclude(key=key).order_by("-id").first()
    if recent is not None:
        seconds = int((timezone.now() - recent.created_at).total_seconds())
        if seconds < 5:
            ago = "just now"
        else:
            ago = f"{seconds} second{'' if seconds == 1 else 's'} ago"
        raise PossibleDuplicate(
            f"{buyer.name} already bought {money(amount)} paid by {paid} {ago}. "
            "Is this a second buy-in? Confirm to enter it again.",
            code="possible_duplicate",
        )


@idempotent("buyin_create")
def buyin_create(*, session: PokerSession, player: Player, amount: int,
                 paid: str = Entry.CASH, seller: Player | None = None, key: str,
                 user: Banker = None, confirm_duplicate: bool = False) -> Entry:
    """Record a chip purchase (B2, B3, B4) and seat the buyer if they are new tonight;
    `seller` None is the bank, `amount` in cents."""
    session = lock_session(session, user=user)
    buyer = player
    amount = five_dollars(amount) if seller is None else nickels(amount)
    if paid not in PAYMENTS:
        raise LedgerError(f"Choose how the chips are paid: cash, note or book, not {paid!r} (B3).",
                          field="paid")
    if seller is not None and seller.pk == buyer.pk:
        raise LedgerError(f"{buyer.name} cannot buy chips from themselves.",
                          field="seller")
    if not confirm_duplicate:
        _check_duplicate(session, buyer, seller, amount, paid, key)

    journal = Journal(session)
    note_fields: NewNote | None = None
    if seller is None:
        journal.add(Account.CHIPS, amount)
        if paid == Entry.CASH:
            journal.add(Account.CASH_BOX, amount)
        elif paid == Entry.BY_NOTE:
            journal.add_new_note(Account.NOTE, amount, player=buyer)
            note_fields = {"debtor": buyer, "holder": None, "amount": amount}
        else:
            journal.book(buyer, -amount)
            journal.book(session.banker, amount)
            journal.add(Account.BANK, -amount)
    else:
        if paid == Entry.BY_NOTE:
            journal.add_new_note(Account.NOTE, amount, player=buyer)
            journal.add_new_note(Account.NOTE_HELD, amount, player=seller)
            note_fields = {"debtor": buyer, "holder": seller, "amount": amount}
        elif paid == Entry.BY_BOOK:
            journal.book(buyer, -amount)
            journal.book(seller, amount)
    seat_player(session, buyer)
    payload = {"type": "buy", "player": buyer.name, "amount": format_cents(amount), "paid": paid}
    if seller is not None:
        payload["from"] = seller.name
    return journal.write(
        kind=Entry.BUY, payload=payload, key=key, user=user, player=buyer, counterparty=seller,
        amount=amount, method=paid, note_to_create=note_fields,
        memo=f"{buyer.name} bought {money(amount)} from {seller.name if seller else BANK}, "
             f"paid by {paid}" + (f" ({buyer.note_id})" if paid == Entry.BY_NOTE else ""),
    )
