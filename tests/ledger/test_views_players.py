"""The players pages: QR codes and copy buttons for the phone links, a new link (the old one
stops working), editing a name or note id, retiring; the phone page's history and the season."""

import re

import pytest
from django.urls import reverse
from test_history import play_host_away_night
from test_worked_night import play_worked_night

from ledger.forms import new_key as form_key
from ledger.models import Player

pytestmark = pytest.mark.django_db


def test_players_page_shows_a_qr_code_and_a_copy_button_per_player(banker_client, players):
    html = banker_client.get(reverse("player_list")).content.decode()
    assert html.count('<svg width="') >= 4 and html.count('class="qr"') == 4
    assert html.count("data-copy=") == 4
    assert "style=" not in html  # the CSP allows no inline style
    assert "<script>" not in html


def test_settle_up_page_shows_each_players_qr_code_at_the_end_of_the_night(banker_client,
                                                                          night):
    play_worked_night(night)
    html = banker_client.get(reverse("settle_up", args=[night.session.pk])).content.decode()
    assert html.count('class="qr"') == 4
    assert f"/p/{Player.objects.get(name='Gus').balance_token}/" in html


def test_a_new_link_is_issued_and_the_old_one_is_a_404(banker_client, client, players):
    old = players["Ann"].balance_token
    url = reverse("player_link", args=[players["Ann"].pk])
    key = form_key()
    response = banker_client.post(url, {"key": key})
    assert response.status_code == 302
    new = Player.objects.get(name="Ann").balance_token
    assert new != old
    banker_client.post(url, {"key": key})  # a double tap replays: still the same new link
    assert Player.objects.get(name="Ann").balance_token == new
    assert client.get(reverse("player_balance", args=[old])).status_code == 404
    assert client.get(reverse("player_balance", args=[new])).status_code == 200


def test_the_edit_page_renames_and_says_history_follows(banker_client, players):
    url = reverse("player_edit", args=[players["Fred"].pk])
    page = banker_client.get(url).content.decode()
    assert "old nights included" in page
    response = banker_client.post(url, {"key": form_key(), "name": "Freddie", "note_id": "bof"})
    assert response.status_code == 302
    assert Player.objects.filter(name="Freddie", note_id="BOF").exists()


def test_an_edit_refused_by_the_rules_says_why_on_the_form(banker_client, players):
    url = reverse("player_edit", args=[players["Fred"].pk])
    response = banker_client.post(url, {"key": form_key(), "name": "Ann", "note_id": "BOF"})
    assert response.status_code == 400
    assert "Ann is another player" in response.content.decode()


def test_a_retired_player_is_not_offered_for_a_new_night(banker_client, players):
    response = banker_client.post(reverse("player_retire", args=[players["Gus"].pk]),
                                  {"key": form_key(), "retired": "True"})
    assert response.status_code == 302
    assert Player.objects.get(name="Gus").retired
    listing = banker_client.get(response.url).content.decode()   # shows the message once
    assert "Gus is retired" in listing
    form = banker_client.get(reverse("night_open")).content.decode()
    assert ">Gus" not in form and ">Ann" in form
    assert '<span class="badge">retired</span>' in listing


def test_the_phone_page_shows_the_players_nights_and_a_chart(client, night):
    play_worked_night(night)
    play_host_away_night()
    ann = Player.objects.get(name="Ann")
    html = client.get(reverse("player_balance", args=[ann.balance_token])).content.decode()
    assert 'id="history"' in html and 'class="chart"' in html
    rows = re.findall(r"<tr><td>(\d+/\d+/\d+)</td>", html)
    assert rows == ["11/28/26", "11/21/26"]   # newest first
    assert "-13.00" in html   # THE BOOK after the worked night


def test_the_season_page_sorts_totals_and_charts(banker_client, night):
    play_worked_night(night)
    play_host_away_night()
    html = banker_client.get(reverse("season"), {"sort": "-net"}).content.decode()
    assert 'id="season"' in html and html.count('class="chart"') == 4
    assert "Net total" in html and "THE BOOK now" in html
    for fmt in ("csv", "pdf", "xlsx"):
        assert f"_export={fmt}" in html


def test_the_new_pages_take_a_fixed_number_of_queries(banker_client, client, night,
                                                      django_assert_max_num_queries):
    play_worked_night(night)
    play_host_away_night()
    ann = Player.objects.get(name="Ann")
    # 18 today (the login's houses and role included), whatever the nights, and the house's
    # version (the page is kept: ledger/kept.py)
    with django_assert_max_num_queries(20):
        banker_client.get(reverse("season"))
    # 29 today: tonight, its hands and pot, the history; and paying (5): the transfers'
    # players, THE BOOK now, the claims, the player's own claims, their payments
    with django_assert_max_num_queries(32):
        client.get(reverse("player_balance", args=[ann.balance_token]))
    with django_assert_max_num_queries(8):    # 7 today, the bankers check included
        banker_client.get(reverse("player_list"))
    # 19 today, the QR links and the pay links' players in one query; paying adds THE BOOK now
    # and the claims; the house's version (the page is kept: ledger/kept.py)
    with django_assert_max_num_queries(20):
        banker_client.get(reverse("settle_up", args=[night.session.pk]))
