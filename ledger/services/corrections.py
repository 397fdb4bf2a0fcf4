"""Corrections: a mistake is undone by a reversing entry with a reason, never by editing."""

from __future__ import annotations

from ledger.models import Entry
from ledger.types import Banker

from .errors import LedgerError
from .idempotency import idempotent
from .journal import Journal, lock_session

NOT_REVERSIBLE = {
    Entry.REVERSAL: "a correction cannot itself be reversed; enter the event again instead",
    Entry.CLOSE: "a closed session stays closed",
    Entry.OPENING: "THE BOOK brought in from before is not a night's event",
    Entry.MERGE: "the surrogate book's merge into THE BOOK is final",
}


@idempotent("entry_reverse")
def entry_reverse(*, entry: Entry, reason: str, key: str, user: Banker = None) -> Entry:
    """Undo an entry of an open session with an opposite one; the reason is kept."""
    reason = " ".join(str(reason or "").split())
    if not reason:
        raise LedgerError("Say why the entry is being corrected.", field="reason")
    if entry.kind in NOT_REVERSIBLE:
        raise LedgerError(f"This entry cannot be corrected: {NOT_REVERSIBLE[entry.kind]}.",
                          field="entry")
    if entry.session is None:
        raise LedgerError("That entry belongs to no session.", field="entry")
    session = lock_session(entry.session, user=user)
    if Entry.objects.filter(reverses=entry).exists():
        raise LedgerError(f"Entry #{entry.pk} was already corrected.", field="entry")
    journal = Journal(session)
    for posting in entry.postings.all():
        journal.add_stored(posting.kind, -posting.amount, player_id=posting.player_id,
                           note_id=posting.note_id)
    return journal.write(
        kind=Entry.REVERSAL, key=key, user=user, player=entry.player,
        counterparty=entry.counterparty, amount=entry.amount, reverses=entry,
        payload={"type": "reverse", "entry": entry.pk, "reason": reason},
        memo=f"correction of #{entry.pk} ({entry.get_kind_display()}): {reason}",
    )
