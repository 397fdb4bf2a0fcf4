"""What the night file's import re-reads under its lock (ledger/selectors/import_basis.py):
only what a plan depends on, in a few small queries, and in words when it changed."""

import datetime

import pytest
from ledger_night import new_key

from ledger import services
from ledger.models import Player
from ledger.selectors.import_basis import import_basis, what_changed


@pytest.fixture
def two(db):
    ann = services.player_create(name="Ann", note_id="BA", key=new_key())
    bob = services.player_create(name="Bob", note_id="BB", key=new_key())
    services.book_opening(balances={ann: 500, bob: -500}, key=new_key())
    return ann, bob


def test_nothing_changed(two):
    before = import_basis()
    assert what_changed(before, creating=[("Cal", "BC")]) is None


def test_a_new_player_matters_only_when_the_plan_creates_the_name_or_the_identifier(two):
    before = import_basis()
    services.player_create(name="Tablet", note_id="TT", key=new_key())
    assert what_changed(before, creating=[("Cal", "BC")]) is None
    assert what_changed(before, creating=[("TABLET", "BC")]) == "a player Tablet was added"
    assert what_changed(before, creating=[("Cal", "TT")]) == "a player Tablet was added"


def test_a_player_here_changed_always_matters(two):
    before = import_basis()
    services.player_update(player=two[1], name="Robert", note_id="BB", key=new_key())
    assert what_changed(before) == "the player Bob was changed"


def test_the_book_is_read_again_only_when_the_journal_moved(two, django_assert_max_num_queries):
    ann, bob = two
    before = import_basis()
    with django_assert_max_num_queries(3):      # players, the open night, the journal's tip
        assert what_changed(before) is None
    services.book_payment(player=bob, to=ann, amount=500, key=new_key())
    assert what_changed(before) == "THE BOOK was written"
    services.book_payment(player=ann, to=bob, amount=500, key=new_key())
    assert what_changed(before) is None         # the journal moved; THE BOOK is as it was


def test_a_night_opened_meanwhile(two):
    before = import_basis()
    services.night_open(date=datetime.date(2026, 11, 21), banker=Player.objects.get(name="Ann"),
                          key=new_key())
    assert what_changed(before) == "a night was opened"
