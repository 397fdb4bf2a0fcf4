"""Downloads of the report tables: CSV, a printable PDF and an XLSX workbook.

Each format is made from the django-tables2 tables the pages show (`Table.as_values()`, what
TableExport writes), so a download says exactly what the page says. The pages and
`manage.py settle_up` share these functions.

- CSV: the first table, then each further one after an empty row and a row with its title
  (the settle-up: the player rows, then who pays whom).
- PDF (fpdf2, pure Python): a title, then each table with its heading and its totals row.
- XLSX (openpyxl): one sheet per table; money columns are numbers shown with the currency's
  digits (and, but for the seed house's dollars, its symbol), text is always text (a name such
  as "=SUM(A1)" is never a formula).

Amounts are in the currency of the night (the settle-up) or of the house shown (the season):
a night in euros or yen names its currency in the CSV's and the PDF's money headings ("Net
(EUR)"), its PDF writes "€12.50" and "¥1500", its workbook formats the figures so. A night in
the seed house's dollars reads as it always did.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import IO, Any

from django.utils import timezone
from django.utils.html import strip_tags
from django.utils.translation import get_language, gettext, gettext_lazy, pgettext_lazy

from ledger.house_settings import SEED, HouseSettings, showing, shown
from ledger.languages import day_text
from ledger.models import Night
from ledger.selectors import NetTerm, journal_seal
from ledger.tables import MoneyColumn
from tables.report_tables import SettleUpTable, TransfersTable

# django-tables2 ships no type information: a table is a django_tables2.Table.
Table = Any

_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")
_MONEY = {2: re.compile(r"^-?\d+\.\d\d$"), 0: re.compile(r"^-?\d+$")}   # by digits


def safe_cell(value: object) -> str:
    """A cell a spreadsheet will not run as a formula (a name such as "=SUM(...)")."""
    text = "" if value is None else str(value)
    if text[:1] in ("=", "+", "-", "@") and not _NUMBER.match(text):
        return "'" + text
    return text


def _columns(table: Table) -> list[Any]:
    return [c for c in table.columns if not c.column.exclude_from_export]


def named_currency(settings: HouseSettings) -> str | None:
    """The code the money headings of a download name ("EUR"), None for the seed house's
    dollars (their reports read as they always did)."""
    return None if settings.currency == SEED.currency else settings.currency


def _headed(rows: Iterable[Sequence[Any]], table: Table,
            currency: str | None) -> list[list[Any]]:
    """The table's rows, its money columns' headings naming `currency` ("Net (EUR)")."""
    lines = [list(row) for row in rows]
    if currency and lines:
        money = [isinstance(c.column, MoneyColumn) for c in _columns(table)]
        lines[0] = [f"{cell} ({currency})" if c < len(money) and money[c] else cell
                    for c, cell in enumerate(lines[0])]
    return lines


def _footer(table: Table) -> list[str] | None:
    """The totals row as text, or None when the table has no totals (or no rows)."""
    if not len(table.data):
        return None
    cells = [strip_tags(str(c.footer or "")) for c in _columns(table)]
    if not any(cells):
        return None
    if not cells[0]:
        cells[0] = gettext("Total")
    return cells


def write_csv(out: IO[str], table: Table, *,
              sections: Iterable[tuple[str, Table]] = (), currency: str | None = None) -> None:
    """The table, then each (title, table) of `sections`, as CSV into the text stream `out`;
    with `currency` ("EUR") the money columns' headings name it."""
    writer = csv.writer(out)
    for row in _headed(table.as_values(), table, currency):
        writer.writerow([safe_cell(cell) for cell in row])
    for title, extra in sections:
        writer.writerow([])
        writer.writerow([safe_cell(title)])
        for row in _headed(extra.as_values(), extra, currency):
            writer.writerow([safe_cell(cell) for cell in row])


def csv_text(table: Table, *, sections: Iterable[tuple[str, Table]] = (),
             currency: str | None = None) -> str:
    out = io.StringIO()
    write_csv(out, table, sections=sections, currency=currency)
    return out.getvalue()


# The PDF's built-in Helvetica draws Windows-1252 (Latin-1 with "€" and a few more signs):
# fpdf2 declares its core fonts WinAnsiEncoding, and encodes their text so when told.
PDF_ENCODING = "windows-1252"


def _latin1(text: str) -> str:
    """Text the PDF's built-in Helvetica can draw (PDF_ENCODING): a few typographic signs are
    spelled out, anything else it cannot draw becomes "?" rather than failing the report
    (money is written with `pdf_money`, which never needs that)."""
    text = (str(text).replace("−", "-").replace("—", "-").replace("–", "-")
            .replace("’", "'").replace("“", '"').replace("”", '"').replace("·", "-"))
    return text.encode(PDF_ENCODING, "replace").decode(PDF_ENCODING)


