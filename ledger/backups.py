"""Backups that keep themselves: every close writes a copy of the whole database.

The copy is the `backup` command's (ledger/management/commands/backup.py: SQLite's online
backup API or pg_dump, mode 0600), written into `BANKER_BACKUP_DIR` - by default `backups/`
beside the SQLite database (beside the project for PostgreSQL), made on first use - as
`banker-<UTC time>-night-<id>.sqlite3` (`.dump` for PostgreSQL); only the newest
`BANKER_BACKUP_KEEP` (30) of those are kept. A folder that was named but is missing (a USB
disk not plugged in) is not made: writing there would fill the wrong disk.

The close itself never waits on this: it is committed before the copy starts, and a copy that
cannot be written is a sentence on the close page (and in the log), never an error page.

Each close gets its copy once (`close_backup`): claimed in a CloseBackupRecord under the
night's row lock, written after that commits, and the record completed with its path. A close
whose copy was never written - the process killed between the close's commit and its copy, a
folder missing then - gets it on the next start (serve_house), on its close page or when the
close is sent again; a claim whose copy failed is let go for the next of those to try again.
"""

from __future__ import annotations

import datetime
import hashlib
import logging
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext

from ledger.database_copy import write_backup
from ledger.models import CloseBackupRecord, Night
from ledger.scoping import every_house
from ledger.services.versions import bump_night

log = logging.getLogger(__name__)
NAME = re.compile(r"^banker-\d{8}-\d{6}-night-(\d+)\.(sqlite3|dump)$")


@dataclass(frozen=True)
class CloseBackup:
    """Where the copy of a close went, or why there is none."""

    folder: Path
    path: Path | None = None
    problem: str = ""
    second: str = ""   # BANKER_BACKUP_COPY_DIR: where the second copy went, or why it did not

    def sentence(self) -> str:
        if self.path is not None:
            return " ".join(filter(None, [
                gettext("A copy of the database as it was at close went to %(path)s (the "
                        "newest %(count)s copies are kept).") % {"path": self.path,
                                                                 "count": keep()},
                self.second]))
        return gettext("No copy of the database was written at this close: %(problem)s The "
                       "close itself is done and nothing is lost; run `manage.py backup FILE`."
                       ) % {"problem": self.problem}

    def where(self) -> str:
        """On a closed night's close page: its copy, or why none is found."""
        if self.path is not None:
            return gettext("A copy of the database as it was at this close is in %(path)s.") % {
                "path": self.path}
        return gettext("No copy of the database from this close is here: %(problem)s") % {
            "problem": self.problem}


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
    return CloseBackup(place, path=target, second=second_copy(target))


def second_copy(target: Path) -> str:
    """A second copy of the backup `target` (and its witness) in BANKER_BACKUP_COPY_DIR,
    read back and compared after writing; what happened, in a sentence ("" when unset).
    Never raises: a folder missing (the USB disk not plugged in) is said, and not made."""
    named = str(getattr(settings, "BACKUP_COPY_DIR", "") or "")
    if not named:
        return ""
    place = Path(named).expanduser()
    if not place.is_dir():
        problem = (f"the second backup folder {place} is a file, not a folder" if place.exists()
                   else f"the second backup folder {place} does not exist")
        log.warning("second copy of %s: %s", target.name, problem)
        return f"No second copy was written: {problem} (BANKER_BACKUP_COPY_DIR)."
    try:
        for source in (target, Path(f"{target}.witness")):
            if source.exists():
                _copy_checked(source, place / source.name)
    except OSError as error:
        log.warning("second copy of %s: %s", target.name, error)
        return (f"No second copy was written to {place}: "
                f"{error.strerror or error} (BANKER_BACKUP_COPY_DIR).")
    _prune(place)
    return f"A second copy went to {place / target.name}, checked."


def _copy_checked(source: Path, target: Path) -> None:
    """Copy `source` to `target` (mode 0600, through a temporary file), then read both back:
    a copy that differs is removed and an OSError."""
    temporary = target.with_name(f".{target.name}.{os.getpid()}.part")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as out, source.open("rb") as into:
            shutil.copyfileobj(into, out)
            out.flush()
            os.fsync(out.fileno())
        if _digest(temporary) != _digest(source):
            raise OSError(f"the copy of {source.name} read back differs from it")
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)


def _digest(path: Path) -> str:
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


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


# A claim older than this whose copy was never recorded was cut short (its process killed):
# it is taken over. A copy of a home game's database takes seconds.
CLAIM_LASTS = datetime.timedelta(minutes=15)
BEING_WRITTEN = ("a copy of the database from this close is being written now; open this "
                 "page again in a moment.")


def close_backup(night: int) -> CloseBackup | None:
    """The copy of closed night `night`'s close: the one written for it, else written now (not
    inside a transaction: a copy is of what is committed; inside one, only what is there is
    said). Once: two callers at once (two workers, a start and a close page) write one copy;
    None when the night is not closed."""
    if connection.in_atomic_block:
        return copy_of_night(night)
    written = CloseBackupRecord.objects.filter(night_id=night, done=True).first()
    if written is not None:   # the usual case, read without taking a lock
        return _recorded(night, written)
    mine, answer = _claim(night)
    if not mine:
        return answer
    copy = _found_in_folder(night) or backup_after_close(night)
    with transaction.atomic():
        if copy.path is None:   # let go: the next start, close page or resent close tries again
            CloseBackupRecord.objects.filter(night_id=night, done=False).delete()
        else:
            CloseBackupRecord.objects.filter(night_id=night).update(path=str(copy.path),
                                                                    done=True)
            with every_house():   # the close page's kept HTML says where the copy went
                bump_night(night)
    return copy


def _claim(night: int) -> tuple[bool, CloseBackup | None]:
    """(True, None): this caller writes the copy. Else (False, what the close page says): None
    when the night is not closed, its copy when one was written, a sentence when another is
    writing it now."""
    with transaction.atomic(), every_house():
        locked = Night.objects.select_for_update(no_key=True).filter(
            pk=night, status=Night.CLOSED).values_list("pk", flat=True)
        if not list(locked):
            return False, None
        record = CloseBackupRecord.objects.filter(night_id=night).first()
        now = timezone.now()
        if record is None:
            CloseBackupRecord.objects.create(night_id=night, claimed_at=now)
            return True, None
        if record.done:
            return False, _recorded(night, record)
        if record.claimed_at > now - CLAIM_LASTS:
            return False, CloseBackup(folder(), problem=BEING_WRITTEN)
        record.claimed_at = now   # a copy cut short: taken over
        record.save(update_fields=["claimed_at"])
        return True, None


def _recorded(night: int, record: CloseBackupRecord) -> CloseBackup:
    path = Path(record.path) if record.path else None
    if path is not None and path.exists():
        return CloseBackup(path.parent, path=path)
    return copy_of_night(night)


def _found_in_folder(night: int) -> CloseBackup | None:
    """A copy already in the folder for this night (written before its record was)."""
    found = copy_of_night(night)
    return found if found.path is not None else None


def missing_close_backups() -> list[int]:
    """The closed nights whose copy was never written (nor is being written), oldest first."""
    with every_house():
        return list(Night.objects.filter(status=Night.CLOSED).exclude(
            close_backup__done=True).order_by("pk").values_list("pk", flat=True))


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
