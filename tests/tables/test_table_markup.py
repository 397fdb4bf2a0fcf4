"""The tables' body rows are written in Python (ledger/tables.py: Table.tbody_html) for speed: the
markup must stay what the template writes cell by cell (django-tables2's rows, with each cell's
column title as data-label, tables/table.html), for every table of the site, sorted, paginated,
empty, and with attributes computed per row."""

import re

import django_tables2 as dt
import pytest
from django.test import RequestFactory
from django.urls import reverse
from django_tables2 import RequestConfig

from ledger import selectors, services
from ledger.models import Entry
from ledger.tables import DashboardTable, MoneyColumn, Table
from tables import reports
from tables.report_tables import (
    BookTable,
    EntriesTable,
    LocalTimeColumn,
    SeasonTable,
)

pytestmark = pytest.mark.django_db

from ledger_night import make_player, named, open_night  # noqa: E402  (tests/tables/conftest.py)


def _squeezed(html: str) -> str:
    """Markup with the template's indentation taken out (it is whitespace between tags)."""
    return re.sub(r"\s+", " ", re.sub(r">\s+<", "><", html)).strip()


def _unlabelled(html: str) -> str:
    """Markup without the cells' column titles (which django-tables2's template does not write)."""
    return re.sub(r"<td\s+>", "<td>", re.sub(r' data-label="[^"]*"', "", html))


def _both(make, query: str = "", paginate=False) -> tuple[str, str]:
    """The table as ours writes it (tbody_html) and as the template writes it cell by cell."""
    request = RequestFactory().get("/" + query)
    written = []
    for by_template in (False, True):
        table = make()
        if by_template:
            table.tbody_html = lambda: ""   # tables/table.html falls back to its row blocks
        RequestConfig(request, paginate=paginate).configure(table)
        written.append(_squeezed(table.as_html(request)))
    return written[0], written[1]



@pytest.mark.parametrize("query", ["", "?sort=-book", "?sort=name"])
def test_the_dashboard_table_is_written_as_the_stock_template_writes_it(worked, query):
    session = worked.session
    lines = selectors.night_dashboard(session).lines
    ours, stock = _both(lambda: DashboardTable(lines, session=session), query)
    assert ours == stock and "<tbody" in ours and 'class="money"' in ours


@pytest.mark.parametrize("query", ["", "?page=2", "?sort=-amount"])
def test_the_journal_is_written_as_the_stock_template_writes_it(worked, query):
    rows = selectors.entries_of(worked.session).select_related("session", "reversed_by")
    assert rows.count() > 10
    ours, stock = _both(lambda: EntriesTable(rows, show_footer=False), query,
                        paginate={"per_page": 10})
    assert ours == stock and ">Correct</a>" not in ours   # a closed night: no buttons


@pytest.mark.parametrize("query", ["", "?sort=-kind", "?page=2"])
def test_an_open_nights_journal_is_written_as_the_stock_template_writes_it(db, banker_user,
                                                                          query):
    """The journal's page computes its cells itself (EntriesTable.row_cells): the same cells
    as django-tables2's, with Correct buttons, a correction, a banker's name, the words of a
    call and a hand, and a line with no memo."""
    make_player("Mike", "BOG", is_host=True)
    make_player("Fred", "BOF")
    make_player("Ann", "BOA")
    night = open_night(seating=("Fred", "Ann"))
    first = night.buy("Fred", "20.00", user=banker_user)
    wrong = night.buy("Ann", "15.00", paid="note")
    night.reverse(wrong)
    night.buy("Ann", "10.00", paid="book")
    night.hand("2.00", {"Fred": "2.00"}, {"Fred": "1.00", "Ann": "1.00"}, game="guts")
    services.game_call(session=night.session, game="five-card-draw", dealer=named("Fred"),
                       key="call-1")
    session = night.refresh().session
    details = selectors.journal_details(session)
    for rows, extra in ((selectors.journal_lines(session), {"session": session}),
                        (selectors.entries_of(session), {})):
        ours, stock = _both(lambda rows=rows, extra=extra: EntriesTable(
            rows, show_footer=False, details=details, **extra), query,
            paginate={"per_page": 5})
        assert ours == stock
        if not query:
            assert ">Correct</a>" in ours and "corrected" in ours and "mike" in ours
            assert f'href="{reverse("correction", args=[session.pk, first.pk])}"' in ours
    lines = selectors.night_dashboard(session).lines   # tonight's table, with its buttons
    ours, stock = _both(lambda: DashboardTable(lines, session=session),
                        query.replace("kind", "name"))
    assert ours == stock and f'href="{reverse("buyin", args=[session.pk])}?player=' in ours


