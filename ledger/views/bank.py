"""The night's bank on the table's page: the holder hands it to another banker in one step, a
banker takes a free bank, staff take it over (services.bank_hand_over; the rules of who may
write are services/holder.py)."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ledger import services
from ledger.forms import BankHandOverForm
from ledger.pages import bank_refused, call_service
from ledger.permissions import banker_name, banker_required
from ledger.selectors import banker_users

from .common import get_open_night
from .nights import dashboard_context


@banker_required
@require_POST
def bank_hand_over(request: HttpRequest, pk: int) -> HttpResponse:
    """One form post: the bank goes to the banker chosen (or to the one who taps "Take")."""
    session = get_open_night(pk)
    form = BankHandOverForm(request.POST, bankers=banker_users(session.house_id))
    if form.is_valid():
        outcome = call_service(request, form, partial(services.bank_hand_over, session=session,
            to=form.cleaned_data["to"]))
        if outcome.result is not None:
            holder = outcome.result.holder
            messages.success(request, gettext("You hold the bank now.")
                             if holder.pk == request.user.pk else
                             gettext("%(name)s holds the bank now.") % {
                                 "name": banker_name(holder)})
            return redirect("night_dashboard", session.pk)
    errors = [str(e) for errors in form.errors.values() for e in errors]
    status = 403 if bank_refused(request) else 400
    return render(request, "ledger/dashboard.html",
                  dashboard_context(request, session, bank_errors=errors), status=status)
