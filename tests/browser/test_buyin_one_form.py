"""The buy-in page opened from a player's row (issue 37): ONE form with ONE "Paid by", used by
every way of saving it - the quick amounts, "Another amount" with the sticky Save, Enter - and
the Saved line names how it was paid (B3)."""

import re

import pytest

from ledger.models import Entry
from ledger.posting.accounts import EntryKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _row_buy_in(page, live_server, table, who: str) -> None:
    page.goto(f"{live_server.url}/s/{table['session'].pk}/")
    page.click(f"a[aria-label='Buy-in for {who}']")
    page.wait_for_selector("#quick-buy")


def test_bank_note_then_another_amount_and_the_sticky_save_is_a_note_buy_in_B3(
        banker_page, live_server, table, shots):
    page = banker_page
    _row_buy_in(page, live_server, table, "Fred")
    assert page.locator("fieldset:has(legend:text('Paid by'))").count() == 1
    assert page.locator("form[data-once]").count() == 1
    page.click("label:has-text('Bank note')")
    page.fill("#id_amount", "20")
    page.screenshot(path=str(shots / "buyin-row-note-1024x768.png"), full_page=True)
    page.click(".form-save button[name=save]")
    page.wait_for_url(re.compile(r"/s/\d+/\?saved=\d+"))
    entry = Entry.objects.get(kind=EntryKind.BUY)
    assert (entry.player.name, entry.amount, entry.method) == ("Fred", 2000, "note")
    assert "Saved: Fred's $20.00 buy-in, paid by bank note." in page.inner_text("#saved")


def test_a_quick_amount_paid_on_the_book_B3(banker_page, live_server, table):
    page = banker_page
    _row_buy_in(page, live_server, table, "Ann")
    page.click("label:has-text('THE BOOK')")
    page.click("#quick-buy button:text('$10')")
    page.wait_for_url(re.compile(r"/s/\d+/\?saved=\d+"))
    entry = Entry.objects.get(kind=EntryKind.BUY)
    assert (entry.player.name, entry.amount, entry.method) == ("Ann", 1000, "book")
    assert "Saved: Ann's $10.00 buy-in, paid by THE BOOK." in page.inner_text("#saved")


def test_a_quick_amount_saves_that_amount_whatever_is_typed_below(banker_page, live_server,
                                                                  table):
    page = banker_page
    _row_buy_in(page, live_server, table, "Gus")
    page.fill("#id_amount", "35")
    page.click("#quick-buy button:text('$5')")
    page.wait_for_url(re.compile(r"/s/\d+/\?saved=\d+"))
    entry = Entry.objects.get(kind=EntryKind.BUY)
    assert (entry.player.name, entry.amount, entry.method) == ("Gus", 500, "cash")
    assert "paid by cash" in page.inner_text("#saved")


def test_enter_in_another_amount_keeps_the_method_chosen(banker_page, live_server, table):
    page = banker_page
    _row_buy_in(page, live_server, table, "Fred")
    page.click("label:has-text('THE BOOK')")
    page.fill("#id_amount", "15")
    page.press("#id_amount", "Enter")
    page.wait_for_url(re.compile(r"/s/\d+/\?saved=\d+"))
    entry = Entry.objects.get(kind=EntryKind.BUY)
    assert (entry.amount, entry.method) == (1500, "book")


def test_a_double_tap_on_a_quick_amount_is_one_buy_in_R2(banker_page, live_server, table):
    page = banker_page
    _row_buy_in(page, live_server, table, "Ann")
    page.dblclick("#quick-buy button:text('$20')")
    page.wait_for_url(re.compile(r"/s/\d+/\?saved=\d+"))
    page.wait_for_load_state("networkidle")
    assert Entry.objects.filter(kind=EntryKind.BUY).count() == 1
