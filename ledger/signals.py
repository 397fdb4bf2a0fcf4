"""Database triggers that make the journal append-only, installed after every migrate (R7).

SQLite silently drops a table's triggers when a later migration rebuilds the table, so they are
(re)installed by a post_migrate handler rather than by a migration. `flush` also sends
post_migrate, so a test database gets them back after each flush.
"""

from django.db import connections
from django.db.models.signals import post_migrate
from django.dispatch import receiver

APPEND_ONLY_TABLES = ("ledger_entry", "ledger_posting", "ledger_banknote")


def trigger_names(table: str) -> list[str]:
    """The names of the triggers guarding one table."""
    return [f"{table}_no_update", f"{table}_no_delete"]


def _sqlite_sql(table: str) -> list[str]:
    statements = []
    for name, event in zip(trigger_names(table), ("UPDATE", "DELETE"), strict=True):
        statements.append(f"DROP TRIGGER IF EXISTS {name}")
        statements.append(
            f"CREATE TRIGGER {name} BEFORE {event} ON {table} "
            f"BEGIN SELECT RAISE(ABORT, '{table} is append-only: add a reversing entry'); END"
        )
    return statements


def _postgresql_sql(table: str) -> list[str]:
    statements = []
    for name, event in zip(trigger_names(table), ("UPDATE", "DELETE"), strict=True):
        statements.append(f"DROP TRIGGER IF EXISTS {name} ON {table}")
        statements.append(
            f"CREATE TRIGGER {name} BEFORE {event} ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION ledger_append_only()"
        )
    return statements


_PG_FUNCTION = """
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: add a reversing entry', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql
"""


def install_append_only_triggers(using: str = "default") -> None:
    """Create (or re-create) the UPDATE/DELETE guards on every journal table."""
    connection = connections[using]
    tables = set(connection.introspection.table_names())
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(_PG_FUNCTION)
        for table in APPEND_ONLY_TABLES:
            if table not in tables:
                continue
            if connection.vendor == "sqlite":
                statements = _sqlite_sql(table)
            elif connection.vendor == "postgresql":
                statements = _postgresql_sql(table)
            else:
                statements = []
            for sql in statements:
                cursor.execute(sql)


def drop_append_only_triggers(using: str = "default") -> None:
    """Remove the guards; only the test suite's flush between tests needs this (SQLite)."""
    connection = connections[using]
    tables = set(connection.introspection.table_names())
    with connection.cursor() as cursor:
        for table in APPEND_ONLY_TABLES:
            if table not in tables:
                continue
            for name in trigger_names(table):
                suffix = f" ON {table}" if connection.vendor == "postgresql" else ""
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}{suffix}")


def installed_triggers(using: str = "default") -> list[str]:
    """Names of the append-only triggers present in the database, sorted."""
    connection = connections[using]
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        else:
            cursor.execute(
                "SELECT DISTINCT trigger_name FROM information_schema.triggers "
                "WHERE event_object_table LIKE 'ledger_%%'"
            )
        names = {row[0] for row in cursor.fetchall()}
    wanted = {name for table in APPEND_ONLY_TABLES for name in trigger_names(table)}
    return sorted(names & wanted)


@receiver(post_migrate)
def _reinstall_triggers(sender, using="default", **kwargs) -> None:
    if getattr(sender, "label", None) == "ledger":
        install_append_only_triggers(using)
