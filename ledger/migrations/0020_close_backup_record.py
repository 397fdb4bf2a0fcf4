"""The record of each close's copy of the database (ledger/backups.py). The nights closed
before it are recorded as done: their copies, if any, are the files in the backup folder, and
no start or page writes one anew for them."""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models


def closed_before(apps, schema_editor):
    PokerSession = apps.get_model("ledger", "PokerSession")
    CloseBackupRecord = apps.get_model("ledger", "CloseBackupRecord")
    CloseBackupRecord.objects.bulk_create(
        CloseBackupRecord(night_id=pk, done=True)
        for pk in PokerSession.objects.filter(status="closed").values_list("pk", flat=True))


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0019_entry_house_kind'),
    ]

    operations = [
        migrations.CreateModel(
            name='CloseBackupRecord',
            fields=[
                ('night', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='close_backup', serialize=False, to='ledger.pokersession')),
                ('claimed_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('path', models.CharField(blank=True, default='', help_text='Where the copy went; empty while it is being written.', max_length=1000)),
                ('done', models.BooleanField(default=False)),
            ],
        ),
        migrations.RunPython(closed_before, migrations.RunPython.noop),
    ]
