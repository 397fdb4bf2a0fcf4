"""Closing bank notes at the end of a night: committed into THE BOOK, or void (B5). The rules
are the posting core's (ledger/posting/bank.py: `close_notes`)."""

from __future__ import annotations

from typing import Literal

from ledger.models import BankNote, Entry, Night, Player
from ledger.posting import bank
from ledger.types import Banker

from .errors import LedgerError
from .idempotency import idempotent
from .journal import locked_night, write

ALL: Literal["all"] = "all"
Holder = Player | None | Literal["all"]   # a player, None for the bank, or "all" of them


def _close_notes(*, action: str, session: Night, player: Player | None,
                 holder: Holder, amount: int | None, note: BankNote | None, key: str,
                 user: Banker) -> Entry:
    night = locked_night(session, user=user,
                       players=[player, holder if isinstance(holder, Player) else None])
    if note is not None and note.session_id != night.session.pk:
        raise LedgerError("That bank note belongs to another night.", field="note")
    draft = bank.close_notes(
        night, action=action, debtor=night.person_of(player) if player else None,
        holder=night.person_of(holder) if isinstance(holder, Player) else holder,
        amount=amount, note=note.pk if note is not None else None)
    return write(night, draft, key=key, user=user)


@idempotent("note_commit")
def note_commit(*, session: Night, player: Player | None = None, holder: Holder = ALL,
                amount: int | None = None, note: BankNote | None = None, key: str,
                user: Banker = None) -> Entry:
    """Commit a debtor's open notes (or one note) into THE BOOK (B5).

    `holder`: a player, None for the bank, or "all" (default) for every open note of the
    debtor; with `amount` (cents) too, the one note of that value the holder holds.
    """
    return _close_notes(action=bank.COMMIT, session=session, player=player, holder=holder,
                        amount=amount, note=note, key=key, user=user)


@idempotent("note_void")
def note_void(*, session: Night, player: Player | None = None, holder: Holder = ALL,
              amount: int | None = None, note: BankNote | None = None, key: str,
              user: Banker = None) -> Entry:
    """Void a debtor's open notes (or one note): the holder loses their value (B5)."""
    return _close_notes(action=bank.VOID, session=session, player=player, holder=holder,
                        amount=amount, note=note, key=key, user=user)
