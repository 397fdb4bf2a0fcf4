"""The "bankers" group: who may open the banker's pages (ledger/permissions.py).

It holds the ledger's add permissions (posting money is adding rows; nothing is ever changed or
deleted). The permissions are created here if this is a fresh database, where Django would only
make them after the last migration.
"""

from django.db import migrations

BANKERS = "bankers"


def create_bankers(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    ledger = apps.get_app_config("ledger")
    ledger.models_module = getattr(ledger, "models_module", None) or True
    create_permissions(ledger, apps=apps, verbosity=0, using=schema_editor.connection.alias)
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.using(schema_editor.connection.alias).get_or_create(name=BANKERS)
    adds = Permission.objects.using(schema_editor.connection.alias).filter(
        content_type__app_label="ledger", codename__startswith="add_")
    group.permissions.add(*adds)


def remove_bankers(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=BANKERS).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("ledger", "0004_entry_chain_and_import_digest"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.RunPython(create_bankers, remove_bankers),
    ]
