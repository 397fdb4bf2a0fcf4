"""Every write moves a version (ledger/services/versions.py), so nothing the site keeps or
lets a phone keep outlives a write: the parts the phones and the tablet poll answer 304 only
while nothing was written (views/conditional.py), and the parts kept under the closed nights'
version (the phone's latest nights, the season's rows and charts) are the same as freshly
computed ones after every kind of write - a test per kind."""

import datetime
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from ledger_night import Night, cents, named, new_key, open_night, people

from ledger import services
from ledger.models import PhoneRequest, Player, PokerSession
from ledger.permissions import make_banker

pytestmark = pytest.mark.django_db


def _last_week() -> Night:
    """A closed night: Ann bought on THE BOOK and lost, Fred won; Ann pays Fred 10.00."""
    night = Night(services.session_open(date=datetime.date(2026, 11, 14), banker=named("Mike"),
                                        seating=people(["Fred", "Ann"]), key=new_key("open")))
    night.buy("Fred", "20.00")
    night.buy("Ann", "20.00", paid="book")
    night.cashout("Fred", green=6)
    night.cashout("Ann", green=2)
    night.close()
    return night


@pytest.fixture
def house(players, banker_user):
    """Last week closed; tonight open, its bank held by the banker's login, Fred's ask
    waiting."""
    last = _last_week()
    tonight = open_night()
    tonight.buy("Fred", "20.00", user=banker_user)
    fred = players["Fred"]
    asked = services.request_ask(player=fred, token=fred.balance_token, amount=cents("10.00"),
                                 paid="cash", key=new_key())
    return {"last": last.session, "tonight": tonight, "asked": asked, **players}


