"""What the site's pages share, the bookkeeping's (ledger.views) and the reports' (the tables
app): a service called from a page without ever a 500, a form's errors in one line, and the
address of a path as a phone opens it.

A write goes through `call_service`: the form's one-time key and the logged-in banker are passed
to the service; a refusal (LedgerError) becomes a message on the form instead of a 500; a
possible duplicate (R15) is handed back so the page can ask before writing. An answer to a
phone's request or a payment claim goes through `call_answer`: no key, and a refusal comes back
with the status its page answers with.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from django import forms
from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest

from ledger.forms import KeyedForm
from ledger.services import IdempotencyConflict, LedgerError, NotTheHolder, PossibleDuplicate
from ledger.types import Banker

log = logging.getLogger(__name__)
T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


@dataclass
class Outcome(Generic[T]):
    """What came of a service call: the result, or why nothing was written."""

    result: T | None = None
    duplicate: str = ""
    error: str = ""
    status: int = 400   # what a page answers a refusal with (`call_answer`)


class KeyedWrite(Protocol[T_co]):
    """A service with its arguments bound (`functools.partial(services.buyin_create, ...)`,
    checked by mypy where it is written), waiting for the form's key and the banker."""

    def __call__(self, *, key: str, user: Banker) -> T_co: ...


def call_service(request: HttpRequest, form: KeyedForm, write: KeyedWrite[T]) -> Outcome[T]:
    """Run a money service with the form's key and the banker; never let a refusal become a 500.

    Refusals are put on the form: on the named field when the form has it, else at the top.
    """
    try:
        result = write(key=form.cleaned_data["key"], user=request.user)
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
        log.exception("database error during %s", getattr(write, "func", write))
        message = "The database was busy and nothing was saved. Tap save again."
        form.add_error(None, message)
        return Outcome(error=message)
    return Outcome(result=result)


def call_answer(answer: Callable[[], T], *, missing: str) -> Outcome[T]:
    """Run a service that answers a row - a phone's request, a payment claim - with no form key
    (the row's own state makes the answer once); never let a refusal become a 500.

    A refusal comes back with the status its page answers with: 403 for a banker who does not
    hold the night's bank, 404 when the row is not there (the error's code is `missing`), 400
    otherwise; a possible duplicate (R15) with 200, for the page to ask before writing.
    """
    try:
        return Outcome(result=answer())
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


def public_link(request: HttpRequest, path: str) -> str:
    """The absolute address of `path` as a phone opens it: on the site's public address when
    one is set (DJANGO_PUBLIC_URL), else on the address this request came in on."""
    base = getattr(settings, "PUBLIC_URL", "")
    return f"{base}{path}" if base else request.build_absolute_uri(path)
