"""How the server is, for a monitor: `GET /healthz` and `GET /readyz` (README, "Health").

- `/healthz`: the process answers - 200 "ok", nothing else looked at (no database, no file).
- `/readyz`: the database, the cache, the journal's key and the witness reachable - 200
  "ready", else 503 "not ready: " and what is not, in one line.

Both are answered by `HealthMiddleware`, first of the middleware: before any Host check
(whatever the Host header a monitor sends), before the HTTPS redirect (a monitor on the
machine itself speaks plain HTTP), before sessions, logins and houses (no login; nothing of a
house is read). The lines name the part that failed, never a file's path nor a server's
address, and nothing is kept by a cache in between (`Cache-Control: no-store`).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase

HEALTH_PATHS = ("/healthz", "/healthz/")
READY_PATHS = ("/readyz", "/readyz/")
# The missing key's sentence (ledger_key.missing_key_sentence) without the file's path.
KEY_MISSING = ("journal key: the journal's key file is missing, and this database was written "
               "under a key: nothing can be saved until that key file is put back (README, "
               "\"The journal's key\")")


def _database() -> str:
    try:
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:   # whatever the driver raises: the database does not answer
        connection.close_if_unusable_or_obsolete()
        return "database: unreachable"
    return ""


def _cache() -> str:
    token = secrets.token_hex(8)
    try:
        cache.set("banker:readyz", token, 10)
        if cache.get("banker:readyz") != token:
            return "cache: what was written could not be read back"
    except Exception:   # a Redis that is down raises its own errors
        return "cache: unreachable"
    return ""


def _journal_key(database_up: bool) -> str:
    from django.core.exceptions import ImproperlyConfigured

    from ledger.integrity.key import existing_key, key_file

    configured = str(getattr(settings, "LEDGER_KEY", "") or "")
    path = key_file()
    if not configured and path and not Path(path).exists():
        if not database_up:
            return ""   # whether this database needs its key is in the database
        from ledger.integrity.key import key_problem

        return KEY_MISSING if key_problem() else ""   # else made on the first write
    try:
        existing_key()
    except (ImproperlyConfigured, OSError):
        return "journal key: unreadable (see `manage.py audit`)"
    return ""


def _witness(database_up: bool) -> str:
    from ledger.integrity.witness import witness_path

    path = witness_path()
    folder = path.parent
    if path.exists():
        if not os.access(path, os.R_OK | os.W_OK) or not os.access(folder, os.W_OK):
            return "witness: its file cannot be read and written"
        return ""
    if folder.exists() and (not folder.is_dir() or not os.access(folder, os.W_OK)):
        return "witness: its folder cannot be written"
    if database_up:
        from ledger.models.keys import witness_was_made

        if witness_was_made():
            return "witness: gone (this database had one: see `manage.py audit`)"
    return ""


def readiness() -> list[str]:
    """What is not ready, one short phrase each (empty: ready)."""
    database = _database()
    up = not database
    checks: list[tuple[str, Callable[[], str]]] = [
        ("cache", _cache), ("journal key", lambda: _journal_key(up)),
        ("witness", lambda: _witness(up))]
    problems = [database]
    for part, check in checks:
        try:
            problems.append(check())
        except Exception as error:   # a check that fails is itself the answer
            problems.append(f"{part}: cannot be checked ({type(error).__name__})")
    return [problem for problem in problems if problem]


def _answer(status: int, line: str) -> HttpResponse:
    response = HttpResponse(line + "\n", status=status, content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response


class HealthMiddleware:
    """Answers /healthz and /readyz before every other middleware (see the module)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        path = request.path_info
        if path not in HEALTH_PATHS and path not in READY_PATHS:
            return self.get_response(request)
        if request.method not in ("GET", "HEAD"):
            response = _answer(405, "GET or HEAD only")
            response["Allow"] = "GET, HEAD"
            return response
        if path in HEALTH_PATHS:
            return _answer(200, "ok")
        problems = readiness()
        if problems:
            return _answer(503, "not ready: " + "; ".join(problems))
        return _answer(200, "ready")
