"""The witness: the journal's head kept outside the database, so entries cut off are seen.

The chain (integrity/chain.py) shows an entry edited or missing *before* the newest one, never
the newest ones themselves gone: delete the last five entries and what is left is a whole,
shorter chain. So after each commit that writes entries (`Journal.write`, the night file's
import: `transaction.on_commit(witness.refresh)`), the newest entry's sequence number and
chain value of each house's journal (each house has its own chain) are written to a file
outside the database, keyed (an HMAC under the journal's
key, with the database's own id, so nobody without the key writes one and one database's witness
never vouches for another), replaced atomically (a temporary file, then `os.replace`), mode
0600. `audit` reads it: the entry it names must still be there with the same chain value, and
the chain then vouches for every entry before it. The first witness written is recorded in the
database (`JournalKey.witness_made`): from then on a witness that is gone is a problem for
`audit`, naming its file; a database that never had one is only said to be unvouched.

Where (`witness_path`): DJANGO_LEDGER_WITNESS when set; otherwise, on SQLite, beside the
database (`db.sqlite3.witness`); on PostgreSQL, in the key file's folder, named after the
database (`postgresql-127.0.0.1-5432-banker.witness`). A backup carries the witness of its own
head beside it by the same rule (`copy.sqlite3.witness`, `copy.dump.witness`).
"""

from __future__ import annotations

import datetime
import fcntl
import functools
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Max
from django.db.models.signals import post_save
from django.dispatch import receiver

from ledger.integrity.key import ledger_key
from ledger.models import Entry, House
from ledger.models.keys import JournalKey, database_id, witness_was_made
from ledger.scoping import every_house

FORMAT = "banker-witness/2"
ONE_JOURNAL = "banker-witness/1"   # one head: the journal of before houses (migration 0017)
Heads = dict[int, tuple[int, str]]   # house id -> (sequence, chain value) of its newest entry


def database_name() -> str:
    """The database the witness is of, what its MAC binds it to: the random id recorded with
    the key's fingerprint (ledger/models/keys.py), which a backup carries."""
    return database_id() or "(none recorded)"


def witness_path() -> Path:
    configured = str(getattr(settings, "LEDGER_WITNESS", "") or "")
    if configured:
        return Path(configured)
    database = connection.settings_dict
    if connection.vendor == "sqlite":
        return Path(f"{Path(str(database['NAME'])).resolve()}.witness")
    folder = Path(str(getattr(settings, "LEDGER_KEY_FILE", "") or "ledger.key")).parent
    return folder / (f"postgresql-{database.get('HOST') or 'local'}-"
                     f"{database.get('PORT') or 5432}-{database['NAME']}.witness")


def _heads_text(heads: Heads) -> str:
    return json.dumps(sorted([house, sequence, value] for house, (sequence, value)
                             in heads.items()), separators=(",", ":"))


def _mac(key: bytes, name: str, heads: Heads) -> str:
    text = f"{FORMAT}\n{name}\n{_heads_text(heads)}".encode()
    return hmac.new(key, text, hashlib.sha256).hexdigest()


def document(key: bytes, name: str, heads: Heads) -> dict[str, Any]:
    return {"format": FORMAT, "database": name,
            "heads": {str(house): [sequence, value] for house, (sequence, value)
                      in sorted(heads.items())},
            "at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "mac": _mac(key, name, heads)}


def heads(house_id: int | None = None) -> Heads:
    """Each house's newest entry (or one house's): its sequence number and chain value."""
    with every_house():
        rows = Entry.objects.filter(sequence__isnull=False)
        if house_id is not None:
            top = rows.filter(house_id=house_id).order_by("-sequence").values_list(
                "sequence", "chain").first()
            return {} if top is None else {house_id: (int(top[0] or 0), str(top[1]))}
        tops = dict(rows.values_list("house_id").annotate(top=Max("sequence"))
                    .values_list("house_id", "top"))
        found = rows.filter(sequence__in=set(tops.values()))
        return {house: (int(sequence or 0), str(value)) for house, sequence, value
                in found.values_list("house_id", "sequence", "chain")
                if tops.get(house) == sequence}


def _one_journal(found: dict[str, Any], key: bytes, name: str) -> Heads | None:
    """A witness written before houses, of the one journal there was: the head of the site's
    only house now (None when its MAC does not hold or the site has several houses)."""
    sequence, value = found.get("sequence"), found.get("chain")
    if not isinstance(sequence, int) or isinstance(sequence, bool) or not isinstance(value, str):
        return None
    text = f"{ONE_JOURNAL}\n{name}\n{sequence}\n{value}".encode()
    if not hmac.compare_digest(str(found.get("mac", "")),
                               hmac.new(key, text, hashlib.sha256).hexdigest()):
        return None
    houses = list(House.objects.values_list("pk", flat=True)[:2])
    return {houses[0]: (sequence, value)} if len(houses) == 1 else None


def _read_heads(found: dict[str, Any]) -> Heads | None:
    """The heads a witness file holds, or None when they are not well formed."""
    try:
        return {int(house): (int(sequence), str(value))
                for house, (sequence, value) in dict(found.get("heads") or {}).items()
                if not isinstance(sequence, bool) and isinstance(value, str)}
    except (TypeError, ValueError):
        return None


def write_file(path: Path, content: dict[str, Any]) -> None:
    """Replace `path` atomically with `content`, mode 0600."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:
            json.dump(content, handle, sort_keys=True)
            handle.write("\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def refresh(house_id: int | None = None) -> None:
    """Write the witness of the house's journal head as committed now (a
    `transaction.on_commit` callback), keeping the other houses' heads from the witness as it
    stands when its MAC holds (else every head is read anew). Writers take turns on a lock
    file, and a head never moves backwards: the slower of two commits does not replace a newer
    head with its older one."""
    key = ledger_key()
    path = witness_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path.with_name(f".{path.name}.lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        # read once, with whether a witness was ever made: a commit reads no more than it must
        name, made = JournalKey.objects.filter(pk=1).values_list(
            "database", "witness_made").first() or ("(none recorded)", True)
        kept = _kept_heads(key, name)
        newest = heads(house_id) if kept is not None and house_id is not None else heads()
        if not newest:
            return
        merged = dict(kept or {})
        for house, (sequence, value) in newest.items():
            if house not in merged or merged[house][0] <= sequence:
                merged[house] = (sequence, value)
        write_file(path, document(key, name, merged))
        if not made:   # from now on a witness gone is a problem (check below)
            JournalKey.objects.filter(pk=1, witness_made=False).update(witness_made=True)
    finally:
        os.close(descriptor)


def _kept_heads(key: bytes, name: str) -> Heads | None:
    """The heads of the witness as it stands, when it is one this key wrote for the database
    `name` in today's format (None: read every head anew)."""
    found = read(witness_path())
    if not found or found.get("format") != FORMAT or found.get("database") != name:
        return None
    seen = _read_heads(found)
    if seen is None or not hmac.compare_digest(str(found.get("mac", "")),
                                               _mac(key, name, seen)):
        return None
    return seen


