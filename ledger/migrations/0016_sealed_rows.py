"""Rows outside the journal that route money get their seals (ledger/models/sealed.py): the
players (payment handles, bank-note identifier, inviter, host, link), the nights (date,
banker, host presence, book_before), the seats and the bank tenures. Rows already here are
sealed as they stand now, under the journal's key (made now when absent, as 0011 does)."""

import json

from django.db import migrations

import ledger.models.sealed


def _historical(apps, real):
    """The model as it stood here: the night's was named PokerSession until 0026."""
    try:
        return apps.get_model("ledger", real.__name__)
    except LookupError:
        return apps.get_model("ledger", "PokerSession")


def seal_existing_rows(apps, schema_editor):
    from ledger.integrity import chain
    from ledger.integrity.key import ledger_key
    from ledger.models import BankTenure, Night, Player, Seat
    from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers

    models = [(_historical(apps, real), real) for real in (Player, Night, Seat, BankTenure)]
    # The sealed fields the rows have at this point (a house came later: migration 0017), but
    # those sealed later by their own migration (a player's retired flag: 0022).
    later = {"retired"}
    sealed = {real: [field for field in real.SEALED if field not in later
                     and any(f.attname == field for f in model._meta.fields)]
              for model, real in models}
    if not any(model.objects.exists() for model, _ in models):
        return
    key = ledger_key()
    connection = schema_editor.connection
    value = "%s::jsonb" if connection.vendor == "postgresql" else "%s"
    drop_append_only_triggers(connection.alias)   # bank tenures are append-only
    with connection.cursor() as cursor:
        for model, real in models:
            rows = []
            for row in model.objects.order_by("pk"):
                values = {field: getattr(row, field) for field in sealed[real]}
                pk = row.pk if real.SEALED_WITH_ID else None
                seals = chain.row_seals(model._meta.db_table, pk, values, key)
                rows.append((json.dumps(seals), row.pk))
            cursor.executemany(f"UPDATE {model._meta.db_table} SET seals = {value} WHERE id = %s",
                               rows)
    install_append_only_triggers(connection.alias)


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0015_journal_key_fingerprint'),
    ]

    operations = [
        migrations.AddField(
            model_name='banktenure',
            name='seals',
            field=ledger.models.sealed.SealsField(blank=True, default=dict, editable=False),
        ),
        migrations.AddField(
            model_name='player',
            name='seals',
            field=ledger.models.sealed.SealsField(blank=True, default=dict, editable=False),
        ),
        migrations.AddField(
            model_name='pokersession',
            name='seals',
            field=ledger.models.sealed.SealsField(blank=True, default=dict, editable=False),
        ),
        migrations.AddField(
            model_name='seat',
            name='seals',
            field=ledger.models.sealed.SealsField(blank=True, default=dict, editable=False),
        ),
        migrations.RunPython(seal_existing_rows, migrations.RunPython.noop),
    ]