def test_the_journal_time_reads_as_the_date_filter_wrote_it(worked):
    entry = Entry.objects.filter(session=worked.session).order_by("id").first()

    class Stock(dt.Table):   # a plain django-tables2 table: our template falls back to its rows
        created_at = dt.DateTimeColumn(format="H:i", verbose_name="When")

    class Ours(Table):
        created_at = LocalTimeColumn(format="H:i", verbose_name="When")

    request = RequestFactory().get("/")
    for rows in ([entry], [{"created_at": None}]):
        ours = _squeezed(Ours(rows).as_html(request))
        assert ours == _squeezed(Stock(rows).as_html(request))
        stock = Stock(rows)
        stock.template_name = "django_tables2/table.html"
        assert _unlabelled(ours) == _unlabelled(_squeezed(stock.as_html(request)))
        assert 'data-label="When">' in ours


def test_the_reports_tables_are_written_as_the_stock_template_writes_them(worked):
    report = selectors.settle_up_report(worked.session)
    for make in (lambda: reports.settle_up_tables(report)[0],
                 lambda: reports.settle_up_tables(report)[1],
                 lambda: SeasonTable(selectors.season()),
                 lambda: BookTable([{"name": p.name, "note_id": p.note_id, "kind": "regular",
                                     "balance": cents} for p, cents in selectors.the_book()])):
        ours, stock = _both(make)
        assert ours == stock


def test_an_empty_table_and_computed_attributes_are_written_as_the_stock_template_does(db):
    class Computed(Table):
        name = dt.Column(attrs={"td": {"data-len": lambda value: len(value)}})
        amount = MoneyColumn(signed=True, attrs={"td": {"class": lambda record: "x" if
                                                        record["amount"] < 0 else "y"}})
        link = dt.TemplateColumn("<b>{{ record.name }}</b>", orderable=False)

    rows = [{"name": "Ann & Bo", "amount": -5}, {"name": "<Cy>", "amount": 700}]
    ours, stock = _both(lambda: Computed(rows))
    assert ours == stock and 'data-len="8"' in ours and "&lt;Cy&gt;" in ours
    ours, stock = _both(lambda: Computed([], empty_text="Nobody <yet>"))
    assert ours == stock and "Nobody &lt;yet&gt;" in ours


def test_model_rows_links_and_unreadable_values_are_written_as_the_stock_template_does(worked):
    """Cells outside the site's computed rows (ledger/tables.py: _cell): a model row's field
    with choices shows its label, a link column renders a value it cannot read, a linkified
    column wraps its value, an unreadable or empty value is the column's default."""
    class Plain(Table):
        kind = dt.Column()
        amount = MoneyColumn()
        missing = dt.Column(accessor="no__such", default="—")
        more = dt.LinkColumn("night_list", text="all nights", accessor="no__such",
                             orderable=False)
        player = dt.Column(accessor="memo", linkify=lambda value: f"/x/{len(value)}/")

    entries = list(Entry.objects.filter(session=worked.session).order_by("id")[:5])
    ours, stock = _both(lambda: Plain(entries))
    assert ours == stock and ">chips bought<" in ours and ">all nights</a>" in ours
    rows = [{"kind": "buyin", "amount": None, "memo": "", "pk": 1},
            {"kind": "x", "amount": 5, "memo": "<m>", "pk": 2}]
    ours, stock = _both(lambda: Plain(rows))
    assert ours == stock and "&lt;m&gt;" in ours and ">all nights</a>" in ours
