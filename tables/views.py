"""Report pages: THE BOOK, a night's settle-up, and a night's journal (django-tables2).

Each table can be sorted by any column (`?sort=`) and downloaded as CSV (`?_export=csv`); the
settle-up's CSV carries the player rows and then, as a second section, who pays whom.
"""

from __future__ import annotations

import csv
import re

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from ledger.models import PokerSession
from ledger.permissions import banker_required
from ledger.selectors import entries_of, settle_up_report, the_book
from rules.money import parse_cents
from tables.tables import BookTable, EntriesTable, SettleUpTable, TransfersTable

MONEY_KEYS = ("bought_cash", "bought_note", "bought_book", "cashed_out", "final_pot", "net",
              "book_after")


_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def _safe_cell(value) -> str:
    """A cell a spreadsheet will not run as a formula (a name such as "=SUM(...)")."""
    text = "" if value is None else str(value)
    if text[:1] in ("=", "+", "-", "@") and not _NUMBER.match(text):
        return "'" + text
    return text


def csv_response(table, filename: str, *, sections=()) -> HttpResponse:
    """The table as CSV, from django-tables2's `as_values()` (what TableExport writes; its
    tablib dependency is not installed, and CSV needs nothing more than the csv module).

    `sections` are (title, table) pairs written after it, each after an empty row and a row
    with its title, then its own header row.
    """
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    writer = csv.writer(response)
    for row in table.as_values():
        writer.writerow([_safe_cell(cell) for cell in row])
    for title, extra in sections:
        writer.writerow([])
        writer.writerow([_safe_cell(title)])
        for row in extra.as_values():
            writer.writerow([_safe_cell(cell) for cell in row])
    return response


def _export_or_render(request, table, filename, template, context, *, sections=()):
    """Serve the table as CSV when asked (`?_export=csv`), else render the page."""
    if request.GET.get("_export") == "csv":
        return csv_response(table, filename, sections=sections)
    return render(request, template, context)


@banker_required
def book(request):
    """THE BOOK: every person's balance across sessions (positive = is owed)."""
    rows = [
        {"name": p.name, "note_id": p.note_id,
         "kind": "regular" if p.regular else f"guest of {p.invited_by}", "balance": cents}
        for p, cents in the_book()
    ]
    table = BookTable(rows)
    RequestConfig(request, paginate=False).configure(table)
    return _export_or_render(request, table, "the-book", "tables/book.html", {"table": table})


def _report_rows(report: dict) -> tuple[list[dict], list[dict]]:
    """The settle-up JSON (decimal strings) as rows of integer cents for the tables."""
    players = [
        {"name": row["name"], **{k: parse_cents(row[k]) for k in MONEY_KEYS}}
        for row in report["players"]
    ]
    transfers = [{"from": t["from"], "to": t["to"], "amount": parse_cents(t["amount"])}
                 for t in report["transfers"]]
    return players, transfers


@banker_required
def settle_up(request, pk):
    """A night's settle-up: each player's night and THE BOOK after, and who pays whom (B8)."""
    session = get_object_or_404(PokerSession.objects.select_related("banker"), pk=pk)
    report = settle_up_report(session)
    players, transfers = _report_rows(report)
    table = SettleUpTable(players, prefix="p-")
    RequestConfig(request, paginate=False).configure(table)
    transfers_table = TransfersTable(transfers, prefix="t-", show_footer=bool(transfers))
    context = {"session": session, "table": table, "transfers": transfers_table,
               "minimal": report["minimal"]}
    # One download holds the night: the player rows, then who pays whom (B8).
    return _export_or_render(request, table, f"settle-up-{session.date}", "tables/settle_up.html",
                             context, sections=[("Who pays whom", transfers_table)])


@banker_required
def session_entries(request, pk):
    """A night's journal (the session summary), with who entered each line and when."""
    session = get_object_or_404(PokerSession.objects.select_related("banker"), pk=pk)
    rows = entries_of(session).select_related("session", "reversed_by")
    table = EntriesTable(rows, show_footer=False)
    RequestConfig(request, paginate={"per_page": 100}).configure(table)
    return _export_or_render(request, table, f"journal-{session.date}", "tables/entries.html",
                             {"session": session, "table": table})
