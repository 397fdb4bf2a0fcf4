"""The player's phone page: their own balance, reached only by their unguessable link (R11).

No login: the link is the key. Any other token is a 404. The page's only forms are the
player's requests to the banker (views/phone_requests.py), which write nothing until approved.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from ledger.charts import chart_points, night_chart, summary_points
from ledger.forms.phone import EmailForm, HandlesForm
from ledger.house_settings import LANGUAGES
from ledger.kept import filled_safe, keep, keeping, kept, kept_page, request_version
from ledger.languages import known
from ledger.models import Player
from ledger.scoping import current_house_id
from ledger.selectors import (
    book_story,
    closed_version,
    player_books,
    player_hands,
    player_history,
    player_latest_nights,
    player_night,
    player_recent_history,
    table_game,
    table_record,
)
from ledger.views.common import HtmxRequest
from ledger.views.conditional import etag, not_modified, tagged
from ledger.views.payments import phone_payments
from ledger.views.phone_requests import phone_context

RECENT_NIGHTS = 10   # the nights the page lists; the rest on their own page (player_nights)


@never_cache
@kept_page
def player_balance(request: HtmxRequest, token: str) -> HttpResponse:
    """This night and THE BOOK for the player who holds `token`. The part the page polls
    (htmx) answers a conditional request: 304 while nothing was written since."""
    version = request_version(request)
    tag = etag("phone-live", token, *version) if request.htmx else ""
    if tag:
        unchanged = not_modified(request, tag)
        if unchanged is not None:
            return unchanged
    player = get_object_or_404(Player, balance_token=token)
    live = _live_part(request, player, version)
    if request.htmx:
        response = _private(HttpResponse(live))
        return tagged(response, tag)
    can_post = not player.retired
    context: dict[str, object] = {
        "player": player,
        "live_html": live,
        # the payment handles' form (the live part has the rest of paying)
        "pay": {"can_post": can_post, "handles": HandlesForm.of(player) if can_post else None,
                "email": EmailForm.of(player) if can_post else None},
        # the history does not change during a night: not in the polled part
        "history_html": _latest_nights(player),
    }
    context.update(phone_context(player))   # asks and counts (phone_requests.py)
    return _private(render(request, "ledger/player.html", context))


def _live_part(request: HttpRequest, player: Player, version: tuple[int, int]) -> SafeString:
    """The polled part of the phone's page (THE BOOK, tonight or the last night, the hands,
    what to settle, the payments), rendered.

    Kept (ledger/kept.py) under the house's version, which every write moves in its own
    transaction: while nothing was written it costs a lookup instead of a dozen reads. The key
    names the house (two houses can have equal versions), the player and the link; the CSRF
    token and the forms' keys are filled in for each request."""
    key = "phone-live:{}:{}:{}:{}:{}:{}".format(current_house_id(), player.pk,
                                                player.balance_token, get_language(), *version)
    # A house without nights has a version no write moves: nothing is kept for it.
    html = kept(key) if version[0] else None
    if not isinstance(html, str):
        with keeping():
            html = _live_render(request, player)
        if version[0]:
            keep(key, html)
    return filled_safe(request, html)


def _live_render(request: HttpRequest, player: Player) -> str:
    """The live part rendered with marks for the CSRF token and the forms' keys."""
    sessions = player_latest_nights(player)
    # Tonight's table when the player sits at it, else the last night they played.
    session = next((s for s in sessions if s.is_open), sessions[0] if sessions else None)
    line = player_night(session, player) if session is not None else None
    record = table_record(session) if session is not None else None   # hands and game: once
    book, surrogate = player_books(player)
    transfers = []
    if session is not None and session.settlement:
        transfers = [t for t in session.settlement.get("transfers", [])
                     if player.name in (t["from"], t["to"])]
    context: dict[str, object] = {
        "player": player,
        "session": session,
        "line": line,
        "book": book,
        "story": book_story(player),
        "surrogate": surrogate,
        "transfers": transfers,
        "hands": player_hands(session, player, record=record) if session is not None else [],
        "table": table_game(session, record=record) if session is not None and session.is_open
        else None,
    }
    paying = phone_payments(player, session, sessions)   # pay and confirm (payments.py)
    context.update(paying)
    return render_to_string("ledger/_player_live.html", context, request)


def _latest_nights(player: Player) -> SafeString:
    """The player's newest closed nights, their chart and the way to all of them, rendered.

    Only the newest nights: the page costs the same after a hundred nights as after one; the
    others are a tap away (player_nights). Kept (Django's cache) under the closed nights'
    version, which moves when a night closes and with any write to a closed night or to no
    night (a rename, a new link): tonight's buy-ins do not make it read again."""
    key = "phone-nights:{}:{}:{}:{}:{}".format(player.house_id, player.pk, get_language(),
                                               *closed_version())
    html = kept(key)
    if not isinstance(html, str):
        history, more = player_recent_history(player, RECENT_NIGHTS)
        html = render_to_string("ledger/_player_history.html", {
            "player": player, "history": list(reversed(history)), "more_nights": more,
            "chart": mark_safe(night_chart(  # night_chart escapes all it draws
                chart_points(history),
                title=gettext("Your nights won and lost, and THE BOOK after each")))})
        keep(key, html)
    return mark_safe(str(html))   # rendered by the template engine above, escaped there


@never_cache
def player_nights(request: HttpRequest, token: str) -> HttpResponse:
    """All the closed nights of the player who holds `token`, newest first, with a chart of
    them all (months together when there are many)."""
    player = get_object_or_404(Player, balance_token=token)
    history = player_history(player)
    chart = mark_safe(night_chart(  # night_chart escapes all it draws
        summary_points(history),
        title=gettext("Your nights won and lost, and THE BOOK after each")))
    return _private(render(request, "ledger/player_nights.html", {
        "player": player, "history": list(reversed(history)), "chart": chart}))


def _private(response: HttpResponse) -> HttpResponse:
    """A page of the private link: headers that keep the link to this site."""
    # The token must not leak to other sites: no referrer leaves the site. ("no-referrer" would
    # also make the browser send "Origin: null" with the page's own forms, which Django's CSRF
    # check refuses.)
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex"
    return response


@never_cache
@require_POST
def phone_language(request: HttpRequest, token: str) -> HttpResponse:
    """The phone's own language for the player pages (its switch): kept by the device in
    Django's language cookie, not by the house. An unknown code is refused with a sentence and
    changes nothing."""
    player = get_object_or_404(Player, balance_token=token)
    code = request.POST.get("language", "")
    if not known(code):
        response = render(request, "ledger/phone_language_refused.html", {
            "player": player,
            "error": gettext("%(code)s is not a language of these pages (they speak %(known)s).")
            % {"code": repr(code[:20]), "known": ", ".join(LANGUAGES)}}, status=400)
        return _private(response)
    response = redirect("player_balance", token=token)
    response.set_cookie(settings.LANGUAGE_COOKIE_NAME, code,
                        max_age=settings.LANGUAGE_COOKIE_AGE or 365 * 24 * 60 * 60,
                        samesite="Lax", httponly=True)
    return response
