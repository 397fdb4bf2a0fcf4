"""The night's journal tells calls and hands as the hand page does: each game by its name and
each hand with the rules' whole explanation (the winner's line included)."""

import pytest
from django.urls import reverse
from ledger_night import named

from ledger import services
from ledger.forms import new_key
from ledger.models import Entry
from ledger.posting.accounts import EntryKind
from rules.games.hand_types import HandInput

pytestmark = pytest.mark.django_db


def _match_pot_night(night):
    services.game_call(session=night.session, game="draw-match-pot", dealer=named("Fred"),
                       key=new_key())
    return services.hand_enter(session=night.session, key=new_key(), hand=HandInput.from_json({
        "pot": "3.00", "players": [{"name": "Fred", "won": ["high"]}, {"name": "Ann"},
                                   {"name": "Gus"}]}))


def _journal(client, night, **query) -> str:
    return client.get(reverse("night_entries", args=[night.session.pk]),
                      query).content.decode()


def test_a_call_names_the_game(banker_client, night):
    _match_pot_night(night)
    html = _journal(banker_client, night)
    assert "Fred calls Draw match pot" in html and "draw-match-pot" not in html


def test_a_hands_whole_explanation_is_in_the_journal(banker_client, night):
    hand = _match_pot_night(night)
    explain = hand.payload["result"]["explain"]
    assert len(explain) > 3 and any(line.startswith("Fred") for line in explain[:-3])
    html = _journal(banker_client, night).replace("&#x27;", "'")
    assert "Hand of Draw match pot: " + " ".join(explain) in html
    csv = _journal(banker_client, night, _export="csv")
    assert "Fred calls Draw match pot" in csv and explain[0] in csv


def test_new_memos_name_the_game(night):
    hand = _match_pot_night(night)
    call = Entry.objects.get(kind=EntryKind.CALL)
    assert call.memo == "Fred calls Draw match pot"
    assert hand.memo.startswith("hand of Draw match pot: ")
    assert hand.memo.endswith(" ".join(hand.payload["result"]["explain"]))
