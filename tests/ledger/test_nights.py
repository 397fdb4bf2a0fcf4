"""Opening a night: the banker deals first and the others sit to the left (B1)."""

import datetime

import pytest
from ledger_night import named, new_key, open_night, people

from ledger import services
from ledger.models import IdempotencyKey, Night, Seat
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


def test_the_host_cannot_be_away_when_banking(players):
    with pytest.raises(LedgerError, match="the host is present"):
        services.night_open(date=datetime.date(2026, 11, 21), banker=named("Mike"),
                              host_present=False, key=new_key())


# ---- one open session at a time ----
def test_a_second_session_is_refused_while_one_is_open_naming_it(players):
    open_night()  # Mike banks Sat Nov 21, 2026
    before = (Night.objects.count(), Seat.objects.count(), IdempotencyKey.objects.count())
    with pytest.raises(LedgerError) as refused:
        services.night_open(date=datetime.date(2026, 11, 28), banker=named("Fred"),
                              seating=people(["Ann"]), key=new_key())
    message = str(refused.value)
    assert "Saturday, November 21, 2026" in message and "banker Mike" in message
    assert "still open" in message and "close it" in message
    after = (Night.objects.count(), Seat.objects.count(), IdempotencyKey.objects.count())
    assert after == before


def test_a_repeated_tap_on_open_replays_the_first_session_instead_of_refusing(players):
    key = new_key()
    first = services.night_open(date=datetime.date(2026, 11, 21), banker=named("Mike"), key=key)
    again = services.night_open(date=datetime.date(2026, 11, 21), banker=named("Mike"), key=key)
    assert again.pk == first.pk and Night.objects.count() == 1


def test_a_new_session_opens_once_the_last_one_is_closed(players):
    first = open_night(seating=())
    first.close()
    second = services.night_open(date=datetime.date(2026, 11, 28), banker=named("Fred"),
                                   key=new_key())
    assert second.is_open and Night.objects.filter(status="open").count() == 1


# ---- reseating before the first hand (B1) ----
def _order(session):
    return list(Seat.objects.filter(session=session).order_by("position")
                .values_list("player__name", flat=True))


def test_the_banker_reorders_the_seats_before_the_first_hand_B1(players):
    night = open_night(seating=["Fred", "Ann", "Gus"])
    night.buy("Ann", "10.00")  # chips move, but no hand yet
    services.night_seating_set(session=night.session, order=people(["Mike", "Gus", "Fred",
                                                                      "Ann"]),
                                 key=new_key())
    assert _order(night.session) == ["Mike", "Gus", "Fred", "Ann"]


def test_the_seats_stay_once_a_hand_is_recorded_B1(players):
    night = open_night(seating=["Fred", "Ann"])
    night.buy("Ann", "5.00")
    night.hand("0.50", {"Fred": "0.50"}, {"Ann": "0.50"})
    with pytest.raises(LedgerError, match="hand has already been recorded"):
        services.night_seating_set(session=night.session, order=people(["Mike", "Ann", "Fred"]),
                                     key=new_key())
    assert _order(night.session) == ["Mike", "Fred", "Ann"]


@pytest.mark.parametrize(("order", "says"), [
    (["Fred", "Mike", "Ann"], "deals first"),
    (["Mike", "Fred"], "leaves out Ann"),
    (["Mike", "Fred", "Ann", "Gus"], "Gus is not seated"),
    (["Mike", "Fred", "Fred", "Ann"], "Fred is named twice"),
])
def test_a_seating_that_moves_the_banker_or_changes_the_table_is_refused_B1(players, order,
                                                                             says):
    night = open_night(seating=["Fred", "Ann"])
    with pytest.raises(LedgerError, match=says):
        services.night_seating_set(session=night.session, order=people(order), key=new_key())
    assert _order(night.session) == ["Mike", "Fred", "Ann"]


def test_the_same_reseating_tapped_twice_replays_R2(players):
    night = open_night(seating=["Fred", "Ann"])
    key = new_key()
    for _ in range(2):
        services.night_seating_set(session=night.session, order=people(["Mike", "Ann", "Fred"]),
                                     key=key)
    assert _order(night.session) == ["Mike", "Ann", "Fred"]
