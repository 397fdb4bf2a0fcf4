"""django-tables2 tables for the banker's reports, each fed by a selector in ledger.selectors.

Money arrives as integer cents and is shown as "18.05", right-aligned in tabular figures; a
column marked `total=True` sums itself in the table's footer. Sorting works on every column
(the data are lists, sorted by the column's accessor). The base `Table` (body rows written in
Python) and `MoneyColumn` are ledger/tables.py's, shared with the table's page.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import django_tables2
from django.template.defaultfilters import date as date_filter
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe

# django-stubs 5.2.9 lacks template_localtime (the function {{ value }} uses)
from django.utils.timezone import template_localtime  # type: ignore[attr-defined]
from django.utils.translation import gettext_lazy as _

from ledger.house_settings import shown
from ledger.models import Entry
from ledger.permissions import banker_name
from ledger.tables import LEAD_ATTRS, MoneyColumn, Table

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django_tables2.columns import BoundColumn

    from ledger.models import Night

class BookTable(Table):
    """THE BOOK: every person's balance across sessions (positive = is owed, B6)."""

    name = django_tables2.Column(verbose_name=_("Player"), footer=_("Total"))
    note_id = django_tables2.Column(verbose_name=_("Note id"))
    kind = django_tables2.Column(verbose_name=_("Plays as"))
    balance = MoneyColumn(verbose_name=_("Balance"), total=True, signed=True)

    class Meta:
        orderable = True
        attrs = {"class": "book", "id": "book"}
        empty_text = _("THE BOOK is empty: nobody owes anybody.")


class SettleUpTable(Table):
    """A closed (or closing) night per player: what was bought, cashed, won, and THE BOOK after."""

    name = django_tables2.Column(verbose_name=_("Player"), footer=_("Total"), attrs=LEAD_ATTRS)
    bought_cash = MoneyColumn(verbose_name=_("Bought cash"), total=True)
    bought_note = MoneyColumn(verbose_name=_("Bought note"), total=True)
    bought_book = MoneyColumn(verbose_name=_("Bought book"), total=True)
    sold = MoneyColumn(verbose_name=_("Sold"), total=True)
    cashed_out = MoneyColumn(verbose_name=_("Cashed out"), total=True)
    final_pot = MoneyColumn(verbose_name=_("Final pot"), total=True)
    net = MoneyColumn(verbose_name=_("Net"), total=True, signed=True)
    book_after = MoneyColumn(verbose_name=_("THE BOOK after"), total=True, signed=True)

    class Meta:
        orderable = True
        attrs = {"class": "settle fold", "id": "settle"}
        empty_text = _("Nothing happened this night.")


class TransfersTable(Table):
    """The payments that settle THE BOOK with the fewest transfers (B8)."""

    debtor = django_tables2.Column(verbose_name=_("From"), accessor="from")
    creditor = django_tables2.Column(verbose_name=_("To"), accessor="to")
    amount = MoneyColumn(verbose_name=_("Amount"), total=True)

    class Meta:
        orderable = False
        attrs = {"class": "transfers", "id": "transfers"}
        empty_text = _("Nobody needs to pay anybody.")


