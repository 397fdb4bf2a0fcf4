"""Closing a night (B5, B8, B9, B12): the rules are the posting core's
(ledger/posting/closing.py); here the night is locked, the close written, and the night marked
closed with the payments that settle THE BOOK. Each player with an address is mailed their
line of the settle-up: queued here, in the close's transaction, sent after its commit
(services/mail.py), so the mail never fails the close."""

from __future__ import annotations

from ledger.models import Entry, Night
from ledger.posting import closing
from ledger.types import Banker

from .idempotency import idempotent
from .journal import locked_night, write
from .mail import queue_close_mail


@idempotent("night_close")
def night_close(*, session: Night, key: str, user: Banker = None) -> Entry:
    """Close the night (B5, B8, B9, B12); refused while anything is left out."""
    night = locked_night(session, user=user)
    draft = closing.close(night)
    entry = write(night, draft, key=key, user=user)
    session = night.session
    session.status = Night.CLOSED
    session.closed_at = entry.created_at
    session.settlement = draft.settlement
    session.save(update_fields=["status", "closed_at", "settlement"])
    queue_close_mail(session)
    return entry
