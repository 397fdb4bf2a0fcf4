"""The journal's chain becomes an HMAC under the journal's key (ledger/integrity/key.py), and each
player's name is sealed with their id under it (Player.name_seal).

Entries already written are re-chained here under the key (the key file is made now when
absent). Only an entry whose link was right under the old, unkeyed chain gets a keyed link;
one that was not keeps its old value, so `manage.py audit` names it after this migration as it
did before: moving to the key never makes a damaged journal look whole. Seals printed on
settle-ups before this migration are still checked, against the old chain recomputed
(ledger.selectors.seal_check).
"""

from django.db import migrations, models


def rechain_under_the_key(apps, schema_editor):
    from ledger.integrity.key import ledger_key
    from ledger.integrity.rechain import legacy_verify, plan, write

    Entry = apps.get_model("ledger", "Entry")
    Player = apps.get_model("ledger", "Player")
    if not Entry.objects.exists() and not Player.objects.exists():
        return
    write(schema_editor.connection, plan(
        entries=Entry, postings=apps.get_model("ledger", "Posting"),
        notes=apps.get_model("ledger", "BankNote"),
        sessions=apps.get_model("ledger", "PokerSession"), players=Player,
        verify=legacy_verify, verify_name=lambda pk, name, seal: True, key=ledger_key(),
    ))


class Migration(migrations.Migration):

    dependencies = [
        ("ledger", "0010_phone_requests"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_seal",
            field=models.CharField(blank=True, default="", editable=False, max_length=64),
        ),
        migrations.RunPython(rechain_under_the_key, migrations.RunPython.noop),
    ]
