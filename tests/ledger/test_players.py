"""Players and their bank-note identifiers (B4, B9): bad input is refused, nothing written."""

import pytest
from ledger_night import make_player, new_key

from ledger import services
from ledger.models import Player
from ledger.services import LedgerError

pytestmark = pytest.mark.django_db


def test_a_guest_records_the_regular_who_invited_them_B9(players):
    assert players["Gus"].invited_by == players["Fred"]
    assert not players["Gus"].regular
    assert len(players["Gus"].balance_token) >= 30


def test_each_player_gets_a_different_unguessable_balance_token(players):
    tokens = {p.balance_token for p in players.values()}
    assert len(tokens) == 4


def test_a_duplicate_note_identifier_is_refused_B4(players):
    with pytest.raises(LedgerError, match="BOF is already Fred's bank-note identifier"):
        make_player("Frank", "bof")
    assert not Player.objects.filter(name="Frank").exists()


def test_bog_is_reserved_for_the_host_B4(db):
    with pytest.raises(LedgerError, match="BOG is reserved for the host"):
        make_player("Bob", "BOG")
    assert Player.objects.count() == 0


def test_a_second_host_is_refused(players):
    with pytest.raises(LedgerError, match="already has a host"):
        make_player("Hal", "BOH", is_host=True)


def test_a_guest_without_an_inviter_is_refused_B9(db):
    with pytest.raises(LedgerError, match="a guest needs the regular who invited them"):
        make_player("Zed", "BOZ", regular=False)
    assert Player.objects.count() == 0


def test_a_guest_invited_by_an_unknown_player_is_refused(players):
    with pytest.raises(LedgerError, match="There is no player 'Nobody'"):
        make_player("Zed", "BOZ", regular=False, invited_by="Nobody")


def test_a_guest_cannot_invite_a_guest_B9(players):
    with pytest.raises(LedgerError, match="Gus is a guest too"):
        make_player("Zed", "BOZ", regular=False, invited_by="Gus")


@pytest.mark.parametrize("note_id", ["", "B O F", "1AB", "TOOLONGID"])
def test_a_malformed_note_identifier_is_refused(db, note_id):
    with pytest.raises(LedgerError, match="is not a bank-note identifier"):
        make_player("Zed", note_id)


def test_the_same_key_twice_creates_one_player_R1(db):
    key = new_key()
    first = services.player_create(name="Zed", note_id="BOZ", key=key)
    again = services.player_create(name="Zed", note_id="BOZ", key=key)
    assert first == again and Player.objects.count() == 1


@pytest.mark.parametrize("name", ["fred", "FRED", "  fReD "])
def test_a_name_that_differs_only_in_capitals_is_refused(players, name):
    with pytest.raises(LedgerError, match="already a player called Fred, and names that differ "
                                          "only in capitals count as the same"):
        make_player(name, "BOFR")
    assert Player.objects.filter(name__iexact="fred").count() == 1


def test_the_database_refuses_a_name_that_differs_only_in_capitals(players):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name="ann", note_id="BOAN")
    assert Player.objects.filter(name__iexact="ann").count() == 1
