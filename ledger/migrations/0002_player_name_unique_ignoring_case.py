# Written by hand: player names are unique without regard to capitals ("hank" beside "Hank").

import django.db.models.functions.text
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("ledger", "0001_initial"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("name"),
                name="player_name_unique_ignoring_case",
            ),
        ),
    ]
