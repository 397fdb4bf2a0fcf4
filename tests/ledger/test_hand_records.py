"""Penalties and hands are the table's record (B11, P2, P3): checked and stored, no bank money."""

import pytest
from ledger_night import amounts, cents, named, new_key

from ledger import selectors, services
from ledger.models import Entry, Posting
from ledger.services import LedgerError

pytestmark = pytest.mark.django_db


@pytest.fixture
def stacked(night):
    night.buy("Fred", "10.00")
    night.buy("Ann", "10.00")
    return night


def test_a_penalty_puts_twenty_cents_into_the_pot_and_moves_no_bank_money_B11(stacked):
    before = Posting.objects.count()
    stacked.penalty("Ann")
    dash = selectors.night_dashboard(stacked.session)
    assert (dash.table_pot, dash.chips_outstanding) == (20, 2000)
    assert Posting.objects.count() == before


def test_a_penalty_of_another_amount_is_refused_B11(stacked):
    with pytest.raises(LedgerError, match="is \\$0.20"):
        services.penalty_record(session=stacked.session, player=named("Ann"), amount=cents("0.25"),
                                key=new_key())


def test_a_hand_is_recorded_with_its_carry_and_moves_no_bank_money_P2(stacked):
    before = Posting.objects.count()
    hand = stacked.hand("2.05", {"Fred": "1.00", "Ann": "1.00"},
                        {"Fred": "1.05", "Ann": "1.00"}, carry="0.05")
    # the next pot: the 0.05 carried plus what the hand's losers owe into it (P3)
    assert selectors.night_dashboard(stacked.session).table_pot == 5 + 205
    assert Posting.objects.count() == before
    assert hand.payload["awards"] == {"Fred": "1.00", "Ann": "1.00"}


def test_awards_and_carry_must_make_the_pot(stacked):
    before = Entry.objects.count()
    with pytest.raises(LedgerError, match="does not make the pot of \\$2.00"):
        services.hand_record(session=stacked.session, pot=cents("2.00"),
                             awards=amounts({"Fred": "1.50"}),
                             owes=amounts({"Ann": "2.00"}), carry=cents("0.00"), key=new_key())
    assert Entry.objects.count() == before


def test_awards_larger_than_the_pot_are_refused_not_carried_below_zero(stacked):
    before = Entry.objects.count()
    with pytest.raises(LedgerError, match="\\$10.00 awarded is more than the pot of \\$0.05"):
        services.hand_record(session=stacked.session, pot=cents("0.05"),
                             awards=amounts({"Fred": "10.00"}),
                             key=new_key())
    assert Entry.objects.count() == before


def test_a_hand_may_stake_more_than_a_player_bought_from_the_bank(stacked):
    stacked.hand("30.00", {"Fred": "30.00"}, {"Ann": "15.00", "Fred": "15.00"})
    assert selectors.night_dashboard(stacked.session).chips_outstanding == 2000


def test_hand_amounts_are_whole_white_chips_B10(stacked):
    with pytest.raises(LedgerError, match="not a multiple of \\$0.05"):
        services.hand_record(session=stacked.session, pot=cents("1.02"),
                             awards=amounts({"Fred": "1.02"}),
                             owes=amounts({"Ann": "1.02"}), key=new_key())


def test_the_night_has_one_warning_for_jumping_the_bet_not_one_per_player_B11(stacked):
    assert not selectors.night_dashboard(stacked.session).warning_given
    services.warning_record(session=stacked.session, player=named("Ann"), key=new_key())
    assert selectors.night_dashboard(stacked.session).warning_given
    with pytest.raises(LedgerError, match="already given \\(to Ann\\)"):
        services.warning_record(session=stacked.session, player=named("Fred"), key=new_key())
    stacked.penalty("Fred")
    assert selectors.night_dashboard(stacked.session).table_pot == 20
