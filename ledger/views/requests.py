"""The tablet's side of the phones' requests: the night's page lists those waiting (in the page
it serves, and in a small list polled every 2 s), and the holder of the bank answers each with
`POST /s/<night>/asks/<id>/approve/` or `/decline/` (an optional `reason`, shown to the
player). Approving writes through the tablet's own buy-in and cash-out services, once
(services/requests.py); a refusal by the rules comes back on the night's page with its sentence,
the request still waiting.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from ledger import services
from ledger.forms.phone import AnswerForm
from ledger.models import Night
from ledger.pages import call_answer, form_errors
from ledger.permissions import banker_required
from ledger.selectors import bank_state, night_version

from .common import dashboard_url, get_night, saved_redirect
from .conditional import etag, not_modified, tagged
from .nights import dashboard_context
from .pending import requests_context


@banker_required
@require_GET
def requests_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The list polled by the night's page: 304 while nothing was written to the night since
    the answer whose ETag it sends back, else 204 while it is what the page shows."""
    user = request.user
    tag = etag("night-asks", pk, night_version(pk), user.pk, user.is_staff,
               request.GET.get("seen", ""))
    unchanged = not_modified(request, tag)
    if unchanged is not None:
        return unchanged
    session = get_night(pk)
    context = requests_context(session)
    if request.GET.get("seen") == context["pending_seen"]:
        return tagged(HttpResponse(status=204), tag)
    return tagged(render(request, "ledger/_requests.html",
                         {"session": session, "bank": bank_state(session, user), **context}),
                  tag)


def _answered_again(request: HttpRequest, session: Night, status: int,
                    **extra: Any) -> HttpResponse:
    """The night's page with the answer's refusal on top of the waiting requests."""
    context = dashboard_context(request, session, **extra)
    return render(request, "ledger/dashboard.html", context, status=status)


@banker_required
@require_POST
def request_approve(request: HttpRequest, pk: int, request_pk: int) -> HttpResponse:
    """Approve a request: the buy-in or the cash-out the tablet's form would write, once."""
    session = get_night(pk)
    form = AnswerForm(request.POST)
    confirm = form.is_valid() and bool(form.cleaned_data.get("confirm_duplicate"))
    outcome = call_answer(partial(services.request_approve, session=session, request=request_pk,
        user=request.user, confirm_duplicate=confirm), missing="no_request")
    if outcome.duplicate:
        return _answered_again(request, session, outcome.status,
                               request_duplicate={"pk": request_pk, "text": outcome.duplicate})
    answered = outcome.result
    if answered is None:
        return _answered_again(request, session, outcome.status,
                               request_error={"pk": request_pk, "text": outcome.error})
    assert answered.entry is not None   # approved: the constraint says so
    return saved_redirect(session, answered.entry)


@banker_required
@require_POST
def request_decline(request: HttpRequest, pk: int, request_pk: int) -> HttpResponse:
    """Decline a request, with a reason the player sees; nothing is written to the journal."""
    session = get_night(pk)
    form = AnswerForm(request.POST)
    if not form.is_valid():
        return _answered_again(request, session, 400,
                               request_error={"pk": request_pk, "text": form_errors(form)})
    outcome = call_answer(partial(services.request_decline, session=session, request=request_pk,
        reason=form.cleaned_data["reason"], user=request.user), missing="no_request")
    if outcome.result is None:
        return _answered_again(request, session, outcome.status,
                               request_error={"pk": request_pk, "text": outcome.error})
    return redirect(dashboard_url(session) + "#requests")
