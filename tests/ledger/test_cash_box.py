"""The cash box pays cash-outs in the order they come; the rest the bank owes in THE BOOK.
The cash-out form says so before saving, and the close page lists who is owed cash."""

import re

import pytest
from django.urls import reverse

from ledger import selectors

pytestmark = pytest.mark.django_db


def _key(response) -> str:
    return re.search(r'name="key" value="([^"]+)"', response.content.decode()).group(1)


@pytest.fixture
def short_box(night):
    """$20 in the box (Fred's cash); Gus and Ann bought on THE BOOK. Gus cashes out $15 in
    cash first, leaving $5 in the box."""
    night.buy("Fred", "20.00")
    night.buy("Gus", "10.00", paid="book")
    night.buy("Ann", "40.00", paid="book")
    night.cashout("Gus", green=3)
    return night


def _count(client, night, player, **chips):
    url = reverse("cashout", args=[night.session.pk])
    key = _key(client.get(url))
    return client.post(url, {"key": key, "player": player.pk, "add_up": "1", **chips})


def test_the_form_says_before_saving_what_will_be_owed(banker_client, short_box, players):
    page = _count(banker_client, short_box, players["Ann"], green="7", red="3")   # $35.30
    html = page.content.decode()
    assert 'id="cash-box">$5.00<' in html
    owed = html[html.index('id="chip-owed"'):]
    assert not owed.split(">", 1)[0].endswith("hidden")
    assert 'data-owed="cash">$5.00<' in owed and 'data-owed="owed">$30.00<' in owed
    assert 'data-cash-box="500"' in html    # the running total says it as the count grows


def test_no_word_of_owing_when_the_box_pays_it_all(banker_client, short_box, players):
    html = _count(banker_client, short_box, players["Ann"], black="5").content.decode()
    assert re.search(r'id="chip-owed" hidden', html)


def test_the_close_page_lists_who_is_owed_cash(banker_client, short_box, players):
    short_box.cashout("Ann", green=7, red=3)
    short_box.cashout("Fred", green=1)
    owed = selectors.owed_by_the_bank(short_box.session)
    assert [(o.player.name, o.paid, o.owed) for o in owed] == [("Ann", 500, 3000),
                                                               ("Fred", 0, 500)]
    html = banker_client.get(reverse("night_close", args=[short_box.session.pk])
                             ).content.decode()
    section = html[html.index('id="owed-cash"'):]
    assert "Ann" in section and "$30.00" in section and "Fred" in section
    assert "Gus" not in section   # paid in full, in cash


def test_a_corrected_cashout_is_owed_nothing(short_box):
    entry = short_box.cashout("Ann", green=7)
    short_box.reverse(entry)
    assert selectors.owed_by_the_bank(short_box.session) == []
