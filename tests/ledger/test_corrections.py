"""Corrections are reversing entries with a reason; history is never edited."""

import pytest
from django.urls import reverse
from ledger_night import new_key

from ledger import selectors, services
from ledger.models import Entry
from ledger.services import LedgerError

pytestmark = pytest.mark.django_db


def test_reversing_a_buy_in_takes_back_the_chips_and_the_cash(night):
    buy = night.buy("Fred", "20.00")
    fix = night.reverse(buy, reason="he meant Ann")
    assert fix.reverses == buy and "he meant Ann" in fix.memo
    dash = selectors.night_dashboard(night.session)
    assert (dash.chips_outstanding, dash.cash_box) == (0, 0)
    assert night.row("Fred")["bought_cash"] == "0.00"
    assert Entry.objects.count() == 2


def test_reversing_a_note_buy_in_tears_up_the_note(night):
    buy = night.buy("Fred", "20.00", paid="note")
    night.reverse(buy)
    assert selectors.open_notes(night.session) == []


def test_an_entry_is_corrected_only_once(night):
    buy = night.buy("Fred", "20.00")
    night.reverse(buy)
    with pytest.raises(LedgerError, match="was already corrected"):
        services.entry_reverse(entry=buy, reason="again", key=new_key())


def test_a_correction_needs_a_reason(night):
    buy = night.buy("Fred", "20.00")
    with pytest.raises(LedgerError, match="Say why"):
        services.entry_reverse(entry=buy, reason="  ", key=new_key())


def test_a_correction_that_would_leave_chips_out_below_zero_is_refused(night):
    buy = night.buy("Fred", "20.00", paid="book")
    night.cashout("Fred", green=4)
    before = Entry.objects.count()
    with pytest.raises(LedgerError, match="the chips out tonight at -\\$20.00"):
        services.entry_reverse(entry=buy, reason="oops", key=new_key())
    assert Entry.objects.count() == before


def test_a_correction_cannot_be_corrected(night):
    fix = night.reverse(night.buy("Fred", "20.00"))
    with pytest.raises(LedgerError, match="cannot itself be reversed"):
        services.entry_reverse(entry=fix, reason="x", key=new_key())


def test_an_unknown_entry_is_refused(night, banker_client):
    """The correction page finds the entry (the service takes the row): no such page."""
    before = Entry.objects.count()
    url = reverse("correction", args=[night.session.pk, 999])
    assert banker_client.post(url, {"reason": "x", "key": "k" * 20}).status_code == 404
    assert Entry.objects.count() == before
