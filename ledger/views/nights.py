"""Session list, opening a session, adding a player, and the session dashboard."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from ledger import services
from ledger.backups import CLAIM_LASTS
from ledger.forms import (
    BankHandOverForm,
    CorrectionForm,
    KeyedForm,
    NightOpenForm,
    PlayerForm,
    SeatingForm,
    whole_number,
)
from ledger.kept import kept_page, request_version
from ledger.models import CloseBackupRecord, Entry, Night
from ledger.pages import call_service
from ledger.permissions import banker_required
from ledger.selectors import (
    active_players,
    bank_state,
    hand_recorded,
    night_dashboard,
    nights_list,
    recent_entries,
    regular_players,
    saved_entry,
    seated_roster,
)
from ledger.selectors.opening import tonight
from ledger.tables import DashboardTable
from ledger.views.houses import house_list

from .common import HtmxRequest, get_night, get_open_night, holder_required
from .conditional import etag, not_modified, tagged
from .online import may_import
from .pending import requests_context

RECENT = 12  # entries shown under the dashboard
NIGHTS_PER_PAGE = 20   # the list of sessions


@banker_required
@kept_page
def night_list(request: HttpRequest) -> HttpResponse:
    """The sessions, newest first, NIGHTS_PER_PAGE at a time (`?page=`), with a button to open
    a new one: the page costs the same after a hundred nights as after one."""
    houses = getattr(request, "houses", None) or []
    if len(houses) > 1 and request.resolver_match and request.resolver_match.url_name == \
            "night_list":
        return house_list(request, houses)
    page = Paginator(nights_list(), NIGHTS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "ledger/night_list.html",
                  {"sessions": page.object_list, "page": page,
                   "no_backup": _newest_close_without_copy(page),
                   "may_import": may_import(request)})


def _newest_close_without_copy(page: Page[Night]) -> Night | None:
    """The newest closed night when its close has no copy of the database (the copy failed,
    or the site stopped before it): the last backup is older than the last close. Read from
    the page's own rows (one night open at a time: the newest closed one is on page 1)."""
    if page.number != 1:
        return None
    newest: Night | None = next(
        (s for s in page.object_list if s.status == Night.CLOSED), None)
    if newest is None:
        return None
    try:
        record = newest.close_backup
    except CloseBackupRecord.DoesNotExist:
        return newest
    return None if record.done or record.claimed_at > timezone.now() - CLAIM_LASTS else newest


@banker_required
@require_http_methods(["GET", "POST"])
def night_open(request: HttpRequest) -> HttpResponse:
    """Open a night: date, banker (deals first, B1), host present or not (B7), who plays."""
    players = active_players()
    if request.method == "POST":
        form = NightOpenForm(request.POST, players=players)
        if form.is_valid():
            data = form.cleaned_data
            outcome = call_service(request, form, partial(services.night_open, date=data["date"],
                banker=data["banker"], host_present=data["host_present"], seating=form.seating()))
            if outcome.result is not None:
                return redirect("night_dashboard", outcome.result.pk)
        return render(request, "ledger/night_open.html", {"form": form}, status=400)
    today = timezone.localdate()
    form = NightOpenForm(players=players, initial={"date": today.isoformat()})
    # One night at a time: said on arrival, with the way to that night, not after the form.
    return render(request, "ledger/night_open.html",
                  {"form": form, "no_players": not players, "still_open": tonight()})


@banker_required
@require_http_methods(["GET", "POST"])
def player_new(request: HttpRequest) -> HttpResponse:
    """Add a regular or a guest (a guest names the regular who invited them, B9)."""
    regulars = regular_players()
    back = request.GET.get("next") or request.POST.get("next") or ""
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        back = reverse("night_list")  # only our own pages, never an open redirect
    form = PlayerForm(request.POST or None, regulars=regulars)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        outcome = call_service(request, form, partial(services.player_create, name=data["name"],
            note_id=data["note_id"], regular=not data["guest"], invited_by=data["invited_by"]))
        if outcome.result is not None:
            return redirect(back)
    return render(request, "ledger/player_new.html", {"form": form, "back": back},
                  status=400 if form.is_bound else 200)


@banker_required
@kept_page
def night_dashboard_view(request: HtmxRequest, pk: int) -> HttpResponse:
    """The table: who is in, the chips each holds, chips outstanding, the cash box, and who
    holds the bank (with the control to hand it on)."""
    if request.htmx and request.htmx.target == "live":   # the polled fragment only
        # THE BOOK's column moves with writes to any night: the house's version.
        user = request.user
        tag = etag("table-live", pk, user.pk, user.is_staff, *request_version(request))
        unchanged = not_modified(request, tag)
        if unchanged is not None:
            return unchanged
        session = get_night(pk)
        return tagged(render(request, "ledger/_dashboard_live.html",
                             dashboard_context(request, session)), tag)
    session = get_night(pk)
    return render(request, "ledger/dashboard.html", dashboard_context(request, session))


def dashboard_context(request: HttpRequest, session: Night,
                      **extra: Any) -> dict[str, Any]:
    """What the table's page shows. The buttons that enter something are offered to the
    holder of the bank only (or to anyone while it is free); everyone reads."""
    dash = night_dashboard(session)
    bank = bank_state(session, request.user)
    table = DashboardTable(dash.lines, request=request, session=session,
                           writable=bank.may_write)
    saved = undo = None
    saved_pk = whole_number(request.GET.get("saved"))
    if saved_pk is not None:
        saved = saved_entry(session, saved_pk)
        undo = _undo_form(session, saved) if bank.may_write else None
    recent = recent_entries(session, RECENT)
    htmx = getattr(request, "htmx", None)
    if not (htmx and htmx.target == "live"):
        extra = {**requests_context(session), **extra}   # the phones' requests, at the top
    return {"session": session, "dash": dash, "table": table, "saved": saved, "recent": recent,
            "game": dash.game, "deal": dash.deal, "undo": undo,
            "can_reseat": session.is_open and bank.may_write and not dash.hand_recorded
            and sum(1 for line in dash.lines if line.seat is not None) > 1,
            "bank": bank, "hand_form": BankHandOverForm(bankers=bank.choices),
            "take_form": KeyedForm(), **extra}


UNDO_REASON = gettext_lazy("undone at the table")   # in the page's language, as typed


def _undo_form(session: Night, saved: Entry | None) -> CorrectionForm | None:
    """The "Undo" button under the Saved banner: a reversing entry through the correction form
    (services.entry_reverse), for an entry that can still be reversed."""
    if (saved is None or not session.is_open or not services.correctable(saved)
            or getattr(saved, "reversed_by", None) is not None):
        return None
    return CorrectionForm(initial={"reason": str(UNDO_REASON)})


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
def seating(request: HttpRequest, pk: int) -> HttpResponse:
    """The dealing order, banker first (B1): move a player up or down before the first hand."""
    session = get_open_night(pk)
    form = SeatingForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        outcome = call_service(request, form, partial(services.night_seating_set, session=session,
            order=form.cleaned_data["new_order"]))
        if outcome.result is not None:
            return redirect("seating", session.pk)
    seats = seated_roster(session)
    context = {
        "session": session,
        "form": form,
        "seats": seats,
        "order": ",".join(str(pk) for pk, _ in seats),
        "locked": hand_recorded(session),
    }
    return render(request, "ledger/seating.html", context, status=400 if form.is_bound else 200)
