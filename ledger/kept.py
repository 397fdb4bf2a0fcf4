"""Pages kept as HTML under the house's version: an unchanged night costs a lookup.

Every write to a house moves its version in the write's own transaction (services/versions.py),
so HTML rendered from the house at version V is right for as long as the version is V. A page
marked `@kept_page` is rendered once per version and kept in Django's cache (the local memory
by default, a shared one when DJANGO_CACHE_URL names one: the version is in the database, so
several processes and machines agree on it).

What is kept is the same for everyone it is served to: the CSRF token and each form's one-time
key are marks while the page renders (`keeping`), filled in fresh for every request (`filled`).
Whatever else differs between requests is in the key: the house, the login (its name, role
and whether it holds the bank show on the page), the address with its query, the language,
the day (the table says "since 21:04" tonight, with the day after midnight) and the code's
version. A page with a message to show (after a redirect) is rendered, never kept. A cache
that is down or full serves the page computed anew: never a 500, never a stale figure.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import re
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone, translation
from django.utils.safestring import SafeString, mark_safe

from ledger.scoping import current_house_id
from ledger.selectors.versions import house_version, version_of

logger = logging.getLogger(__name__)
P = ParamSpec("P")
Request = TypeVar("Request", bound=HttpRequest)

KEPT_FOR = 12 * 60 * 60   # seconds; a version outlives no night, so this only frees memory
CSRF_MARK = "csrf-mark-6d1f0b9e"
KEY_MARKS = re.compile(r"key-mark-[0-9a-f]{12}-6d1f0b9e")
_keeping: ContextVar[bool] = ContextVar("keeping", default=False)


@contextmanager
def keeping() -> Iterator[None]:
    """While HTML to keep renders: the CSRF token and one-time keys come out as marks."""
    token = _keeping.set(True)
    try:
        yield
    finally:
        _keeping.reset(token)


def one_time_key() -> str:
    """A form's one-time key: fresh and unguessable, or a mark of its own while keeping (a mark
    per form, so that two forms of one page never share a key)."""
    if _keeping.get():
        return f"key-mark-{secrets.token_hex(6)}-6d1f0b9e"
    return secrets.token_urlsafe(18)


def csrf_token(request: HttpRequest) -> str:
    """The request's CSRF token for HTML written by hand: a mark while keeping."""
    return CSRF_MARK if _keeping.get() else get_token(request)


def csrf_mark(request: HttpRequest) -> dict[str, str]:
    """Template context processor: the CSRF token is a mark in HTML being kept (it overrides
    Django's own, which comes first)."""
    return {"csrf_token": CSRF_MARK} if _keeping.get() else {}


def filled(request: HttpRequest, html: str) -> str:
    """Kept HTML with this request's CSRF token and a fresh key for each form in place of the
    marks (left as they are while an outer page is being kept)."""
    if _keeping.get():
        return html
    if CSRF_MARK in html:
        html = html.replace(CSRF_MARK, get_token(request))
    fresh: dict[str, str] = {}   # one key per mark (a form's key may be in two places)
    return KEY_MARKS.sub(lambda m: fresh.setdefault(m.group(0), one_time_key()), html)


def filled_safe(request: HttpRequest, html: str) -> SafeString:
    """`filled`, for a template: rendered by the template engine, escaped there; marks are
    ASCII."""
    return mark_safe(filled(request, html))


def kept(key: str) -> Any:
    """What the cache keeps under `key`; None when nothing, or when the cache is down."""
    try:
        return cache.get(key)
    except Exception:   # noqa: BLE001 - any cache backend's failure
        logger.warning("cache unavailable: %s computed anew", key.split(":")[0])
        return None


def keep(key: str, value: object) -> None:
    """Keep `value` under `key`; a cache that is down or refuses keeps nothing."""
    try:
        cache.set(key, value, KEPT_FOR)
    except Exception:   # noqa: BLE001 - any cache backend's failure
        logger.warning("cache unavailable: %s not kept", key.split(":")[0])


ROOT = Path(__file__).resolve().parents[1]
_code: str | None = None


def code_version() -> str:
    """When the templates or the code last changed (read once per process)."""
    global _code
    if _code is None:
        files = [*(ROOT / "templates").rglob("*.html"), *(
            f for folder in ("ledger", "tables", "rules") for f in (ROOT / folder).rglob("*.py"))]
        _code = str(max((f.stat().st_mtime_ns for f in files), default=0))
    return _code


def request_version(request: HttpRequest) -> tuple[int, int]:
    """The house's version, as HouseMiddleware read it with the request's house (one query
    less for every page), else read now. For reads only: a request that writes moves it."""
    house = getattr(request, "house", None)
    found = version_of(house) if house is not None else None
    return found if found is not None else house_version()


def _page_key(request: HttpRequest, version: tuple[int, int]) -> str:
    user = request.user
    house = getattr(request, "house", None)
    about = "|".join(str(part) for part in (
        current_house_id(), house.name if house is not None else "",
        user.pk, user.get_username(), getattr(request, "house_role", ""), user.is_staff,
        user.is_superuser, timezone.localdate(), request.get_full_path(), *version,
        code_version(), translation.get_language()))
    return "page:" + hashlib.sha256(about.encode()).hexdigest()


def _keepable(response: HttpResponse) -> bool:
    return (response.status_code == 200 and not response.streaming and not response.cookies
            and response.get("Content-Type", "").startswith("text/html"))


def kept_page(view: Callable[Concatenate[Request, P], HttpResponse]
              ) -> Callable[Concatenate[Request, P], HttpResponse]:
    """A page (GET) served from what was kept at the house's version, or rendered and kept.
    Goes inside the decorators that decide who may see it: they run every time."""

    def wrapper(request: Request, /, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        if (request.method != "GET" or request.headers.get("HX-Request")
                or "_export" in request.GET or len(get_messages(request)) or _keeping.get()):
            # a poll has its own 304; a file is not a page; a message shows once
            return view(request, *args, **kwargs)
        version = request_version(request)
        if not version[0]:   # a house without nights: no write moves its version
            return view(request, *args, **kwargs)
        key = _page_key(request, version)
        found = kept(key)
        if isinstance(found, tuple):
            content, headers = found
            return HttpResponse(filled(request, content), headers=headers)
        with keeping():
            response = view(request, *args, **kwargs)
        if not _keepable(response):
            return _filled_response(request, response)
        content = response.content.decode(response.charset)
        headers = {k: v for k, v in response.headers.items() if k != "Content-Length"}
        keep(key, (content, headers))
        response.content = filled(request, content).encode(response.charset)
        return response

    functools.update_wrapper(wrapper, view)
    return wrapper


def _filled_response(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """A response rendered while keeping that is not kept (an error, a redirect, a file): its
    marks filled in all the same."""
    if not response.streaming and response.get("Content-Type", "").startswith("text/html"):
        response.content = filled(request, response.content.decode(response.charset)).encode(
            response.charset)
    return response