class LocalTimeColumn(django_tables2.Column):
    """A time shown, and exported, in the house's time zone (settings.TIME_ZONE), as on screen.

    The database keeps UTC; without this the CSV would carry UTC times the banker never saw.
    On screen it reads as DateTimeColumn's `{{ value|date:format|default:default }}` did, without
    compiling and rendering that template for every row.
    """

    empty_values = ()   # as DateTimeColumn (a TemplateColumn): the render decides

    def __init__(self, *args: Any, format: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.format = format

    def render(self, value: datetime.datetime | None, bound_column: BoundColumn) -> str:
        text = date_filter(template_localtime(value), self.format)
        return text or str(bound_column.default)

    def value(self, value: datetime.datetime | None) -> str:
        if value is None:
            return ""
        return timezone.localtime(value).strftime("%Y-%m-%d %H:%M:%S")


_KINDS = {kind: str(label) for kind, label in Entry._meta.get_field("kind").flatchoices}


class EntriesTable(Table):
    """A session summary: its journal, oldest first, with who entered each line."""

    id = django_tables2.Column(verbose_name=_("#"), attrs={"cell": {"class": "num lead"}})
    created_at = LocalTimeColumn(verbose_name=_("When"), format="H:i",
                                 attrs={"cell": {"class": "lead tag"}})
    kind = django_tables2.Column(verbose_name=_("What"), accessor="get_kind_display",
                                 order_by="kind", attrs=LEAD_ATTRS)
    memo = django_tables2.Column(verbose_name=_("Details"), orderable=False,
                                 attrs={"cell": {"class": "wide"}})
    amount = MoneyColumn(verbose_name=_("Amount"))
    created_by = django_tables2.Column(verbose_name=_("By"), default="—")
    fix = django_tables2.Column(verbose_name="", accessor="pk", orderable=False,
                                exclude_from_export=True,
                                attrs={"cell": {"class": "row-action lead"}})

    def __init__(self, *args: Any, details: Mapping[int, str] | None = None,
                 session: Night | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.details = details or {}   # selectors.journal_details: calls and hands in words
        self.session = session         # the night every row is of, when the caller has it
        self._correct_url = ""

    def row_cells(self, record: Entry, defaults: Mapping[str, Any]) -> dict[str, Any]:
        """A journal line's cells computed here rather than cell by cell through django-tables2
        (its accessors, field lookups and signature checks were most of the journal's time):
        the same values, as tests/tables/test_table_markup.py holds them."""
        if not isinstance(record, Entry):
            return {}
        memo, amount, by, when = record.memo, record.amount, record.created_by, record.created_at
        return {
            "id": record.pk,
            # as the column's "H:i" after template_localtime (an aware time, the house's zone)
            "created_at": (timezone.localtime(when).strftime("%H:%M")
                           if isinstance(when, datetime.datetime) and timezone.is_aware(when)
                           else self.columns["created_at"].column.render(
                               when, self.columns["created_at"])),
            "kind": _KINDS.get(record.kind, record.kind) or defaults["kind"],
            "memo": defaults["memo"] if memo in (None, "") else self.details.get(record.pk, memo),
            "amount": defaults["amount"] if amount is None else shown().amount_text(amount),
            "created_by": defaults["created_by"] if by is None else banker_name(by),
            "fix": self.render_fix(record),
        }

    def render_memo(self, value: str, record: Entry) -> str:
        return self.details.get(record.pk, value)

    def value_memo(self, value: str, record: Entry) -> str:
        return self.details.get(record.pk, value)

    def render_created_by(self, value: User) -> str:
        return banker_name(value)   # as the bank's holder is named above the journal

    def value_created_by(self, value: User | None) -> str:
        return banker_name(value) if value is not None else ""

    # What the services refuse to reverse (ledger.services.corrections); no button for those.
    FINAL_KINDS = ("reverse", "close", "opening", "merge")

    def render_fix(self, record: Entry) -> str:
        session = (self.session if self.session is not None
                   and record.session_id == self.session.pk else record.session)
        if record.kind in self.FINAL_KINDS or session is None or not session.is_open:
            return ""
        if getattr(record, "reversed_by", None) is not None:
            return mark_safe('<span class="badge">corrected</span>')
        if session is self.session:   # one reverse() for the page, not one a row
            if not self._correct_url:
                self._correct_url = reverse("correction", args=[session.pk, 1])[:-2]
            url = f"{self._correct_url}{record.pk}/"
        else:
            url = reverse("correction", args=[record.session_id, record.pk])
        return format_html('<a class="btn btn-small" href="{}">Correct</a>', url)

    class Meta:
        orderable = True
        attrs = {"class": "entries fold compact", "id": "entries"}
        empty_text = _("Nothing entered yet.")


class SeasonTable(Table):
    """Each player across the season's closed nights (selectors.season), THE BOOK now."""

    name = django_tables2.Column(verbose_name=_("Player"), accessor="player__name",
                                 footer=_("Total"),
                                 attrs=LEAD_ATTRS)
    played = django_tables2.Column(verbose_name=_("Nights"), attrs={"td": {"class": "num"},
                                                                  "th": {"class": "num"}})
    bought = MoneyColumn(verbose_name=_("Bought"), total=True)
    cashed_out = MoneyColumn(verbose_name=_("Cashed out"), total=True)
    net = MoneyColumn(verbose_name=_("Net total"), total=True, signed=True)
    book_now = MoneyColumn(verbose_name=_("THE BOOK now"), total=True, signed=True)

    class Meta:
        orderable = True
        attrs = {"class": "season fold", "id": "season"}
        empty_text = _("No closed nights yet.")
