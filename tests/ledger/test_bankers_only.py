"""Only bankers open the banker's pages; money pages are never cached; a session lasts a night;
the lockout behind the HTTPS proxy locks one device, not the whole house (R11, R13)."""


import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse
from ledger_night import open_night
from test_security import _banker_routes, route_path

from ledger.models import Entry, Player
from ledger.permissions import BANKERS
from ledger.posting.accounts import EntryKind

pytestmark = pytest.mark.django_db


@pytest.fixture
def plain_client(django_user_model):
    """Someone with a login who is not a banker (a player given an account, say)."""
    user = django_user_model.objects.create_user(username="fred", password="another-long-pw-1")
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(("name", "route"), _banker_routes())
def test_a_login_that_is_no_banker_gets_403_on_every_banker_page(plain_client, players, name,
                                                                   route):
    night = open_night()
    path = route_path(route, night.session.pk)
    for method in (plain_client.get, plain_client.post):
        assert method(path).status_code == 403, (name, path)


def test_a_plain_login_cannot_post_a_buyin_read_the_book_or_see_the_links(plain_client, night):
    fred = Player.objects.get(name="Fred")
    buyin = plain_client.post(reverse("buyin", args=[night.session.pk]),
                              {"key": "k" * 20, "player": fred.pk, "amount": "20.00",
                               "paid": "cash", "save": "1"})
    assert buyin.status_code == 403
    assert not Entry.objects.filter(kind=EntryKind.BUY).exists()
    assert plain_client.get(reverse("book")).status_code == 403
    people = plain_client.get(reverse("player_list"))
    assert people.status_code == 403 and fred.balance_token not in people.content.decode()


def test_a_banker_sees_the_private_links(banker_client, players):
    page = banker_client.get(reverse("player_list"))
    assert page.status_code == 200 and players["Fred"].balance_token in page.content.decode()


def test_staff_are_bankers_too(django_user_model, night):
    staff = django_user_model.objects.create_user(username="boss", password="x" * 20,
                                                  is_staff=True)
    client = Client()
    client.force_login(staff)
    assert client.get(reverse("night_dashboard", args=[night.session.pk])).status_code == 200


def test_the_bankers_group_exists_with_the_ledgers_add_permissions():
    group = Group.objects.get(name=BANKERS)
    codenames = set(group.permissions.values_list("codename", flat=True))
    assert {"add_entry", "add_posting", "add_banknote", "add_player",
            "add_night"} <= codenames
    assert not any(c.startswith(("change_", "delete_")) for c in codenames)


def test_the_demo_banker_is_in_the_bankers_group(django_user_model):
    from io import StringIO

    from django.core.management import call_command

    call_command("load_demo", stdout=StringIO(), stderr=StringIO())
    banker = django_user_model.objects.get(username="banker")
    assert banker.groups.filter(name=BANKERS).exists()


# ---- no caching of money, a session of one night (hole 8) -------------------------------

def _no_store(response) -> bool:
    return "no-store" in response.headers.get("Cache-Control", "")


def test_banker_pages_and_the_players_page_are_never_cached(banker_client, night):
    night.buy("Fred", "20.00")
    fred = Player.objects.get(name="Fred")
    pages = [reverse("night_dashboard", args=[night.session.pk]), reverse("book"),
             reverse("player_list"), reverse("settle_up", args=[night.session.pk]),
             reverse("buyin", args=[night.session.pk]), reverse("night_list")]
    for path in pages:
        response = banker_client.get(path)
        assert response.status_code == 200 and _no_store(response), path
    phone = Client().get(reverse("player_balance", args=[fred.balance_token]))
    assert phone.status_code == 200 and _no_store(phone)


def test_a_login_lasts_a_poker_night_and_slides(banker_client, monkeypatch):
    """12 hours from the last request; the new expiry is written at most once a minute, not
    on every page (ledger.middleware.SlidingSessionMiddleware)."""
    from django.contrib.sessions.models import Session

    from ledger import middleware

    assert django_settings.SESSION_COOKIE_AGE == 12 * 60 * 60
    now = [1_000_000.0]
    monkeypatch.setattr(middleware.time, "time", lambda: now[0])

    def expiry():
        return Session.objects.get().expire_date

    banker_client.get(reverse("night_list"))
    first = expiry()
    now[0] += 30
    response = banker_client.get(reverse("night_list"))
    assert expiry() == first and "sessionid" not in response.cookies   # not written again
    now[0] += 31
    response = banker_client.get(reverse("night_list"))
    assert expiry() > first and response.cookies["sessionid"]["max-age"] == 12 * 60 * 60


# ---- the lockout behind the HTTPS proxy (hole 7) ----------------------------------------

PROXY = "10.0.0.1"   # every request reaches Django from the proxy's address


def _login(client, password: str, phone: str):
    return client.post(reverse("login"), {"username": "mike", "password": password},
                       REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=phone)


def test_behind_a_trusted_proxy_a_lockout_locks_one_device_not_everyone(banker_user, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(Client(), "wrong", "192.168.1.50")
    assert _login(Client(), "correct-horse-battery-staple", "192.168.1.50").status_code == 429
    # The banker's tablet, another address behind the same proxy, still logs in.
    assert _login(Client(), "correct-horse-battery-staple", "192.168.1.10").status_code == 302


def test_without_the_setting_the_forwarded_header_is_not_believed(banker_user, settings):
    """Anyone can send X-Forwarded-For: changing it must not dodge the lockout."""
    settings.TRUSTED_PROXY_COUNT = 0
    for number in range(settings.AXES_FAILURE_LIMIT):
        _login(Client(), "wrong", f"203.0.113.{number}")
    assert _login(Client(), "correct-horse-battery-staple", "203.0.113.99").status_code == 429


def test_the_proxy_reads_the_address_its_own_proxy_appended(rf, settings):
    from ledger.client_address import client_ip

    settings.TRUSTED_PROXY_COUNT = 1
    request = rf.get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="6.6.6.6, 192.168.1.50")
    assert client_ip(request) == "192.168.1.50"   # the left one was sent by the client
    assert client_ip(rf.get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="junk")) == PROXY
    assert client_ip(rf.get("/", REMOTE_ADDR=PROXY)) == PROXY
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(request) == PROXY
