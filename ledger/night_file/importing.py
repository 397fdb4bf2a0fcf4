"""A night file (`banker-session/2` or `/1`) imported as a new session: all or nothing.

The file is read strictly (schema.py), and its night folded over the posting core in memory
(planning.py) without a lock; the service `night_import` then writes it in one short
transaction. Under its lock the night is looked for once more: a night already in the database
(same date, banker and events) is refused by name, so the same file imported twice - or twice
at once - does not make two nights; and what the plan read is checked unchanged
(`what_changed`: a few small queries), else the lock is let go and the night planned again.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping
from typing import Any

from django.db import DatabaseError

from ledger import services
from ledger.models import Night
from ledger.selectors.import_basis import what_changed
from ledger.services import LedgerError
from ledger.services.bulk_import import PlannedNight
from ledger.types import Banker

from . import planning
from .export import export_session
from .schema import NightDocument, check_document


def _seating(head: Mapping[str, Any], rows: list[Any]) -> list[str]:
    """The dealing order: `session.seating`, or without it the order of `players` (B1)."""
    if "seating" in head:
        return list(head["seating"])
    return [row["name"] for row in rows]


def events_digest(events: list[Any]) -> str:
    """A fingerprint of a night's events, to know the same night when it comes back."""
    text = json.dumps(events, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _refuse_a_night_already_here(head: Mapping[str, Any], digest: str) -> None:
    """The same date, banker and events as a session here: the file was imported already.
    Asked inside the import's transaction, under its lock, so two imports of one night
    started at once give one night and one refusal."""
    same_night = (Night.objects.filter(date=head["date"], banker__name=head["banker"])
                  .select_related("banker").order_by("id"))
    for session in same_night:
        if session.import_digest == digest \
                or events_digest(export_session(session)["events"]) == digest:
            raise LedgerError(
                f"The night of {session.date.isoformat()} banked by {session.banker.name} is "
                f"already here as session {session.pk}; nothing written.", code="already_here")


def import_session(data: Any, *, user: Banker = None, key: str | None = None) -> Night:
    """Create a new session from a night file; all or nothing. The night plays by the file's
    settings (a `/1` file: the seed house's), whatever its house's are now. Its writes are
    keyed under `key` (a page's one-time key), else under a fresh one."""
    document = check_document(data)
    try:
        return _import(document, user=user, key=key or f"import-{uuid.uuid4().hex}")
    except LedgerError:
        raise
    except (DatabaseError, ArithmeticError, TypeError, ValueError, AttributeError,
            KeyError, IndexError, RecursionError) as error:
        # The last resort: the file was read above, so this is a value the services did not
        # expect. Nothing was written (the transaction rolled back); say so in one line.
        raise LedgerError(f"The file could not be imported ({type(error).__name__}); "
                          "nothing written.") from None


def _import(document: NightDocument, *, user: Banker, key: str) -> Night:
    head, events = document.head, document.events
    seating = _seating(head, document.rows)
    digest = events_digest(events)

    def plan() -> PlannedNight:
        return planning.plan(head, document.rows, document.book_before, events, seating,
                             digest=digest, settings=document.settings)

    def under_lock(planned: PlannedNight) -> str | None:
        _refuse_a_night_already_here(head, digest)
        return what_changed(planned.view, creating=[
            (p.name, p.note_id) for p in planned.people.values() if p.pk is None])

    return services.night_import(plan=plan, under_lock=under_lock,
                                 key=key, user=user)
