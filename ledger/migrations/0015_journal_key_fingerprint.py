"""The fingerprint of the journal's key, recorded (ledger/models/keys.py): `audit` run with
another key says so in one line. Recorded for existing databases by the post_migrate handler."""

import django.utils.timezone
import ledger.models.keys
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0014_site_settings'),
    ]

    operations = [
        migrations.CreateModel(
            name='JournalKey',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('fingerprint', models.CharField(max_length=12)),
                ('recorded_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('database', models.CharField(default=ledger.models.keys.new_database_id, editable=False, max_length=32)),
            ],
            options={
                'verbose_name': 'journal key fingerprint',
            },
        ),
    ]
