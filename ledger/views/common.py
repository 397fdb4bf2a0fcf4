"""What every banker page shares: finding the session, its dashboard link, and keeping a
night's writing pages to the holder of its bank (calling a service from a page: ledger/pages.py;
the rosters the forms choose from are reads: ledger/selectors/)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import ParamSpec

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django_htmx.middleware import HtmxDetails

from ledger.middleware import NightClosed
from ledger.models import Entry, Night
from ledger.pages import bank_refused
from ledger.selectors.bank import refusal

P = ParamSpec("P")   # a night's page: (request, pk, ...), pk as Django passes it, by name


def _request_and_night(args: tuple[object, ...], kwargs: Mapping[str, object]
                       ) -> tuple[HttpRequest, int]:
    request, pk = args[0], kwargs["pk"] if "pk" in kwargs else args[1]
    assert isinstance(request, HttpRequest) and isinstance(pk, int)
    return request, pk


class HtmxRequest(HttpRequest):
    """A request as a page that htmx polls sees it: django-htmx's middleware adds `htmx`."""

    htmx: HtmxDetails


def get_night(pk: int) -> Night:
    """The session, or a 404."""
    return get_object_or_404(Night.objects.select_related("banker"), pk=pk)


def get_open_night(pk: int) -> Night:
    """An open session (a 404 when there is none); a closed one raises NightClosed, which
    the middleware turns into the way back to the night's page."""
    session = get_night(pk)
    if not session.is_open:
        raise NightClosed(session)
    return session


def dashboard_url(session: Night, entry: Entry | None = None) -> str:
    url = reverse("night_dashboard", args=[session.pk])
    return f"{url}?saved={entry.pk}" if entry is not None else url


def saved_redirect(session: Night, entry: Entry) -> HttpResponseRedirect:
    """After a write, show the table with what was saved. A replayed submit (same key) gets
    the very same redirect, so a double tap shows the first result."""
    return redirect(dashboard_url(session, entry))


def holder_required(view: Callable[P, HttpResponse]) -> Callable[P, HttpResponse]:
    """A page that enters something into a night: only the holder of its bank uses it (the rule
    is services/holder.py; reading pages stay open to every banker).

    Opening the page (GET) answers with the sentence that says who holds the bank (403),
    instead of a form that could not be saved. A POST goes to the service, which decides under
    the session's lock - a hand-over may have come in between; refused, the page comes back
    with everything typed still in it and the sentence on top, as a 403, nothing written.
    """

    @functools.wraps(view)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        request, pk = _request_and_night(args, kwargs)
        if request.method != "POST":
            session = get_night(pk)
            sentence = refusal(session, request.user)
            if sentence:
                return render(request, "ledger/bank_refused.html",
                              {"session": session, "refusal": sentence}, status=403)
        response = view(*args, **kwargs)
        if bank_refused(request) and response.status_code in (200, 400):
            response.status_code = 403
        return response

    return wrapper
