"""A player's nights and the season (selectors.player_history, selectors.season): the same
figures as each night's settle-up, THE BOOK after each night, in a bounded number of queries."""

import datetime

import pytest
from ledger_night import PlayedNight, named, new_key, people
from test_worked_night import play_worked_night

from ledger import selectors, services
from ledger.models import Player
from rules.money import parse_cents

pytestmark = pytest.mark.django_db


def play_host_away_night() -> PlayedNight:
    """A second night, host away (surrogate book, B7): notes voided, a chip lost."""
    night = PlayedNight(services.night_open(date=datetime.date(2026, 11, 28), banker=named("Fred"),
                                        host_present=False, seating=people(["Ann", "Gus", "Mike"]),
                                        key=new_key("open")))
    night.buy("Fred", "20.00")
    night.buy("Ann", "10.00", paid="note")
    night.buy("Gus", "5.00", paid="note", seller="Fred")
    night.cashout("Fred", green=4, black=1)                    # 21.00
    night.cashout("Ann", black=8, yellow=1, blue=1)            # 8.75
    night.cashout("Gus")                                       # nothing left
    night.count_difference("0.25", "a blue chip under the table")
    night.final_pot("Fred")
    night.void("Ann")
    night.void("Gus")
    night.close()
    return night


@pytest.fixture
def two_nights(night):
    play_worked_night(night)
    return night, play_host_away_night()


def _report_row(night, name):
    return next((r for r in night.report()["players"] if r["name"] == name), None)


@pytest.mark.parametrize("name", ["Mike", "Fred", "Ann", "Gus"])
def test_a_players_nights_match_each_nights_settle_up(two_nights, name):
    player = Player.objects.get(name=name)
    history = selectors.player_history(player)
    assert [n.session for n in history] == [two_nights[0].session, two_nights[1].session]
    for result, night in zip(history, two_nights, strict=True):
        row = _report_row(night, name)
        assert result.net == parse_cents(row["net"])
        assert result.cashed_out == parse_cents(row["cashed_out"])
        assert result.bought == sum(parse_cents(row[k]) for k in
                                    ("bought_cash", "bought_note", "bought_book"))
        assert result.book_after == parse_cents(row["book_after"])


def test_a_nights_book_after_stays_what_it_was_when_later_nights_move_the_book(two_nights):
    first = selectors.player_history(Player.objects.get(name="Ann"))[0]
    assert first.book_after == -1300   # the worked night: Ann owes Mike 13.00
    services.surrogate_book_merge(session=two_nights[1].session, key=new_key())
    assert selectors.player_history(Player.objects.get(name="Ann"))[0].book_after == -1300


def test_an_open_night_is_not_in_the_history_yet(night):
    night.buy("Fred", "20.00")
    assert selectors.player_history(Player.objects.get(name="Fred")) == []


def test_the_season_adds_up_each_players_nights(two_nights):
    lines = {ln.player.name: ln for ln in selectors.season()}
    assert set(lines) == {"Mike", "Fred", "Ann", "Gus"}
    fred = lines["Fred"]
    assert fred.played == 2
    assert fred.net == sum(parse_cents(_report_row(n, "Fred")["net"]) for n in two_nights)
    assert fred.book_now == selectors.player_book_balance(fred.player)
    assert sum(ln.net for ln in lines.values()) == 0   # closed nights' nets sum to zero
    assert selectors.season(2025) == []
    assert selectors.season_years() == [2026]


def test_history_and_season_take_a_fixed_number_of_queries(two_nights,
                                                           django_assert_max_num_queries):
    fred = Player.objects.get(name="Fred")
    with django_assert_max_num_queries(9):
        selectors.player_history(fred)
    with django_assert_max_num_queries(10):
        selectors.season()
    for day in (5, 12):   # more nights, the same number of queries
        n = PlayedNight(services.night_open(date=datetime.date(2026, 12, day), banker=named("Mike"),
                                        seating=people(["Fred"]), key=new_key("open")))
        n.buy("Fred", "5.00")
        n.cashout("Fred", green=1)
        n.close()
    with django_assert_max_num_queries(9):
        assert len(selectors.player_history(fred)) == 4
    with django_assert_max_num_queries(10):
        selectors.season()
