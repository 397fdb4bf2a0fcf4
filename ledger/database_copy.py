"""A copy of the whole database, taken while the site keeps running: `manage.py backup FILE`
and the backup of every close (ledger/backups.py) make it here.

SQLite: the online backup API (`sqlite3.Connection.backup`) copies every page in one step
under a read snapshot, so writes that go on meanwhile are either wholly in the copy or not at
all; the copy is written beside FILE, checked (`PRAGMA integrity_check`) and then renamed into
place. Restore: stop the site, put the file where `DATABASE_URL` points (or point it there).
Each backup has the witness of its newest entry beside it (FILE.witness, integrity/witness.py):
put it where the restored database's witness belongs (README).

PostgreSQL: `pg_dump --format=custom` (one consistent snapshot) to FILE. Restore into a new,
empty database: `createdb banker_restored && pg_restore --no-owner -d banker_restored FILE`.

Either way the copy is made with mode 0600: it holds every player's link and THE BOOK.
`manage.py restore FILE` puts one back. Every close also writes one (ledger/backups.py).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

from django.db import connection

from ledger.command_line import fail
from ledger.integrity.key import ledger_key
from ledger.integrity.witness import Heads, database_name, document, heads, write_file
from ledger.sqlite_backend.base import create_private


def write_backup(target: Path) -> None:
    """The whole database copied to `target` (mode 0600); a CommandError says why not."""
    if connection.vendor == "sqlite":
        sqlite_backup(target)
    elif connection.vendor == "postgresql":
        pg_dump(connection.settings_dict, target)
    else:
        raise fail(f"backup: no backup method for a {connection.vendor} database")


def private_file(path: Path) -> None:
    """An empty file at `path` that only its owner reads (SQLite and pg_dump keep its mode)."""
    path.unlink(missing_ok=True)
    create_private(path)


def sqlite_backup(target: Path) -> None:
    source_name = Path(connection.settings_dict["NAME"]).resolve()
    if target == source_name:
        raise fail("FILE: that is the database itself; choose another file")
    connection.ensure_connection()
    partial = target.with_name(f".{target.name}.partial")
    private_file(partial)   # 0600, as the database: a copy is as private as the original
    copy = sqlite3.connect(partial)
    try:
        connection.connection.backup(copy)      # all pages in one step: one snapshot
        copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        verdict = copy.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.Error as error:
        copy.close()
        partial.unlink(missing_ok=True)
        raise fail(f"backup: SQLite could not copy the database ({error})") from None
    newest = _copied_head(copy) if verdict == "ok" else None
    copy.close()
    if verdict != "ok":
        partial.unlink(missing_ok=True)
        raise fail(f"backup: the copy failed its integrity check ({verdict})")
    os.replace(partial, target)
    _witness_beside(target, newest)


def _copied_head(copy: sqlite3.Connection) -> Heads | None:
    """Each house's newest entry in the copy."""
    try:
        rows = copy.execute(
            "SELECT e.house_id, e.sequence, e.chain FROM ledger_entry e JOIN "
            "(SELECT house_id, MAX(sequence) AS top FROM ledger_entry "
            "WHERE sequence IS NOT NULL GROUP BY house_id) t "
            "ON e.house_id = t.house_id AND e.sequence = t.top").fetchall()
    except sqlite3.Error:
        return None
    return {int(house): (int(sequence), str(value)) for house, sequence, value in rows} or None


def _witness_beside(target: Path, newest: Heads | None) -> None:
    """The witness of the copy's head, beside it as a database's witness is beside it
    (`copy.sqlite3.witness`): restored with the copy, it vouches for the copy's newest entries."""
    if newest is not None:
        write_file(Path(f"{target}.witness"),
                   document(ledger_key(), database_name(), newest))


def pg_dump(settings_dict: dict[str, Any], target: Path) -> None:
    program = shutil.which("pg_dump")
    if program is None:
        raise fail("backup: pg_dump is not installed (it comes with the PostgreSQL client: "
                   "apt-get install postgresql-client); nothing written")
    env = dict(os.environ)
    for key, variable in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"),
                          ("PASSWORD", "PGPASSWORD")):
        if settings_dict.get(key):
            env[variable] = str(settings_dict[key])
    partial = target.with_name(f".{target.name}.partial")
    private_file(partial)   # pg_dump writes into it and keeps its mode, 0600
    newest = heads() or None   # read before the dump's snapshot: the dump holds it, maybe more
    done = subprocess.run([program, "--format=custom", "--no-owner", f"--file={partial}",
                           settings_dict["NAME"]], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise fail(f"backup: pg_dump failed ({last}); nothing written")
    os.replace(partial, target)
    _witness_beside(target, newest)
