"""Buying chips: from the bank or from another player, paid by cash, bank note or THE BOOK.
The rules and postings are the posting core's (ledger/posting/bank.py: `buy`); here the night
is locked, a buy-in entered twice within a minute is asked about first (R15), and the entry
written.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from ledger.house_settings import shown
from ledger.models import Entry, Night, Player
from ledger.posting import bank
from ledger.posting.accounts import EntryKind, Method
from ledger.types import Banker

from .errors import PossibleDuplicate
from .idempotency import idempotent
from .journal import locked_night, write

DUPLICATE_WINDOW = timedelta(seconds=60)  # R15


def _check_duplicate(session: Night, buyer: Player, seller: Player | None, amount: int,
                     paid: str, key: str) -> None:
    recent = Entry.objects.filter(
        session=session, kind=EntryKind.BUY, player=buyer, counterparty=seller, amount=amount,
        method=paid, created_at__gte=timezone.now() - DUPLICATE_WINDOW, reversed_by__isnull=True,
    ).exclude(key=key).order_by("-id").first()
    if recent is not None:
        seconds = int((timezone.now() - recent.created_at).total_seconds())
        if seconds < 5:
            ago = "just now"
        else:
            ago = f"{seconds} second{'' if seconds == 1 else 's'} ago"
        raise PossibleDuplicate(
            f"{buyer.name} already bought {shown().money(amount)} paid by {paid} {ago}. "
            "Is this a second buy-in? Confirm to enter it again.",
            code="possible_duplicate",
        )


@idempotent("buyin_create")
def buyin_create(*, session: Night, player: Player, amount: int,
                 paid: str = Method.CASH, seller: Player | None = None, key: str,
                 user: Banker = None, confirm_duplicate: bool = False) -> Entry:
    """Record a chip purchase (B2, B3, B4) and seat the buyer if they are new tonight;
    `seller` None is the bank, `amount` in cents."""
    night = locked_night(session, user=user, players=[player, seller])
    draft = bank.buy(night, buyer=night.person_of(player), amount=amount, paid=paid,
                     seller=night.person_of(seller) if seller is not None else None)
    if not confirm_duplicate:
        _check_duplicate(night.session, player, seller, draft.amount, paid, key)
    return write(night, draft, key=key, user=user)
