"""Security headers that Django does not set by itself (R14).

The pages load scripts and styles only from our own static files, so the policy can be strict:
nothing inline, nothing from another origin, and no page may be framed by another site.

Every page the site renders shows money or leads to it (the banker's pages, THE BOOK, a
player's balance page), so none may be kept by the browser or a cache in between:
`Cache-Control: no-store` (static files are answered by WhiteNoise before this middleware).
"""

import time
from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django_htmx.http import HttpResponseClientRedirect

from ledger.models import PokerSession

DEFAULT_POLICY = (
    "default-src 'self'; "
    "base-uri 'self'; "
    "form-action 'self'; "
    "frame-ancestors 'none'; "
    "object-src 'none'"
)
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=()"


class SecurityHeadersMiddleware:
    """Add Content-Security-Policy and Permissions-Policy to every response."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.policy = getattr(settings, "CONTENT_SECURITY_POLICY", DEFAULT_POLICY)

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        # A view may set a stricter policy of its own; never loosen it from here.
        response.headers.setdefault("Content-Security-Policy", self.policy)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        if "Cache-Control" not in response.headers:
            add_never_cache_headers(response)   # no-cache, no-store, must-revalidate, private
        return response


CLOSED_SENTENCE = "This night is closed: nothing more can be entered into it."


class NightClosed(Exception):
    """A writing page of a night that is closed (the back button after close, an old tab)."""

    def __init__(self, session: PokerSession) -> None:
        super().__init__(CLOSED_SENTENCE)
        self.session = session


def closed_night_redirect(request: HttpRequest, closed: NightClosed) -> HttpResponseBase:
    """Back to the closed night's page, which says the night is closed (not a 404): a GET of a
    writing page or a POST into it alike; nothing is written. An htmx post is told to load
    the page instead of swapping it into the form's place."""
    messages.info(request, CLOSED_SENTENCE)
    url = reverse("session_dashboard", args=[closed.session.pk])
    if getattr(request, "htmx", False):
        return HttpResponseClientRedirect(url)
    return redirect(url)


class ClosedNightMiddleware:
    """A writing page of a closed night (buy-in, cash-out, hand, close …) leads back to the
    night's page with "This night is closed", never a 404 (`NightClosed`)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest,
                          exception: Exception) -> HttpResponseBase | None:
        if isinstance(exception, NightClosed):
            return closed_night_redirect(request, exception)
        return None


RENEW_EVERY = 60   # seconds: a login's expiry is written again at most once a minute


class SlidingSessionMiddleware:
    """A login lasts SESSION_COOKIE_AGE (12 hours) from the last request, as with
    SESSION_SAVE_EVERY_REQUEST, but its new expiry is written at most once a minute: every
    page the tablet opened wrote (and, on SQLite, fsynced) its session row, a write on every
    read. Listed after SessionMiddleware, so its response sees the mark this sets."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        session = getattr(request, "session", None)
        # Only a session the request read (a login's): reading one costs a query.
        if session is not None and session.accessed and not session.is_empty():
            now = int(time.time())
            renewed = session.get("_renewed")
            if not isinstance(renewed, int) or not 0 <= now - renewed < RENEW_EVERY:
                session["_renewed"] = now   # modified: saved with a fresh expiry and cookie
        return response
