"""What every banker page shares: finding the session, its dashboard link, calling a service
safely, and keeping a night's writing pages to the holder of its bank. (The rosters the forms
choose from are reads: ledger/selectors/.)

A write goes through `call_service`: the form's one-time key and the logged-in banker are passed
to the service; a refusal (LedgerError) becomes a message on the form instead of a 500; a
possible duplicate (R15) is handed back so the page can ask before writing. An answer to a
phone's request or a payment claim goes through `call_answer`: no key, and a refusal comes back
with the status its page answers with.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django import forms
from django.conf import settings
from django.contrib import messages
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from ledger.forms import KeyedForm
from ledger.models import Entry, PokerSession
from ledger.selectors.bank import refusal
from ledger.services import IdempotencyConflict, LedgerError, NotTheHolder, PossibleDuplicate

log = logging.getLogger(__name__)
T = TypeVar("T")


class HtmxRequest(HttpRequest):
    """A request as a page that htmx polls sees it: django-htmx's middleware adds `htmx`."""

    htmx: HtmxDetails


def get_session(pk: int) -> PokerSession:
    """The session, or a 404."""
    return get_object_or_404(PokerSession.objects.select_related("banker"), pk=pk)


CLOSED_SENTENCE = "This night is closed: nothing more can be entered into it."


class NightClosed(Exception):
    """A writing page of a night that is closed (the back button after close, an old tab)."""

    def __init__(self, session: PokerSession) -> None:
        super().__init__(CLOSED_SENTENCE)
        self.session = session


def get_open_session(pk: int) -> PokerSession:
    """An open session (a 404 when there is none); a closed one raises NightClosed, which
    `closed_night_redirect` turns into the way back to the night's page."""
    session = get_session(pk)
    if not session.is_open:
        raise NightClosed(session)
    return session


def closed_night_redirect(request: HttpRequest, closed: NightClosed) -> HttpResponse:
    """Back to the closed night's page, which says the night is closed (not a 404): a GET of a
    writing page or a POST into it alike; nothing is written. An htmx post is told to load
    the page instead of swapping it into the form's place."""
    messages.info(request, CLOSED_SENTENCE)
    url = dashboard_url(closed.session)
    if getattr(request, "htmx", False):
        return HttpResponseClientRedirect(url)
    return redirect(url)


def public_link(request: HttpRequest, path: str) -> str:
    """The absolute address of `path` as a phone opens it: on the site's public address when
    one is set (DJANGO_PUBLIC_URL), else on the address this request came in on."""
    base = getattr(settings, "PUBLIC_URL", "")
    return f"{base}{path}" if base else request.build_absolute_uri(path)


def dashboard_url(session: PokerSession, entry: Entry | None = None) -> str:
    url = reverse("session_dashboard", args=[session.pk])
    return f"{url}?saved={entry.pk}" if entry is not None else url


def saved_redirect(session: PokerSession, entry: Entry) -> HttpResponseRedirect:
    """After a write, show the table with what was saved. A replayed submit (same key) gets
    the very same redirect, so a double tap shows the first result."""
    return redirect(dashboard_url(session, entry))


@dataclass
class Outcome(Generic[T]):
    """What came of a service call: the result, or why nothing was written."""

    result: T | None = None
    duplicate: str = ""
    error: str = ""
    status: int = 400   # what a page answers a refusal with (`call_answer`)


def call_service(request: HttpRequest, form: KeyedForm, service: Callable[..., T],
                 **kwargs: Any) -> Outcome[T]:
    """Run a money service with the form's key and the banker; never let a refusal become a 500.

    Refusals are put on the form: on the named field when the form has it, else at the top.
    """
    try:
        result = service(key=form.cleaned_data["key"], user=request.user, **kwargs)
    except PossibleDuplicate as duplicate:
        return Outcome(duplicate=str(duplicate))
    except IdempotencyConflict as conflict:
        form.add_error(None, str(conflict))
        form.key_used = True  # the page offers a fresh form (a plain GET) instead of a reload
        return Outcome(error=str(conflict))
    except LedgerError as error:
        if isinstance(error, NotTheHolder):
            setattr(request, BANK_REFUSED, str(error))   # holder_required answers 403
        field = getattr(error, "field", None)
        if field in form.fields and field != "key":
            form.add_error(field, str(error))
        else:
            form.add_error(None, str(error))
        return Outcome(error=str(error))
    except DatabaseError:
        # Busy database or a lost connection: nothing was committed; say so instead of a 500.
        log.exception("database error during %s", getattr(service, "__name__", service))
        message = "The database was busy and nothing was saved. Tap save again."
        form.add_error(None, message)
        return Outcome(error=message)
    return Outcome(result=result)


def call_answer(service: Callable[..., T], *, missing: str, **kwargs: Any) -> Outcome[T]:
    """Run a service that answers a row - a phone's request, a payment claim - with no form key
    (the row's own state makes the answer once); never let a refusal become a 500.

    A refusal comes back with the status its page answers with: 403 for a banker who does not
    hold the night's bank, 404 when the row is not there (the error's code is `missing`), 400
    otherwise; a possible duplicate (R15) with 200, for the page to ask before writing.
    """
    try:
        return Outcome(result=service(**kwargs))
    except PossibleDuplicate as duplicate:
        return Outcome(duplicate=str(duplicate), status=200)
    except NotTheHolder as refused:
        return Outcome(error=str(refused), status=403)
    except LedgerError as error:
        return Outcome(error=str(error), status=404 if error.code == missing else 400)


def form_errors(form: forms.Form) -> str:
    """A form's errors in one line, for a page that shows a sentence rather than the form."""
    return " ".join(str(e) for errors in form.errors.values() for e in errors)


BANK_REFUSED = "bank_refused"   # set on the request when the service refused a non-holder


def bank_refused(request: HttpRequest) -> str:
    """The sentence the service refused this request's write with, or ""."""
    return str(getattr(request, BANK_REFUSED, ""))


def holder_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page that enters something into a night: only the holder of its bank uses it (the rule
    is services/holder.py; reading pages stay open to every banker).

    Opening the page (GET) answers with the sentence that says who holds the bank (403),
    instead of a form that could not be saved. A POST goes to the service, which decides under
    the session's lock - a hand-over may have come in between; refused, the page comes back
    with everything typed still in it and the sentence on top, as a 403, nothing written.
    """

    @functools.wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            session = get_session(pk)
            sentence = refusal(session, request.user)
            if sentence:
                return render(request, "ledger/bank_refused.html",
                              {"session": session, "refusal": sentence}, status=403)
        response = view(request, pk, *args, **kwargs)
        if bank_refused(request) and response.status_code in (200, 400):
            response.status_code = 403
        return response

    return wrapper