def _polled(banker_client, phone, house, who="Fred") -> dict:
    """The four polled parts with the ETag each answered: the phone's balance and requests,
    the night's waiting requests and the table's figures on the tablet."""
    token = Player.objects.get(pk=house[who].pk).balance_token
    pk = house["tonight"].session.pk
    parts = {
        "phone live": (phone, reverse("player_balance", args=[token]),
                       {"HTTP_HX_REQUEST": "true"}),
        "phone asks": (phone, reverse("phone_requests_live", args=[token]), {}),
        "night asks": (banker_client, reverse("requests_live", args=[pk]), {}),
        "table live": (banker_client, reverse("session_dashboard", args=[pk]),
                       {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live"}),
    }
    tagged = {}
    for name, (client, url, extra) in parts.items():
        first = client.get(url, **extra)
        assert first.status_code == 200 and first["ETag"], name
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"], **extra)
        assert again.status_code == 304, f"{name}: nothing written, yet no 304"
        tagged[name] = (client, url, extra, first["ETag"])
    return tagged


def _moved(tagged, *names) -> dict[str, str]:
    """Each part asked again with its old ETag: a new answer, never a 304. Their pages."""
    pages = {}
    for name in names or tagged:
        client, url, extra, tag = tagged[name]
        answer = client.get(url, HTTP_IF_NONE_MATCH=tag, **extra)
        assert answer.status_code == 200 and answer["ETag"] != tag, f"{name} kept after a write"
        pages[name] = answer.content.decode()
    return pages


def _unkept(client, url) -> tuple[str, str]:
    """A page as served (with what is kept) and as computed with nothing kept, without the
    one-time keys and CSRF tokens that differ at every rendering."""
    def page() -> str:
        html = client.get(url).content.decode()
        html = re.sub(r'"X-CSRFToken": "[^"]*"', "", html)
        return re.sub(r'(name="(?:csrfmiddlewaretoken|key)" value=)"[^"]*"', r"\1", html)
    kept = page()
    cache.clear()
    return kept, page()


def _nothing_stale(banker_client, phone, house) -> None:
    """The phone's page of every player and the season: what is kept is what is true now."""
    for player in Player.objects.all():
        kept, fresh = _unkept(phone, reverse("player_balance", args=[player.balance_token]))
        assert kept == fresh, f"{player.name}'s phone page shows something stale"
    kept, fresh = _unkept(banker_client, reverse("season"))
    assert kept == fresh, "the season page shows something stale"


def _warm(banker_client, phone) -> None:
    """Every kept part computed once (it is then served from the cache)."""
    for player in Player.objects.all():
        phone.get(reverse("player_balance", args=[player.balance_token]))
    banker_client.get(reverse("season"))


@pytest.fixture
def clients(banker_client):
    return banker_client, Client()


def test_a_journal_entry_moves_every_polled_part(house, clients, banker_user):
    banker_client, phone = clients
    tagged = _polled(banker_client, phone, house)
    _warm(banker_client, phone)
    house["tonight"].buy("Fred", "35.00", paid="book", user=banker_user)
    pages = _moved(tagged)
    assert "55.00" in pages["table live"]                   # Fred: 20 + 35 bought
    assert "35.00" in pages["phone live"]                   # bought on THE BOOK tonight
    _nothing_stale(banker_client, phone, house)


def test_a_correction_moves_every_polled_part(house, clients, banker_user):
    banker_client, phone = clients
    wrong = house["tonight"].buy("Fred", "35.00", paid="book", user=banker_user)
    tagged = _polled(banker_client, phone, house)
    services.entry_reverse(entry=wrong, reason="typed wrong", key=new_key(), user=banker_user)
    pages = _moved(tagged)
    assert "35.00" not in pages["phone live"]
    _nothing_stale(banker_client, phone, house)


def test_a_phones_ask_moves_the_lists(house, clients):
    banker_client, phone = clients
    tagged = _polled(banker_client, phone, house, who="Ann")
    ann = house["Ann"]
    services.request_ask(player=ann, token=ann.balance_token, amount=cents("15.00"), paid="cash",
                         key=new_key())
    pages = _moved(tagged)
    assert "You asked for" in pages["phone asks"] and "15.00" in pages["phone asks"]
    assert "Ann" in pages["night asks"] and "15.00" in pages["night asks"]


def test_a_phones_count_moves_the_lists(house, clients):
    banker_client, phone = clients
    tagged = _polled(banker_client, phone, house, who="Ann")
    ann = house["Ann"]
    services.request_count(player=ann, token=ann.balance_token, chips={"black": 7},
                           key=new_key())
    pages = _moved(tagged, "phone asks", "night asks")
    assert "7.00" in pages["phone asks"] and "7.00" in pages["night asks"]


@pytest.mark.parametrize("answer", ["approve", "decline"])
def test_an_answer_moves_every_polled_part(house, clients, banker_user, answer):
    banker_client, phone = clients
    tagged = _polled(banker_client, phone, house)
    session = house["tonight"].session
    if answer == "approve":
        services.request_approve(session=session, request=house["asked"], user=banker_user,
                                 confirm_duplicate=True)
    else:
        services.request_decline(session=session, request=house["asked"], reason="not now",
                                 user=banker_user)
    pages = _moved(tagged)
    assert PhoneRequest.objects.get(pk=house["asked"].pk).status != PhoneRequest.PENDING
    if answer == "approve":
        assert "approved" in pages["phone asks"] and "30.00" in pages["table live"]
    else:
        assert "not now" in pages["phone asks"]
    assert "request-" not in pages["night asks"]   # nothing waits any more
    _nothing_stale(banker_client, phone, house)


def test_a_rename_moves_every_part_and_every_kept_page(house, clients):
    banker_client, phone = clients
    tagged = _polled(banker_client, phone, house)
    _warm(banker_client, phone)
    services.player_update(player=house["Fred"], name="Freddie", note_id="BOF", key=new_key())
    pages = _moved(tagged)
    assert "Freddie" in pages["night asks"] and "Freddie" in pages["table live"]
    assert "Freddie" in banker_client.get(reverse("season")).content.decode()
    _nothing_stale(banker_client, phone, house)


def test_payment_handles_move_the_payers_phone(house, clients):
    banker_client, phone = clients
    tagged = _polled(banker_client, phone, house, who="Ann")   # Ann owes Fred 10.00
    _warm(banker_client, phone)
    services.handles_set(player=house["Fred"], venmo="fred-pays", key=new_key())
    pages = _moved(tagged)
    assert "@fred-pays" in pages["phone live"]
    _nothing_stale(banker_client, phone, house)


def test_a_payment_claimed_and_confirmed_moves_both_phones(house, clients):
    banker_client, phone = clients
    ann, fred = house["Ann"], house["Fred"]
    tagged = _polled(banker_client, phone, house)               # Fred's: he is paid
    claim = services.claim_create(player=ann, token=ann.balance_token, to=fred,
                                  amount=cents("10.00"), night=house["last"], key=new_key())
    pages = _moved(tagged, "phone live")
    assert "10.00" in pages["phone live"] and "Ann" in pages["phone live"]
    tagged = _polled(banker_client, phone, house, who="Ann")
    services.claim_confirm(claim=claim, player=fred, token=fred.balance_token)
    _moved(tagged)
    _nothing_stale(banker_client, phone, house)


def test_the_bank_handed_over_moves_the_tablets_parts(house, clients, banker_user,
                                                      django_user_model):
    banker_client, phone = clients
    other = django_user_model.objects.create_user(username="ann-login", password="pw-123456789")
    make_banker(other)
    tagged = _polled(banker_client, phone, house)
    client, url, extra, _ = tagged["night asks"]
    assert f'id="approve-{house["asked"].pk}"' in client.get(url).content.decode()
    services.bank_hand_over(session=house["tonight"].session, to=other, key=new_key(),
                            user=banker_user)
    pages = _moved(tagged, "night asks", "table live")
    assert "The holder of the bank answers." in pages["night asks"]   # no buttons for Mike


def test_a_night_that_closes_shows_in_the_kept_parts(house, clients, banker_user):
    banker_client, phone = clients
    tonight = house["tonight"]
    services.request_decline(session=tonight.session, request=house["asked"],
                             user=banker_user)
    _warm(banker_client, phone)
    fred_page = phone.get(reverse("player_balance", args=[house["Fred"].balance_token]))
    assert fred_page.content.decode().count('<tr><td>11/') == 1   # last week only
    tonight.cashout("Fred", green=4)
    tonight.close()
    fred_page = phone.get(reverse("player_balance", args=[house["Fred"].balance_token]))
    assert fred_page.content.decode().count('<tr><td>11/') == 2   # tonight is history now
    assert '<td class="num" data-label="Nights">2</td>' in \
        banker_client.get(reverse("season")).content.decode()
    _nothing_stale(banker_client, phone, house)


def test_a_closed_nights_surrogate_book_merged_moves_the_kept_parts(players, clients):
    banker_client, phone = clients
    away = Night(services.session_open(date=datetime.date(2026, 11, 7), banker=named("Fred"),
                                       host_present=False, seating=people(["Ann"]),
                                       key=new_key("open")))
    away.buy("Ann", "10.00", paid="book")   # into the surrogate book: Ann owes Fred
    away.cashout("Ann")
    away.cashout("Fred", green=2)            # Fred won her chips
    away.close()
    _warm(banker_client, phone)
    assert PokerSession.objects.get(pk=away.session.pk).version > 0
    services.surrogate_book_merge(session=away.session, key=new_key())
    _nothing_stale(banker_client, phone, {})


def test_a_refused_write_moves_nothing(house, clients, banker_user):
    banker_client, phone = clients
    tagged = _polled(banker_client, phone, house)
    with pytest.raises(services.LedgerError):
        services.cashout_create(session=house["tonight"].session, player=named("Fred"),
                                chips={"green": 100}, key=new_key(), user=banker_user)
    for name, (client, url, extra, tag) in tagged.items():
        assert client.get(url, HTTP_IF_NONE_MATCH=tag, **extra).status_code == 304, name


def test_the_phones_live_part_is_kept_per_house_with_fresh_keys_and_a_cache_down_serves_it(
        house, clients, monkeypatch):
    """The phone's live part is kept under the house's version, its key naming the house, the
    player and the link; each request gets its own CSRF token and one-time keys in it, and a
    cache that is down serves the page computed anew, the same page (never a 500)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from ledger.views import phone_page

    _, phone = clients
    ann = house["Ann"]   # Ann owes Fred from last week: her live part has a form to post
    url = reverse("player_balance", args=[ann.balance_token])
    asked = []

    class Spy:
        def get(self, key, *args, **kwargs):
            asked.append(key)
            return cache.get(key, *args, **kwargs)

        def set(self, *args, **kwargs):
            return cache.set(*args, **kwargs)

    monkeypatch.setattr(phone_page, "cache", Spy())
    first = phone.get(url, HTTP_HX_REQUEST="true")
    with CaptureQueriesContext(connection) as cold:
        phone.get(url, HTTP_HX_REQUEST="true", HTTP_CACHE_CONTROL="no-cache")
    cache.clear()
    with CaptureQueriesContext(connection) as warm_after_clear:
        phone.get(url, HTTP_HX_REQUEST="true")
    with CaptureQueriesContext(connection) as warm:
        second = phone.get(url, HTTP_HX_REQUEST="true")
    assert len(warm) < len(warm_after_clear), "the live part was not kept"
    assert len(cold) == len(warm)   # sanity: both served from the kept part
    house_id = PokerSession.objects.get(pk=house["tonight"].session.pk).house_id
    live_keys = [k for k in asked if k.startswith("phone-live:")]
    assert live_keys and all(k.startswith(f"phone-live:{house_id}:{ann.pk}:{ann.balance_token}:")
                             for k in live_keys)
    a, b = first.content.decode(), second.content.decode()
    assert "mark-6d1f0b9e" not in a + b   # every mark filled in
    keys = [re.findall(r'name="key" value="([^"]*)"', html) for html in (a, b)]
    assert keys[0] and keys[1] and not set(keys[0]) & set(keys[1]), "a one-time key served twice"
    assert re.findall(r'name="csrfmiddlewaretoken" value="[^"]+"', b)

    class Down:
        def get(self, *args, **kwargs):
            raise ConnectionError("the cache is down")

        set = get

    kept, fresh = _unkept(phone, url)
    monkeypatch.setattr(phone_page, "cache", Down())
    served = phone.get(url)
    assert served.status_code == 200
    without = re.sub(r'(name="(?:csrfmiddlewaretoken|key)" value=)"[^"]*"', r"\1",
                     re.sub(r'"X-CSRFToken": "[^"]*"', "", served.content.decode()))
    assert without == fresh == kept
