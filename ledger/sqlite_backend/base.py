"""Django's SQLite backend, except that a database file it is about to create is created first,
empty, with mode 0600: the journal and the players' payment handles are nobody else's to read
(the journal's key file is 0600 too). SQLite gives the -wal and -shm files the main file's
mode. An existing file keeps its mode (README: `chmod 600 db.sqlite3`)."""

from __future__ import annotations

import os
from typing import Any

from django.db.backends.sqlite3 import base


def create_private(path: str | os.PathLike[str]) -> None:
    """Create `path` empty with mode 0600 unless it exists (an empty file is an empty SQLite
    database); whoever creates it first wins, the mode is the same."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


def _is_file(name: object) -> bool:
    return isinstance(name, (str, os.PathLike)) and str(name) not in ("", ":memory:") \
        and not str(name).startswith("file:")


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        name = conn_params.get("database")
        if _is_file(name) and not os.path.exists(name):   # type: ignore[arg-type]
            create_private(name)   # type: ignore[arg-type]
        return super().get_new_connection(conn_params)
