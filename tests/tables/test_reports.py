"""The settle-up as files: `manage.py settle_up ID --format csv|pdf|xlsx [--output FILE]` and
the pages' PDF and XLSX downloads. The PDF opens with pypdf and says the settle-up's rows; the
workbook opens with openpyxl and has a players sheet and a payments sheet."""

import io
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from ledger.charts import Point, night_chart

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ledger"))
from test_worked_night import EXPECTED  # noqa: E402

pytestmark = pytest.mark.django_db



def _run(*args) -> str:
    out = StringIO()
    call_command("settle_up", *args, stdout=out)
    return out.getvalue()


def _pdf_text(content: bytes) -> str:
    reader = PdfReader(io.BytesIO(content))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_pdf_is_a_printable_report_of_the_table_and_the_payments(worked, tmp_path):
    path = tmp_path / "night.pdf"
    assert _run(str(worked.session.pk), "--format", "pdf", "--output", str(path)) == ""
    text = _pdf_text(path.read_bytes())
    assert "Settle-up" in text and "Who pays whom" in text
    for row in EXPECTED["players"]:
        assert row["name"] in text and row["net"] in text and row["book_after"] in text
    assert "Sold" in text
    assert "Ann" in text and "13.00" in text and "1.00" in text
    from ledger.selectors import journal_seal
    assert f"Journal seal {journal_seal(worked.session)}" in text


def test_xlsx_has_a_players_sheet_and_a_payments_sheet(worked, tmp_path):
    path = tmp_path / "night.xlsx"
    _run(str(worked.session.pk), "--format", "xlsx", "--output", str(path))
    book = load_workbook(path)
    assert book.sheetnames == ["Players", "Payments"]
    players = list(book["Players"].iter_rows(values_only=True))
    assert players[0][0] == "Player" and players[0][-1] == "THE BOOK after"
    ann = next(r for r in players if r[0] == "Ann")
    assert str(ann[-1]) == "-13" or f"{ann[-1]:.2f}" == "-13.00"
    assert players[-1][0] == "Total"
    payments = list(book["Payments"].iter_rows(values_only=True))
    assert payments[0] == ("From", "To", "Amount")
    assert [(a, b, f"{c:.2f}") for a, b, c in payments[1:3]] == [
        ("Ann", "Mike", "13.00"), ("Fred", "Mike", "1.00")]


def test_csv_is_the_pages_download(worked, banker_client):
    printed = _run(str(worked.session.pk), "--format", "csv")
    page = banker_client.get(reverse("settle_up", args=[worked.session.pk]),
                             {"_export": "csv"}).content.decode()
    assert printed == page
    lines = printed.splitlines()
    assert lines[0].startswith("Player,Bought cash,Bought note,Bought book,Sold,Cashed out")
    sold = {line.split(",")[0]: line.split(",")[4] for line in lines[1:5]}
    assert sold == {"Mike": "0.00", "Fred": "5.00", "Ann": "5.00", "Gus": "0.00"}   # chips sold
    assert "Who pays whom" in lines and "Ann,Mike,13.00" in lines


@pytest.mark.parametrize("fmt", ["pdf", "xlsx"])
def test_a_binary_format_needs_output_and_is_never_printed(worked, fmt):
    with pytest.raises(CommandError, match=f"--format {fmt} makes a binary file: add --output"):
        _run(str(worked.session.pk), "--format", fmt)


def test_an_output_that_cannot_be_written_is_one_line(worked, tmp_path):
    with pytest.raises(CommandError, match="--output: cannot write"):
        _run(str(worked.session.pk), "--format", "pdf", "--output",
             str(tmp_path / "no" / "such" / "dir.pdf"))


def test_json_and_text_can_go_to_a_file_too(worked, tmp_path):
    path = tmp_path / "night.json"
    _run(str(worked.session.pk), "--format", "json", "--output", str(path))
    assert '"minimal": true' in path.read_text()


@pytest.mark.parametrize(("fmt", "kind"), [("pdf", "application/pdf"),
                                           ("xlsx", "spreadsheetml")])
def test_settle_up_page_downloads(worked, banker_client, fmt, kind):
    response = banker_client.get(reverse("settle_up", args=[worked.session.pk]),
                                 {"_export": fmt})
    assert response.status_code == 200 and kind in response["Content-Type"]
    assert f'filename="settle-up-2026-11-21.{fmt}"' in response["Content-Disposition"]
    page = banker_client.get(reverse("settle_up", args=[worked.session.pk])).content.decode()
    assert f"?_export={fmt}" in page


def test_season_downloads(worked, banker_client):
    pdf = banker_client.get(reverse("season"), {"_export": "pdf"}).content
    assert "Fred" in _pdf_text(pdf) and "Net total" in _pdf_text(pdf)
    xlsx = banker_client.get(reverse("season"), {"_export": "xlsx"}).content
    sheet = load_workbook(io.BytesIO(xlsx))["Season"]
    assert [c.value for c in sheet[1]] == ["Player", "Nights", "Bought", "Cashed out",
                                           "Net total", "THE BOOK now"]


def test_a_name_that_looks_like_a_formula_stays_text_in_the_workbook(db, tmp_path):
    from tables.report_tables import BookTable
    from tables.reports import xlsx_bytes

    table = BookTable([{"name": "=SUM(A1)", "note_id": "X", "kind": "regular", "balance": 5}])
    sheet = load_workbook(io.BytesIO(xlsx_bytes([("Book", table)])))["Book"]
    assert sheet["A2"].value == "=SUM(A1)" and sheet["A2"].data_type == "s"


# ---- the chart: a pure function of the numbers ----

def test_chart_draws_a_bar_per_night_and_the_book_line():
    svg = night_chart([Point("Nov 1", 1200, 1200), Point("Nov 8", -2500, -1300),
                       Point("Nov 15", 0, -1300)], title="Fred <&>")
    assert svg.startswith('<svg class="chart"') and svg.endswith("</svg>")
    assert svg.count("<rect") == 3 + 2   # three nights and two legend keys
    assert "<polyline" in svg and svg.count("<circle") == 3 + 1
    assert "Fred &lt;&amp;&gt;" in svg and "style=" not in svg
    assert "-$25.00" in svg and "$12.00" in svg


def test_chart_without_nights_says_so():
    assert "No closed nights yet" in night_chart([], title="Ann")


def test_the_worked_nights_pdf_fits_one_page(worked, tmp_path):
    """Four players and three payments fit one A4 page: the seal does not spill onto a blank
    second page."""
    path = tmp_path / "night.pdf"
    _run(str(worked.session.pk), "--format", "pdf", "--output", str(path))
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    assert len(reader.pages) == 1, [page.extract_text()[:80] for page in reader.pages]


def test_a_table_of_eight_fits_one_page_seal_and_all(worked):
    """Eight people on the settle-up and seven payments: before, the seal spilled onto a
    second page of its own; the report is set tighter instead."""
    from ledger.selectors import journal_seal
    from tables.reports import MONEY_KEYS, settle_up_file

    names = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gil", "Hal"]
    report = {"players": [{"name": n, **{k: "12.35" for k in MONEY_KEYS}} for n in names],
              "transfers": [{"from": n, "to": "Ann", "amount": "12.35"} for n in names[1:]],
              "minimal": True}
    reader = PdfReader(io.BytesIO(settle_up_file(worked.session, report, "pdf")))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Hal" in text and f"Journal seal {journal_seal(worked.session)}" in text
