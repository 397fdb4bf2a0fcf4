"""Bank notes at the end of the night: committed into THE BOOK or void (B5)."""

import pytest
from ledger_night import named, new_key

from ledger import selectors, services
from ledger.services import LedgerError

pytestmark = pytest.mark.django_db


@pytest.fixture
def noted(night):
    """Fred bought 10 with a note to the bank; Gus bought 5 from Fred with a note to Fred."""
    night.buy("Fred", "10.00", paid="note")
    night.buy("Gus", "5.00", paid="note", seller="Fred")
    return night


def test_a_bank_note_names_its_debtor_amount_and_holder_as_the_banker_writes_them_B4(noted):
    notes = [str(note) for note, _ in selectors.open_notes(noted.session)]
    assert notes == ["BOF 10.00 held by the bank", "BOGU 5.00 held by Fred"]


def test_committing_a_bank_note_puts_the_debt_in_the_book_owed_to_the_banker_B5(noted):
    noted.commit("Fred")
    assert noted.row("Fred")["book_after"] == "-10.00"
    assert noted.row("Mike")["book_after"] == "10.00"
    assert [n.debtor.name for n, _ in selectors.open_notes(noted.session)] == ["Gus"]


def test_committing_a_note_a_player_holds_makes_the_debtor_owe_the_holder_B5(noted):
    noted.commit("Gus", holder="Fred")
    assert noted.row("Gus")["book_after"] == "-5.00"
    assert noted.row("Fred")["book_after"] == "5.00"


def test_voiding_a_note_costs_its_holder_B5(noted):
    noted.cashout("Gus", green=1)           # the box is empty: the banker owes Gus 5
    noted.void("Gus")                       # Fred held Gus's note: he loses it
    noted.cashout("Fred", green=1)          # Fred is owed 5 for his chips
    noted.void("Fred")                      # the bank held Fred's note: the banker loses it
    assert selectors.night_dashboard(noted.session).open_notes == []
    assert noted.row("Fred")["book_after"] == "5.00"
    assert noted.row("Gus")["book_after"] == "5.00"
    assert noted.row("Mike")["book_after"] == "-10.00"


def test_a_player_with_no_open_note_is_refused(noted):
    with pytest.raises(LedgerError, match="Ann has no open bank note"):
        services.note_commit(session=noted.session, player=named("Ann"), key=new_key())


def test_a_note_can_be_picked_by_holder(noted):
    with pytest.raises(LedgerError, match="Gus has no open bank note held by bank"):
        services.note_void(session=noted.session, player=named("Gus"), holder=None, key=new_key())
    noted.commit("Fred", holder="bank")
    assert len(selectors.open_notes(noted.session)) == 1
