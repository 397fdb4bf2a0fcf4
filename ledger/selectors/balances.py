"""Balances summed from the postings, in each account's natural sense (models.Account.sign):
what the services check a write against and what the pages show. One query each."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Sum

from ledger.models import Night, Posting
from ledger.posting.accounts import Account


def natural(kind: str, stored: int | None) -> int:
    """A stored sum of `kind`'s postings in the account's own sense (cash in the box...)."""
    return Account.sign(kind) * (stored or 0)


def night_totals(session: Night) -> dict[str, int]:
    """Natural balance of each session-wide account kind (cash box, pots, bank, chips...)."""
    rows = (
        Posting.objects.filter(session=session)
        .values("kind").annotate(total=Sum("amount")).order_by()
    )
    return {row["kind"]: natural(row["kind"], row["total"]) for row in rows}


def chips_out(session: Night) -> int:
    """The chips the bank has out tonight: sold, less bought back, less count differences."""
    return night_totals(session).get(Account.CHIPS, 0)


def open_note_balances(session: Night) -> dict[int, int]:
    """Open value of each bank note of the session that is still open, by note id."""
    rows = (
        Posting.objects.filter(session=session, kind=Account.NOTE)
        .values("note").annotate(total=Sum("amount")).order_by()
    )
    return {row["note"]: -row["total"] for row in rows if row["total"]}


def book_balances(*, kinds: Iterable[str] = (Account.BOOK,), session: Night | None = None,
                  upto_entry: int | None = None) -> dict[int, int]:
    """Each person's balance (positive = is owed), by player id, non-zero only."""
    qs = Posting.objects.filter(kind__in=list(kinds))
    if session is not None:
        qs = qs.filter(session=session)
    if upto_entry is not None:
        qs = qs.filter(entry_id__lte=upto_entry)
    rows = qs.values("player").annotate(total=Sum("amount")).order_by()
    return {row["player"]: row["total"] for row in rows if row["total"]}


def book_and_surrogate(players: Iterable[int]) -> dict[int, int]:
    """Each player's THE BOOK balance now, with any surrogate book not yet merged (B7):
    positive = is owed. One query."""
    rows = (Posting.objects.filter(kind__in=[Account.BOOK, Account.SURROGATE],
                                   player__in=list(players))
            .values("player").annotate(total=Sum("amount")).order_by())
    return {row["player"]: row["total"] or 0 for row in rows}
