"""The journal's key: the secret that makes the hash chain an HMAC (ledger/integrity/chain.py).

It lives outside the database and outside the repository, so someone who can write to the
database and has read the source still cannot append or rewrite an entry that the audit takes
for genuine. Where it comes from, in this order:

1. `DJANGO_LEDGER_KEY` (settings.LEDGER_KEY), when set: any text of 32 characters or more;
2. otherwise the key file, `DJANGO_LEDGER_KEY_FILE` (settings.LEDGER_KEY_FILE, default
   `ledger.key` in the project's folder, ignored by git). When the file is absent it is created
   on first use - 32 random bytes as 64 hex digits, mode 0600 - so nothing has to be set to
   start the site, in debug or in production - but only for a database that holds nothing
   sealed under a key yet: a database with journal entries, players or nights never gets a new
   key (`KeyMissing`: every write is refused with one sentence naming the missing file, the
   pages still read) until the key that wrote it is put back, or `rekey` moves it.

Losing the key does not lose money data, but the audit can no longer tell the journal genuine:
back it up with the database's backups, kept apart from them (README, "The journal's key").
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import threading
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.db.models import Model

from ledger.posting.errors import LedgerError

MIN_LENGTH = 32
_lock = threading.Lock()
_cache: dict[tuple[str, str], bytes] = {}


class KeyMissing(LedgerError):
    """The key file is gone from a database whose journal was written under a key: nothing is
    written (a new key would make the genuine entries and forgeries alike), pages still read."""

    def __init__(self, path: str) -> None:
        super().__init__(missing_key_sentence(path), code="key_missing")


def missing_key_sentence(path: str) -> str:
    return (f"The journal's key file {path} is missing, and this database was written under "
            "a key: nothing can be saved until that key file is put back (README, \"The "
            "journal's key\").")


def _ledger_model(name: str) -> type[Model]:
    # By name from Django's registry: the models seal their rows with this key, so this
    # module cannot import them.
    return apps.get_model("ledger", name)


def needs_its_key() -> bool:
    """Whether the database holds anything sealed under a key: journal entries, players or
    nights (seats and tenures belong to a night). A database not migrated yet holds nothing."""
    tables = set(connection.introspection.table_names())
    return any(model._meta.db_table in tables and model._base_manager.exists()
               for model in map(_ledger_model, ("Entry", "Player", "Night")))


def key_problem() -> str:
    """The sentence of a missing key (`make serve` and `audit` print it at start), or ""."""
    configured = str(getattr(settings, "LEDGER_KEY", "") or "")
    path = key_file()
    if configured or not path or Path(path).exists() or not needs_its_key():
        return ""
    return missing_key_sentence(path)


def _check(text: str, where: str) -> bytes:
    text = text.strip()
    if len(text) < MIN_LENGTH:
        raise ImproperlyConfigured(
            f"The journal's key in {where} is {len(text)} characters long; it needs at least "
            f"{MIN_LENGTH} (remove the file to have a new one made, see the README)."
        )
    return text.encode("utf-8")


def create_key_file(path: Path) -> None:
    """Write a new random key to `path`, mode 0600, unless a file is already there.

    Written to a temporary file and linked into place, so two processes starting at once end
    up with the same key and nobody ever reads a half-written file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(32) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass   # another process made it first: use theirs
    finally:
        temporary.unlink(missing_ok=True)


def read_key_file(path: Path) -> bytes:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ImproperlyConfigured(f"The journal's key file {path} is not text.") from None
    return _check(text, str(path))


def ledger_key(*, new: bool = False) -> bytes:
    """The key, from the environment or the key file (made on first use when absent, for a
    database that holds nothing sealed yet; else `KeyMissing`). `new`: made even then - for
    `rekey`, which moves the journal to it from the old key it checks."""
    key = _key(create=True, new=new)
    assert key is not None   # (made when absent)
    return key


def existing_key() -> bytes | None:
    """The key when there is one, None when DJANGO_LEDGER_KEY is unset and the key file is
    absent: what the audit reads, since it never writes - not even a new key."""
    return _key(create=False)


def key_file() -> str:
    """Where the key file is looked for (named when it is missing)."""
    return str(getattr(settings, "LEDGER_KEY_FILE", "") or "")


def _key(*, create: bool, new: bool = False) -> bytes | None:
    configured = str(getattr(settings, "LEDGER_KEY", "") or "")
    path = key_file()
    if not configured and not create and path and not Path(path).exists():
        return None   # (a key file removed since it was read is gone for the audit too)
    cached = _cache.get((configured, path))
    if cached is not None:
        return cached
    with _lock:
        if configured:
            key = _check(configured, "DJANGO_LEDGER_KEY")
        else:
            if not path:
                raise ImproperlyConfigured("Set DJANGO_LEDGER_KEY or DJANGO_LEDGER_KEY_FILE.")
            file = Path(path)
            if not file.exists():
                if not create:
                    return None
                if not new and needs_its_key():
                    raise KeyMissing(path)
                create_key_file(file)
                if not new:
                    _record_new_key(read_key_file(file))
            key = read_key_file(file)
        _cache[(configured, path)] = key
    return key


def _record_new_key(key: bytes) -> None:
    """A database with nothing sealed that had recorded another key's fingerprint (its key
    file lost before anything was written) is now the new key's."""
    _ledger_model("JournalKey")._default_manager.filter(pk=1).update(fingerprint=key_id(key))


def key_id(key: bytes | None = None) -> str:
    """A short fingerprint that names a key without giving it away (printed by the audit)."""
    key = ledger_key() if key is None else key
    return hmac.new(key, b"banker ledger key id", hashlib.sha256).hexdigest()[:12]
