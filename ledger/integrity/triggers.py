"""Database triggers that make the journal append-only, installed after every migrate (R7).

SQLite silently drops a table's triggers when a later migration rebuilds the table, so they are
(re)installed by a post_migrate handler rather than by a migration. `flush` also sends
post_migrate, so a test database gets them back after each flush.

Beyond UPDATE and DELETE of a row:
- PostgreSQL: `TRUNCATE` (what `manage.py flush` runs) would empty the journal without touching
  a row trigger; a statement-level BEFORE TRUNCATE trigger refuses it.
- SQLite: `INSERT OR REPLACE` deletes the row it collides with without firing DELETE triggers
  (recursive_triggers is off); a BEFORE INSERT trigger refuses an insert that collides with an
  existing row on any unique column.
Both refuse, at commit, an entry whose postings do not sum to zero (as django-hordak's
`check_leg` does), whoever writes them: PostgreSQL with a deferred constraint trigger; SQLite,
which has none, with a row trigger that keeps each entry still off balance in
`ledger_unbalanced_entry`, whose deferred foreign key into the ever-empty
`ledger_balance_never` fails the commit while a row is left there.
The test suite drops them all before it flushes a test database (tests/conftest.py).
`trigger_problems` tells the audit which guard is missing, disabled or not what it should be.
"""

from django.db import connections
from django.db.models.signals import post_migrate
from django.dispatch import receiver

# The journal, and who held each night's bank when (issue 10): both only ever grow.
APPEND_ONLY_TABLES = ("ledger_entry", "ledger_posting", "ledger_banknote", "ledger_banktenure")
# The unique keys (one or more columns) an INSERT OR REPLACE could collide with, table by table
# (SQLite). A journal's sequence is unique within its house.
_UNIQUE_KEYS: dict[str, tuple[tuple[str, ...], ...]] = {
    "ledger_entry": (("id",), ("key",), ("reverses_id",), ("house_id", "sequence")),
    "ledger_posting": (("id",),),
    "ledger_banknote": (("id",), ("entry_id",)),
    "ledger_banktenure": (("id",),),
}


def trigger_names(table: str, vendor: str | None = None) -> list[str]:
    """The names of the triggers guarding one table (on the default database's vendor)."""
    vendor = vendor or connections["default"].vendor
    extra = {"sqlite": ["no_replace"], "postgresql": ["no_truncate"]}.get(vendor, [])
    if table == "ledger_posting" and vendor in ("sqlite", "postgresql"):
        extra = [*extra, "balanced"]
    return [f"{table}_{suffix}" for suffix in ["no_update", "no_delete", *extra]]


def _refusal(table: str) -> str:
    return f"SELECT RAISE(ABORT, '{table} is append-only: add a reversing entry');"


# SQLite's balance guard: its tables, made beside the journal's (not Django's models).
_SQLITE_GUARD_TABLES = (
    "CREATE TABLE IF NOT EXISTS ledger_balance_never (id INTEGER PRIMARY KEY)",
    "CREATE TABLE IF NOT EXISTS ledger_unbalanced_entry (entry_id INTEGER PRIMARY KEY, "
    "until_balanced INTEGER NOT NULL REFERENCES ledger_balance_never (id) "
    "DEFERRABLE INITIALLY DEFERRED)",
)
_SQLITE_BALANCED = (
    "AFTER INSERT ON ledger_posting BEGIN "
    "INSERT OR IGNORE INTO ledger_unbalanced_entry (entry_id, until_balanced) "
    "VALUES (NEW.entry_id, 0); "
    "DELETE FROM ledger_unbalanced_entry WHERE entry_id = NEW.entry_id AND "
    "(SELECT COALESCE(SUM(amount), 0) FROM ledger_posting WHERE entry_id = NEW.entry_id) = 0; "
    "END")


def _sqlite_sql(table: str) -> list[str]:
    update, delete, replace, *balanced = trigger_names(table, "sqlite")
    collides = " OR ".join(
        "(" + " AND ".join(f"NEW.{column} IS NOT NULL AND {column} = NEW.{column}"
                           for column in key) + ")"
        for key in _UNIQUE_KEYS.get(table, (("id",),)))
    statements = []
    for name, head in ((update, f"BEFORE UPDATE ON {table}"),
                       (delete, f"BEFORE DELETE ON {table}"),
                       (replace, f"BEFORE INSERT ON {table} "
                                 f"WHEN EXISTS (SELECT 1 FROM {table} WHERE {collides})")):
        statements.append(f"DROP TRIGGER IF EXISTS {name}")
        statements.append(f"CREATE TRIGGER {name} {head} BEGIN {_refusal(table)} END")
    for name in balanced:
        statements.append(f"DROP TRIGGER IF EXISTS {name}")
        statements.append(f"CREATE TRIGGER {name} {_SQLITE_BALANCED}")
    return statements


def _postgresql_sql(table: str) -> list[str]:
    update, delete, truncate, *balanced = trigger_names(table, "postgresql")
    statements = []
    for name, head in ((update, "BEFORE UPDATE"), (delete, "BEFORE DELETE")):
        statements.append(f"DROP TRIGGER IF EXISTS {name} ON {table}")
        statements.append(
            f"CREATE TRIGGER {name} {head} ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION ledger_append_only()"
        )
    statements.append(f"DROP TRIGGER IF EXISTS {truncate} ON {table}")
    statements.append(
        f"CREATE TRIGGER {truncate} BEFORE TRUNCATE ON {table} "
        "FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only()"
    )
    for name in balanced:
        statements.append(f"DROP TRIGGER IF EXISTS {name} ON {table}")
        statements.append(
            f"CREATE CONSTRAINT TRIGGER {name} AFTER INSERT ON {table} "
            "DEFERRABLE INITIALLY DEFERRED "
            "FOR EACH ROW EXECUTE FUNCTION ledger_entry_balances()"
        )
    return statements


