"""An online night uploaded on the house's nights page: `/h/<slug>/import/pokernow/` (and the
short path). The page takes what `manage.py import_pokernow` takes and runs the same import
(ledger/night_file/online.py) in the request's house: the new closed night's settle-up, or the
refusal's one sentence on the page (400) and nothing written. Owners and bankers; a viewer
gets 403."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from ledger.forms.online import PokerNowImportForm
from ledger.models import Night
from ledger.models.houses import WRITERS
from ledger.night_file.online import MAX_UPLOAD_BYTES, alias_lines, import_pokernow, ledger_text
from ledger.night_file.pokernow import DEFAULT_CHIP_VALUE
from ledger.pages import call_service
from ledger.permissions import banker_required
from ledger.selectors import regular_players


def may_import(request: HttpRequest) -> bool:
    """Owners and bankers of the request's house bring a night in; a viewer reads."""
    return getattr(request, "house", None) is not None \
        and getattr(request, "house_role", None) in WRITERS


@banker_required
@require_http_methods(["GET", "POST"])
def pokernow_import(request: HttpRequest) -> HttpResponse:
    """The form (GET); the import (POST): the night's settle-up with a message, or the form
    with the refusal (400)."""
    if not may_import(request):
        raise PermissionDenied("A viewer of this house reads its nights; only its owners and "
                               "bankers import one.")
    house = request.house   # type: ignore[attr-defined]
    form = PokerNowImportForm(request.POST or None, request.FILES or None,
                              regulars=regular_players(), max_bytes=MAX_UPLOAD_BYTES,
                              chip_value=DEFAULT_CHIP_VALUE)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        raw, name = data["file"]

        def imported(**kwargs: Any) -> Night:
            return import_pokernow(ledger_text(raw, name), house=house, **kwargs)

        outcome = call_service(request, form, partial(
            imported, aliases=alias_lines(data["aliases"]), date=data["date"] or None,
            chip_value=data["chip_value"], guests_invited_by=data["guests_invited_by"] or None))
        session = outcome.result
        if session is not None:
            messages.success(request, f"Imported the online night of "
                                      f"{session.date.isoformat()} as session {session.pk}, "
                                      f"closed and banked by {session.banker.name}.")
            return redirect("settle_up", session.pk)
    return render(request, "ledger/pokernow_import.html", {"form": form, "house": house},
                  status=400 if form.is_bound else 200)
