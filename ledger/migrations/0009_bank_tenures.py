"""Who held a night's bank when (issue 10): BankTenure, append-only like the journal.

The bankers group gets the new model's add permission, as migration 0005 gave it the ledger's
others (a hand-over is a row added, never one changed). Nights already in the database get no
tenure: their bank is free, and the first banker to take it (or enter something) holds it.
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


BANKERS = "bankers"


def bankers_may_add_tenures(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    alias = schema_editor.connection.alias
    ledger = apps.get_app_config("ledger")
    ledger.models_module = getattr(ledger, "models_module", None) or True
    create_permissions(ledger, apps=apps, verbosity=0, using=alias)
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.using(alias).get_or_create(name=BANKERS)
    group.permissions.add(*Permission.objects.using(alias).filter(
        content_type__app_label="ledger", codename="add_banktenure"))


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0008_player_retired'),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='BankTenure',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('since', models.DateTimeField(default=django.utils.timezone.now, editable=False)),
                ('how', models.CharField(choices=[('opened', 'opened the night'), ('handed', 'handed over'), ('taken', 'took the free bank'), ('taken_over', 'taken over by staff')], max_length=10)),
                ('holder', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='bank_tenures', to=settings.AUTH_USER_MODEL)),
                ('made_by', models.ForeignKey(help_text='Who made the change: the holder who handed the bank on, the banker who took a free bank, the staff member who took it over.', on_delete=django.db.models.deletion.PROTECT, related_name='bank_changes', to=settings.AUTH_USER_MODEL)),
                ('previous', models.ForeignKey(blank=True, help_text='Who held the bank before (none when it was free).', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('session', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='bank_tenures', to='ledger.pokersession')),
            ],
            options={
                'ordering': ['session', 'id'],
                'constraints': [models.CheckConstraint(condition=models.Q(('holder', models.F('previous')), _negated=True), name='a_hand_over_changes_the_holder'), models.CheckConstraint(condition=models.Q(models.Q(('how', 'opened'), _negated=True), ('previous__isnull', True), _connector='OR'), name='an_opened_bank_had_no_holder')],
            },
        ),
        migrations.RunPython(bankers_may_add_tenures, migrations.RunPython.noop),
    ]
