"""Corrections: a mistake is undone by a reversing entry with a reason, never by editing. The
rules are the posting core's (ledger/posting/bank.py: `reverse`)."""

from __future__ import annotations

from ledger.models import Entry
from ledger.posting import bank
from ledger.types import Banker

from .errors import LedgerError
from .idempotency import idempotent
from .journal import locked_night, write


def correctable(entry: Entry) -> bool:
    """Whether an entry of this kind may be undone by a correction at all."""
    return entry.kind not in bank.NOT_REVERSIBLE


@idempotent("entry_reverse")
def entry_reverse(*, entry: Entry, reason: str, key: str, user: Banker = None) -> Entry:
    """Undo an entry of an open session with an opposite one; the reason is kept."""
    if entry.session is None:
        raise LedgerError("That entry belongs to no night.", field="entry")
    night = locked_night(entry.session, user=user)
    return write(night, bank.reverse(night, target=night.posted(entry.pk),
                                     reason=str(reason or "")), key=key, user=user)
