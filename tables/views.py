"""Report pages: THE BOOK, a night's settle-up, its journal, and the season (django-tables2).

Each table can be sorted by any column (`?sort=`) and downloaded as CSV (`?_export=csv`); the
settle-up and the season also as a printable PDF (`?_export=pdf`) and an XLSX workbook
(`?_export=xlsx`). The settle-up's CSV carries the player rows and then, as a second section,
who pays whom; its workbook has a players sheet and a payments sheet (tables/reports.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from ledger import services
from ledger.charts import night_chart, summary_points
from ledger.forms.phone import AnswerForm
from ledger.house_settings import shown
from ledger.kept import keep, kept, kept_page
from ledger.models import Night, Player
from ledger.numbers import whole_number
from ledger.pages import call_answer, form_errors, public_link
from ledger.permissions import banker_required
from ledger.scoping import current_house_id
from ledger.selectors import (
    bank_tenures,
    book_now,
    closed_version,
    journal_details,
    journal_lines,
    journal_seal,
    payments_made,
    players_named,
    season,
    season_years,
    settle_transfers,
    settle_up_night,
    the_book,
    waiting_claims,
)
from tables import reports
from tables.report_tables import BookTable, EntriesTable, SeasonTable
from tables.reports import Table

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "pdf": "application/pdf",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def file_response(content: bytes, filename: str, fmt: str) -> HttpResponse:
    response = HttpResponse(content, content_type=CONTENT_TYPES[fmt])
    response["Content-Disposition"] = f'attachment; filename="{filename}.{fmt}"'
    return response


def csv_response(table: Table, filename: str, *,
                 sections: Iterable[tuple[str, Table]] = ()) -> HttpResponse:
    """The table as CSV, from django-tables2's `as_values()` (what TableExport writes).

    `sections` are (title, table) pairs written after it, each after an empty row and a row
    with its title, then its own header row.
    """
    return file_response(reports.csv_text(table, sections=sections).encode(), filename, "csv")


def _export_or_render(request: HttpRequest, table: Table, filename: str, template: str,
                      context: dict[str, object], *,
                      sections: Iterable[tuple[str, Table]] = ()) -> HttpResponse:
    """Serve the table as CSV when asked (`?_export=csv`), else render the page."""
    if request.GET.get("_export") == "csv":
        return csv_response(table, filename, sections=sections)
    return render(request, template, context)


@banker_required
@kept_page
def book(request: HttpRequest) -> HttpResponse:
    """THE BOOK: every person's balance across sessions (positive = is owed), the payments
    claimed from the phones that wait for a confirmation, and the latest payments."""
    return book_page(request)


def book_page(request: HttpRequest, *, status: int = 200, **extra: object) -> HttpResponse:
    rows = [
        {"name": p.name, "note_id": p.note_id,
         "kind": "regular" if p.regular else f"guest of {p.invited_by}", "balance": cents}
        for p, cents in the_book()
    ]
    table = BookTable(rows)
    RequestConfig(request, paginate=False).configure(table)
    if request.GET.get("_export") == "csv":
        return csv_response(table, "the-book")
    context = {"table": table, "claims": waiting_claims(), "payments": payments_made(),
               "answer_form": AnswerForm(), **extra}
    return render(request, "tables/book.html", context, status=status)


@banker_required
@require_POST
def book_claim_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """A banker confirms a payment claimed from a phone: THE BOOK moves, once (while a night
    is open, as its `pay` event, which only the holder of its bank writes)."""
    outcome = call_answer(partial(services.claim_confirm, claim=pk,
        user=request.user), missing="no_claim")
    claim = outcome.result
    if claim is None:
        return book_page(request, status=outcome.status,
                         claim_error={"pk": pk, "text": outcome.error})
    messages.success(request, f"Confirmed: {claim.payer.name} paid {claim.payee.name} "
                              f"{shown().money(claim.amount)}; THE BOOK has it.")
    return redirect(reverse("book") + "#payments")


@banker_required
@require_POST
def book_claim_reject(request: HttpRequest, pk: int) -> HttpResponse:
    """A banker rejects a claimed payment, with a reason the payer sees; nothing is written."""
    form = AnswerForm(request.POST)
    if not form.is_valid():
        return book_page(request, status=400, claim_error={"pk": pk, "text": form_errors(form)})
    outcome = call_answer(partial(services.claim_reject, claim=pk,
        reason=form.cleaned_data["reason"], user=request.user), missing="no_claim")
    if outcome.result is None:
        return book_page(request, status=outcome.status,
                         claim_error={"pk": pk, "text": outcome.error})
    return redirect(reverse("book") + "#claims")


def _links(request: HttpRequest, names: list[str],
           players: dict[str, Player]) -> list[tuple[Player, str]]:
    """Each named player's private phone link, in the order given."""
    return [(players[n], public_link(
        request,
        reverse("player_balance", args=[players[n].balance_token])))
        for n in names if n in players]


