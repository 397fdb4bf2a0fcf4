"""Whether a witness of this database was ever written (ledger/models/keys.py): from then on a
witness that is gone is a problem for `audit`. Set by the next witness written.

And a player's `retired` flag is sealed with the rest of their row (ledger/models/sealed.py):
rows whose seals held are sealed again with it; a row that did not hold keeps its seals, and the
audit goes on naming it."""

import json

from django.db import migrations, models

PLAYER_SEALED_BEFORE = ("house_id", "note_id", "regular", "invited_by_id", "is_host",
                        "balance_token", "venmo", "paypal", "cashapp", "zelle")


def seal_retired(apps, schema_editor):
    from ledger.integrity import chain
    from ledger.integrity.key import ledger_key

    connection = schema_editor.connection
    value = "%s::jsonb" if connection.vendor == "postgresql" else "%s"
    Player = apps.get_model("ledger", "Player")
    table = Player._meta.db_table
    key = None
    writes = []
    for row in Player.objects.order_by("pk"):
        key = key or ledger_key()
        before = {field: getattr(row, field) for field in PLAYER_SEALED_BEFORE}
        if row.seals != chain.row_seals(table, row.pk, before, key):
            continue   # edited behind the site's back: the audit goes on naming it
        now = {**before, "retired": bool(row.retired)}
        writes.append((json.dumps(chain.row_seals(table, row.pk, now, key)), row.pk))
    with connection.cursor() as cursor:
        cursor.executemany(f"UPDATE {table} SET seals = {value} WHERE id = %s", writes)


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0021_entry_corrections'),
    ]

    operations = [
        migrations.AddField(
            model_name='journalkey',
            name='witness_made',
            field=models.BooleanField(default=False, editable=False),
        ),
        migrations.RunPython(seal_retired, migrations.RunPython.noop),
    ]