def read(path: Path) -> dict[str, Any] | None:
    """The witness file's content; None when there is none; {} when it is not a witness."""
    try:
        content = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return {}
    return content if isinstance(content, dict) else {}


def check(key: bytes, house_id: int | None = None) -> tuple[list[str], str]:
    """What the witness says of the journals (of one house, with `house_id`): (problems, a
    line of what it vouches for)."""
    path = witness_path()
    found = read(path)
    newest = heads()
    if found is None:
        if witness_was_made():
            return [f"the witness {path} is gone: this database had one, so its newest "
                    "entries may have been cut off with it; put the witness back (a backup's "
                    "FILE.witness beside it, see the README)"], f"witness: gone from {path}"
        if not newest:
            return [], "witness: none yet (the journal is empty)"
        return [], (f"witness: none at {path}: the newest entries cannot be vouched for (one "
                    "is written after the next entry)")
    seen = (_one_journal(found, key, database_name()) if found.get("format") == ONE_JOURNAL
            else _read_heads(found))
    if seen is None or found.get("database") != database_name() or (
            found.get("format") != ONE_JOURNAL and not hmac.compare_digest(
                str(found.get("mac", "")), _mac(key, database_name(), seen))):
        return [f"the witness {path} is not one this key wrote for this database: the newest "
                "entries cannot be vouched for"], "witness: unreadable"
    at = found.get("at", "?")
    with every_house():
        names = dict(House.objects.values_list("pk", "name"))
        problems: list[str] = []
        vouched: list[str] = []
        for house, (sequence, chain_value) in sorted(seen.items()):
            if house_id is not None and house != house_id:
                continue
            where = f"{names.get(house, f'house {house}')}: " if len(names) > 1 else ""
            stored = Entry.objects.filter(house_id=house, sequence=sequence).values_list(
                "chain", flat=True).first()
            last = newest.get(house, (0, ""))[0]
            if stored is None:
                gone = (f"entry {sequence}" if last + 1 == sequence
                        else f"entries {last + 1} to {sequence}")
                problems.append(f"{where}{gone} of the journal "
                                f"{'is' if last + 1 == sequence else 'are'} missing: cut off "
                                f"after the witness of {at} saw them")
                vouched.append(f"{where}of {at}, entry {sequence}; the journal ends at {last}")
            elif stored != chain_value:
                problems.append(f"{where}entry {sequence} is not the one the witness of {at} "
                                "saw: the journal was rewritten from there or before")
                vouched.append(f"{where}of {at}, entry {sequence}")
            else:
                after = (f"; entries {sequence + 1} to {last} came after it"
                         if last > sequence else "")
                vouched.append(f"{where}of {at}, vouches for entries 1 to {sequence}{after}")
    return problems, "witness: " + "; ".join(vouched)


# ---- after each commit of entries -------------------------------------------------------


def witness_after_commit(house_id: int) -> None:
    """Refresh the witness of the house's journal once the current transaction commits (once
    per transaction and house): registered when an entry is saved, and by
    `services.night_open` for a night imported in bulk (whose entries send no signal)."""
    if any(getattr(item[1], "house_id", None) == house_id for item in connection.run_on_commit):
        return
    callback = functools.update_wrapper(functools.partial(refresh, house_id), refresh)
    callback.house_id = house_id   # type: ignore[attr-defined]
    transaction.on_commit(callback, robust=True)   # the entries are written whatever happens


@receiver(post_save, sender=Entry)
def _entry_saved(sender: type[Entry], instance: Entry, created: bool = False,
                 **kwargs: Any) -> None:
    if created:
        witness_after_commit(instance.house_id)
