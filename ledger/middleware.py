"""Security headers that Django does not set by itself (R14).

The pages load scripts and styles only from our own static files, so the policy can be strict:
nothing inline, nothing from another origin, and no page may be framed by another site.

Every page the site renders shows money or leads to it (the banker's pages, THE BOOK, a
player's balance page), so none may be kept by the browser or a cache in between:
`Cache-Control: no-store` (static files are answered by WhiteNoise before this middleware).
"""

import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.cache import add_never_cache_headers
from django_htmx.http import HttpResponseClientRedirect

from ledger.house import house_in_use, request_house, shown_settings
from ledger.house_settings import SEED, show, showing
from ledger.integrity.key import KeyMissing
from ledger.languages import known
from ledger.models import House, Night, Role
from ledger.permissions import houses_of, role_of
from ledger.scoping import every_house, in_house, no_house

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

    def __init__(self, session: Night) -> None:
        super().__init__(CLOSED_SENTENCE)
        self.session = session


def closed_night_redirect(request: HttpRequest, closed: NightClosed) -> HttpResponseBase:
    """Back to the closed night's page, which says the night is closed (not a 404): a GET of a
    writing page or a POST into it alike; nothing is written. An htmx post is told to load
    the page instead of swapping it into the form's place."""
    messages.info(request, CLOSED_SENTENCE)
    url = reverse("night_dashboard", args=[closed.session.pk])
    if getattr(request, "htmx", False):
        return HttpResponseClientRedirect(url)
    return redirect(url)


class ClosedNightMiddleware:
    """A writing page of a closed night (buy-in, cash-out, hand, close …) leads back to the
    night's page with "This night is closed", never a 404 (`NightClosed`); a write refused for
    want of the journal's key (`KeyMissing`) that no form showed is a 503 page saying so."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest,
                          exception: Exception) -> HttpResponseBase | None:
        if isinstance(exception, NightClosed):
            return closed_night_redirect(request, exception)
        if isinstance(exception, KeyMissing):   # a write without the journal's key
            return render(request, "503.html", {"reason": str(exception)}, status=503)
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


# URL prefixes of the pages of one night, and of one house (ledger/urls.py, tables/urls.py).
NIGHT_ROUTE = "s/<int:pk>/"
HOUSE_ROUTE = "h/<slug:house>/"
NOT_A_HOUSE_PAGE = ("login/", "logout/", "join/", "signup/")
LAST_HOUSE = "house"   # the login's session: the slug of the house last opened


class HouseMiddleware:
    """Runs each request in the scope of the house its URL names (ledger/scoping.py), so every
    query of a house's rows sees that house alone:

    - a phone's `/p/<token>/…`: the house of the token's player (the token answers by itself);
    - a night's `/s/<night>/…`: the night's house, for a login with a role in it (404 else);
    - a house's `/h/<slug>/…`: that house, likewise (the slug is taken out of the view's
      arguments and becomes the login's house of the short paths);
    - any other page, for a login: its house - its only one, else the one it opened last;
    - the admin: every house (staff only: the admin checks).

    `request.house` and `request.house_role` say which and as what. A viewer's POST to a house's
    pages is refused here (403), whatever the page. An unknown path never gets this far: the
    404 costs what it did (the floor of ARCHITECTURE's page costs).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        request.house = None   # type: ignore[attr-defined]
        request.house_role = None   # type: ignore[attr-defined]
        with no_house(), showing(SEED), translation.override(settings.LANGUAGE_CODE), \
                ExitStack() as scope:
            request._house_scope = scope   # type: ignore[attr-defined]
            request.LANGUAGE_CODE = settings.LANGUAGE_CODE
            return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Callable[..., HttpResponseBase],
                     args: tuple[object, ...], kwargs: dict[str, Any]) -> None:
        scope: ExitStack = request._house_scope   # type: ignore[attr-defined]
        route = request.resolver_match.route if request.resolver_match else ""
        if route.startswith("admin/"):
            scope.enter_context(every_house())
            return
        user = request.user
        if "token" in kwargs:
            house: House | None = _token_house(str(kwargs["token"]))
            role = None
        elif not user.is_authenticated:
            kwargs.pop("house", None)
            return   # no house: the page's own login redirect answers, whatever it names
        elif route.startswith(NIGHT_ROUTE):
            house = _night_house(int(kwargs["pk"]), user)
            role = _member_or_404(user, house)
        elif route.startswith(HOUSE_ROUTE):
            found = request_house("slug", str(kwargs.pop("house")), user.pk)
            if found is None:
                raise Http404("No such house.")
            house, role = found, _member_or_404(user, found)
        else:
            house = _short_path_house(request)
            role = role_of(user, house) if house is not None else None
        if house is None:
            return
        scope.enter_context(in_house(house.pk))
        rules = shown_settings(house)
        show(rules)
        if rules.own_zone is not None:   # times in the night's or house's zone
            scope.enter_context(timezone.override(rules.own_zone))
        request.house = house   # type: ignore[attr-defined]
        request.house_role = role   # type: ignore[attr-defined]
        # The house's language now (a night keeps its money rules, not its pages' words).
        _speak(request, house.game_settings.language, phone="token" in kwargs)
        if role is not None and not route.startswith(NIGHT_ROUTE + "asks/"):
            _remember(request)
        if role == Role.VIEWER and request.method not in SAFE_METHODS \
                and not route.startswith(NOT_A_HOUSE_PAGE):
            raise PermissionDenied("A viewer of this house reads its pages; only its owners "
                                   "and bankers write.")


SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def _speak(request: HttpRequest, language: str, *, phone: bool) -> None:
    """The rest of the request in the house's language; a phone's page in the device's own
    choice when it made one (Django's language cookie, set by its language switch)."""
    if phone:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if known(chosen):
            language = str(chosen)
    translation.activate(language)
    request.LANGUAGE_CODE = translation.get_language()


def _token_house(token: str) -> House:
    found = request_house("token", token, None)
    if found is None:
        raise Http404("No such link.")
    return found


def _night_house(pk: int, user: User) -> House:
    found = request_house("night", pk, user.pk)
    if found is None:
        raise Http404("No such night.")
    return found


def _member_or_404(user: User, house: House) -> Role:
    """The login's role in the house. A member of other houses finds nothing here (not even
    that it exists: 404); a login of no house at all is no banker (403, as before houses)."""
    role = role_of(user, house)
    if role is None:
        if houses_of(user):
            raise Http404("No such page.")
        raise PermissionDenied("Only the banker may open this page.")
    return role


def _short_path_house(request: HttpRequest) -> House | None:
    """A login's house for the paths that name none: its only house, else the one it opened
    last (else the first by name). A one-house site's bankers get that house, made as
    "Home game" if the site has none yet."""
    houses = houses_of(request.user)
    request.houses = houses   # type: ignore[attr-defined]
    if not houses:
        if role_of(request.user, 0) is not None:   # a one-house site's banker, no house yet
            return house_in_use()
        return None
    if len(houses) == 1:
        return houses[0]
    last = request.session.get(LAST_HOUSE)
    return next((h for h in houses if h.slug == last), houses[0])


def _remember(request: HttpRequest) -> None:
    house: House = request.house   # type: ignore[attr-defined]
    session = getattr(request, "session", None)
    if session is not None and request.user.is_authenticated \
            and session.get(LAST_HOUSE) != house.slug:
        session[LAST_HOUSE] = house.slug
