"""The tablet's hand pages: call a game, enter a hand by who won or by the cards, see the rules'
payout before saving, typed awards refused with the right figures (P1-P6, B11, S12)."""

import re

import pytest
from django.urls import reverse

from ledger import selectors
from ledger.models import Entry
from ledger.posting.accounts import EntryKind

pytestmark = pytest.mark.django_db


def _key(response) -> str:
    return re.search(r'name="key" value="([^"]+)"', response.content.decode()).group(1)


@pytest.fixture
def called(banker_client, night, players):
    """Mike deals draw-match-pot with Fred, Ann and Gus at the table."""
    url = reverse("game_call", args=[night.session.pk])
    page = banker_client.get(url)
    assert "Call a game" in page.content.decode()
    response = banker_client.post(url, {"key": _key(page), "game": "draw-match-pot",
                                        "dealer": players["Mike"].pk})
    assert response.status_code == 302
    return night


def _hand_post(client, night, data, key=None):
    url = reverse("hand", args=[night.session.pk])
    page = client.get(url)
    return client.post(url, {"key": key or _key(page), "mode": "winners", **data})


def test_the_dashboard_offers_to_call_a_game_then_to_enter_a_hand(banker_client, night):
    page = banker_client.get(reverse("night_dashboard", args=[night.session.pk]))
    assert "No game called yet" in page.content.decode()
    hand = banker_client.get(reverse("hand", args=[night.session.pk]))
    assert hand.status_code == 302 and hand.url.endswith("/game/")


def test_a_hand_by_winners_is_worked_out_then_saved_P3(banker_client, called):
    # seats: Mike 0, Fred 1, Ann 2, Gus 3
    preview = _hand_post(banker_client, called, {"pot": "3.00", "p1_won_high": "on",
                                                 "preview": "1"})
    html = preview.content.decode()
    assert preview.status_code == 200 and "not saved yet" in html
    assert "Mike wins nothing and matches 3.00" in html
    assert not Entry.objects.filter(kind=EntryKind.HAND).exists()
    saved = _hand_post(banker_client, called, {"pot": "3.00", "p1_won_high": "on",
                                               "save": "1"})
    assert saved.status_code == 302
    page = banker_client.get(saved.url).content.decode()
    assert "Fred takes" in page and 'data-next-pot>$9.00<' in page   # three losers match 3.00
    assert selectors.table_game(called.session).pot == 900


def test_typed_awards_that_break_the_rules_are_refused_with_the_right_figures_P2(
        banker_client, called):
    url = reverse("hand", args=[called.session.pk])
    page = banker_client.get(url)
    data = {"key": _key(page), "mode": "winners", "pot": "3.05", "p1_won_high": "on",
            "p2_won_high": "on", "p1_award": "1.55", "p2_award": "1.50", "save": "1"}
    refused = banker_client.post(url, data)
    html = refused.content.decode()
    assert refused.status_code == 400
    assert "typed Fred 1.55, Ann 1.50" in html and "Fred 1.50, Ann 1.50" in html
    assert "0.05 stays in the pot" in html and "use-computed" in html
    assert not Entry.objects.filter(kind=EntryKind.HAND).exists()
    accepted = banker_client.post(url, {**data, "key": _key(page) + "x", "save": "",
                                        "use_computed": "1"})
    assert accepted.status_code == 302
    assert Entry.objects.get(kind=EntryKind.HAND).payload["result"]["carry"] == "0.05"


def test_a_hand_by_the_cards_names_each_hand_S1(banker_client, called):
    response = _hand_post(banker_client, called, {
        "mode": "cards", "pot": "2.00", "p0_folded": "on",
        "p1_down": "As Ad Ac 7d 2c", "p2_down": "Ks Kd Qh Jc 9s", "p3_down": "2s 3d 5h 8c Ts",
        "save": "1"})
    assert response.status_code == 302
    result = Entry.objects.get(kind=EntryKind.HAND).payload["result"]
    assert result["awards"] == [{"name": "Fred", "amount": "2.00", "side": "high"}]
    page = banker_client.get(response.url).content.decode()
    assert "three aces" in page.lower() or "three of a kind" in page.lower()


