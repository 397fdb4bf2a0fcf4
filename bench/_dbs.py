"""The databases a server bench runs on, and what it reads of the machine while it runs
(bench/busy_night.py).

- `entries` reads BENCH_DATABASES: addresses separated by spaces, each optionally named
  (`name=address`); `sqlite` alone is a fresh SQLite file. A query parameter `set.NAME=<json>`
  is taken out of the address and handed to Django through bench/_settings.py: an upper-case
  NAME is a key of DATABASES["default"] (`set.CONN_HEALTH_CHECKS=false`), any other a key of
  its OPTIONS (`set.server_side_binding=true`, `set.prepare_threshold=0`). Other parameters
  stay in the address, as DATABASE_URL reads them (`?options=-c%20synchronous_commit%3Doff`
  becomes a libpq option of each connection).
- `Template`: a database built once, copied fresh for each run (SQLite: the file; PostgreSQL:
  CREATE DATABASE ... TEMPLATE, on the server the address names, under a name of its own that
  the bench drops afterwards: the database the address names is never written). Each copy
  carries the template's witness file (integrity/witness.py) beside it, in the bench's folder.
- `pg_counters`, `processes_cpu`, `machine_cpu`: PostgreSQL's counters of one database and the
  CPU seconds of processes and of the whole machine, read before and after a load.
"""

from __future__ import annotations

import json
import os
import shutil
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Entry:
    label: str
    url: str                                   # without the set.* parameters
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def postgres(self) -> bool:
        return self.url.startswith(("postgres", "pgsql"))


def entries(text: str) -> list[Entry]:
    found = []
    for word in text.split():
        label, _, url = word.partition("=") if "=" in word.split("://")[0] else ("", "", word)
        if url == "sqlite":
            url = "sqlite://"
        parts = urllib.parse.urlsplit(url)
        kept, settings = [], {}
        for name, value in urllib.parse.parse_qsl(parts.query, keep_blank_values=True):
            if not name.startswith("set."):
                kept.append((name, value))
                continue
            name = name[4:]
            try:
                parsed = json.loads(value)
            except ValueError:
                parsed = value
            if name.isupper():
                settings[name] = parsed
            else:
                settings.setdefault("OPTIONS", {})[name] = parsed
        url = urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(
            kept, quote_via=urllib.parse.quote)))
        kind = "SQLite" if url.startswith("sqlite") else "PostgreSQL"
        query = urllib.parse.unquote(parts.query)
        found.append(Entry(label or kind + (f" ?{query}" if query else ""), url, settings))
    return found


def _config(url: str) -> dict[str, Any]:
    import environ

    return dict(environ.Env.db_url_config(url))


def _admin(url: str) -> Any:
    """A connection (autocommit) to the server's maintenance database."""
    import psycopg

    config = _config(url)
    return psycopg.connect(dbname="postgres", host=config["HOST"] or None,
                           port=config["PORT"] or None, user=config["USER"] or None,
                           password=config["PASSWORD"] or None, autocommit=True)


def connect(url: str) -> Any:
    """A connection (autocommit) to the database the address names."""
    import psycopg

    config = _config(url)
    return psycopg.connect(dbname=config["NAME"], host=config["HOST"] or None,
                           port=config["PORT"] or None, user=config["USER"] or None,
                           password=config["PASSWORD"] or None, autocommit=True)


def _renamed(url: str, name: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(path=parts.path.rsplit("/", 1)[0] + "/" + name))


class Template:
    """A database to build once (at `url`, with its witness at `witness`) and copy per run."""

    name: str       # PostgreSQL: the database's name ("" for SQLite)
    url: str
    witness: str

    def __init__(self, entry: Entry, folder: str, number: int,
                 source: Template | None = None):
        """The database of `entry`, made empty to be built (or `source`'s, already built, for
        an entry that differs only in its `set.` settings); `number` names its copies."""
        self.entry, self.folder, self.number = entry, folder, number
        self.label = entry.label
        self.copies: list[str] = []
        self.owner = source is None
        if source is not None:
            self.name, self.url, self.witness = source.name, source.url, source.witness
            return
        self.witness = f"{folder}/template-{number}.witness"
        self.name = ""
        if entry.postgres:
            self.name = f"{_config(entry.url)['NAME']}_busy{os.getpid()}_{number}"
            self.url = _renamed(entry.url, self.name)
            with _admin(entry.url) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{self.name}"')
                admin.execute(f'CREATE DATABASE "{self.name}"')
        else:
            self.url = f"sqlite:///{folder}/template-{number}.sqlite3"

    def copy(self, run: int) -> tuple[str, str]:
        """A fresh copy of the built database: its address and its witness file."""
        witness = f"{self.folder}/run-{self.number}-{run}.witness"
        if Path(self.witness).exists():
            shutil.copyfile(self.witness, witness)
        if self.entry.postgres:
            name = f"{self.name}_{self.number}_{run}"
            with _admin(self.entry.url) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
                admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{self.name}"')
            self.copies.append(name)
            return _renamed(self.entry.url, name), witness
        path = f"{self.folder}/run-{self.number}-{run}.sqlite3"
        for suffix in ("", "-wal"):   # the write-ahead log, if the build left one
            if Path(urllib.parse.urlsplit(self.url).path + suffix).exists():
                shutil.copyfile(urllib.parse.urlsplit(self.url).path + suffix, path + suffix)
        return f"sqlite:///{path}", witness

    def drop(self) -> None:
        if self.entry.postgres and os.environ.get("BENCH_KEEP_DB") != "1":
            with _admin(self.entry.url) as admin:
                for name in [*self.copies, *([self.name] if self.owner else [])]:
                    admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def pg_counters(connection: Any, name: str) -> dict[str, Any]:
    """The database's counters (pg_stat_database), its backends (pid -> start) and its tables'
    scans (pg_stat_user_tables), read through `connection`, a connection to that database."""
    connection.execute("SELECT pg_stat_clear_snapshot()")
    row = connection.execute(
        "SELECT xact_commit, xact_rollback, blks_read, blks_hit, tup_returned, tup_fetched,"
        " tup_inserted, tup_updated, sessions FROM pg_stat_database WHERE datname = %s",
        (name,)).fetchone()
    keys = ("xact_commit", "xact_rollback", "blks_read", "blks_hit", "tup_returned",
            "tup_fetched", "tup_inserted", "tup_updated", "sessions")
    backends = dict(connection.execute(
        "SELECT pid, backend_start FROM pg_stat_activity WHERE datname = %s"
        " AND pid <> pg_backend_pid()", (name,)).fetchall())
    tables = {r[0]: r[1:] for r in connection.execute(
        "SELECT relname, seq_scan, seq_tup_read, COALESCE(idx_scan, 0),"
        " COALESCE(idx_tup_fetch, 0) FROM pg_stat_user_tables").fetchall()}
    return {**dict(zip(keys, row, strict=True)), "backends": backends, "tables": tables}


def _stat(pid: int) -> tuple[int, float] | None:
    """A process's parent and its CPU seconds (user + system), from /proc."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def children(parent: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat is not None and stat[0] == parent:
                found.append(int(entry))
    return found


def processes_cpu(pids: list[int]) -> dict[int, float]:
    """Each live process's CPU seconds so far."""
    found = {}
    for pid in pids:
        stat = _stat(pid)
        if stat is not None:
            found[pid] = stat[1]
    return found


def machine_cpu() -> tuple[float, float]:
    """The whole machine's busy and total CPU seconds so far (all cores, /proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    total = sum(values[:8])
    idle = values[3] + values[4]
    return (total - idle) / TICK, total / TICK
