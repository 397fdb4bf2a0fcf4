"""Houses: several home games on one site (ARCHITECTURE "Houses").

Every row already here goes into one house, named as the site was ("Home game" unless
`make serve` was told otherwise), whose slug is "home-game"; the members of the bankers group
become its bankers and staff its owners. The journal's sequence and chain become the house's
own: with one house they are what they were, so the audit stays clean. A player's house and a
night's house are sealed with the rest of their row (ledger/models/sealed.py): rows whose seals
held are sealed again with it; a row that did not hold keeps its seals, and the audit goes on
naming it. A database with no rows gets no house: the first one is made when it is needed.
"""

import json

import django.db.models.deletion
import django.db.models.functions.text
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

import ledger.models.houses


HOUSE_TABLES = ("ledger_player", "ledger_pokersession", "ledger_housegame",
                "ledger_paymentclaim", "ledger_entry")
SEALED_BEFORE = {
    "Player": ("note_id", "regular", "invited_by_id", "is_host", "balance_token",
               "venmo", "paypal", "cashapp", "zelle"),
    "PokerSession": ("date", "banker_id", "host_present", "book_before"),
}


def into_one_house(apps, schema_editor):
    from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers

    House = apps.get_model("ledger", "House")
    Membership = apps.get_model("ledger", "Membership")
    SiteSettings = apps.get_model("ledger", "SiteSettings")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        rows = 0
        for table in HOUSE_TABLES:
            cursor.execute(f"SELECT COUNT(*) FROM {table}")
            rows += cursor.fetchone()[0]
    named = SiteSettings.objects.order_by("pk").first()
    bankers = User.objects.filter(groups__name="bankers")
    if not rows and named is None and not bankers.exists():
        return
    house = House.objects.create(name=named.house_name if named else "Home game",
                                 slug="home-game")
    drop_append_only_triggers(connection.alias)   # the entries are append-only
    with connection.cursor() as cursor:
        for table in HOUSE_TABLES:
            cursor.execute(f"UPDATE {table} SET house_id = %s", [house.pk])
    install_append_only_triggers(connection.alias)
    for user in User.objects.filter(is_staff=True):
        Membership.objects.create(house=house, user=user, role="owner")
    for user in bankers.filter(is_staff=False).distinct():
        Membership.objects.create(house=house, user=user, role="banker")
    _seal_the_house(apps, connection)
    _checked_now(connection)