def test_a_card_entered_twice_names_the_card(banker_client, called):
    response = _hand_post(banker_client, called, {
        "mode": "cards", "pot": "2.00", "p0_folded": "on", "p3_folded": "on",
        "p1_down": "As Ad Ac 7d 2c", "p2_down": "As Kd Qh Jc 9s", "save": "1"})
    assert response.status_code == 400 and "As" in response.content.decode()
    assert not Entry.objects.filter(kind=EntryKind.HAND).exists()


def test_the_dealers_own_game_changes_the_wild_cards_S12(banker_client, night, players):
    url = reverse("game_call", args=[night.session.pk])
    page = banker_client.get(url)
    banker_client.post(url, {"key": _key(page), "game": "five-card-draw", "wild": "2",
                             "dealer": players["Fred"].pk})
    call = Entry.objects.get(kind=EntryKind.CALL)
    assert call.payload == {"type": "call", "game": "five-card-draw", "dealer": "Fred",
                            "options": {"wild": "2"}}
    response = _hand_post(banker_client, night, {
        "mode": "cards", "pot": "1.00", "p0_folded": "on", "p3_folded": "on",
        "p1_down": "Ks Kd 2c 7h 9s", "p2_down": "As Ad Qh Jc 8s", "save": "1"})
    assert response.status_code == 302
    result = Entry.objects.get(kind=EntryKind.HAND).payload["result"]
    assert result["awards"][0]["name"] == "Fred"        # three kings with the wild deuce


def test_ending_the_game_keeps_the_pot_P3(banker_client, called):
    _hand_post(banker_client, called, {"pot": "3.00", "p1_won_high": "on", "save": "1"})
    page = banker_client.get(reverse("hand", args=[called.session.pk]))
    response = banker_client.post(reverse("game_end", args=[called.session.pk]),
                                  {"key": _key(page)})
    assert response.status_code == 302
    state = selectors.table_game(called.session)
    assert (state.game, state.pot) == (None, 900)


def test_the_phone_shows_tonights_hands_and_the_pot(banker_client, client, called, players):
    _hand_post(banker_client, called, {"pot": "3.00", "p1_won_high": "on", "save": "1"})
    page = client.get(reverse("player_balance", args=[players["Ann"].balance_token]))
    html = page.content.decode()
    assert 'id="phone-pot">$9.00<' in html and "Draw match pot" in html
    assert "you owe <span class=\"money neg\">$3.00</span> into the next pot" in html
    fred = client.get(reverse("player_balance", args=[players["Fred"].balance_token]))
    assert "you won <span class=\"money\">$3.00</span>" in fred.content.decode()


def test_the_dealers_own_game_is_saved_for_the_house_and_called_again_S12(
        banker_client, night, players):
    url = reverse("game_call", args=[night.session.pk])
    page = banker_client.get(url)
    response = banker_client.post(url, {"key": _key(page), "game": "five-card-draw",
                                        "wild": "2", "split": "cards-talk",
                                        "low": "8-or-better", "save_as": "Deuces Hi-Lo",
                                        "dealer": players["Fred"].pk})
    assert response.status_code == 302
    from ledger.models import HouseGame

    saved = HouseGame.objects.get()
    assert (saved.name, saved.definition["wild"], saved.definition["split"]) == (
        "Deuces Hi-Lo", "2", "cards-talk")
    call = Entry.objects.get(kind=EntryKind.CALL)
    assert call.payload["game"]["id"] == "house-deuces-hi-lo"   # inline: exports carry it
    page = banker_client.get(url)
    assert "Deuces Hi-Lo (house)" in page.content.decode()
    again = banker_client.post(url, {"key": _key(page), "game": "five-card-draw",
                                     "save_as": "deuces hi-lo", "dealer": players["Ann"].pk})
    assert again.status_code == 400 and "already has a game called" in again.content.decode()