def pdf_money(settings: HouseSettings) -> Callable[[int], str]:
    """Amounts as the PDF writes them: "$18.05", "€12.50", "¥1500" (`settings.money`); a
    currency whose sign Helvetica cannot draw (the rupee's "₹") by its code: "INR 12.50"."""
    def money(cents: int) -> str:
        text = settings.money(cents)
        try:
            text.encode(PDF_ENCODING)
        except UnicodeEncodeError:
            sign = "-" if cents < 0 else ""
            return f"{sign}{settings.currency} {settings.amount_text(abs(cents))}"
        return text
    return money


# How tight the PDF is set, from roomy to compact: (title, heading, body font sizes, table
# line height, cell padding, note line height). A night prints on one page when any of them
# fits; a bigger one runs over pages at the roomiest.
PDF_DENSITIES = ((18, 14, 10, 6.0, 1.2, 5.0), (16, 12, 9, 5.0, 0.9, 4.5),
                 (14, 11, 8, 4.2, 0.6, 4.0))


def pdf_bytes(title: str, subtitle: str, sections: Iterable[tuple[str, Table, str]], *,
              notes: Sequence[str] = (), currency: str | None = None,
              made: datetime.datetime | None = None) -> bytes:
    """A printable A4 landscape report: `sections` are (heading, table, empty_text); with
    `currency` ("EUR") the money columns' headings name it; `made`, the moment the report
    is of (a closed night's close: its file is the same bytes whenever it is printed).

    Set as roomy as fits on one page (PDF_DENSITIES): the notes under the tables (the journal
    seal) never spill alone onto a second page."""
    sections = list(sections)
    for density in PDF_DENSITIES:
        pdf = _pdf_at(density, title, subtitle, sections, notes, currency)
        if pdf.page_no() == 1:
            break
    else:
        pdf = _pdf_at(PDF_DENSITIES[0], title, subtitle, sections, notes, currency)
    if made is not None:
        pdf.set_creation_date(made)
    return bytes(pdf.output())


