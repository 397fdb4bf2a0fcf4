"""Which key chains this journal: its fingerprint, recorded once (ledger/integrity/key.py).

So that `audit` run with another key says that in one line, instead of calling every entry
and every name changed. Recorded after `migrate` (the post_migrate handler below; the key
file is made then when absent, as the site would on first use) and moved by `manage.py rekey`.
Only a fingerprint: it names the key without giving it away.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import models
from django.db.models.signals import post_migrate
from django.dispatch import receiver
from django.utils import timezone

from ledger.integrity.key import key_id


def new_database_id() -> str:
    return secrets.token_hex(16)


class JournalKey(models.Model):
    """One row (pk 1): the fingerprint (`ledger_key.key_id`) of the journal's key."""

    fingerprint = models.CharField(max_length=12)
    recorded_at = models.DateTimeField(default=timezone.now)
    # Names this database (and its backups, which carry it) in the witness's MAC
    # (ledger/integrity/witness.py): one database's witness never vouches for another's journal.
    database = models.CharField(max_length=32, default=new_database_id, editable=False)
    # Set once the first witness of this database is written (integrity/witness.py): from then on
    # a witness that is gone is a problem for `audit` (entries may have been cut off with it),
    # not a database that was never vouched for. A backup carries it, with its FILE.witness.
    witness_made = models.BooleanField(default=False, editable=False)

    class Meta:
        verbose_name = "journal key fingerprint"

    def __str__(self) -> str:
        return f"key {self.fingerprint}"


def record_fingerprint(fingerprint: str, *, replace: bool = False) -> None:
    """Record the key's fingerprint when none is (or, with `replace`, after a rekey)."""
    if replace:
        JournalKey.objects.update_or_create(pk=1, defaults={"fingerprint": fingerprint,
                                                            "recorded_at": timezone.now()})
    else:
        JournalKey.objects.get_or_create(pk=1, defaults={"fingerprint": fingerprint})


def recorded_fingerprint() -> str | None:
    return JournalKey.objects.filter(pk=1).values_list("fingerprint", flat=True).first()


@receiver(post_migrate)
def _record_after_migrate(sender: object, using: str = "default", **kwargs: Any) -> None:
    if getattr(sender, "label", None) != "ledger":
        return
    if not JournalKey.objects.using(using).filter(pk=1).exists():
        JournalKey.objects.using(using).create(pk=1, fingerprint=key_id())


def database_id() -> str | None:
    return JournalKey.objects.filter(pk=1).values_list("database", flat=True).first()


def witness_was_made() -> bool:
    """Whether a witness of this database was ever written (`witness_made`)."""
    return bool(JournalKey.objects.filter(pk=1).values_list("witness_made", flat=True).first())


def record_witness_made() -> None:
    JournalKey.objects.filter(pk=1, witness_made=False).update(witness_made=True)
