"""A posting keeps its entry's house on its own row (ledger/models/journal.py): THE BOOK and
the balances are then one indexed read of one house's postings, not a join through every
house's entries. Filled from the entries; the chain does not seal it (the entry's house is
sealed with the entry's own chain), and the audit names a posting whose house is not its
entry's."""

import django.db.models.deletion
from django.db import migrations, models


def from_the_entries(apps, schema_editor):
    from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers

    connection = schema_editor.connection
    drop_append_only_triggers(connection.alias)   # the postings are append-only
    with connection.cursor() as cursor:
        cursor.execute("UPDATE ledger_posting SET house_id = (SELECT house_id FROM ledger_entry "
                       "WHERE ledger_entry.id = ledger_posting.entry_id)")
        if connection.vendor == "postgresql":   # (checked now: the column is altered next)
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    install_append_only_triggers(connection.alias)


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0017_houses'),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name='posting',
            name='posting_kind_player',
        ),
        migrations.AddField(
            model_name='posting',
            name='house',
            field=models.ForeignKey(db_index=False, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='postings', to='ledger.house'),
        ),
        migrations.RunPython(from_the_entries, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='posting',
            name='house',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='postings', to='ledger.house'),
        ),
        migrations.AddIndex(
            model_name='posting',
            index=models.Index(fields=['house', 'kind', 'player'], name='posting_house_kind_player'),
        ),
    ]
