"""Closing a night, step by step: everyone cashed out, the count reconciled (or its difference
recorded with a reason), the final pot won, every bank note committed or voided (B5), guests'
debts to their inviters (B9), then the close that consolidates THE BOOK (B8)."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from ledger import backups, services
from ledger.forms import CloseForm, CountDifferenceForm, KeyedForm, NoteActionForm, new_key
from ledger.house_settings import shown
from ledger.kept import csrf_token, kept_page
from ledger.models import BankNote, Night
from ledger.pages import call_service
from ledger.permissions import banker_required
from ledger.selectors import close_steps, table_game

from .common import get_night, get_open_night, holder_required


def _context(request: HttpRequest, session: Night, *, close_form: CloseForm | None = None,
             difference_form: CountDifferenceForm | None = None,
             error: str = "") -> dict[str, object]:
    steps = close_steps(session)
    notes = steps.notes
    table_pot = table_game(session).pot if session.is_open else 0
    ready = (not steps.waiting and not steps.chips_outstanding and not steps.final_pot
             and not notes and not table_pot)
    if difference_form is None:
        difference_form = CountDifferenceForm(
            initial={"amount": steps.chips_outstanding or None})
    return {
        "session": session, "dash": steps, "waiting": steps.waiting, "notes": notes,
        "note_rows": _note_rows(request, session, notes),
        "difference_form": difference_form,
        "guests": steps.guests,
        "ready": ready, "close_form": close_form or CloseForm(), "error": error,
        "table_pot": table_pot, "pot_left": pot_left(table_pot) if table_pot else "",
        "merge_form": KeyedForm(),
        "owed": steps.owed,
        "surrogate_to_merge": steps.surrogate_to_merge,
        # a close whose copy was never written (the process killed after the close) gets it
        "backup": None if session.is_open else backups.close_backup(session.pk),
        # the players' e-mails of the close that the mail server has not taken yet
        "mail_waiting": "" if session.is_open else services.waiting_sentence(
            services.waiting_mail(session)),
    }


def _backup_after_close(request: HttpRequest, night: int) -> None:
    """The close is committed: copy the database and say where the copy went (or why not)."""
    copy = backups.close_backup(night)
    if copy is None:
        return
    if copy.path is not None:
        messages.success(request, copy.sentence())
    else:
        messages.warning(request, copy.sentence())


def _mail_after_close(request: HttpRequest, night: Night) -> None:
    """The close is committed and its e-mails were sent (services/mail.py, after the commit):
    say how many still wait for the mail server."""
    waiting = services.waiting_sentence(services.waiting_mail(night))
    if waiting:
        messages.warning(request, waiting)


_NOTE_ROW = (
    '<li class="spread">\n'
    '  <span><strong>{}</strong> {} · <span class="money">{}</span> · {}</span>\n'
    '  <form method="post" action="{}" class="row" data-once\n'
    '        hx-post="{}" hx-target="#steps" hx-select="#steps" hx-swap="outerHTML">\n'
    '    <input type="hidden" name="csrfmiddlewaretoken" value="{}">'
    '<input type="hidden" name="key" value="{}"><input type="hidden" name="note" value="{}">\n'
    '    <button type="submit" name="action" value="commit" class="btn btn-primary">'
    '{}</button>\n'
    '    <button type="submit" name="action" value="void" class="btn btn-danger"\n'
    '      hx-post="{}" hx-target="#steps" hx-select="#steps" hx-swap="outerHTML"\n'
    '      hx-confirm="{}">{}</button>\n'
    '  </form>\n'
    '</li>\n')


def _note_rows(request: HttpRequest, session: Night,
               notes: list[tuple[BankNote, int]]) -> SafeString:
    """Each open note with its commit and void buttons (step 3).

    A night can hold a hundred open notes, so each note's form (NoteActionForm's fields: the
    note, the action on the button pressed, its own one-time key) is written here in one
    format_html, not as a Django form rendered widget by widget through the template engine:
    the page took 33 ms with a hundred notes, most of it in the forms.
    """
    url = reverse("note_action", args=[session.pk])
    token = csrf_token(request)
    money = session.game_settings.money
    commit, void = gettext("Commit to THE BOOK"), gettext("Void")
    return format_html_join("", _NOTE_ROW, (
        (note.debtor.note_id, note.debtor.name, money(value),
         gettext("held by %(holder)s") % {
             "holder": note.holder.name if note.holder else gettext("the bank")},
         url, url, token, new_key(), note.pk, commit, url,
         gettext("Void %(note)s's note of %(amount)s? %(holder)s loses its value.") % {
             "note": note.debtor.note_id, "amount": money(value),
             "holder": note.holder.name if note.holder else gettext("The bank")}, void)
        for note, value in notes))


def pot_left(pot: int) -> str:
    """What the close asks of a pot the hands left on the table, by the house's rule: the pot
    stays for the next game (P5), so the night's last hand plays for it; its winner takes it."""
    return gettext("The hands leave %(amount)s in the pot on the table. By the house's rule the "
                   "pot stays for the next game, so the night's last hand plays for it (P5): "
                   "award it to whoever won that hand before closing.") % {
        "amount": shown().money(pot)}


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
@kept_page
def night_close_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The close steps (GET) and the final close (POST)."""
    session = get_night(pk)
    if request.method == "GET":
        return render(request, "ledger/close.html", _context(request, session))
    if not session.is_open:   # a close sent again: its copy, if it was never written
        backups.close_backup(session.pk)
    session = get_open_night(pk)
    form = CloseForm(request.POST)
    pot = table_game(session).pot
    if pot:   # asked on the page; a close sent anyway is refused here, nothing written
        form.is_valid()
        return render(request, "ledger/close.html",
                      _context(request, session, close_form=form, error=pot_left(pot)),
                      status=400)
    if form.is_valid():
        outcome = call_service(request, form, partial(services.night_close, session=session))
        if outcome.result is not None:
            transaction.on_commit(lambda: _backup_after_close(request, session.pk), robust=True)
            transaction.on_commit(lambda: _mail_after_close(request, session), robust=True)
            return redirect("settle_up", session.pk)
    return render(request, "ledger/close.html", _context(request, session, close_form=form),
                  status=400)


@banker_required
@holder_required
@require_POST
def note_action(request: HttpRequest, pk: int) -> HttpResponse:
    """Commit one open bank note into THE BOOK, or void it (B5)."""
    session = get_open_night(pk)
    form = NoteActionForm(request.POST)
    if form.is_valid():
        service = services.note_commit if form.cleaned_data["action"] == "commit" \
            else services.note_void
        outcome = call_service(request, form, partial(service, session=session,
            note=form.cleaned_data["note"]))
        if outcome.result is not None:
            return redirect(reverse("night_close", args=[session.pk]) + "#notes")
    error = " ".join(str(e) for errors in form.errors.values() for e in errors)
    return render(request, "ledger/close.html", _context(request, session, error=error),
                  status=400)


@banker_required
@holder_required
@require_POST
def count_difference(request: HttpRequest, pk: int) -> HttpResponse:
    """Chips that never came back, recorded with a reason; the banker's stake takes them."""
    session = get_open_night(pk)
    form = CountDifferenceForm(request.POST)
    if form.is_valid():
        outcome = call_service(request, form, partial(services.count_difference_record,
            session=session, amount=form.cleaned_data["amount"],
            reason=form.cleaned_data["reason"]))
        if outcome.result is not None:
            return redirect(reverse("night_close", args=[session.pk]) + "#chips")
    return render(request, "ledger/close.html",
                  _context(request, session, difference_form=form), status=400)


@banker_required
@holder_required
@require_POST
def surrogate_merge(request: HttpRequest, pk: int) -> HttpResponse:
    """Move a host-less night's surrogate book into THE BOOK (B7), an explicit step."""
    session = get_night(pk)
    form = KeyedForm(request.POST)
    if form.is_valid():
        outcome = call_service(request, form, partial(services.surrogate_book_merge,
            session=session))
        if outcome.result is not None:
            return redirect("settle_up", session.pk)
    error = " ".join(str(e) for errors in form.errors.values() for e in errors)
    return render(request, "ledger/close.html", _context(request, session, error=error),
                  status=400)
