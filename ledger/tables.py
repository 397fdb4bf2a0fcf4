"""django-tables2 tables for the ledger's own pages, and what every table of the site builds on.

`Table` writes its body rows in Python (`tbody_html`), `MoneyColumn` shows integer cents as
"18.05" (a column marked `total=True` sums itself in the footer); `DashboardTable` is the
table's page (views/nights.py). The reports' tables (tables/report_tables.py) build on the
same two: the `tables` app imports the ledger, never the other way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import django_tables2
from babel.numbers import get_currency_name, get_currency_symbol
from django.db.models import Model
from django.urls import reverse
from django.utils import formats
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

# django-stubs 5.2.9 lacks template_localtime (the function {{ value }} uses)
from django.utils.timezone import template_localtime  # type: ignore[attr-defined]
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django_tables2.columns import (
    EmailColumn,
    FileColumn,
    JSONColumn,
    LinkColumn,
    ManyToManyColumn,
    URLColumn,
)
from django_tables2.rows import BoundPinnedRow
from django_tables2.utils import AttributeDict, signature

from ledger.house_settings import SEED, shown
from ledger.languages import figure
from ledger.selectors import PlayerLine

if TYPE_CHECKING:
    from collections.abc import Callable

    from django_tables2.columns import BoundColumn
    from django_tables2.rows import BoundRow

    from ledger.models import Night

MONEY_ATTRS = {
    "th": {"class": "money"},
    "td": {"class": "money"},
    "tf": {"class": "money"},
}

# On a phone a table with the class "fold" shows a card per row (app.css): its "lead" cells
# (seat, name with its detail line, the row's button) on the top line, every other cell below
# under its column's title, a "wide" one (a memo) across the card.
LEAD_ATTRS = {"cell": {"class": "lead"}}


# A column that folds away on a narrow screen (its figures go to the row's detail line).
OPT_MONEY_ATTRS = {
    "th": {"class": "money opt"},
    "td": {"class": "money opt"},
    "tf": {"class": "money opt"},
}


class Table(django_tables2.Table):
    """A django-tables2 table whose body rows are written in Python (`tbody_html`, used by
    tables/table.html) instead of through the template engine cell by cell.

    The stock template renders each cell as template nodes and recomputes its column's
    attributes for every cell: most of the dashboard's rendering time, and more on the journal's
    hundred rows. The cells themselves still come from django-tables2 (accessors, defaults,
    `render_FOO` methods, columns' `render`); the markup is the template's, tag for tag.
    """

    def money_caption(self) -> SafeString:
        """The table's money named above it outside the seed house's dollars ("Amounts in
        euros (€)"), so a page of bare figures says which money they are; "" in dollars,
        whose pages read as they always did, and for a table without money."""
        rules = shown()
        if rules.currency == SEED.currency or not any(
                isinstance(column.column, MoneyColumn) for column in self.columns):
            return mark_safe("")
        language = (get_language() or "en").split("-")[0]
        name = get_currency_name(rules.currency, count=2, locale=language)
        symbol = (rules.money(0).replace(rules.amount_text(0), "").strip() if language == "en"
                  else get_currency_symbol(rules.currency, locale=language))
        return format_html('<caption class="money-caption">{}</caption>', gettext(
            "Amounts in %(currency)s (%(symbol)s)") % {"currency": name, "symbol": symbol})

    def tbody_html(self) -> SafeString:
        tbody = self.attrs.get("tbody")
        parts = [f"<tbody {tbody.as_html() if isinstance(tbody, AttributeDict) else ''}>"]
        columns = list(self.columns)
        fixed: dict[str, str | None] = {}
        # each cell carries its column's title: a folded table's card shows it (tables/table.html)
        labels = {column.name: f' data-label="{conditional_escape(column.header)}"'
                  for column in columns}
        for column in columns:
            merged = {**self.attrs, **column.column.attrs}   # as BoundColumn.attrs merges them
            td = merged.get("td", merged.get("cell", {}))
            fixed[column.name] = None if _computed(td) else column.attrs["td"].as_html()
        fast = self.row_cells   # a table may compute its cells itself (EntriesTable)
        defaults = {column.name: column.default for column in columns}
        # Without row attributes of its own a row's are its even/odd class: written once each.
        plain = not self.row_attrs
        row_html: dict[str, str] = {}
        for row in self.paginated_rows:
            if plain and not isinstance(row, BoundPinnedRow):
                parity = row.get_even_odd_css_class()
                if parity not in row_html:
                    row_html[parity] = row.attrs.as_html()
                parts.append(f"<tr {row_html[parity]}>")
            else:
                parts.append(f"<tr {row.attrs.as_html()}>")
            cells = fast(row.record, defaults)
            for column in columns:
                cell = cells[column.name] if column.name in cells else _cell(row, column)
                attrs = fixed[column.name]
                if attrs is None:   # attributes computed from the record or value
                    column.current_value, column.current_record = cell, row.record
                    attrs = column.attrs["td"].as_html()
                parts.append(f"<td {attrs}{labels[column.name]}>"
                             f"{_cell_html(cell, column.localize)}</td>")
            parts.append("</tr>")
        if not len(self.paginated_rows) and self.empty_text:
            parts.append(f'<tr><td colspan="{len(columns)}">'
                         f"{conditional_escape(self.empty_text)}</td></tr>")
        parts.append("</tbody>")
        return mark_safe("".join(parts))  # every cell went through conditional_escape

    def row_cells(self, record: Any, defaults: Mapping[str, Any]) -> dict[str, Any]:
        """The cells of `record`'s row a table computes itself, by column name, each as
        django-tables2's `BoundRow.get_cell` would give it (`defaults`: each column's default,
        for an empty value); the others go through django-tables2. None here."""
        return {}


def _cell(row: BoundRow, column: BoundColumn) -> Any:
    """`row.get_cell(column.name)`, with each render method's signature read once rather than
    for every cell (django-tables2 runs inspect.signature per cell: most of a report's time).

    Through django-tables2's public API: the column's accessor, empty values, default, render
    and link. What that path leaves out goes the stock way: a model row (a field with choices
    shows its label) and the columns that treat a value differently (a link column renders even
    a value it cannot read, a many-to-many column is empty without related rows)."""
    record = row.record
    if isinstance(record, Model) or isinstance(column.column, _STOCK_COLUMNS):
        return row.get_cell(column.name)
    value = column.accessor.resolve(record, quiet=True)   # unreadable: empty, as get_cell has it
    if value in column.column.empty_values:
        return column.default
    kwargs = {"value": value, "record": record, "column": column.column,
              "bound_column": column, "bound_row": row, "table": row.table}
    content = _call_with_appropriate(column.render, kwargs)
    return column.link(content, **kwargs) if column.link else content


_STOCK_COLUMNS = (EmailColumn, FileColumn, JSONColumn, LinkColumn, ManyToManyColumn, URLColumn)

_SIGNATURES: dict[tuple[Any, bool], tuple[list[str], bool]] = {}


def _call_with_appropriate(fn: Callable[..., Any], kwargs: dict[str, Any]) -> Any:
    """django_tables2.utils.call_with_appropriate with its `signature` remembered per function."""
    key = (getattr(fn, "__func__", fn), hasattr(fn, "__self__"))
    found = _SIGNATURES.get(key)
    if found is None:
        if len(_SIGNATURES) > 500:   # only class-level render methods are expected here
            _SIGNATURES.clear()
        found = _SIGNATURES[key] = signature(fn)
    args, catch_all = found
    if not catch_all:
        kwargs = {key: kwargs[key] for key in kwargs if key in args}
        if any(arg not in kwargs for arg in args):
            return None
    return fn(**kwargs)


def _computed(value: object) -> bool:
    """Is any part of a column's cell attributes computed per row (a callable, at any depth)?"""
    if callable(value):
        return True
    return isinstance(value, dict) and any(_computed(v) for v in value.values())


def _cell_html(value: Any, localize: bool | None) -> str:
    """A cell as `{{ cell }}` (or `{{ cell|localize }}` / `|unlocalize`) writes it."""
    value = template_localtime(value)
    value = formats.localize(value, use_l10n=localize)
    if not issubclass(type(value), str):
        value = str(value)
    return conditional_escape(value)


def _cents(value: object) -> int:
    return value if isinstance(value, int) else 0


def _amount(cents: int) -> str:
    """Hundredths as the shown house's or night's currency writes them: "18.05", "1500"."""
    return shown().amount_text(cents)


class MoneyColumn(django_tables2.Column):
    """Integer hundredths shown with the shown currency's digits ("18.05", "1500" for yen:
    house_settings.shown); `total=True` puts the column's sum in the footer.

    `signed=True` marks negative amounts (someone owes) so they stand out.
    """

    def __init__(self, *args: Any, total: bool = False, signed: bool = False,
                 **kwargs: Any) -> None:
        kwargs.setdefault("attrs", MONEY_ATTRS)
        super().__init__(*args, **kwargs)
        self.total = total
        self.signed = signed

    def render(self, value: object) -> str:
        text = figure(_amount(_cents(value)))
        if self.signed and _cents(value) < 0:
            return format_html('<span class="neg">{}</span>', text)
        return text

    def value(self, value: object) -> str:
        """What CSV export writes: the plain decimal string."""
        return _amount(_cents(value))

    def render_footer(self, bound_column: BoundColumn, table: django_tables2.Table) -> str:
        if not self.total or not len(table.data):
            return ""
        return figure(_amount(sum(_cents(bound_column.accessor.resolve(row))
                                  for row in table.data)))


class DashboardTable(Table):
    """Tonight's table: what each player bought and how they paid, what they cashed out
    (selectors.player_lines). The bank never knows the chips a player holds.

    With an open `session`, each row has a buy-in button that opens the buy-in form with the
    player chosen (not when someone else holds the bank: `writable=False`). On a narrow
    screen (a tablet held upright) the columns marked `opt` hide and
    the player's cell shows them on a detail line instead (app.css).
    """

    seat = django_tables2.Column(verbose_name=_("Seat"), accessor="seat", default="—",
                                 attrs={"cell": {"class": "num lead"}})
    name = django_tables2.Column(verbose_name=_("Player"), accessor="player__name",
                                 footer=_("Total"),
                                 attrs=LEAD_ATTRS)
    buy = django_tables2.Column(verbose_name="", accessor="player__pk", orderable=False,
                                exclude_from_export=True,
                                attrs={"cell": {"class": "row-action lead"}})
    bought_cash = MoneyColumn(verbose_name=_("Bought cash"), total=True)
    bought_note = MoneyColumn(verbose_name=_("Bought note"), total=True, attrs=OPT_MONEY_ATTRS)
    bought_book = MoneyColumn(verbose_name=_("Bought book"), total=True, attrs=OPT_MONEY_ATTRS)
    sold = MoneyColumn(verbose_name=_("Sold"), total=True, attrs=OPT_MONEY_ATTRS)
    cashed_out = MoneyColumn(verbose_name=_("Cashed out"), total=True)
    bought_less_cashed_out = MoneyColumn(verbose_name=_("Bought − cashed out so far"), signed=True,
                                         total=True)
    book = MoneyColumn(verbose_name=_("THE BOOK"), signed=True, total=True)

    def __init__(self, *args: Any, session: Night | None = None,
                 writable: bool = True, **kwargs: Any) -> None:
        self.session = session
        self._buy_url = ""
        if session is None or not session.is_open or not writable:
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "buy")
        super().__init__(*args, **kwargs)

    def row_cells(self, record: Any, defaults: Mapping[str, Any]) -> dict[str, Any]:
        """A player's line computed here rather than cell by cell through django-tables2 (the
        same cells, as tests/tables/test_table_markup.py holds them)."""
        if not isinstance(record, PlayerLine):
            return {}
        cells: dict[str, Any] = {
            "seat": defaults["seat"] if record.seat is None else self.render_seat(record.seat),
            "name": self.render_name(record.player.name, record),
        }
        if "buy" in self.columns:
            cells["buy"] = self.render_buy(record.player.pk, record)
        for name in ("bought_cash", "bought_note", "bought_book", "sold", "cashed_out",
                     "bought_less_cashed_out", "book"):
            cells[name] = self.columns[name].column.render(getattr(record, name))
        return cells

    def render_seat(self, value: int) -> int:
        return value + 1  # people count seats from 1; the banker deals first (B1)

    def render_name(self, value: str, record: PlayerLine) -> str:
        folded = [("note", record.bought_note), ("book", record.bought_book),
                  ("sold", record.sold)]
        detail = " · ".join(f"{label} {_amount(cents)}" for label, cents in folded if cents)
        if not detail:
            return value
        return format_html('{}<span class="detail">{}</span>', value, detail)

    def value_name(self, value: str) -> str:
        return value

    def render_buy(self, value: int, record: PlayerLine) -> str:
        if self.session is None:   # the column is excluded without an open session
            return ""
        if not self._buy_url:
            self._buy_url = reverse("buyin", args=[self.session.pk])
        return format_html('<a class="btn btn-small" href="{}?player={}" aria-label="{}">{}</a>',
                           self._buy_url, value,
                           gettext("Buy-in for %(name)s") % {"name": record.player.name},
                           gettext("Buy-in"))

    class Meta:
        orderable = True
        attrs = {"class": "balances fold", "id": "balances"}
        empty_text = _("Nobody has sat down yet: record a buy-in.")
