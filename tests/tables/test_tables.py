"""django-tables2 tables: money shown as dollars and cents, totals in the footer, sorting,
and CSV that a spreadsheet reads as data, never as formulas."""

import pytest
from django.test import RequestFactory
from django_tables2 import RequestConfig

from tables.report_tables import BookTable, SettleUpTable, TransfersTable
from tables.reports import safe_cell
from tables.views import csv_response

ROWS = [
    {"name": "Ann", "note_id": "BOA", "kind": "regular", "balance": -1250},
    {"name": "Bob", "note_id": "BOB", "kind": "regular", "balance": 1005},
    {"name": "Cy", "note_id": "BOC", "kind": "guest of Bob", "balance": 245},
]


def _configured(table, query=""):
    request = RequestFactory().get("/" + query)
    RequestConfig(request, paginate=False).configure(table)
    return table


def test_money_is_dollars_and_cents_and_negative_is_marked():
    html = _configured(BookTable(ROWS)).as_html(RequestFactory().get("/"))
    assert "10.05" in html and "2.45" in html
    assert '<span class="neg">-12.50</span>' in html


def test_the_footer_totals_a_money_column_B6():
    table = BookTable(ROWS)
    balance = table.columns["balance"]
    assert balance.footer == "0.00"  # THE BOOK sums to zero


def test_sorting_by_a_money_column_sorts_by_cents_not_text():
    table = _configured(BookTable(ROWS), "?sort=-balance")
    assert [row.get_cell_value("name") for row in table.rows] == ["Bob", "Cy", "Ann"]


def test_sorting_by_name():
    table = _configured(BookTable(list(reversed(ROWS))), "?sort=name")
    assert [row.get_cell_value("name") for row in table.rows] == ["Ann", "Bob", "Cy"]


def test_settle_up_footer_sums_each_column():
    rows = [
        {"name": "Ann", "bought_cash": 2000, "bought_note": 0, "bought_book": 0,
         "cashed_out": 3100, "final_pot": 0, "net": 1100, "book_after": 0},
        {"name": "Bob", "bought_cash": 0, "bought_note": 1500, "bought_book": 500,
         "cashed_out": 900, "final_pot": 0, "net": -1100, "book_after": 0},
    ]
    table = SettleUpTable(rows)
    assert table.columns["bought_cash"].footer == "20.00"
    assert table.columns["cashed_out"].footer == "40.00"
    assert table.columns["net"].footer == "0.00"


def test_an_empty_transfers_table_has_no_total():
    assert TransfersTable([]).columns["amount"].footer == ""


@pytest.mark.parametrize(
    ("cell", "written"),
    [("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"), ("+1+1", "'+1+1"),
     ("@SUM(A1)", "'@SUM(A1)"), ("-12.50", "-12.50"), ("12.50", "12.50"), ("Ann", "Ann"),
     (None, "")],
)
def test_csv_cells_are_never_formulas(cell, written):
    assert safe_cell(cell) == written


def test_csv_export_writes_plain_decimal_strings():
    response = csv_response(BookTable(ROWS), "the-book")
    text = response.content.decode()
    assert response["Content-Disposition"] == 'attachment; filename="the-book.csv"'
    assert text.splitlines()[0] == "Player,Note id,Plays as,Balance"
    assert "Ann,BOA,regular,-12.50" in text.splitlines()
