"""Django's PostgreSQL backend with its statements prepared (psycopg's server-side binding):
PostgreSQL parses and plans a page's statements once per connection instead of on every
request, about half of its own CPU on a busy night (README, Performance). Migrations keep
the client-side binding: their DDL, some of it several statements in one string, cannot be
a prepared statement.

`DJANGO_DB_PREPARED=false` (ledger/settings.py) turns it off, for a pooler in transaction
mode (PgBouncer) that cannot keep a connection's prepared statements."""

from __future__ import annotations

from types import TracebackType
from typing import Any

from django.db.backends.postgresql import base, schema


class DatabaseSchemaEditor(schema.DatabaseSchemaEditor):
    """The schema editor on the client-side cursor for as long as it is open."""

    def __enter__(self) -> DatabaseSchemaEditor:
        self.connection.ensure_connection()
        raw = self.connection.connection
        self._factory = raw.cursor_factory
        raw.cursor_factory = base.Cursor  # type: ignore[attr-defined]  # Django's client-side one
        return super().__enter__()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> Any:
        try:
            return super().__exit__(kind, error, trace)
        finally:
            raw = self.connection.connection
            if raw is not None:
                raw.cursor_factory = self._factory


class DatabaseWrapper(base.DatabaseWrapper):
    SchemaEditorClass = DatabaseSchemaEditor
