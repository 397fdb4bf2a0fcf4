"""Cash-out by chip colour (B10, B12): whole dollars paid, odd chips to the final pot, the rest
owed when the cash box runs dry."""

import pytest
from ledger_night import cents, named, new_key

from ledger import selectors, services
from ledger.models import Entry, Posting
from ledger.posting.accounts import EntryKind
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
    dash = selectors.night_dashboard(night.session)
    assert (dash.cash_box, dash.final_pot) == (1000, 35)
    assert night.row("Fred")["cashed_out"] == "10.00"


def test_the_bank_pays_cash_as_far_as_the_box_goes_and_owes_the_rest(night):
    night.buy("Fred", "10.00", paid="note")
    night.buy("Ann", "10.00")
    night.hand("5.00", {"Fred": "5.00"}, {"Ann": "5.00"})
    night.cashout("Fred", green=3)
    assert selectors.night_dashboard(night.session).cash_box == 0
    assert night.row("Fred")["book_after"] == "5.00"   # the banker owes him what the box lacked
    assert night.row("Mike")["book_after"] == "-5.00"


@pytest.mark.parametrize(
    ("chips", "message"),
    [
        ({"green": 3}, "Fred's count comes to \\$15.00, but the bank has only \\$10.00 in "
                       "chips out tonight"),
        ({"purple": 1}, "'purple' is not a chip colour"),
        ({"black": -1}, "must be a whole number of 0 or more"),
        ({"black": "2"}, "must be a whole number"),
    ],
)
def test_a_bad_count_is_refused_and_nothing_is_written(night, chips, message):
    night.buy("Fred", "10.00")
    before = Posting.objects.count()
    with pytest.raises(LedgerError, match=message):
        services.cashout_create(session=night.session, player=named("Fred"), chips=chips,
                                key=new_key())
    assert Posting.objects.count() == before


def test_cashing_out_more_chips_than_exist_is_refused_R4(night):
    night.buy("Fred", "10.00")
    night.cashout("Fred", green=2)
    with pytest.raises(LedgerError, match="only \\$0.00 in chips out tonight"):
        services.cashout_create(session=night.session, player=named("Fred"), chips={"black": 1},
                                key=new_key())


def test_a_winner_cashes_out_more_than_they_bought_B12(night):
    """Chips change hands at the table without the bank: only the count at cash-out is true."""
    night.buy("Fred", "10.00")
    night.buy("Ann", "10.00")
    night.cashout("Fred", green=3, black=3, blue=2, red=1, white=1)   # 18.65, bought 10.00
    dash = selectors.night_dashboard(night.session)
    assert (dash.chips_outstanding, dash.cash_box, dash.final_pot) == (135, 200, 65)
    assert night.row("Fred")["cashed_out"] == "18.00"


def test_a_player_who_lost_everything_cashes_out_nothing(night):
    night.buy("Ann", "10.00")
    night.buy("Fred", "10.00")
    night.cashout("Ann")                                  # an empty count: one tap
    night.cashout("Fred", green=4)
    assert selectors.not_cashed_out(night.session) == []
    assert night.row("Ann")["net"] == "-10.00"
    assert Entry.objects.filter(kind=EntryKind.CASHOUT, player__name="Ann").get().payload == {
        "type": "cashout", "player": "Ann", "chips": {}}


def test_penalties_and_recorded_hands_never_limit_a_cash_out_B11(night):
    night.buy("Fred", "5.00")
    night.buy("Ann", "5.00")
    night.penalty("Fred")
    night.hand("10.00", {"Ann": "10.00"}, {"Fred": "5.00", "Ann": "5.00"})
    night.cashout("Fred", green=1)                        # the hand's record does not bind him
    night.cashout("Ann", green=1)
    assert selectors.night_dashboard(night.session).chips_outstanding == 0


def test_a_count_difference_needs_a_reason_and_no_more_than_the_chips_out(night):
    night.buy("Fred", "10.00")
    night.cashout("Fred", green=1, black=4, yellow=1, blue=1)   # 9.75 of 10.00
    before = Posting.objects.count()
    with pytest.raises(LedgerError, match="Say why"):
        services.count_difference_record(session=night.session, amount=cents("0.25"), reason="  ",
                                         key=new_key())
    with pytest.raises(LedgerError, match="Only \\$0.25 in chips is still out"):
        services.count_difference_record(session=night.session, amount=cents("0.50"),
                                         reason="miscount", key=new_key())
    assert Posting.objects.count() == before
    night.count_difference("0.25", "a blue chip under the table")
    assert night.chips_out() == 0


def test_the_final_pot_goes_to_the_winner_once_everyone_cashed_out_B12(night):
    night.buy("Fred", "10.00")
    night.buy("Ann", "10.00")
    night.hand("0.50", {"Fred": "0.50"}, {"Ann": "0.50"})
    night.cashout("Fred", green=2, yellow=1)
    with pytest.raises(LedgerError, match="Ann has not cashed out yet"):
        services.final_pot_award(session=night.session, winner=named("Ann"), key=new_key())
    night.cashout("Ann", black=9, yellow=1)
    night.final_pot("Ann")
    assert night.row("Ann")["final_pot"] == "1.00"
    assert night.row("Ann")["net"] == "0.00"
    assert night.row("Fred")["net"] == "0.00"


def test_after_a_count_difference_the_final_pot_is_paid_as_it_stands_B12(night):
    night.buy("Fred", "10.00")
    night.cashout("Fred", green=1, black=4, yellow=1, blue=1)   # 9.75: 0.75 to the final pot
    night.count_difference("0.25", "a blue chip lost")
    night.final_pot("Fred")
    assert night.row("Fred")["final_pot"] == "0.75"
    night.close()
    assert night.row("Fred")["net"] == "-0.25"
    assert night.row("Mike")["net"] == "0.25"        # the bank kept what it was paid


def test_an_empty_final_pot_cannot_be_won(night):
    with pytest.raises(LedgerError, match="final pot is empty"):
        services.final_pot_award(session=night.session, winner=named("Ann"), key=new_key())
    assert not Entry.objects.filter(kind=EntryKind.FINAL_POT).exists()
