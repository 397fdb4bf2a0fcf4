"""`manage.py restore FILE [--force]`: put a backup back as this site's database, then audit it.

FILE is what `manage.py backup` or a close wrote (ledger/backups.py): a SQLite file or a
pg_dump archive, whichever this site's database is. Before anything is replaced the file is
checked whole: a file that is no backup, one cut short or damaged, and one whose journal does
not pass the audit under this site's key (the backup of another site, or of this one before
its key was rotated) are refused in one line, exit 2, nothing changed. The check restores the
copy aside (a temporary file beside the SQLite database; a scratch PostgreSQL database) and
runs `migrate` and `audit` on it in a child process with this site's key.

A database that already holds players or entries is not replaced unless `--force` says so
(back it up first). Stop the site while restoring. The backup's witness (`FILE.witness`) vouches
for the copy's audit and is put where the restored database's witness belongs. Afterwards
`audit` runs on the restored database: exit 1 if it is not whole.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import DatabaseError, connection

from ledger.command_line import fail
from ledger.database_copy import private_file
from ledger.integrity import witness
from ledger.integrity.key import existing_key, key_file, key_id
from ledger.models import Entry, Player
from ledger.scoping import every_house

SQLITE_HEADER = b"SQLite format 3\x00"
PG_HEADER = b"PGDMP"


class Command(BaseCommand):
    help = ("Restore a backup over this site's database (refused if the database holds data, "
            "unless --force), then run the audit.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE")
        parser.add_argument("--force", action="store_true",
                            help="replace a database that already holds players or entries")

    @every_house()   # the whole database, on purpose
    def handle(self, *args: Any, **options: Any) -> None:
        source = Path(options["file"]).expanduser().resolve()
        if not source.is_file():
            raise fail(f"FILE: there is no file {source}")
        if connection.vendor == "sqlite":
            restore_sqlite(source, force=options["force"])
        elif connection.vendor == "postgresql":
            restore_postgresql(source, force=options["force"])
        else:
            raise fail(f"restore: no restore method for a {connection.vendor} database")
        connection.close()
        carried = backup_witness(source)
        if carried.is_file():   # the backup's witness, where the restored database's belongs
            found = witness.read(carried)
            if found:
                witness.write_file(witness.witness_path(), found)
        self.stdout.write(f"Restored {source.name}; the audit of the restored database:")
        call_command("audit", stdout=self.stdout, stderr=self.stderr)


def backup_witness(source: Path) -> Path:
    """The witness a backup carries beside it (`FILE.witness`, ledger/integrity/witness.py)."""
    return Path(f"{source}.witness")


def _head(source: Path, size: int) -> bytes:
    try:
        with source.open("rb") as handle:
            return handle.read(size)
    except OSError as error:
        raise fail(f"FILE: {source} cannot be read ({error.strerror})") from None


def _refuse_over_data(force: bool) -> None:
    """A database with players or entries is replaced only when --force says so."""
    try:
        entries, players = Entry.objects.count(), Player.objects.count()
    except DatabaseError:
        connection.close()
        return   # not migrated yet: nothing to lose
    if (entries or players) and not force:
        raise fail(f"restore: this site's database already holds {entries} entries and "
                   f"{players} players, which the restore would replace; back it up "
                   "(`manage.py backup FILE`), stop the site, then run restore with --force")


def _child_env(database_url: str) -> dict[str, str]:
    """The environment of a child `manage.py` on another database, under this site's key."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env["DATABASE_URL"] = database_url
    env.pop("DJANGO_LEDGER_KEY", None)
    if getattr(settings, "LEDGER_KEY", ""):
        env["DJANGO_LEDGER_KEY"] = settings.LEDGER_KEY
    env["DJANGO_LEDGER_KEY_FILE"] = str(settings.LEDGER_KEY_FILE)
    return env


def _audit_aside(source: Path, database_url: str) -> None:
    """`migrate` then `audit` on the copy set aside; refused in one line unless it is whole."""
    manage = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py")]
    env = _child_env(database_url)
    env["DJANGO_LEDGER_WITNESS"] = str(backup_witness(source))   # it vouches for the copy
    migrated = subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env,
                              capture_output=True, text=True, timeout=600)
    if migrated.returncode != 0:
        last = (migrated.stderr.strip().splitlines() or ["no message"])[-1]
        raise fail(f"FILE: {source.name} is not a backup this site can read ({last}); "
                   "nothing restored")
    audited = subprocess.run([*manage, "audit"], env=env, capture_output=True, text=True,
                             timeout=600)
    if audited.returncode != 0:
        problems = [line.removeprefix("problem: ") for line in audited.stderr.splitlines()
                    if line.startswith("problem: ")] or ["the audit did not finish"]
        raise fail(f"FILE: {source.name} does not verify under this site's journal key "
                   f"({_site_key()}): {problems[0]}"
                   f"{f' (and {len(problems) - 1} more)' if len(problems) > 1 else ''}; "
                   "nothing restored")


def _site_key() -> str:
    """This site's key named by its fingerprint; never made here."""
    key = existing_key()
    return f"key {key_id(key)}" if key is not None else f"no key: there is no {key_file()}"


# ---- SQLite --------------------------------------------------------------------------------

