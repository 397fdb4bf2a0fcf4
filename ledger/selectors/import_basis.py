"""What a night file's import reads of the database before it plans the night: comparable, so
the import can tell under its lock whether anything changed while it planned."""

from __future__ import annotations

from dataclasses import dataclass

from ledger.models import Player, PokerSession, Posting
from ledger.posting.accounts import Account

from .balances import book_balances

PlayerRow = tuple[int, str, str, bool, bool, int | None]   # pk, name, note id, regular, host,
                                                           # who invited them


@dataclass(frozen=True)
class ImportBasis:
    """The players, whether THE BOOK was ever written and its balances, the open night."""

    players: tuple[PlayerRow, ...]
    written: bool
    book: tuple[tuple[int, int], ...]
    open_night: int | None


def import_basis() -> ImportBasis:
    """What the import reads before it plans, in one comparable value."""
    players = tuple(Player.objects.order_by("pk").values_list(
        "pk", "name", "note_id", "regular", "is_host", "invited_by_id"))
    written = Posting.objects.filter(kind=Account.BOOK).exists()
    book = tuple(sorted(book_balances().items())) if written else ()
    open_night = PokerSession.objects.filter(status=PokerSession.OPEN).values_list(
        "pk", flat=True).first()
    return ImportBasis(players, written, book, open_night)
