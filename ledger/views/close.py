"""Closing a night, step by step: everyone cashed out, the count reconciled (or its difference
recorded with a reason), the final pot won, every bank note committed or voided (B5), guests'
debts to their inviters (B9), then the close that consolidates THE BOOK (B8)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from ledger import services
from ledger.forms import CloseForm, CountDifferenceForm, KeyedForm, NoteActionForm
from ledger.models import Account, PokerSession
from ledger.permissions import banker_required
from ledger.selectors import guest_moves, owed_by_the_bank, session_dashboard
from ledger.services.journal import book_balances

from .common import call_service, get_open_session, get_session, holder_required


def _context(request: HttpRequest, session: PokerSession, *, close_form: CloseForm | None = None,
             difference_form: CountDifferenceForm | None = None,
             error: str = "") -> dict[str, object]:
    dash = session_dashboard(session)
    waiting = services.not_cashed_out(session) if session.is_open else []
    notes = [
        {"note": note, "value": value,
         "form": NoteActionForm(initial={"note": note.pk}, auto_id=False)}
        for note, value in dash.open_notes
    ]
    ready = not waiting and not dash.chips_outstanding and not dash.final_pot and not notes
    if difference_form is None:
        difference_form = CountDifferenceForm(
            initial={"amount": dash.chips_outstanding or None})
    return {
        "session": session, "dash": dash, "waiting": waiting, "notes": notes,
        "difference_form": difference_form,
        "guests": guest_moves(session) if session.is_open else [],
        "ready": ready, "close_form": close_form or CloseForm(), "error": error,
        "merge_form": KeyedForm(),
        "owed": owed_by_the_bank(session),
        "surrogate_to_merge": (
            not session.host_present
            and bool(book_balances(kinds=[Account.SURROGATE], session=session))
        ),
    }


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
def session_close_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The close steps (GET) and the final close (POST)."""
    session = get_session(pk)
    if request.method == "GET":
        return render(request, "ledger/close.html", _context(request, session))
    session = get_open_session(pk)
    form = CloseForm(request.POST)
    if form.is_valid():
        outcome = call_service(request, form, services.session_close, session=session)
        if outcome.result is not None:
            return redirect("settle_up", session.pk)
    return render(request, "ledger/close.html", _context(request, session, close_form=form),
                  status=400)


@banker_required
@holder_required
@require_POST
def note_action(request: HttpRequest, pk: int) -> HttpResponse:
    """Commit one open bank note into THE BOOK, or void it (B5)."""
    session = get_open_session(pk)
    form = NoteActionForm(request.POST)
    if form.is_valid():
        service = services.note_commit if form.cleaned_data["action"] == "commit" \
            else services.note_void
        outcome = call_service(request, form, service, session=session,
                               note=form.cleaned_data["note"])
        if outcome.result is not None:
            return redirect(reverse("session_close", args=[session.pk]) + "#notes")
    error = " ".join(str(e) for errors in form.errors.values() for e in errors)
    return render(request, "ledger/close.html", _context(request, session, error=error),
                  status=400)


@banker_required
@holder_required
@require_POST
def count_difference(request: HttpRequest, pk: int) -> HttpResponse:
    """Chips that never came back, recorded with a reason; the banker's stake takes them."""
    session = get_open_session(pk)
    form = CountDifferenceForm(request.POST)
    if form.is_valid():
        outcome = call_service(request, form, services.count_difference_record, session=session,
                               amount=form.cleaned_data["amount"],
                               reason=form.cleaned_data["reason"])
        if outcome.result is not None:
            return redirect(reverse("session_close", args=[session.pk]) + "#chips")
    return render(request, "ledger/close.html",
                  _context(request, session, difference_form=form), status=400)


@banker_required
@holder_required
@require_POST
def surrogate_merge(request: HttpRequest, pk: int) -> HttpResponse:
    """Move a host-less night's surrogate book into THE BOOK (B7), an explicit step."""
    session = get_session(pk)
    form = KeyedForm(request.POST)
    if form.is_valid():
        outcome = call_service(request, form, services.surrogate_book_merge, session=session)
        if outcome.result is not None:
            return redirect("settle_up", session.pk)
    error = " ".join(str(e) for errors in form.errors.values() for e in errors)
    return render(request, "ledger/close.html", _context(request, session, error=error),
                  status=400)