@banker_required
@kept_page
def settle_up(request: HttpRequest, pk: int) -> HttpResponse:
    """A night's settle-up: each player's night and THE BOOK after, and who pays whom (B8)."""
    session = get_object_or_404(Night.objects.select_related("banker"), pk=pk)
    report, terms = settle_up_night(session)
    fmt = request.GET.get("_export")
    if fmt in ("pdf", "xlsx", "csv"):
        # One download holds the night: the player rows, then who pays whom (B8).
        return file_response(reports.settle_up_file(session, report, fmt, terms),
                             f"settle-up-{session.date}", fmt)
    table, transfers_table = reports.settle_up_tables(report)
    people = players_named([row["name"] for row in report["players"]])   # one query
    RequestConfig(request, paginate=False).configure(table)
    context = {"session": session, "table": table, "transfers": transfers_table,
               "minimal": report["minimal"], "seal": journal_seal(session),
               "net_lines": reports.net_lines(report, terms),
               "cash_steps": reports.cash_steps(session.game_settings),
               "paying": settle_transfers(session, people=people),
               "links": _links(request, [row["name"] for row in report["players"]], people)}
    return render(request, "tables/settle_up.html", context)


@banker_required
@kept_page
def night_entries(request: HttpRequest, pk: int) -> HttpResponse:
    """A night's journal (the session summary), with who entered each line and when, and who
    held the bank when."""
    session = get_object_or_404(Night.objects.select_related("banker"), pk=pk)
    rows = journal_lines(session)
    table = EntriesTable(rows, show_footer=False, details=journal_details(session),
                         session=session)
    RequestConfig(request, paginate={"per_page": 100}).configure(table)
    return _export_or_render(request, table, f"journal-{session.date}", "tables/entries.html",
                             {"session": session, "table": table,
                              "tenures": bank_tenures(session)})


@banker_required
@kept_page
def season_view(request: HttpRequest) -> HttpResponse:
    """Every player across the closed nights (of a year, or ever): nights played, bought,
    cashed out, net total and THE BOOK now, with each player's chart."""
    years = season_years()
    asked = request.GET.get("year", "")
    year = whole_number(asked)
    year = year if year in years else None
    label = str(year) if year else "all nights"
    fmt = request.GET.get("_export")
    if fmt not in ("csv", "pdf", "xlsx"):
        rows, charts = _season_summary(year)
        now = book_now()
        table = SeasonTable([{**row, "book_now": now.get(row["player"]["pk"], 0)}
                             for row in rows])
        RequestConfig(request, paginate=False).configure(table)
        query = f"year={year}&" if year else ""
        return render(request, "tables/season.html", {
            "table": table, "charts": charts, "years": years, "year": year, "label": label,
            "query": query})
    lines = season(year)
    table = SeasonTable(lines)
    RequestConfig(request, paginate=False).configure(table)
    filename = f"season-{year or 'all'}"
    if fmt == "csv":
        return csv_response(table, filename)
    if fmt == "pdf":
        nights = sorted({n.session.pk: n.session for ln in lines for n in ln.nights}.values(),
                        key=lambda s: (s.date, s.pk))
        return file_response(reports.pdf_bytes(
            f"Season: {label}", f"{len(nights)} closed nights. Net: the nights' results "
            "added up; THE BOOK now: what each person is owed (+) or owes (-) today.",
            [("Players", table, "No closed nights yet.")]), filename, "pdf")
    return file_response(reports.xlsx_bytes([("Season", table)]), filename, "xlsx")


SeasonRow = dict[str, Any]


def _season_summary(year: int | None) -> tuple[list[SeasonRow], list[tuple[SeasonRow, str]]]:
    """The season page's rows (without THE BOOK now) and each player's chart, from the closed
    nights only: kept (Django's cache) under the closed nights' version, which a night's close
    and any write to a closed night or to no night (a rename) moves - so the page does not
    read every night of the seasons again for each visit, only once after each close.

    A chart's bars are the nights while they fit, else months (charts.summary_points): the
    page's size does not grow with the seasons behind it either."""
    key = "season:{}:{}:{}:{}:{}".format(current_house_id(), year or "all", get_language(),
                                         *closed_version())
    found = kept(key)   # (a cache that is down: computed anew, never a 500)
    if isinstance(found, tuple):
        rows, charts = found
    else:
        lines = season(year)
        rows = [{"player": {"pk": ln.player.pk, "name": ln.player.name}, "played": ln.played,
                 "bought": ln.bought, "cashed_out": ln.cashed_out, "net": ln.net}
                for ln in lines]
        # night_chart escapes every text it draws: its SVG is safe in the page as it is.
        charts = [(row, night_chart(summary_points(ln.nights), title=f"{ln.player.name}: "
                                    "nights won and lost, THE BOOK after each"))
                  for row, ln in zip(rows, lines, strict=True)]
        keep(key, (rows, charts))
    return rows, [(row, mark_safe(svg)) for row, svg in charts]
