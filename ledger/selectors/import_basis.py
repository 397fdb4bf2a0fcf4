"""What a night file's import reads of the database before it plans the night: comparable, so
the import can tell under its lock, cheaply, whether anything the plan depends on changed while
it planned (`what_changed`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Max

from ledger.models import Entry, Player, Posting
from ledger.names import identity
from ledger.posting.accounts import Account

from .balances import book_balances
from .opening import tonight

PlayerRow = tuple[int, str, str, bool, bool, int | None]   # pk, name, note id, regular, host,
                                                           # who invited them



@dataclass(frozen=True)
class ImportBasis:
    """The players, whether THE BOOK was ever written and its balances, the open night, and
    the journal's newest sequence number when they were read (THE BOOK moves only with it)."""

    players: tuple[PlayerRow, ...]
    written: bool
    book: tuple[tuple[int, int], ...]
    open_night: int | None
    tip: int = 0


def _tip() -> int:
    tip = Entry.objects.aggregate(tip=Max("sequence"))["tip"]
    return int(tip or 0)


def _players() -> tuple[PlayerRow, ...]:
    return tuple(Player.objects.order_by("pk").values_list(
        "pk", "name", "note_id", "regular", "is_host", "invited_by_id"))


def _book() -> tuple[bool, tuple[tuple[int, int], ...]]:
    written = Posting.objects.filter(kind=Account.BOOK).exists()
    return written, (tuple(sorted(book_balances().items())) if written else ())


def _open_night() -> int | None:
    night = tonight()
    return night.pk if night is not None else None


def import_basis() -> ImportBasis:
    """What the import reads before it plans, in one comparable value. The journal's tip is
    read first: an entry written while the rest is read moves it, so `what_changed` then
    reads THE BOOK again."""
    tip = _tip()
    written, book = _book()
    return ImportBasis(_players(), written, book, _open_night(), tip)


def what_changed(before: ImportBasis, *, creating: Iterable[tuple[str, str]] = ()
                 ) -> str | None:
    """What changed since `before` was read that a plan made on it depends on, in words, or
    None. A player added meanwhile matters only when they have the name (ledger/names.py `identity`:
    in any capitals, or a lookalike) or
    the bank-note identifier of a player the plan creates (`creating`: name, note id); a
    player changed or gone always matters; THE BOOK is read again only when the journal
    moved. A few small queries: asked under the import's lock."""
    now = {row[0]: row for row in _players()}
    for row in before.players:
        if now.get(row[0]) != row:
            return f"the player {row[1]} was changed"
    known = {row[0] for row in before.players}
    names = {identity(name): name for name, _ in creating}   # the rule player_create applies
    note_ids = {note_id for _, note_id in creating}
    for pk, name, note_id, *_ in now.values():
        if pk not in known and (identity(name) in names or note_id in note_ids):
            return f"a player {name} was added"
    if _open_night() != before.open_night:
        return "a night was opened"
    if _tip() != before.tip and _book() != (before.written, before.book):
        return "THE BOOK was written"
    return None