_PG_BODIES = {
    "ledger_append_only": """
BEGIN
    RAISE EXCEPTION '% is append-only: add a reversing entry', TG_TABLE_NAME;
END;
""",
    # Checked at commit, once per posting inserted (the entry's postings are all there then).
    "ledger_entry_balances": """
DECLARE
    total numeric;
BEGIN
    SELECT COALESCE(SUM(amount), 0) INTO total FROM ledger_posting WHERE entry_id = NEW.entry_id;
    IF total <> 0 THEN
        RAISE EXCEPTION 'entry % does not balance: its postings sum to % cents',
            NEW.entry_id, total;
    END IF;
    RETURN NULL;
END;
""",
}
_PG_FUNCTIONS = [f"CREATE OR REPLACE FUNCTION {name}() RETURNS trigger AS $$" + body
                 + "$$ LANGUAGE plpgsql" for name, body in _PG_BODIES.items()]


def install_append_only_triggers(using: str = "default") -> None:
    """Create (or re-create) the UPDATE/DELETE guards on every journal table."""
    connection = connections[using]
    tables = set(connection.introspection.table_names())
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            for function in _PG_FUNCTIONS:
                cursor.execute(function)
        if connection.vendor == "sqlite" and "ledger_posting" in tables:
            for sql in _SQLITE_GUARD_TABLES:
                cursor.execute(sql)
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
    """Remove the guards: the test suite's flush between tests needs this (the DELETE FROM of
    SQLite, the TRUNCATE of PostgreSQL), and migration 0004 while it seals old entries."""
    connection = connections[using]
    tables = set(connection.introspection.table_names())
    with connection.cursor() as cursor:
        for table in APPEND_ONLY_TABLES:
            if table not in tables:
                continue
            for name in trigger_names(table, connection.vendor):
                suffix = f" ON {table}" if connection.vendor == "postgresql" else ""
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}{suffix}")


def installed_triggers(using: str = "default") -> list[str]:
    """Names of the append-only triggers present in the database, sorted."""
    connection = connections[using]
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        else:  # pg_trigger, since information_schema.triggers leaves out TRUNCATE triggers
            cursor.execute(
                "SELECT DISTINCT tgname FROM pg_trigger "
                "WHERE NOT tgisinternal AND tgrelid::regclass::text LIKE 'ledger_%%'"
            )
        names = {row[0] for row in cursor.fetchall()}
    wanted = {name for table in APPEND_ONLY_TABLES
              for name in trigger_names(table, connection.vendor)}
    return sorted(names & wanted)


def _expected(vendor: str) -> dict[str, str]:
    """Each guard's name and the definition the database should hold for it."""
    expected = {}
    for table in APPEND_ONLY_TABLES:
        statements = _sqlite_sql(table) if vendor == "sqlite" else _postgresql_sql(table)
        for sql in statements:
            if sql.startswith("CREATE"):
                name = sql.split(" TRIGGER ", 1)[1].split(" ", 1)[0]
                expected[name] = sql
    return expected


def _same(found: str, wanted: str) -> bool:
    def plain(text: str) -> str:
        return " ".join(text.replace("public.", "").replace("CONSTRAINT TRIGGER",
                                                            "TRIGGER").split()).lower()
    return plain(found) == plain(wanted)


def trigger_problems(using: str = "default") -> list[str]:
    """What is wrong with the journal's guards in the database, one sentence each: a trigger
    missing, disabled, or not the one `migrate` installs (its table, event or function changed).
    Empty when every guard is in place (and on a database without the journal's tables)."""
    connection = connections[using]
    if connection.vendor not in ("sqlite", "postgresql"):
        return []
    tables = set(connection.introspection.table_names())
    expected = {name: sql for name, sql in _expected(connection.vendor).items()
                if any(name.startswith(f"{table}_") for table in tables & set(APPEND_ONLY_TABLES))}
    found: dict[str, tuple[str, bool]] = {}
    functions: dict[str, str] = {}
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
            found = {name: (sql or "", True) for name, sql in cursor.fetchall()}
        else:
            cursor.execute(
                "SELECT t.tgname, pg_get_triggerdef(t.oid), t.tgenabled <> 'D' FROM pg_trigger t "
                "WHERE NOT t.tgisinternal AND t.tgrelid::regclass::text LIKE 'ledger_%%'"
            )
            found = {name: (sql, enabled) for name, sql, enabled in cursor.fetchall()}
            cursor.execute("SELECT proname, prosrc FROM pg_proc WHERE proname = ANY(%s)",
                           [list(_PG_BODIES)])
            functions = dict(cursor.fetchall())
    problems = []
    back = "(`manage.py migrate` puts it back)"
    for name, sql in sorted(expected.items()):
        if name not in found:
            problems.append(f"the database guard {name} is missing {back}")
        elif not found[name][1]:
            problems.append(f"the database guard {name} is disabled {back}")
        elif not _same(found[name][0], sql):
            problems.append(f"the database guard {name} is not the one migrate installs {back}")
    if connection.vendor == "postgresql" and expected:
        for function, body in _PG_BODIES.items():
            if function not in functions:
                problems.append(f"the database function {function} of the guards is missing "
                                f"{back}")
            elif functions[function].split() != body.split():
                problems.append(f"the database function {function} of the guards was changed "
                                f"{back}")
    return problems


@receiver(post_migrate)
def _reinstall_triggers(sender: object, using: str = "default", **kwargs: object) -> None:
    if getattr(sender, "label", None) == "ledger":
        install_append_only_triggers(using)