def _check_sqlite_file(source: Path) -> None:
    """A SQLite file, as long as its header says, sound, with the site's journal in it."""
    head = _head(source, 100)
    if not head.startswith(SQLITE_HEADER) or len(head) < 100:
        raise fail(f"FILE: {source.name} is not a backup of this site (not a SQLite database)")
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages, valid_for, changes = (int.from_bytes(head[at:at + 4], "big") for at in (28, 92, 24))
    size = source.stat().st_size
    if valid_for == changes and pages and size < pages * page_size:
        raise fail(f"FILE: {source.name} is cut short: {size} bytes of the {pages * page_size} "
                   "its header promises (a truncated copy); nothing restored")
    try:
        with sqlite3.connect(f"file:{quote(str(source))}?mode=ro", uri=True) as copy:
            verdict = copy.execute("PRAGMA integrity_check").fetchone()[0]
            tables = {row[0] for row in copy.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as error:
        raise fail(f"FILE: {source.name} is damaged ({error}); nothing restored") from None
    if verdict != "ok":
        raise fail(f"FILE: {source.name} is damaged ({verdict}); nothing restored")
    if not {"ledger_entry", "django_migrations"} <= tables:
        raise fail(f"FILE: {source.name} is not a backup of this site (no journal in it)")


def _remove(path: Path) -> None:
    for leftover in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm"),
                     path.with_name(path.name + "-journal")):
        leftover.unlink(missing_ok=True)


def restore_sqlite(source: Path, *, force: bool) -> None:
    live = Path(connection.settings_dict["NAME"]).resolve()
    if source == live:
        raise fail("FILE: that is the database itself; choose a backup")
    _check_sqlite_file(source)
    _refuse_over_data(force)
    aside = live.with_name(f".{live.name}.restore-{os.getpid()}")
    _remove(aside)
    private_file(aside)
    try:
        shutil.copyfile(source, aside)
        _audit_aside(source, f"sqlite:///{aside}")
        connection.close()
        # Page by page into the live file through SQLite itself: its WAL and any reader stay
        # consistent, and the journal's triggers come with the copy.
        with sqlite3.connect(aside) as copy, sqlite3.connect(live, timeout=20) as target:
            copy.backup(target)
    except (OSError, sqlite3.Error) as error:
        raise fail(f"restore: could not write {live} ({error}); the database is as it was "
                   "unless SQLite said otherwise above") from None
    finally:
        _remove(aside)


# ---- PostgreSQL ----------------------------------------------------------------------------

def _pg_program(name: str) -> str:
    program = shutil.which(name)
    if program is None:
        raise fail(f"restore: {name} is not installed (it comes with the PostgreSQL client: "
                   "apt-get install postgresql-client); nothing restored")
    return program


def _pg_env() -> dict[str, str]:
    env = dict(os.environ)
    for key, variable in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"),
                          ("PASSWORD", "PGPASSWORD")):
        if connection.settings_dict.get(key):
            env[variable] = str(connection.settings_dict[key])
    return env


def _pg_url(name: str) -> str:
    d = connection.settings_dict
    user = quote(str(d.get("USER") or ""), safe="")
    password = f":{quote(str(d['PASSWORD']), safe='')}" if d.get("PASSWORD") else ""
    at = f"{user}{password}@" if user else ""
    port = f":{d['PORT']}" if d.get("PORT") else ""
    return f"postgres://{at}{d.get('HOST') or ''}{port}/{name}"


def _pg_restore(source: Path, database: str, *extra: str) -> None:
    done = subprocess.run([_pg_program("pg_restore"), "--no-owner", "--exit-on-error",
                           *extra, "-d", database, str(source)], env=_pg_env(),
                          capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise fail(f"FILE: {source.name} is damaged or cut short ({last}); nothing restored")


def _run(sql: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql)


def restore_postgresql(source: Path, *, force: bool) -> None:
    if not _head(source, 5).startswith(PG_HEADER):
        raise fail(f"FILE: {source.name} is not a backup of this site (not a pg_dump archive)")
    listed = subprocess.run([_pg_program("pg_restore"), "--list", str(source)], env=_pg_env(),
                            capture_output=True, text=True, timeout=600)
    if listed.returncode != 0:
        last = (listed.stderr.strip().splitlines() or ["no message"])[-1]
        raise fail(f"FILE: {source.name} is damaged or cut short ({last}); nothing restored")
    if "ledger_entry" not in listed.stdout:
        raise fail(f"FILE: {source.name} is not a backup of this site (no journal in it)")
    _refuse_over_data(force)
    live = str(connection.settings_dict["NAME"])
    scratch = f"{live}_restore_{os.getpid()}"
    try:
        _run(f'CREATE DATABASE "{scratch}"')
    except DatabaseError as error:
        raise fail(f"restore: could not make a scratch database to check the file in "
                   f"({' '.join(str(error).split())}); nothing restored") from None
    try:
        _pg_restore(source, scratch)
        _audit_aside(source, _pg_url(scratch))
        # Checked whole: now replace the live database's tables with the file's.
        _run("DROP SCHEMA public CASCADE")
        _run("CREATE SCHEMA public")
        connection.close()
        _pg_restore(source, live, "--single-transaction")
        call_command("migrate", "--noinput", verbosity=0)
    finally:
        connection.close()
        _run(f'DROP DATABASE IF EXISTS "{scratch}"')
