"""The player's phone tells each hand as the hand page does: the game's name (never "the
dealer's game" when it has one), the rules' whole explanation, and on a last round who pays
whom directly (P5), not "you owe … into the next pot"."""

import pytest
from django.urls import reverse
from ledger_night import amounts, cents, named

from ledger import services
from ledger.forms import new_key
from ledger.posting.accounts import EntryKind
from rules.games.hand_types import HandInput

pytestmark = pytest.mark.django_db


def _phone(client, player) -> str:
    return client.get(reverse("player_balance", args=[player.balance_token])).content.decode()


@pytest.fixture
def match_pot(night):
    """Mike calls Draw match pot; Fred wins the first hand, Ann wins the last round (P5)."""
    services.game_call(session=night.session, game="draw-match-pot", dealer=named("Mike"),
                       key=new_key())
    services.hand_enter(session=night.session, key=new_key(), hand=HandInput.from_json({
        "pot": "3.00", "players": [{"name": "Fred", "won": ["high"]}, {"name": "Ann"},
                                   {"name": "Gus"}]}))
    services.hand_enter(session=night.session, key=new_key(), hand=HandInput.from_json({
        "last_round": True, "players": [{"name": "Fred"}, {"name": "Ann", "won": ["high"]},
                                        {"name": "Gus"}]}))
    return night


def test_each_hand_is_named_by_its_game(client, match_pot, players):
    html = _phone(client, players["Ann"])
    assert "#1 Draw match pot" in html and "#2 Draw match pot" in html
    assert "the dealer&#x27;s game" not in html and "draw-match-pot" not in html


def test_a_last_round_loser_pays_the_winner_directly_P5(client, match_pot, players):
    html = _phone(client, players["Fred"])
    second = html[html.index('id="hand-2"'):]
    assert "you pay Ann <span class=\"money neg\">$6.00</span> directly" in second
    assert "into the next pot" not in second
    ann = _phone(client, players["Ann"])
    second = ann[ann.index('id="hand-2"'):]
    assert "Fred pays you <span class=\"money\">$6.00</span> directly" in second
    assert "Gus pays you" in second and "into the next pot" not in second


def test_the_whole_explanation_is_shown(client, match_pot, players):
    from ledger.models import Entry
    from ledger.templatetags.rule_words import words_only

    first = Entry.objects.filter(kind=EntryKind.HAND).order_by("id").first()
    html = _phone(client, players["Gus"])   # Gus lost: the winner's lines are there too
    for line in first.payload["result"]["explain"]:   # in words: no rule ids on a phone (P3)
        assert words_only(line).replace("'", "&#x27;") in html
    assert "(P3)" not in html


def test_a_house_game_is_named_by_its_own_name(client, night, players):
    from rules.games.registry import get_game

    sol = {**get_game("big-sol").to_json(), "id": "house-sol", "name": "Sol of the house"}
    services.game_call(session=night.session, game=sol, dealer=named("Fred"), key=new_key())
    services.hand_record(session=night.session, pot=cents("2.00"), awards=amounts({"Ann": "2.00"}),
                         key=new_key())
    html = _phone(client, players["Ann"])
    assert "#1 Sol of the house" in html
