"""The journal's hash chain (ledger/integrity/chain.py) and the digest of an imported night's events.

Entries written before this migration are sealed here, in the order they were written (by id),
with the same function `Journal.write` used then (the unkeyed chain, which migration 0010
re-chains under the journal's key). The append-only triggers are dropped
for that and put back by the post_migrate handler (ledger/integrity/triggers.py), as after every migrate.
"""

import django.utils.timezone
from django.db import migrations, models


def seal_existing_entries(apps, schema_editor):
    from ledger.integrity import chain
    from ledger.integrity.triggers import drop_append_only_triggers

    Entry = apps.get_model("ledger", "Entry")
    Posting = apps.get_model("ledger", "Posting")
    BankNote = apps.get_model("ledger", "BankNote")
    if not Entry.objects.exists():
        return
    drop_append_only_triggers(schema_editor.connection.alias)
    fields = ("session_id", "kind", "player_id", "counterparty_id", "amount", "method",
              "payload", "memo", "reverses_id", "key", "created_by_id", "created_at")
    postings = {}
    for row in Posting.objects.values("entry_id", "kind", "session_id", "player_id", "note_id",
                                      "amount"):
        postings.setdefault(row["entry_id"], []).append(row)
    notes = {row["entry_id"]: row for row in BankNote.objects.values(
        "id", "entry_id", "debtor_id", "holder_id", "amount")}
    previous = chain.GENESIS
    for sequence, row in enumerate(Entry.objects.order_by("id").values("id", *fields), start=1):
        note = notes.get(row["id"])
        content = chain.legacy_entry_content(
            sequence=sequence, entry=row, postings=postings.get(row["id"], []), note=note,
            note_pk=note["id"] if note else None)
        previous = chain.legacy_link(previous, content)
        Entry.objects.filter(pk=row["id"]).update(sequence=sequence, chain=previous)


class Migration(migrations.Migration):

    dependencies = [
        ("ledger", "0003_one_chips_balance"),
    ]

    operations = [
        migrations.AddField(
            model_name="pokersession",
            name="import_digest",
            field=models.CharField(
                blank=True, default="", editable=False, max_length=64,
                help_text="SHA-256 of the events of the file this night was imported from, "
                          "if any: the same file is not imported twice (ledger/night_file/importing.py).",
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="created_at",
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False),
        ),
        migrations.AddField(
            model_name="entry",
            name="sequence",
            field=models.PositiveBigIntegerField(editable=False, null=True, unique=True),
        ),
        migrations.AddField(
            model_name="entry",
            name="chain",
            field=models.CharField(blank=True, default="", editable=False, max_length=64),
        ),
        migrations.RunPython(seal_existing_entries, migrations.RunPython.noop),
    ]
