"""The journal's key: the secret that makes the hash chain an HMAC (ledger/chain.py).

It lives outside the database and outside the repository, so someone who can write to the
database and has read the source still cannot append or rewrite an entry that the audit takes
for genuine. Where it comes from, in this order:

1. `DJANGO_LEDGER_KEY` (settings.LEDGER_KEY), when set: any text of 32 characters or more;
2. otherwise the key file, `DJANGO_LEDGER_KEY_FILE` (settings.LEDGER_KEY_FILE, default
   `ledger.key` in the project's folder, ignored by git). When the file is absent it is created
   on first use - 32 random bytes as 64 hex digits, mode 0600 - so nothing has to be set to
   start the site, in debug or in production.

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

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

MIN_LENGTH = 32
_lock = threading.Lock()
_cache: dict[tuple[str, str], bytes] = {}


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


def ledger_key() -> bytes:
    """The key, from the environment or the key file (made on first use when absent)."""
    key = _key(create=True)
    assert key is not None   # (made when absent)
    return key


def existing_key() -> bytes | None:
    """The key when there is one, None when DJANGO_LEDGER_KEY is unset and the key file is
    absent: what the audit reads, since it never writes - not even a new key."""
    return _key(create=False)


def key_file() -> str:
    """Where the key file is looked for (named when it is missing)."""
    return str(getattr(settings, "LEDGER_KEY_FILE", "") or "")


def _key(*, create: bool) -> bytes | None:
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
                create_key_file(file)
            key = read_key_file(file)
        _cache[(configured, path)] = key
    return key


def key_id(key: bytes | None = None) -> str:
    """A short fingerprint that names a key without giving it away (printed by the audit)."""
    key = ledger_key() if key is None else key
    return hmac.new(key, b"banker ledger key id", hashlib.sha256).hexdigest()[:12]
