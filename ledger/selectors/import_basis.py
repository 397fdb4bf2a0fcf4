"""What a night file's import reads of the database before it plans the night: comparable, so
the import can tell under its lock whether anything changed while it planned."""

from __future__ import annotations

from typing import Any

from ledger.models import Player, PokerSession, Posting
from ledger.posting.accounts import Account

from .balances import book_balances


def import_basis() -> tuple[Any, ...]:
    """The players, whether THE BOOK was ever written and its balances, the open night."""
    players = tuple(Player.objects.order_by("pk").values_list(
        "pk", "name", "note_id", "regular", "is_host", "invited_by_id"))
    written = Posting.objects.filter(kind=Account.BOOK).exists()
    book = tuple(sorted(book_balances().items())) if written else ()
    open_night = PokerSession.objects.filter(status=PokerSession.OPEN).values_list(
        "pk", flat=True).first()
    return players, written, book, open_night
