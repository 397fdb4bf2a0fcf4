"""Players and their bank-note identifiers (B4, B9): bad input is refused, nothing written."""

import pytest
from ledger_night import make_player, named, new_key

from ledger import services
from ledger.forms import PlayerForm
from ledger.house import house_in_use
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
    with pytest.raises(LedgerError, match="A guest needs the regular who invited them"):
        make_player("Zed", "BOZ", regular=False)
    assert Player.objects.count() == 0


def test_a_guest_invited_by_an_unknown_player_is_refused(players):
    """The form offers the regulars: anyone else is refused there (the services take rows)."""
    form = PlayerForm({"name": "Zed", "note_id": "BOZ", "guest": "on", "invited_by": "999",
                       "key": "k" * 20}, regulars=[(players["Fred"].pk, "Fred")])
    assert not form.is_valid() and "invited_by" in form.errors
    assert not Player.objects.filter(name="Zed").exists()


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
        Player.objects.create(house=house_in_use(), name="ann", note_id="BOAN")
    assert Player.objects.filter(name__iexact="ann").count() == 1


# ---- a new phone link, editing, retiring (services/players.py) ----

def test_a_new_link_replaces_the_old_one_R11(players):
    old = players["Ann"].balance_token
    renewed = services.player_link_renew(player=players["Ann"], key="renew-ann")
    assert renewed.balance_token != old and len(renewed.balance_token) >= 30
    assert not Player.objects.filter(balance_token=old).exists()


def test_a_repeated_tap_on_new_link_replays_the_same_link_R1(players):
    first = services.player_link_renew(player=players["Ann"], key="renew-ann")
    again = services.player_link_renew(player=players["Ann"], key="renew-ann")
    assert again.balance_token == first.balance_token
    with pytest.raises(LedgerError, match="already used"):
        services.player_link_renew(player=players["Fred"], key="renew-ann")


def test_renaming_a_player_keeps_their_nights_and_book(night):
    night.buy("Fred", "20.00", paid="book")
    services.player_update(player=night.session.seats.get(position=1).player, name="Freddie",
                           note_id="bof2", key=new_key())
    fred = Player.objects.get(name="Freddie")
    assert fred.note_id == "BOF2"
    assert night.row("Freddie")["bought_book"] == "20.00"   # the entry points at the row
    assert fred.entries.get().player_id == fred.pk


def test_an_edit_cannot_take_another_players_name_or_note_id_B4(players):
    with pytest.raises(LedgerError, match="Ann is another player"):
        services.player_update(player=players["Fred"], name="ann", note_id="BOF", key=new_key())
    with pytest.raises(LedgerError, match="BOA is already Ann's"):
        services.player_update(player=players["Fred"], name="Fred", note_id="BOA", key=new_key())
    with pytest.raises(LedgerError, match="BOG is already Mike's"):
        services.player_update(player=players["Fred"], name="Fred", note_id="BOG", key=new_key())
    with pytest.raises(LedgerError, match="always BOG"):
        services.player_update(player=players["Mike"], name="Mike", note_id="BOM", key=new_key())
    assert Player.objects.get(pk=players["Fred"].pk).note_id == "BOF"


def test_a_retired_player_keeps_their_book_and_can_come_back(players):
    retired = services.player_retire(player=players["Ann"], key=new_key())
    assert retired.retired
    back = services.player_retire(player=players["Ann"], retired=False, key=new_key())
    assert not back.retired


def test_a_player_at_tonights_table_is_not_retired(night):
    with pytest.raises(LedgerError, match="sits at tonight's table"):
        services.player_retire(player=named("Ann"), key=new_key())
    assert not Player.objects.get(name="Ann").retired
