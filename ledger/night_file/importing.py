"""A `banker-session/1` file imported as a new session: all or nothing, in one transaction.

The file is read strictly (schema.py), planned and replayed in memory without a lock
(planning.py), then written under the import's lock: the missing players, THE BOOK's opening
and the session through the services, the night's entries in bulk (bulk_write.py). A night
already in the database (same date, banker and events) is refused by name, decided inside the
import's transaction, so the same file imported twice - or twice at once - does not make two
nights.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping
from typing import Any

from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from ledger import services
from ledger.models import Player, PokerSession
from ledger.services import LedgerError
from ledger.services.journal import entered_by
from ledger.types import Banker

from . import bulk_write, planning
from .export import export_session
from .schema import check_document

_IMPORT_LOCK = 7_000_003   # PostgreSQL: imports take their turn (SQLite: IMMEDIATE already)


def _seating(head: Mapping[str, Any], rows: list[Any]) -> list[str]:
    """The dealing order: `session.seating`, or without it the order of `players` (B1)."""
    if "seating" in head:
        return list(head["seating"])
    return [row["name"] for row in rows]


def _named(name: str) -> Player:
    """A player the file names: the plan found them here, or they were created above."""
    return Player.objects.get(name=name.strip())


def events_digest(events: list[Any]) -> str:
    """A fingerprint of a night's events, to know the same night when it comes back."""
    text = json.dumps(events, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _refuse_a_night_already_here(head: Mapping[str, Any], digest: str) -> None:
    """The same date, banker and events as a session here: the file was imported already.
    Asked inside the import's transaction, under its lock, so two imports of one night
    started at once give one night and one refusal."""
    same_night = (PokerSession.objects.filter(date=head["date"], banker__name=head["banker"])
                  .select_related("banker").order_by("id"))
    for session in same_night:
        if session.import_digest == digest \
                or events_digest(export_session(session)["events"]) == digest:
            raise LedgerError(
                f"The night of {session.date.isoformat()} banked by {session.banker.name} is "
                f"already here as session {session.pk}; nothing written.", code="already_here")


def import_session(data: Any, *, user: Banker = None) -> PokerSession:
    """Create a new session from a `banker-session/1` document; all or nothing."""
    head, rows, book_before, events = check_document(data)
    try:
        return _import(head, rows, book_before, events, user=user)
    except LedgerError:
        raise
    except (DatabaseError, ArithmeticError, TypeError, ValueError, AttributeError,
            KeyError, IndexError, RecursionError) as error:
        # The last resort: the file was read above, so this is a value the services did not
        # expect. Nothing was written (the transaction rolled back); say so in one line.
        raise LedgerError(f"The file could not be imported ({type(error).__name__}); "
                          "nothing written.") from None


def _import(head: Mapping[str, Any], rows: list[Any], book_before: Mapping[str, Any],
            events: list[Any], *, user: Banker) -> PokerSession:
    seating = _seating(head, rows)
    digest = events_digest(events)
    found = planning.plan(head, rows, book_before, events, seating)   # no lock, nothing written
    prefix = f"import-{uuid.uuid4().hex}"
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_IMPORT_LOCK])
        _refuse_a_night_already_here(head, digest)
        if planning.database_view() != found.view:   # changed meanwhile: again, under the lock
            found = planning.plan(head, rows, book_before, events, seating)
        for index, row in enumerate(found.create):
            inviter = row.get("invited_by")   # checked by the plan: here, or created above
            services.player_create(
                name=row["name"], note_id=row["note_id"], regular=bool(row.get("regular", True)),
                invited_by=_named(inviter) if inviter else None,
                is_host=bool(row.get("host", False)), key=f"{prefix}-player-{index}", user=user)
        if found.opening:
            services.book_opening(balances={_named(n): c for n, c in found.opening.items()},
                                  key=f"{prefix}-opening", user=user)
        session = services.session_open(date=found.date, banker=_named(found.banker),
                                        host_present=found.host_present,
                                        seating=[_named(name) for name in seating],
                                        key=f"{prefix}-open", user=user)
        bulk_write.write(found, session=session, key=prefix, created_by=entered_by(user))
        closing: dict[str, Any] = {"import_digest": digest}
        if found.closed:
            closing.update(status=PokerSession.CLOSED, closed_at=timezone.now(),
                           settlement=found.settlement)
        PokerSession.objects.filter(pk=session.pk).update(**closing)
        session.refresh_from_db()
    return session

