"""THE BOOK across nights: payments, and the surrogate book of a host-less night (B6, B7)."""

import pytest
from ledger_night import cents, named, new_key, open_night

from ledger import selectors, services
from ledger.posting.accounts import EntryKind
from ledger.services import LedgerError

pytestmark = pytest.mark.django_db


def test_a_payment_moves_both_book_balances(night):
    night.buy("Ann", "10.00", paid="book")
    night.pay("Ann", "bank", "4.00")
    assert night.row("Ann")["book_after"] == "-6.00"
    assert night.row("Mike")["book_after"] == "6.00"


def test_a_player_cannot_pay_themselves(night):
    with pytest.raises(LedgerError, match="cannot pay themselves"):
        services.payment_record(session=night.session, player=named("Ann"), to=named("Ann"),
                                amount=cents("1.00"),
                                key=new_key())


def test_the_surrogate_book_reaches_the_book_only_by_an_explicit_merge_B7(players):
    night = open_night(banker="Fred", host_present=False, seating=["Ann"])
    night.buy("Ann", "10.00", paid="book")
    night.buy("Gus", "10.00")
    night.hand("10.00", {"Gus": "10.00"}, {"Ann": "10.00"})
    night.cashout("Gus", green=4)
    night.cashout("Ann")
    night.close()
    assert selectors.the_book() == []
    merge = night.merge()
    assert merge.kind == EntryKind.MERGE
    assert {p.name: c for p, c in selectors.the_book()} == {"Ann": -1000, "Gus": 1000}
    with pytest.raises(LedgerError, match="empty or already merged"):
        services.surrogate_book_merge(session=night.session, key=new_key())


def test_a_night_with_the_host_has_no_surrogate_book_B7(night):
    with pytest.raises(LedgerError, match="no surrogate book"):
        services.surrogate_book_merge(session=night.session, key=new_key())
