"""After a commit that wrote entries, the witness of the journal's head is written anew
(ledger/witness.py): registered here when an entry is saved (`Journal.write`), and by
`services.session_open` for a night imported in bulk (whose entries send no signal)."""

from __future__ import annotations

from typing import Any

from django.db import connection, transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from .journal import Entry


def witness_after_commit() -> None:
    """Refresh the witness once the current transaction commits (once per transaction)."""
    from ledger.witness import refresh

    if any(item[1] is refresh for item in connection.run_on_commit):
        return
    transaction.on_commit(refresh, robust=True)   # the entries are written whatever happens


@receiver(post_save, sender=Entry)
def _entry_saved(sender: type[Entry], created: bool = False, **kwargs: Any) -> None:
    if created:
        witness_after_commit()