def _checked_now(connection):
    """PostgreSQL checks the foreign keys of the rows updated above at commit; the columns are
    altered next in this same transaction, which it refuses while checks are pending."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def _seal_the_house(apps, connection):
    from ledger.integrity import chain
    from ledger.integrity.key import ledger_key
    value = "%s::jsonb" if connection.vendor == "postgresql" else "%s"
    key = None
    for name, fields in SEALED_BEFORE.items():
        model = apps.get_model("ledger", name)
        table = model._meta.db_table
        writes = []
        for row in model.objects.order_by("pk"):
            key = key or ledger_key()
            before = {field: getattr(row, field) for field in fields}
            if row.seals != chain.row_seals(table, row.pk, before, key):
                continue   # edited behind the site's back: the audit goes on naming it
            now = {field: getattr(row, field) for field in ("house_id", *before)}
            writes.append((json.dumps(chain.row_seals(table, row.pk, now, key)), row.pk))
        with connection.cursor() as cursor:
            cursor.executemany(f"UPDATE {table} SET seals = {value} WHERE id = %s", writes)


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0016_sealed_rows'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='House',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=60)),
                ('slug', models.SlugField(help_text="The house's pages live under /h/<slug>/.", max_length=60, unique=True)),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now, editable=False)),
            ],
            options={
                'ordering': ['name', 'id'],
            },
        ),
        migrations.CreateModel(
            name='Invitation',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('token', models.CharField(default=ledger.models.houses.new_invitation_token, editable=False, max_length=64, unique=True)),
                ('role', models.CharField(choices=[('owner', 'owner'), ('banker', 'banker'), ('viewer', 'viewer')], max_length=6)),
                ('made_at', models.DateTimeField(default=django.utils.timezone.now, editable=False)),
                ('expires_at', models.DateTimeField(default=ledger.models.houses.invitation_expiry)),
                ('used_at', models.DateTimeField(blank=True, null=True)),
            ],
            options={
                'ordering': ['-made_at'],
            },
        ),
        migrations.CreateModel(
            name='Membership',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('role', models.CharField(choices=[('owner', 'owner'), ('banker', 'banker'), ('viewer', 'viewer')], max_length=6)),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now, editable=False)),
            ],
            options={
                'ordering': ['house', 'user'],
            },
        ),
        migrations.RemoveConstraint(
            model_name='player',
            name='one_host',
        ),
        migrations.RemoveConstraint(
            model_name='player',
            name='player_name_unique_ignoring_case',
        ),
        migrations.AlterField(
            model_name='entry',
            name='sequence',
            field=models.PositiveBigIntegerField(editable=False, null=True),
        ),
        migrations.AlterField(
            model_name='housegame',
            name='name',
            field=models.CharField(max_length=60),
        ),
        migrations.AlterField(
            model_name='player',
            name='name',
            field=models.CharField(max_length=40),
        ),
        migrations.AlterField(
            model_name='player',
            name='note_id',
            field=models.CharField(help_text="Written on the player's bank notes, e.g. BOF. BOG is the host's (B4).", max_length=8, verbose_name='bank-note identifier'),
        ),
        migrations.AddField(
            model_name='entry',
            name='house',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='entries', to='ledger.house'),
        ),
        migrations.AddField(
            model_name='housegame',
            name='house',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='house_games', to='ledger.house'),
        ),
        migrations.AddField(
            model_name='paymentclaim',
            name='house',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='payment_claims', to='ledger.house'),
        ),
        migrations.AddField(
            model_name='player',
            name='house',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='players', to='ledger.house'),
        ),
        migrations.AddField(
            model_name='pokersession',
            name='house',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='nights', to='ledger.house'),
        ),
        migrations.AddField(
            model_name='invitation',
            name='house',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invitations', to='ledger.house'),
        ),
        migrations.AddField(
            model_name='invitation',
            name='made_by',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='invitation',
            name='used_by',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='membership',
            name='house',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='ledger.house'),
        ),
        migrations.AddField(
            model_name='membership',
            name='user',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='house_memberships', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddConstraint(
            model_name='membership',
            constraint=models.UniqueConstraint(fields=('house', 'user'), name='one_role_per_house'),
        ),
        migrations.RunPython(into_one_house, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='entry',
            name='house',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='entries', to='ledger.house'),
        ),
        migrations.AlterField(
            model_name='housegame',
            name='house',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='house_games', to='ledger.house'),
        ),
        migrations.AlterField(
            model_name='paymentclaim',
            name='house',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='payment_claims', to='ledger.house'),
        ),
        migrations.AlterField(
            model_name='player',
            name='house',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='players', to='ledger.house'),
        ),
        migrations.AlterField(
            model_name='pokersession',
            name='house',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='nights', to='ledger.house'),
        ),
        migrations.AddConstraint(
            model_name='entry',
            constraint=models.UniqueConstraint(fields=('house', 'sequence'), name='entry_sequence_unique_in_house'),
        ),
        migrations.AddConstraint(
            model_name='housegame',
            constraint=models.UniqueConstraint(fields=('house', 'name'), name='house_game_name_in_house'),
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(condition=models.Q(('is_host', True)), fields=('house',), name='one_host_per_house'),
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(models.F('house'), django.db.models.functions.text.Lower('name'), name='player_name_unique_in_house_ignoring_case'),
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(fields=('house', 'note_id'), name='note_id_unique_in_house'),
        ),
        migrations.AddConstraint(
            model_name='pokersession',
            constraint=models.UniqueConstraint(condition=models.Q(('status', 'open')), fields=('house',), name='one_open_night_per_house'),
        ),
        migrations.DeleteModel(name='SiteSettings'),
    ]
