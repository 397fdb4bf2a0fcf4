"""The model of a poker night is `Night` (it was `PokerSession`): a rename of the code only.

The table keeps its name, `ledger_pokersession`, so the database is not touched: its triggers,
seals (which name the table) and the rows' chain stay as they are. The content type and the
bankers' permissions follow the model's new name.
"""

import django.db.models.deletion
from django.db import migrations, models


def _rename_content_type(apps, schema_editor, old: str, new: str) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    db = schema_editor.connection.alias
    kept = ContentType.objects.using(db).filter(app_label="ledger", model=old).first()
    if kept is None:
        return
    taken = ContentType.objects.using(db).filter(app_label="ledger", model=new).first()
    if taken is not None:   # made by an earlier post_migrate: the old one, with its grants, wins
        Permission.objects.using(db).filter(content_type=taken).delete()
        taken.delete()
    kept.model = new
    kept.save(update_fields=["model"])
    for permission in Permission.objects.using(db).filter(content_type=kept):
        permission.codename = permission.codename.replace(f"_{old}", f"_{new}")
        permission.name = permission.name.replace("poker session" if old == "pokersession"
                                                  else "night",
                                                  "night" if new == "night" else "poker session")
        permission.save(update_fields=["codename", "name"])


def forwards(apps, schema_editor):
    _rename_content_type(apps, schema_editor, "pokersession", "night")


def backwards(apps, schema_editor):
    _rename_content_type(apps, schema_editor, "night", "pokersession")


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("ledger", "0025_player_email_and_outbox"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterModelTable(name="pokersession", table="ledger_pokersession"),
                migrations.RenameModel(old_name="PokerSession", new_name="Night"),
                migrations.AlterModelOptions(
                    name="night",
                    options={"ordering": ["-date", "-id"], "verbose_name": "night"},
                ),
                migrations.AlterField(
                    model_name="night",
                    name="banker",
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT,
                                            related_name="banked_nights", to="ledger.player"),
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(forwards, backwards),
    ]
