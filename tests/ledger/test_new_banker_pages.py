"""What a new banker tripped on, page by page (issue 29): the new-night page says on arrival
that a night is still open; the chip sale speaks of nickels, not the bank's $5 steps; a second
cash-out the same night asks first; the close page asks what became of a pot left on the table;
a player's phone shows the rules in words, not ids."""

import re

import pytest
from django.urls import reverse

from ledger.models import Entry
from ledger.posting.accounts import EntryKind

pytestmark = pytest.mark.django_db


def _key(response) -> str:
    return re.search(r'name="key" value="([^"]+)"', response.content.decode()).group(1)


def test_the_new_night_page_says_a_night_is_open_and_links_to_it(banker_client, night):
    page = banker_client.get(reverse("night_open")).content.decode()
    assert "is still open" in page and "banker Mike" in page
    assert reverse("night_dashboard", args=[night.session.pk]) in page
    assert 'name="players"' not in page            # no form to fill in for nothing


def test_the_new_night_page_offers_the_form_when_no_night_is_open(banker_client, players):
    page = banker_client.get(reverse("night_open")).content.decode()
    assert "still open" not in page and 'name="players"' in page


def test_the_chip_sale_speaks_of_nickels_not_the_banks_steps_B2_B3(banker_client, night):
    sale = banker_client.get(reverse("chip_sale", args=[night.session.pk])).content.decode()
    assert "$5 steps" not in sale and "whole white chips ($0.05)" in sale
    buy = banker_client.get(reverse("buyin", args=[night.session.pk])).content.decode()
    assert "$5 steps" in buy


def _cash_out(client, night, who, *, black="40", **extra):
    url = reverse("cashout", args=[night.session.pk])
    return client.post(url, {"key": _key(client.get(url)), "player": who.pk, "black": black,
                             "save": "1", **extra})


def test_a_second_cash_out_the_same_night_asks_first_R15(banker_client, night, players):
    night.buy("Fred", "60.00")
    assert _cash_out(banker_client, night, players["Fred"]).status_code == 302
    again = _cash_out(banker_client, night, players["Fred"], black="5")
    page = again.content.decode()
    assert again.status_code == 200
    assert "Fred already cashed out $40.00 tonight — another?" in page
    assert Entry.objects.filter(kind=EntryKind.CASHOUT).count() == 1          # nothing written
    yes = {name: value for name, value in re.findall(
        r'<input type="hidden" name="(\w+)" value="([^"]*)"',
        page.split('id="cash-out-again"')[1].split("</form>")[0])}
    assert yes["confirm_again"] == "on" and yes["black"] == "5"
    confirmed = banker_client.post(reverse("cashout", args=[night.session.pk]),
                                   {**yes, "save": "1"})
    assert confirmed.status_code == 302
    assert Entry.objects.filter(kind=EntryKind.CASHOUT).count() == 2


def test_a_first_cash_out_is_taken_without_a_question(banker_client, night, players):
    night.buy("Ann", "20.00")
    night.buy("Fred", "20.00")
    night.cashout("Fred", black=20)
    assert _cash_out(banker_client, night, players["Ann"], black="20").status_code == 302


RULE_ID = re.compile(r"\b[BSPG]\d{1,2}\b")


def test_rule_ids_leave_sentences_whole():
    from ledger.templatetags.rule_words import words_only

    assert words_only("whole dollars and odd cents (B12).") == "whole dollars and odd cents."
    assert words_only("cards talk (S10, S11); a flush") == "cards talk; a flush"
    assert words_only("re-antes (P14: nobody stayed in)") == "re-antes (nobody stayed in)"
    assert words_only("side payments (a white chip, P7)") == "side payments (a white chip)"
    assert words_only("the banker's rules (P1-P6).") == "the banker's rules."
    assert words_only("Board B1 and 7 of 10 (2 rounds)") == "Board B1 and 7 of 10 (2 rounds)"


def test_a_players_phone_shows_words_not_rule_ids_P3_B5(client, night, players):
    fred = players["Fred"]
    night.buy("Fred", "20.00", paid="note")
    night.buy("Ann", "20.00")
    night.hand(pot="0.60", awards={"Ann": "0.60"})
    night.cashout("Fred", black=20)
    night.cashout("Ann", black=20)
    night.commit("Fred")                     # its journal line says "(B5)" for the banker
    memo = Entry.objects.filter(kind=EntryKind.NOTE).last().memo
    assert "(B5)" in memo
    fred.refresh_from_db()
    page = client.get(reverse("player_balance", args=[fred.balance_token])).content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.split("<main", 1)[1]))
    assert "bank note committed into THE BOOK" in text    # the line is there, in words
    assert RULE_ID.findall(text) == []


def test_the_same_cash_out_sent_twice_replays_without_asking_R2(banker_client, night, players):
    night.buy("Fred", "60.00")
    url = reverse("cashout", args=[night.session.pk])
    key = _key(banker_client.get(url))
    data = {"key": key, "player": players["Fred"].pk, "black": "40", "save": "1"}
    first, second = banker_client.post(url, data), banker_client.post(url, data)
    assert first.status_code == second.status_code == 302 and first.url == second.url
    assert Entry.objects.filter(kind=EntryKind.CASHOUT).count() == 1


def test_the_close_asks_who_took_a_pot_left_on_the_table_P3_P5(banker_client, night, players):
    night.buy("Fred", "20.00")
    night.buy("Ann", "20.00")
    night.hand(pot="0.60", awards={"Ann": "0.60"}, owes={"Fred": "0.60"})   # Fred matches (P3)
    night.cashout("Fred", black=20)
    night.cashout("Ann", black=20)
    url = reverse("night_close", args=[night.session.pk])
    page = banker_client.get(url).content.decode()
    assert "The hands leave $0.60 in the pot on the table" in page
    assert reverse("pot_award", args=[night.session.pk]) in page
    assert "Finish the steps above first" in page                  # no close button yet
    refused = banker_client.post(url, {"key": "close-with-a-pot-1234", "confirm": "on"})
    assert refused.status_code == 400 and "$0.60 in the pot" in refused.content.decode()
    assert night.refresh().session.is_open and not Entry.objects.filter(kind=EntryKind.CLOSE)
    award = reverse("pot_award", args=[night.session.pk])
    assert banker_client.post(award, {"key": _key(banker_client.get(award)), "pot": "0.60",
                                      "winner": players["Ann"].pk, "save": "1"}).status_code == 302
    page = banker_client.get(url).content.decode()
    assert "No pot left on the table" in page and "Finish the steps above first" not in page
    closed = banker_client.post(url, {"key": "close-after-the-pot-12", "confirm": "on"})
    assert closed.status_code == 302
    assert not night.refresh().session.is_open


def test_the_rule_book_page_says_each_rule_the_pages_cite_B12_P3(banker_client):
    from django.test import Client

    page = banker_client.get(reverse("rule_book")).content.decode()
    assert 'id="B12"' in page and 'id="P3"' in page and 'id="S12"' in page
    assert "final pot" in page.split('id="B12"')[1].split("</dd>")[0]
    assert Client().get(reverse("rule_book")).status_code == 302      # bankers only
