"""Cash-out by chip colour (B10, B12): whole dollars paid, odd chips to the final pot, the rest
owed when the cash box runs dry."""

import pytest
from ledger_night import new_key

from ledger import selectors, services
from ledger.models import Entry, Posting
from ledger.services import LedgerError

pytestmark = pytest.mark.django_db


def test_chip_values_follow_the_house_colours_B10():
    assert services.chip_total({"white": 1, "red": 1, "blue": 1, "yellow": 1, "black": 1,
                                "green": 1}) == 5 + 10 + 25 + 50 + 100 + 500


def test_whole_dollars_are_paid_and_odd_chips_go_to_the_final_pot_B12(night):
    night.buy("Fred", "10.00")
    night.buy("Ann", "10.00")
    night.hand("0.35", {"Fred": "0.35"}, {"Ann": "0.35"})
    night.cashout("Fred", green=2, blue=1, red=1)  # 10.35
    dash = selectors.session_dashboard(night.session)
    assert (dash.cash_box, dash.final_pot) == (1000, 35)
    assert night.row("Fred")["cashed_out"] == "10.00"


def test_the_bank_pays_cash_as_far_as_the_box_goes_and_owes_the_rest(night):
    night.buy("Fred", "10.00", paid="note")
    night.buy("Ann", "10.00")
    night.hand("5.00", {"Fred": "5.00"}, {"Ann": "5.00"})
    night.cashout("Fred", green=3)
    assert selectors.session_dashboard(night.session).cash_box == 0
    assert night.row("Fred")["book_after"] == "5.00"   # the banker owes him what the box lacked
    assert night.row("Mike")["book_after"] == "-5.00"


@pytest.mark.parametrize(
    ("chips", "message"),
    [
        ({"green": 3}, "Fred holds \\$10.00 in chips; this count comes to \\$15.00"),
        ({"purple": 1}, "'purple' is not a chip colour"),
        ({"black": -1}, "must be a whole number of 0 or more"),
        ({"black": "2"}, "must be a whole number"),
        ({}, "count at least one chip"),
    ],
)
def test_a_bad_count_is_refused_and_nothing_is_written(night, chips, message):
    night.buy("Fred", "10.00")
    before = Posting.objects.count()
    with pytest.raises(LedgerError, match=message):
        services.cashout_create(session=night.session, player="Fred", chips=chips,
                                key=new_key())
    assert Posting.objects.count() == before


def test_cashing_out_more_chips_than_exist_is_refused_R4(night):
    night.buy("Fred", "10.00")
    night.cashout("Fred", green=2)
    with pytest.raises(LedgerError, match="Fred holds \\$0.00 in chips"):
        services.cashout_create(session=night.session, player="Fred", chips={"black": 1},
                                key=new_key())


def test_the_final_pot_goes_to_the_winner_once_every_chip_is_in_B12(night):
    night.buy("Fred", "10.00")
    night.buy("Ann", "10.00")
    night.hand("0.50", {"Fred": "0.50"}, {"Ann": "0.50"})
    night.cashout("Fred", green=2, yellow=1)
    with pytest.raises(LedgerError, match="still out"):
        services.final_pot_award(session=night.session, winner="Ann", key=new_key())
    night.cashout("Ann", black=9, yellow=1)
    night.final_pot("Ann")
    assert night.row("Ann")["final_pot"] == "1.00"
    assert night.row("Ann")["net"] == "0.00"
    assert night.row("Fred")["net"] == "0.00"


def test_an_empty_final_pot_cannot_be_won(night):
    with pytest.raises(LedgerError, match="final pot is empty"):
        services.final_pot_award(session=night.session, winner="Ann", key=new_key())
    assert not Entry.objects.filter(kind=Entry.FINAL_POT).exists()
