"""Penalties and hands move chips through the table pot (B11, P2, P3)."""

import pytest
from ledger_night import new_key

from ledger import selectors, services
from ledger.models import Entry
from ledger.services import LedgerError

pytestmark = pytest.mark.django_db


@pytest.fixture
def stacked(night):
    night.buy("Fred", "10.00")
    night.buy("Ann", "10.00")
    return night


def test_a_penalty_puts_twenty_cents_into_the_pot_B11(stacked):
    stacked.penalty("Ann")
    assert stacked.chips("Ann") == 980
    assert selectors.session_dashboard(stacked.session).table_pot == 20


def test_a_penalty_of_another_amount_is_refused_B11(stacked):
    with pytest.raises(LedgerError, match="is \\$0.20"):
        services.penalty_record(session=stacked.session, player="Ann", amount="0.25",
                                key=new_key())


def test_a_hand_moves_the_stakes_to_the_winner_and_carries_the_rest_P2(stacked):
    stacked.hand("2.05", {"Fred": "1.00", "Ann": "1.00"}, {"Fred": "1.05", "Ann": "1.00"},
                 carry="0.05")
    assert (stacked.chips("Fred"), stacked.chips("Ann")) == (995, 1000)
    assert selectors.session_dashboard(stacked.session).table_pot == 5


def test_awards_and_carry_must_make_the_pot(stacked):
    before = Entry.objects.count()
    with pytest.raises(LedgerError, match="does not make the pot of \\$2.00"):
        services.hand_record(session=stacked.session, pot="2.00", awards={"Fred": "1.50"},
                             owes={"Ann": "2.00"}, carry="0.00", key=new_key())
    assert Entry.objects.count() == before


def test_chips_that_are_not_in_the_pot_cannot_be_awarded(stacked):
    with pytest.raises(LedgerError, match="the pot holds \\$1.00"):
        services.hand_record(session=stacked.session, pot="3.00", awards={"Fred": "3.00"},
                             owes={"Ann": "1.00"}, key=new_key())


def test_a_player_cannot_stake_more_than_they_hold(stacked):
    with pytest.raises(LedgerError, match="Ann holds only \\$10.00"):
        services.hand_record(session=stacked.session, pot="11.00", awards={"Fred": "11.00"},
                             owes={"Ann": "11.00"}, key=new_key())


def test_hand_amounts_are_whole_white_chips_B10(stacked):
    with pytest.raises(LedgerError, match="not a multiple of \\$0.05"):
        services.hand_record(session=stacked.session, pot="1.02", awards={"Fred": "1.02"},
                             owes={"Ann": "1.02"}, key=new_key())


def test_the_night_has_one_warning_for_jumping_the_bet_not_one_per_player_B11(stacked):
    assert not selectors.session_dashboard(stacked.session).warning_given
    services.warning_record(session=stacked.session, player="Ann", key=new_key())
    assert selectors.session_dashboard(stacked.session).warning_given
    with pytest.raises(LedgerError, match="already given \\(to Ann\\)"):
        services.warning_record(session=stacked.session, player="Fred", key=new_key())
    stacked.penalty("Fred")
    assert stacked.chips("Fred") == 980 and stacked.chips("Ann") == 1000
