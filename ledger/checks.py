"""System checks for the ledger: the journal tables must carry their append-only triggers."""

from collections.abc import Sequence

from django.apps import AppConfig
from django.core.checks import CheckMessage, Tags, Warning, register
from django.db import DatabaseError, connection

from .integrity.triggers import APPEND_ONLY_TABLES, installed_triggers, trigger_names


@register(Tags.database)
def append_only_triggers_check(app_configs: Sequence[AppConfig] | None = None,
                               databases: Sequence[str] | None = None,
                               **kwargs: object) -> list[CheckMessage]:
    """Warn when a migrated database lacks a journal trigger (run `manage.py migrate`)."""
    if not databases or "default" not in databases:
        return []
    try:
        if "ledger_entry" not in connection.introspection.table_names():
            return []  # not migrated yet: migrate installs the triggers
        present = set(installed_triggers("default"))
    except DatabaseError:
        return []
    wanted = {name for table in APPEND_ONLY_TABLES for name in trigger_names(table)}
    missing = sorted(wanted - present)
    if not missing:
        return []
    return [
        Warning(
            "The journal's append-only triggers are missing: " + ", ".join(missing),
            hint="Run `manage.py migrate`; it re-installs them.",
            id="ledger.W001",
        )
    ]
