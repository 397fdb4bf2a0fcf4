"""Fewer taps at the table: a buy-in button on each player's row, a quick buy-in that saves
$5, $10 or $20 with one more tap, and "Undo" under the Saved banner (a reversing entry)."""

import re

import pytest
from django.urls import reverse

from ledger.forms import new_key
from ledger.models import Entry
from ledger.posting.accounts import EntryKind

pytestmark = pytest.mark.django_db


def test_each_row_of_the_table_has_a_buy_in_button_for_that_player(banker_client, night,
                                                                   players):
    night.buy("Fred", "20.00")
    html = banker_client.get(reverse("night_dashboard", args=[night.session.pk])).content
    html = html.decode()
    for name in ("Mike", "Fred", "Ann", "Gus"):
        url = f"/s/{night.session.pk}/buy/?player={players[name].pk}"
        assert f'href="{url}" aria-label="Buy-in for {name}"' in html


def test_a_closed_nights_table_has_no_buy_in_buttons(banker_client, night):
    night.buy("Fred", "5.00")
    night.cashout("Fred", green=1)
    night.close()
    html = banker_client.get(reverse("night_dashboard", args=[night.session.pk])).content
    assert b"Buy-in for" not in html


def test_the_quick_buy_in_saves_ten_dollars_cash_with_one_tap(banker_client, night, players):
    url = reverse("buyin", args=[night.session.pk])
    page = banker_client.get(url, {"player": players["Ann"].pk}).content.decode()
    # Issue 37: ONE form with ONE "Paid by"; the quick amounts are submit buttons of it.
    assert page.count("<form method=\"post\" data-once") == 1 and page.count(">Paid by<") == 1
    assert page.count('name="key"') == 1 and page.count('name="paid"') == 3
    quick = page[page.index('id="quick-buy"'):page.index("Another amount")]
    assert 'name="quick" value="10.00"' in quick
    assert page.index('name="paid"') < page.index('id="quick-buy"')   # chosen first
    assert re.search(r'<input type="radio" name="paid" value="cash"[^>]* checked', page)
    key = re.search(r'name="key" value="([^"]+)"', page).group(1)
    # What the browser sends when "$10" is tapped: the form's fields and that button's value,
    # the typed amount (empty or not) included: the button's amount is the one saved.
    response = banker_client.post(url, {"key": key, "player": players["Ann"].pk, "paid": "cash",
                                        "amount": "35", "quick": "10.00"})
    assert response.status_code == 302
    entry = Entry.objects.get(kind=EntryKind.BUY)
    assert (entry.player, entry.amount, entry.method) == (players["Ann"], 1000, "cash")
    again = banker_client.post(url, {"key": key, "player": players["Ann"].pk, "paid": "cash",
                                     "amount": "", "quick": "10.00"})   # a double tap: R2
    assert again.status_code == 302 and again.url == response.url
    assert Entry.objects.filter(kind=EntryKind.BUY).count() == 1


def test_the_quick_buy_in_by_note_is_one_tap_more(banker_client, night, players):
    url = reverse("buyin", args=[night.session.pk])
    response = banker_client.post(url, {"key": new_key(), "player": players["Gus"].pk,
                                        "paid": "note", "amount": "", "quick": "5.00"})
    assert response.status_code == 302
    assert Entry.objects.get(kind=EntryKind.BUY).method == "note"
    saved = banker_client.get(response.url).content.decode()
    assert "Saved:</strong> Gus's $5.00 buy-in, paid by bank note." in saved


def test_no_quick_buy_in_without_a_chosen_player_or_on_a_chip_sale(banker_client, night,
                                                                   players):
    assert b"quick-buy" not in banker_client.get(reverse("buyin", args=[night.session.pk])).content
    sale = banker_client.get(reverse("chip_sale", args=[night.session.pk]),
                             {"player": players["Ann"].pk}).content
    assert b"quick-buy" not in sale


def test_undo_from_the_saved_banner_reverses_the_entry(banker_client, night):
    buy = night.buy("Fred", "20.00")
    url = reverse("night_dashboard", args=[night.session.pk])
    html = banker_client.get(url, {"saved": buy.pk}).content.decode()
    banner = html[html.index('id="saved"'):html.index("</div>", html.index('id="saved"'))]
    assert 'id="undo"' in banner
    assert f'action="/s/{night.session.pk}/correct/{buy.pk}/"' in banner
    key = re.search(r'name="key" value="([^"]+)"', banner).group(1)
    response = banker_client.post(reverse("correction", args=[night.session.pk, buy.pk]),
                                  {"key": key, "reason": "undone at the table"})
    assert response.status_code == 302
    reversal = Entry.objects.get(kind=EntryKind.REVERSAL)
    assert reversal.reverses == buy and reversal.payload["reason"] == "undone at the table"
    after = banker_client.get(response.url).content.decode()
    assert "undone at the table" in after and 'id="undo"' not in after  # no undo of an undo
    assert night.chips_out() == 0


def test_there_is_no_undo_for_what_cannot_be_reversed(banker_client, night):
    buy = night.buy("Fred", "5.00")
    night.reverse(buy)
    url = reverse("night_dashboard", args=[night.session.pk])
    assert b'id="undo"' not in banker_client.get(url, {"saved": buy.pk}).content
