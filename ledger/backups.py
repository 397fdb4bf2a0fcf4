"""Backups that keep themselves: every close writes a copy of the whole database.

The copy is the `backup` command's (ledger/management/commands/backup.py: SQLite's online
backup API or pg_dump, mode 0600), written into `BANKER_BACKUP_DIR` - by default `backups/`
beside the SQLite database (beside the project for PostgreSQL), made on first use - as
`banker-<UTC time>-night-<id>.sqlite3` (`.dump` for PostgreSQL); only the newest
`BANKER_BACKUP_KEEP` (30) of those are kept. A folder that was named but is missing (a USB
disk not plugged in) is not made: writing there would fill the wrong disk.

The close itself never waits on this: it is committed before the copy starts, and a copy that
cannot be written is a sentence on the close page (and in the log), never an error page.
"""

from __future__ import annotations

import datetime
import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError
from django.db import connection

log = logging.getLogger(__name__)
NAME = re.compile(r"^banker-\d{8}-\d{6}-night-(\d+)\.(sqlite3|dump)$")


@dataclass(frozen=True)
class CloseBackup:
    """Where the copy of a close went, or why there is none."""

    folder: Path
    path: Path | None = None
    problem: str = ""

    def sentence(self) -> str:
        if self.path is not None:
            return (f"A copy of the database as it was at close went to {self.path} "
                    f"(the newest {keep()} copies are kept).")
        return (f"No copy of the database was written at this close: {self.problem} "
                "The close itself is done and nothing is lost; run `manage.py backup FILE`.")

    def where(self) -> str:
        """On a closed night's close page: its copy, or why none is found."""
        if self.path is not None:
            return f"A copy of the database as it was at this close is in {self.path}."
        return f"No copy of the database from this close is here: {self.problem}"


def folder() -> Path:
    """BANKER_BACKUP_DIR, else `backups/` beside the database."""
    named = str(getattr(settings, "BACKUP_DIR", "") or "")
    if named:
        return Path(named).expanduser()
    database = connection.settings_dict
    if connection.vendor == "sqlite" and str(database["NAME"]) != ":memory:":
        return Path(database["NAME"]).resolve().parent / "backups"
    return Path(settings.BASE_DIR) / "backups"


def keep() -> int:
    return max(1, int(getattr(settings, "BACKUP_KEEP", 30)))


def _ready(place: Path) -> str:
    """Why `place` cannot take a copy ("" when it can); the default folder is made (0700)."""
    if not place.exists() and not getattr(settings, "BACKUP_DIR", ""):
        try:
            place.mkdir(mode=0o700, parents=True)
        except OSError as error:
            return f"the folder {place} could not be made ({error.strerror})."
    if place.exists() and not place.is_dir():
        return f"the backup folder {place} is a file, not a folder (BANKER_BACKUP_DIR)."
    if not place.is_dir():
        return f"the backup folder {place} does not exist (BANKER_BACKUP_DIR)."
    if not os.access(place, os.W_OK | os.X_OK):
        return f"the backup folder {place} cannot be written to."
    return ""


def backup_after_close(night: int) -> CloseBackup:
    """Copy the database into the backup folder after night `night` closed; never raises."""
    from ledger.management.commands.backup import write_backup

    place = folder()
    problem = _ready(place)
    if problem:
        log.warning("backup after closing night %s: %s", night, problem)
        return CloseBackup(place, problem=problem)
    moment = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%S")
    suffix = "sqlite3" if connection.vendor == "sqlite" else "dump"
    target = place.resolve() / f"banker-{moment}-night-{night}.{suffix}"
    try:
        write_backup(target)
    except (CommandError, OSError) as error:
        problem = str(error).removeprefix("backup: ").rstrip(".") + "."
        log.warning("backup after closing night %s: %s", night, problem)
        return CloseBackup(place, problem=problem)
    _prune(place)
    return CloseBackup(place, path=target)


def copies(place: Path) -> list[Path]:
    """The close copies in `place`, oldest first (their names start with the UTC time)."""
    try:
        return sorted((path for path in place.iterdir() if NAME.match(path.name)),
                      key=lambda path: path.name)
    except OSError:
        return []


def _prune(place: Path) -> None:
    """Only the newest `keep()` close copies stay; other files in the folder are not ours."""
    found = copies(place)
    for old in found[:max(0, len(found) - keep())]:
        try:
            old.unlink()
        except OSError as error:
            log.warning("could not remove the old backup %s: %s", old, error)


def copy_of_night(night: int) -> CloseBackup:
    """What the close page of a closed night says: its copy if one is in the folder."""
    place = folder()
    for path in reversed(copies(place)):
        found = NAME.match(path.name)
        if found is not None and int(found.group(1)) == night:
            return CloseBackup(place, path=path)
    if not place.exists():
        return CloseBackup(place, problem=f"the backup folder {place} does not exist.")
    return CloseBackup(place, problem=_ready(place) or f"none is in {place}.")
