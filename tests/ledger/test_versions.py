"""Every write moves a version (ledger/services/versions.py), so nothing the site keeps or
lets a phone keep outlives a write: the parts the phones and the tablet poll answer 304 only
while nothing was written (views/conditional.py), and the pages kept whole under the house's
version (ledger/kept.py: the phones' pages, the table, journal, close, settle-up, buy-in,
cash-out, hand, THE BOOK, season, players and nights) and the parts kept under the closed
nights' version are the same as freshly computed ones after every kind of write - a test per
kind."""

import datetime
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from ledger_night import PlayedNight, cents, named, new_key, open_night, people

from ledger import services
from ledger.models import Night, PhoneRequest, Player
from ledger.permissions import make_banker
from ledger.services import houses

pytestmark = pytest.mark.django_db


def _last_week() -> PlayedNight:
    """A closed night: Ann bought on THE BOOK and lost, Fred won; Ann pays Fred 10.00."""
    night = PlayedNight(services.night_open(date=datetime.date(2026, 11, 14), banker=named("Mike"),
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
        "table live": (banker_client, reverse("night_dashboard", args=[pk]),
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


def _without_tokens(client, url) -> str:
    """A page without the one-time keys and CSRF tokens that differ at every rendering."""
    return _tokens_out(client.get(url).content.decode())


def _tokens_out(html: str) -> str:
    html = re.sub(r'"X-CSRFToken": "[^"]*"', "", html)
    return re.sub(r'(name="(?:csrfmiddlewaretoken|key)" value=)"[^"]*"', r"\1", html)


def _served_with_the_cache_down(client, url, monkeypatch) -> None:
    """A cache that is down serves the page computed anew, the same page (never a 500)."""
    from django.core.cache import caches

    def down(*args, **kwargs):
        raise ConnectionError("the cache is down")

    kept, fresh = _unkept(client, url)
    for method in ("get", "set"):   # the cache itself, for every part that keeps something
        monkeypatch.setattr(caches["default"], method, down)
    served = client.get(url)
    assert served.status_code == 200
    assert _tokens_out(served.content.decode()) == fresh == kept


def _unkept(client, url) -> tuple[str, str]:
    """A page as served (with what is kept) and as computed with nothing kept."""
    kept = _without_tokens(client, url)
    cache.clear()
    return kept, _without_tokens(client, url)


def _banker_pages() -> list[str]:
    """The banker's pages kept whole (ledger/kept.py): each night's and the house's."""
    pages = [reverse("night_list"), reverse("player_list"), reverse("book"),
             reverse("season")]
    for night in Night.objects.all():
        pages += [reverse(name, args=[night.pk])
                  for name in ("night_dashboard", "night_entries", "settle_up")]
        if night.is_open:
            pages += [reverse(name, args=[night.pk])
                      for name in ("buyin", "cashout", "night_close", "hand")]
    return pages


def _nothing_stale(banker_client, phone) -> None:
    """The phone's page of every player and every kept banker page: what is served (with what
    is kept) is what is computed with nothing kept."""
    pages = [(phone, reverse("player_balance", args=[player.balance_token]))
             for player in Player.objects.all()]
    pages += [(banker_client, url) for url in _banker_pages()]
    served = [_without_tokens(client, url) for client, url in pages]
    cache.clear()
    for (client, url), kept in zip(pages, served, strict=True):
        assert kept == _without_tokens(client, url), f"{url} shows something stale"


def _warm(banker_client, phone) -> None:
    """Every kept page and part computed once (it is then served from the cache)."""
    for player in Player.objects.all():
        phone.get(reverse("player_balance", args=[player.balance_token]))
    for url in _banker_pages():
        banker_client.get(url)


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
    _nothing_stale(banker_client, phone)


def test_a_correction_moves_every_polled_part(house, clients, banker_user):
    banker_client, phone = clients
    wrong = house["tonight"].buy("Fred", "35.00", paid="book", user=banker_user)
    tagged = _polled(banker_client, phone, house)
    _warm(banker_client, phone)
    services.entry_reverse(entry=wrong, reason="typed wrong", key=new_key(), user=banker_user)
    pages = _moved(tagged)
    assert "35.00" not in pages["phone live"]
    _nothing_stale(banker_client, phone)


def test_a_phones_ask_moves_the_lists(house, clients):
    banker_client, phone = clients
    tagged = _polled(banker_client, phone, house, who="Ann")
    _warm(banker_client, phone)
    ann = house["Ann"]
    services.request_ask(player=ann, token=ann.balance_token, amount=cents("15.00"), paid="cash",
                         key=new_key())
    pages = _moved(tagged)
    assert "You asked for" in pages["phone asks"] and "15.00" in pages["phone asks"]
    assert "Ann" in pages["night asks"] and "15.00" in pages["night asks"]
    _nothing_stale(banker_client, phone)


def test_a_phones_count_moves_the_lists(house, clients):
    banker_client, phone = clients
    tagged = _polled(banker_client, phone, house, who="Ann")
    _warm(banker_client, phone)
    ann = house["Ann"]
    services.request_count(player=ann, token=ann.balance_token, chips={"black": 7},
                           key=new_key())
    pages = _moved(tagged, "phone asks", "night asks")
    assert "7.00" in pages["phone asks"] and "7.00" in pages["night asks"]
    _nothing_stale(banker_client, phone)


@pytest.mark.parametrize("answer", ["approve", "decline"])
def test_an_answer_moves_every_polled_part(house, clients, banker_user, answer):
    banker_client, phone = clients
    tagged = _polled(banker_client, phone, house)
    _warm(banker_client, phone)
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
    _nothing_stale(banker_client, phone)


def test_a_rename_moves_every_part_and_every_kept_page(house, clients):
    banker_client, phone = clients
    tagged = _polled(banker_client, phone, house)
    _warm(banker_client, phone)
    services.player_update(player=house["Fred"], name="Freddie", note_id="BOF", key=new_key())
    pages = _moved(tagged)
    assert "Freddie" in pages["night asks"] and "Freddie" in pages["table live"]
    assert "Freddie" in banker_client.get(reverse("season")).content.decode()
    _nothing_stale(banker_client, phone)


def test_payment_handles_move_the_payers_phone(house, clients):
    banker_client, phone = clients
    tagged = _polled(banker_client, phone, house, who="Ann")   # Ann owes Fred 10.00
    _warm(banker_client, phone)
    services.handles_set(player=house["Fred"], venmo="fred-pays", key=new_key())
    pages = _moved(tagged)
    assert "@fred-pays" in pages["phone live"]
    _nothing_stale(banker_client, phone)


def test_a_payment_claimed_and_confirmed_moves_both_phones(house, clients):
    banker_client, phone = clients
    ann, fred = house["Ann"], house["Fred"]
    tagged = _polled(banker_client, phone, house)               # Fred's: he is paid
    _warm(banker_client, phone)
    claim = services.claim_create(player=ann, token=ann.balance_token, to=fred,
                                  amount=cents("10.00"), night=house["last"], key=new_key())
    pages = _moved(tagged, "phone live")
    assert "10.00" in pages["phone live"] and "Ann" in pages["phone live"]
    tagged = _polled(banker_client, phone, house, who="Ann")
    services.claim_confirm(claim=claim, player=fred, token=fred.balance_token)
    _moved(tagged)
    _nothing_stale(banker_client, phone)


def test_the_bank_handed_over_moves_the_tablets_parts(house, clients, banker_user,
                                                      django_user_model):
    banker_client, phone = clients
    other = django_user_model.objects.create_user(username="ann-login", password="pw-123456789")
    make_banker(other)
    tagged = _polled(banker_client, phone, house)
    client, url, extra, _ = tagged["night asks"]
    assert f'id="approve-{house["asked"].pk}"' in client.get(url).content.decode()
    _warm(banker_client, phone)
    services.bank_hand_over(session=house["tonight"].session, to=other, key=new_key(),
                            user=banker_user)
    pages = _moved(tagged, "night asks", "table live")
    assert "The holder of the bank answers." in pages["night asks"]   # no buttons for Mike
    _nothing_stale(banker_client, phone)


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
    _nothing_stale(banker_client, phone)


def test_a_closed_nights_surrogate_book_merged_moves_the_kept_parts(players, clients):
    banker_client, phone = clients
    away = PlayedNight(services.night_open(date=datetime.date(2026, 11, 7), banker=named("Fred"),
                                       host_present=False, seating=people(["Ann"]),
                                       key=new_key("open")))
    away.buy("Ann", "10.00", paid="book")   # into the surrogate book: Ann owes Fred
    away.cashout("Ann")
    away.cashout("Fred", green=2)            # Fred won her chips
    away.close()
    _warm(banker_client, phone)
    assert Night.objects.get(pk=away.session.pk).version > 0
    services.surrogate_book_merge(session=away.session, key=new_key())
    _nothing_stale(banker_client, phone)


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

    from ledger import kept as kept_pages

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

    monkeypatch.setattr(kept_pages, "cache", Spy())
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
    house_id = Night.objects.get(pk=house["tonight"].session.pk).house_id
    live_keys = [k for k in asked if k.startswith("phone-live:")]
    assert live_keys and all(k.startswith(f"phone-live:{house_id}:{ann.pk}:{ann.balance_token}:")
                             for k in live_keys)
    a, b = first.content.decode(), second.content.decode()
    assert "mark-6d1f0b9e" not in a + b   # every mark filled in
    keys = [re.findall(r'name="key" value="([^"]*)"', html) for html in (a, b)]
    assert keys[0] and keys[1] and not set(keys[0]) & set(keys[1]), "a one-time key served twice"
    assert re.findall(r'name="csrfmiddlewaretoken" value="[^"]+"', b)

    _served_with_the_cache_down(phone, url, monkeypatch)


def test_a_member_removed_frees_the_bank_on_every_kept_page(house, clients, banker_user,
                                                            django_user_model):
    """Who may hold the bank is on the table's page: a role taken away moves the house."""
    from ledger.models import House, Role

    banker_client, phone = clients
    home = House.objects.get()
    other = django_user_model.objects.create_user(username="ann-login", password="pw-123456789")
    houses.member_role_set(house=home, user=other, role=Role.BANKER)
    services.bank_hand_over(session=house["tonight"].session, to=other, key=new_key(),
                            user=banker_user)
    _warm(banker_client, phone)
    houses.member_remove(house=home, user=other)
    _nothing_stale(banker_client, phone)


def test_a_kept_page_is_one_logins_and_fills_fresh_tokens_and_keys(house, banker_user,
                                                                   django_user_model):
    """The table kept for the holder of the bank is never served to another banker (they see
    no buttons to write); each answer has its own CSRF token and keys, no mark left."""
    holder, other = Client(), Client()
    holder.force_login(banker_user)
    second = django_user_model.objects.create_user(username="ann-login", password="pw-1234567")
    make_banker(second)   # (Mike's page offers to hand the bank to Ann: a form with a key)
    other.force_login(second)
    url = reverse("night_dashboard", args=[house["tonight"].session.pk])
    mine = [holder.get(url).content.decode() for _ in range(2)]
    theirs = other.get(url).content.decode()
    buy = reverse("buyin", args=[house["tonight"].session.pk])
    assert f'href="{buy}' in mine[1] and f'href="{buy}' not in theirs
    assert "mark-6d1f0b9e" not in "".join(mine) + theirs
    keys = [re.findall(r'name="key" value="([^"]*)"', html) for html in mine]
    assert keys[0] and not set(keys[0]) & set(keys[1]), "a one-time key served twice"
    assert len(set(keys[1])) == len(keys[1]), "two forms of one page share a key"
    tokens = [re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html) for html in mine]
    assert tokens[0] and tokens[1] and tokens[0] != tokens[1]


def test_a_message_after_a_redirect_shows_once_on_a_kept_page(house, banker_client):
    """A page with a message to show is rendered, not served from what was kept (and not
    kept with the message in it)."""
    from ledger.middleware import CLOSED_SENTENCE

    tonight = house["tonight"]
    table = reverse("night_dashboard", args=[tonight.session.pk])
    banker_client.get(table)                                   # kept
    tonight.cashout("Fred", green=4)
    tonight.close()
    banker_client.get(table)                                   # kept again, closed
    answer = banker_client.get(reverse("buyin", args=[tonight.session.pk]), follow=True)
    assert CLOSED_SENTENCE in answer.content.decode()
    assert CLOSED_SENTENCE not in banker_client.get(table).content.decode()


def test_a_kept_banker_page_is_served_computed_anew_when_the_cache_is_down(house, clients,
                                                                            monkeypatch):
    banker_client, _ = clients
    for url in (reverse("night_close", args=[house["tonight"].session.pk]),
                reverse("season")):   # (the season also keeps its rows: ledger/kept.py's too)
        _served_with_the_cache_down(banker_client, url, monkeypatch)
        monkeypatch.undo()


def _redis_url() -> str:
    """The local Redis (the pages shared by several processes), or a skip where there is none."""
    import socket

    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=0.5).close()
    except OSError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    return "redis://127.0.0.1:6379/15"


def test_pages_kept_in_a_shared_redis_move_with_every_write(house, clients, banker_user,
                                                            settings):
    """DJANGO_CACHE_URL=redis://…: what one process kept, another serves, and a write made by
    either moves the version in the database, so no process serves it after the write."""
    import uuid

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": _redis_url(), "KEY_PREFIX": uuid.uuid4().hex}}
    banker_client, phone = clients
    _warm(banker_client, phone)
    table = reverse("night_dashboard", args=[house["tonight"].session.pk])
    other_process = Client()   # another server process: the same login, its own connection
    other_process.force_login(banker_user)
    assert "55.00" not in other_process.get(table).content.decode()
    house["tonight"].buy("Fred", "35.00", paid="book", user=banker_user)
    assert "55.00" in other_process.get(table).content.decode()   # Fred: 20 + 35
    _nothing_stale(banker_client, phone)
    cache.clear()
