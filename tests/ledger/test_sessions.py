"""Opening a night: the banker deals first and the others sit to the left (B1)."""

import datetime

import pytest
from ledger_night import new_key, open_night

from ledger import services
from ledger.models import PokerSession, Seat
from ledger.services import LedgerError

pytestmark = pytest.mark.django_db


def test_the_banker_takes_the_first_seat_B1(players):
    night = open_night(banker="Fred", seating=["Ann", "Fred", "Mike"])
    order = list(Seat.objects.filter(session=night.session).values_list("player__name", flat=True))
    assert order == ["Fred", "Ann", "Mike"]


def test_a_buyer_who_was_not_seated_sits_down_at_the_left_end_B1(players):
    night = open_night(seating=["Fred"])
    night.buy("Ann", "5.00")
    order = list(Seat.objects.filter(session=night.session).values_list("player__name", flat=True))
    assert order == ["Mike", "Fred", "Ann"]


def test_the_night_remembers_the_book_it_opened_with(players):
    first = open_night()
    first.buy("Ann", "10.00", paid="book")
    first.buy("Fred", "10.00")
    first.hand("5.00", {"Fred": "5.00"}, {"Ann": "5.00"})
    first.cashout("Fred", green=3)
    first.cashout("Ann", green=1)
    first.close()
    second = open_night()
    assert second.session.book_before == {"Ann": "-5.00", "Fred": "5.00"}


def test_an_unknown_banker_is_refused(players):
    with pytest.raises(LedgerError, match="There is no player 'Zed'"):
        services.session_open(date="2026-11-21", banker="Zed", key=new_key())
    assert not PokerSession.objects.exists()


def test_a_bad_date_is_refused(players):
    with pytest.raises(LedgerError, match="is not a date"):
        services.session_open(date="21/11/2026", banker="Mike", key=new_key())


def test_the_host_cannot_be_away_when_banking(players):
    with pytest.raises(LedgerError, match="the host is present"):
        services.session_open(date=datetime.date(2026, 11, 21), banker="Mike",
                              host_present=False, key=new_key())
