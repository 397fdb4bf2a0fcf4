"""After a commit that wrote entries, the witness of the journal's head is written anew
(ledger/witness.py): registered here when an entry is saved (`Journal.write`), and by
`services.session_open` for a night imported in bulk (whose entries send no signal)."""

from __future__ import annotations

import functools
from typing import Any

from django.db import connection, transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from .journal import Entry


def witness_after_commit(house_id: int) -> None:
    """Refresh the witness of the house's journal once the current transaction commits (once
    per transaction and house)."""
    from ledger.witness import refresh

    if any(getattr(item[1], "house_id", None) == house_id for item in connection.run_on_commit):
        return
    callback = functools.update_wrapper(functools.partial(refresh, house_id), refresh)
    callback.house_id = house_id   # type: ignore[attr-defined]
    transaction.on_commit(callback, robust=True)   # the entries are written whatever happens


@receiver(post_save, sender=Entry)
def _entry_saved(sender: type[Entry], instance: Entry, created: bool = False,
                 **kwargs: Any) -> None:
    if created:
        witness_after_commit(instance.house_id)
