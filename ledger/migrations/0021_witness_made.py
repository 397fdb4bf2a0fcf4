"""Whether a witness of this database was ever written (ledger/models/keys.py): from then on a
witness that is gone is a problem for `audit`. Set by the next witness written."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0020_close_backup_record'),
    ]

    operations = [
        migrations.AddField(
            model_name='journalkey',
            name='witness_made',
            field=models.BooleanField(default=False, editable=False),
        ),
    ]
