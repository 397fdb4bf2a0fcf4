"""Buying chips: from the bank or from another player, paid by cash, bank note or THE BOOK.

Postings (natural sense, see models.py):

* from the bank, cash:  cash box +a, buyer's chips +a
* from the bank, note:  a new bank note held by the bank +a, buyer's chips +a
* from the bank, book:  buyer's BOOK -a, banker's BOOK +a, banker's stake -a, buyer's chips +a
  (the buyer owes the bank's BOOK party, the banker; the banker has in effect sold the chips)
* from a player:        seller's chips -a, buyer's chips +a, and for the payment: cash changes
  hands outside the bank (no leg), a note (note +a, held by the seller +a) or THE BOOK
  (buyer -a, seller +a).

Amounts are multiples of $5.00 (B2; the house applies the same step to sales between players).
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from ledger.models import Account, Entry, Player, PokerSession
from rules.money import format_cents

from .errors import LedgerError, PossibleDuplicate
from .idempotency import idempotent
from .journal import BANK, Journal, chips_held, lock_session, money
from .lookup import five_dollars_of, party_of, player_of
from .sessions import seat_player

PAYMENTS = (Entry.CASH, Entry.BY_NOTE, Entry.BY_BOOK)
DUPLICATE_WINDOW = timedelta(seconds=60)  # R15


def _check_duplicate(session, buyer, seller, amount, paid, key) -> None:
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
def buyin_create(*, session: PokerSession | int, player: Player | str, amount: int | str,
                 paid: str = Entry.CASH, seller: Player | str | None = None, key: str,
                 user=None, confirm_duplicate: bool = False) -> Entry:
    """Record a chip purchase (B2, B3, B4) and seat the buyer if they are new tonight."""
    session = lock_session(session)
    buyer = player_of(player)
    seller = party_of(seller, field="seller")
    amount = five_dollars_of(amount)
    if paid not in PAYMENTS:
        raise LedgerError(f"paid: choose cash, note or book, not {paid!r} (B3).", field="paid")
    if seller is not None and seller.pk == buyer.pk:
        raise LedgerError(f"seller: {buyer.name} cannot buy chips from themselves.",
                          field="seller")
    if seller is not None:
        held = chips_held(session, seller)
        if held < amount:
            raise LedgerError(
                f"amount: {seller.name} holds only {money(held)} in chips and cannot sell "
                f"{money(amount)}.", field="amount",
            )
    if not confirm_duplicate:
        _check_duplicate(session, buyer, seller, amount, paid, key)

    journal = Journal(session)
    journal.add(Account.CHIPS, amount, player=buyer)
    note_fields = None
    if seller is None:
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
        journal.add(Account.CHIPS, -amount, player=seller)
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