def _pdf_at(density: tuple[float, ...], title: str, subtitle: str,
            sections: Sequence[tuple[str, Table, str]], notes: Sequence[str],
            currency: str | None = None) -> Any:
    from fpdf import FPDF
    from fpdf.fonts import FontFace

    title_size, heading_size, body_size, line, padding, note_line = density
    pdf = FPDF(orientation="landscape", format="A4")
    pdf.core_fonts_encoding = PDF_ENCODING
    pdf.set_title(_latin1(title))
    pdf.set_creator("Banker")
    pdf.set_auto_page_break(auto=True, margin=12)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", title_size)
    pdf.cell(0, title_size * 0.55, _latin1(title), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", body_size + 1)
    if subtitle:
        pdf.multi_cell(0, line, _latin1(subtitle), new_x="LMARGIN", new_y="NEXT")
    for heading, table, empty_text in sections:
        pdf.ln(line * 0.66)
        pdf.set_font("Helvetica", "B", heading_size)
        pdf.cell(0, heading_size * 0.65, _latin1(heading), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", body_size)
        rows = [list(map(str, row)) for row in _headed(table.as_values(), table, currency)]
        if len(rows) <= 1:
            pdf.multi_cell(0, line, _latin1(empty_text), new_x="LMARGIN", new_y="NEXT")
            continue
        footer = _footer(table)
        money = [isinstance(c.column, MoneyColumn) for c in _columns(table)]
        align = tuple("RIGHT" if m else "LEFT" for m in money)
        with pdf.table(text_align=align, line_height=line, padding=padding,
                       headings_style=FontFace(emphasis="BOLD", fill_color=(231, 234, 228)),
                       cell_fill_color=(250, 251, 249), cell_fill_mode="ROWS") as pdf_table:
            for row in rows:
                cells = pdf_table.row()
                for cell in row:
                    cells.cell(_latin1(cell))
            if footer:
                cells = pdf_table.row(style=FontFace(emphasis="BOLD"))
                for cell in footer:
                    cells.cell(_latin1(cell))
    for note in notes:
        pdf.ln(note_line * 0.6)
        pdf.set_font("Helvetica", "", body_size)
        pdf.multi_cell(0, note_line, _latin1(note), new_x="LMARGIN", new_y="NEXT")
    return pdf


def xlsx_number_format(settings: HouseSettings) -> str:
    """The money cells' number format: "0.00" for the seed house's dollars (as always), else
    the currency's sign and digits: '"€"#,##0.00', '"¥"#,##0'."""
    if named_currency(settings) is None:
        return "0.00"
    symbol = settings.money(0).replace(settings.amount_text(0), "").strip()
    digits = "#,##0.00" if settings.digits else "#,##0"
    return f'"{symbol}"{digits}' if symbol else digits


def xlsx_bytes(sheets: Iterable[tuple[str, Table]],
               settings: HouseSettings | None = None) -> bytes:
    """A workbook with one sheet per (sheet name, table); the header row bold and frozen;
    money in `settings`' currency (default: the one shown)."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    settings = settings or shown()
    number_format = xlsx_number_format(settings)
    is_money = _MONEY[settings.digits]
    book = Workbook()
    empty = book.active   # a new workbook comes with one empty sheet; ours are made below
    if empty is not None:
        book.remove(empty)
    for name, table in sheets:
        sheet = book.create_sheet(title=name[:31])
        money = [isinstance(c.column, MoneyColumn) for c in _columns(table)]
        footer = _footer(table)
        rows = list(table.as_values())
        for r, row in enumerate(rows + ([footer] if footer else []), start=1):
            for c, value in enumerate(row, start=1):
                text = "" if value is None else str(value)
                cell = sheet.cell(row=r, column=c)
                if r > 1 and c <= len(money) and money[c - 1] and is_money.match(text):
                    cell.value = Decimal(text)
                    cell.number_format = number_format
                else:
                    cell.value = text
                    cell.data_type = "s"  # text, never a formula
                if r == 1 or (footer and r == len(rows) + 1):
                    cell.font = Font(bold=True)
        sheet.freeze_panes = "A2"
        for c, column in enumerate(zip(*rows, strict=False), start=1):
            width = max(len(str(v)) for v in column) + 2
            sheet.column_dimensions[sheet.cell(row=1, column=c).column_letter].width = width
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


# ---- the settle-up, for the page and for `manage.py settle_up` ----

MONEY_KEYS = ("bought_cash", "bought_note", "bought_book", "sold", "cashed_out", "final_pot",
              "net", "book_after")


def _report_rows(report: Mapping[str, Any]
                 ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The settle-up JSON (decimal strings) as rows of integer cents for the tables."""
    from rules.money import parse_cents

    players = [
        {"name": row["name"], **{k: parse_cents(row[k]) for k in MONEY_KEYS}}
        for row in report["players"]
    ]
    transfers = [{"from": t["from"], "to": t["to"], "amount": parse_cents(t["amount"])}
                 for t in report["transfers"]]
    return players, transfers


def settle_up_tables(report: Mapping[str, Any]) -> tuple[SettleUpTable, TransfersTable]:
    """The settle-up's two tables: each player's night, and who pays whom (B8)."""
    players, transfers = _report_rows(report)
    table = SettleUpTable(players, prefix="p-")
    transfers_table = TransfersTable(transfers, prefix="t-", show_footer=bool(transfers))
    return table, transfers_table


Money = Callable[[int], str]   # signed hundredths in, "$18.05" / "-€4.00" / "¥1500" out


def net_line(name: str, terms: Sequence[NetTerm], net: int, money: Money | None = None) -> str:
    """How one row's Net adds up, every term that enters it shown (count differences and notes
    voided included): "Mike: Net $0.25 = $20.00 cashed out - $20.00 bought + $0.25 count
    difference", in `money`'s currency (default: the one shown). The terms add up to the Net."""
    money = money or shown().money
    if not terms:
        return gettext("%(name)s: Net %(net)s (nothing bought, sold or cashed out)") % {
            "name": name, "net": money(net)}
    parts = []
    for index, (label, cents) in enumerate(terms):
        sign = ("-" if cents < 0 else "") if index == 0 else (" - " if cents < 0 else " + ")
        parts.append(f"{sign}{money(abs(cents))} {TERM_WORDS.get(label, label)}")
    return gettext("%(name)s: Net %(net)s = %(terms)s") % {
        "name": name, "net": money(net), "terms": "".join(parts)}


# The Net's terms (selectors.NET_TERMS) in the page's language.
TERM_WORDS = {
    "cashed out": pgettext_lazy("net term", "cashed out"),
    "final pot": pgettext_lazy("net term", "final pot"),
    "bought": pgettext_lazy("net term", "bought"),
    "sold": pgettext_lazy("net term", "sold"),
    "own notes voided": pgettext_lazy("net term", "own notes voided"),
    "notes voided while held": pgettext_lazy("net term", "notes voided while held"),
    "count difference": pgettext_lazy("net term", "count difference"),
}


def net_lines(report: Mapping[str, Any], terms: Mapping[str, Sequence[NetTerm]],
              money: Money | None = None) -> list[str]:
    """Every row's Net line, in the table's order."""
    from rules.money import parse_cents
    return [net_line(row["name"], terms.get(row["name"], ()), parse_cents(row["net"]), money)
            for row in report["players"]]


NET_FORMULA = gettext_lazy(
    "Net = whole-dollar cash-out + final pot - chips bought + chips sold + own notes voided - "
    "notes voided while held (the bank's: the banker's) + count differences (the banker's).")
NET_FORMULA_STEPS = gettext_lazy(
    "Net = cash-out in steps of %(steps)s + final pot - chips bought + chips sold + own notes "
    "voided - notes voided while held (the bank's: the banker's) + count differences (the "
    "banker's).")


def cash_steps(settings: HouseSettings, money: Money | None = None) -> str:
    """What the bank pays a cash-out in, when it is not the seed house's whole dollars:
    "€1.00" ("" for whole dollars)."""
    if named_currency(settings) is None and settings.cash_unit == SEED.cash_unit:
        return ""
    return (money or settings.money)(settings.cash_unit)


def net_formula(settings: HouseSettings, money: Money | None = None) -> str:
    """NET_FORMULA in the night's cash unit: "whole-dollar" for the seed house's dollars, else
    the cash-out paid in the cash unit ("cash-out in steps of €1.00")."""
    steps = cash_steps(settings, money)
    if not steps:
        return str(NET_FORMULA)
    return str(NET_FORMULA_STEPS) % {"steps": steps}


def settle_up_title(session: Night) -> tuple[str, str]:
    if (get_language() or "en").split("-")[0] == "en":
        day = f"{session.date:%A, %B} {session.date.day}, {session.date.year}"
    else:
        day = day_text(session.date, "l, F j, Y")
    return (gettext("Settle-up, %(day)s") % {"day": day},
            (gettext("Banker %(name)s; the night is still open: these numbers change until it "
                     "closes.") if session.is_open else
             gettext("Banker %(name)s; the night is closed.")) % {"name": session.banker.name})


def _seal_note(session: Night) -> list[str]:
    seal = journal_seal(session)
    return [gettext("Journal seal %(seal)s: keep this report; `manage.py audit --seal %(seal)s` "
                    "shows later that nothing of this night was lost.") % {"seal": seal}
            ] if seal else []


def settle_up_file(session: Night, report: Mapping[str, Any], fmt: str,
                   terms: Mapping[str, Sequence[NetTerm]] | None = None) -> bytes:
    """The settle-up as a csv, pdf or xlsx file, in the night's currency; the PDF shows how
    each row's Net adds up (`terms`, from `settle_up_night`; read again when not given)."""
    settings = session.game_settings
    with showing(settings), timezone.override(settings.own_zone):
        return _settle_up_file(session, report, fmt, terms, settings)


def _settle_up_file(session: Night, report: Mapping[str, Any], fmt: str,
                    terms: Mapping[str, Sequence[NetTerm]] | None,
                    settings: HouseSettings) -> bytes:
    table, transfers = settle_up_tables(report)
    currency = named_currency(settings)
    if fmt == "csv":
        return csv_text(table, sections=[(gettext("Who pays whom"), transfers)],
                        currency=currency).encode()
    if fmt == "pdf":
        money = pdf_money(settings)
        title, subtitle = settle_up_title(session)
        proof = (gettext("the fewest payments possible") if report["minimal"]
                 else gettext("few payments (not proven the fewest)"))
        if terms is None:
            from ledger.selectors import settle_up_night
            terms = settle_up_night(session)[1]
        return pdf_bytes(
            title, subtitle,
            [(gettext("Players"), table, gettext("Nothing happened this night.")),
             (gettext("Who pays whom"), transfers, gettext("Nobody needs to pay anybody."))],
            notes=[gettext("THE BOOK after this night, settled with %(proof)s (B8).") % {
                       "proof": proof} + " " + net_formula(settings, money),
                   gettext("How each Net adds up: %(lines)s.") % {
                       "lines": "; ".join(net_lines(report, terms, money))},
                   *_seal_note(session)],
            currency=currency, made=session.closed_at,
        )
    if fmt == "xlsx":
        return xlsx_bytes([(gettext("Players"), table), (gettext("Payments"), transfers)],
                          settings)
    raise ValueError(f"unknown format {fmt!r}")
