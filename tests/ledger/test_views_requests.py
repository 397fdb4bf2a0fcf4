"""The phones' requests over HTTP (ARCHITECTURE.md, "The player's phone: requests"): the
player's link posts an ask or a count with the page's one-time key and CSRF token; the night's
page lists what waits in the HTML it serves; the holder of the bank approves (the tablet's own
buy-in or cash-out, once) or declines with a reason the phone shows. Every refusal is a
sentence with nothing written (R11, R12, R16)."""

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from ledger_night import PlayedNight, make_player, named, new_key, open_night, people

from ledger import services
from ledger.models import Entry, LinkPost, PhoneRequest, Player
from ledger.permissions import make_banker
from ledger.posting.accounts import EntryKind
from ledger.services.requests import POSTS_PER_MINUTE

pytestmark = pytest.mark.django_db


@pytest.fixture
def phone():
    """A phone: no login, and Django's CSRF check as a real browser meets it (R12)."""
    return Client(enforce_csrf_checks=True)


@pytest.fixture
def tonight(players) -> PlayedNight:
    return open_night()


def page(client: Client, player: Player):
    player.refresh_from_db()
    response = client.get(reverse("player_balance", args=[player.balance_token]))
    assert response.status_code == 200
    return response


def send(client: Client, player: Player, what: str, **fields):
    """Post the phone's form as its page serves it: the one-time key and the CSRF token."""
    html = page(client, player).content.decode()   # (served kept: no template context)
    form = html[html.index(f'id="{what}-form"'):]
    key = re.search(r'name="key" value="([^"]+)"', form[:form.index("</form>")])
    assert key is not None, f"no one-time key in the {what} form"
    data = {"key": key.group(1), "csrfmiddlewaretoken": client.cookies["csrftoken"].value,
            **fields}
    return client.post(reverse(f"phone_{what}", args=[player.balance_token]), data)


def buys() -> int:
    return Entry.objects.filter(kind=EntryKind.BUY).count()


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_an_ask_waits_on_the_tablet_and_writes_nothing(phone, banker_client, tonight, players):
    response = send(phone, players["Fred"], "ask", amount="20.00", paid="book")
    assert response.status_code == 302
    assert response["Location"].endswith(f"/p/{players['Fred'].balance_token}/#requests")
    assert buys() == 0
    request = PhoneRequest.objects.get()
    assert (request.amount, request.paid, request.status) == (2000, "book", "pending")
    table = banker_client.get(reverse("night_dashboard", args=[tonight.session.pk]))
    html = text(table)
    assert "Fred</strong> asks for $20.00 in chips, paid by THE BOOK" in html
    assert reverse("request_approve", args=[tonight.session.pk, request.pk]) in html
    assert reverse("request_decline", args=[tonight.session.pk, request.pk]) in html
    assert "waiting for the banker" in text(page(phone, players["Fred"]))


def test_approving_twice_writes_one_buy_in(phone, banker_client, tonight, players):
    send(phone, players["Fred"], "ask", amount="20.00", paid="book")
    request = PhoneRequest.objects.get()
    url = reverse("request_approve", args=[tonight.session.pk, request.pk])
    first = banker_client.post(url)
    assert first.status_code == 302 and "?saved=" in first["Location"]
    second = banker_client.post(url)
    assert second["Location"] == first["Location"] and buys() == 1
    request.refresh_from_db()
    assert request.status == "approved" and request.entry.payload["paid"] == "book"
    html = text(page(phone, players["Fred"]))
    assert "approved" in html and "You owe" in html and "$20.00" in html


def test_a_decline_shows_its_reason_on_the_phone(phone, banker_client, tonight, players):
    send(phone, players["Ann"], "ask", amount="50.00", paid="cash")
    request = PhoneRequest.objects.get()
    response = banker_client.post(reverse("request_decline", args=[tonight.session.pk,
                                                                    request.pk]),
                                  {"reason": "Cash first, Ann"})
    assert response.status_code == 302 and buys() == 0
    html = text(page(phone, players["Ann"]))
    assert "declined" in html and "“Cash first, Ann”" in html


def test_a_count_shows_on_the_tablet_and_approves_as_a_cash_out(phone, banker_client, tonight,
                                                                 players):
    tonight.buy("Gus", "10.00")
    response = send(phone, players["Gus"], "count", white="3", blue="2", black="9")
    assert response.status_code == 302
    request = PhoneRequest.objects.get()
    assert request.chips == {"white": 3, "blue": 2, "black": 9} and request.amount == 965
    html = text(banker_client.get(reverse("night_dashboard", args=[tonight.session.pk])))
    assert "counted $9.65 (3 white, 2 blue, 9 black): pays $9.00, $0.65 to the final pot" in html
    banker_client.post(reverse("request_approve", args=[tonight.session.pk, request.pk]))
    entry = Entry.objects.get(kind=EntryKind.CASHOUT)
    assert entry.amount == 900 and entry.payload["player"] == "Gus"


def test_the_count_form_shows_its_total_and_what_it_pays_B12(phone, tonight, players):
    html = text(page(phone, players["Fred"]))
    assert 'data-chip-form' in html and 'id="chip-total"' in html and 'id="chip-whole"' in html
    assert 'id="chip-odd"' in html and "to the final pot" in html
    assert "(B12)" not in html                       # words on the phone, not ids
    for colour, cents in (("white", 5), ("red", 10), ("blue", 25), ("yellow", 50),
                          ("black", 100), ("green", 500)):
        assert f'name="{colour}"' in html and f'data-chip-cents="{cents}"' in html


@pytest.mark.parametrize(("fields", "words"), [
    ({"amount": "12.00", "paid": "cash"}, "multiples of $5.00;"),   # words, not (B2)
    ({"amount": "1,000", "paid": "cash"}, "has a comma"),
    ({"amount": "-20.00", "paid": "cash"}, "cannot be negative"),
    ({"amount": "２０", "paid": "cash"}, "is not an amount of money"),
    ({"amount": "20.00", "paid": "iou"}, "Choose how you pay"),
    ({"amount": "", "paid": "cash"}, "This field is required"),
])
def test_a_bad_ask_is_a_sentence_and_nothing_is_sent(phone, tonight, players, fields, words):
    response = send(phone, players["Fred"], "ask", **fields)
    assert response.status_code == 400
    assert words in text(response) and "Nothing was saved" in text(response)
    assert not PhoneRequest.objects.exists() and buys() == 0


@pytest.mark.parametrize(("fields", "words"), [
    ({"red": "1,000"}, "without commas"),
    ({"red": "-1"}, "cannot be negative"),
    ({"red": "٣"}, "digits 0 to 9"),
    ({"green": "３"}, "digits 0 to 9"),
    ({"blue": "2.5"}, "whole number"),
])
def test_a_bad_count_is_a_sentence_and_nothing_is_sent(phone, tonight, players, fields, words):
    response = send(phone, players["Fred"], "count", **fields)
    assert response.status_code == 400 and words in text(response)
    assert not PhoneRequest.objects.exists()


def test_nothing_is_asked_on_a_closed_night(phone, tonight, players):
    page_before = page(phone, players["Fred"])
    key = page_before.context["phone"]["ask"]["key"].value()
    tonight.close()
    response = phone.post(reverse("phone_ask", args=[players["Fred"].balance_token]),
                          {"key": key, "amount": "20.00", "paid": "cash",
                           "csrfmiddlewaretoken": phone.cookies["csrftoken"].value})
    assert response.status_code == 400 and "No night is open" in text(response)
    assert not PhoneRequest.objects.exists()
    assert page(phone, players["Fred"]).context["phone"]["ask"] is None


def test_a_post_without_csrf_is_refused_R12(phone, tonight, players):
    key = page(phone, players["Fred"]).context["phone"]["ask"]["key"].value()
    response = phone.post(reverse("phone_ask", args=[players["Fred"].balance_token]),
                          {"key": key, "amount": "20.00", "paid": "cash"})
    assert response.status_code == 403 and not PhoneRequest.objects.exists()


def test_a_replaced_link_or_a_retired_player_posts_nothing_R11(phone, tonight, players):
    fred = players["Fred"]
    old = fred.balance_token
    key = page(phone, fred).context["phone"]["ask"]["key"].value()
    services.player_link_renew(player=fred, key=new_key())
    response = phone.post(reverse("phone_ask", args=[old]), {
        "key": key, "amount": "20.00", "paid": "cash",
        "csrfmiddlewaretoken": phone.cookies["csrftoken"].value})
    assert response.status_code == 404
    zed = make_player("Zed", "BOZ")
    services.player_retire(player=zed, key=new_key())
    assert page(phone, zed).context["phone"]["ask"] is None
    response = phone.post(reverse("phone_ask", args=[zed.balance_token]), {
        "key": "k" * 20, "amount": "20.00", "paid": "cash",
        "csrfmiddlewaretoken": phone.cookies["csrftoken"].value})
    assert response.status_code == 403 and "Zed is retired" in text(response)
    assert not PhoneRequest.objects.exists()


def test_a_flood_of_posts_is_refused_with_429(phone, tonight, players):
    fred = players["Fred"]
    for _ in range(POSTS_PER_MINUTE):
        send(phone, fred, "ask", amount="12.00", paid="cash")   # refused, but counted
    response = send(phone, fred, "ask", amount="20.00", paid="cash")
    assert response.status_code == 429 and "at most 10 a minute" in text(response)
    assert not PhoneRequest.objects.exists()
    assert LinkPost.objects.filter(player=fred).count() == POSTS_PER_MINUTE
    assert send(phone, players["Ann"], "ask", amount="20.00", paid="cash").status_code == 302


def test_a_fourth_waiting_request_is_refused(phone, tonight, players):
    for _ in range(3):
        assert send(phone, players["Fred"], "ask", amount="5.00", paid="cash").status_code == 302
    response = send(phone, players["Fred"], "ask", amount="5.00", paid="cash")
    assert response.status_code == 400 and "3 requests waiting" in text(response)
    assert PhoneRequest.objects.count() == 3


def test_a_forged_night_or_request_is_refused(phone, banker_client, tonight, players):
    send(phone, players["Fred"], "ask", amount="20.00", paid="cash")
    request = PhoneRequest.objects.get()
    assert banker_client.post(reverse("request_approve",
                                      args=[tonight.session.pk + 99, request.pk])).status_code \
        == 404
    response = banker_client.post(reverse("request_approve",
                                          args=[tonight.session.pk, request.pk + 99]))
    assert response.status_code == 404 and "There is no request" in text(response)
    response = banker_client.post(reverse("request_decline",
                                          args=[tonight.session.pk, request.pk + 99]))
    assert response.status_code == 404
    request.refresh_from_db()
    assert request.status == "pending" and buys() == 0


def test_a_phone_cannot_answer_and_another_banker_is_refused(phone, banker_user, players,
                                                             django_user_model):
    session = services.night_open(date=datetime.date(2026, 11, 21), banker=named("Mike"),
                                    seating=people(["Fred"]),
                                    key=new_key(), user=banker_user)   # mike holds the bank
    send(phone, players["Fred"], "ask", amount="20.00", paid="cash")
    request = PhoneRequest.objects.get()
    url = reverse("request_approve", args=[session.pk, request.pk])
    assert Client().post(url).status_code == 302          # to the login page
    bob = django_user_model.objects.create_user(username="bob", password="x" * 20)
    make_banker(bob)
    other = Client()
    other.force_login(bob)
    response = other.post(url)
    assert response.status_code == 403 and "mike holds the bank" in text(response)
    response = other.post(reverse("request_decline", args=[session.pk, request.pk]))
    assert response.status_code == 403
    request.refresh_from_db()
    assert request.status == "pending" and buys() == 0


def test_a_refusal_by_the_rules_keeps_the_request_waiting(phone, banker_client, tonight,
                                                          players):
    tonight.buy("Fred", "5.00")
    send(phone, players["Fred"], "count", green="3")
    request = PhoneRequest.objects.get()
    response = banker_client.post(reverse("request_approve",
                                          args=[tonight.session.pk, request.pk]))
    assert response.status_code == 400
    assert "only $5.00 in chips out tonight" in text(response)
    request.refresh_from_db()
    assert request.status == "pending" and not Entry.objects.filter(kind=EntryKind.CASHOUT).exists()


def test_no_page_shows_another_players_link(phone, tonight, players):
    send(phone, players["Ann"], "ask", amount="20.00", paid="cash")
    html = page(phone, players["Fred"]).content.decode()
    for name in ("Ann", "Gus", "Mike"):
        assert players[name].balance_token not in html


def test_the_lists_refresh_only_when_something_changed(phone, banker_client, tonight, players):
    pk = tonight.session.pk
    first = banker_client.get(reverse("night_dashboard", args=[pk]))
    seen = first.context["pending_seen"]
    live = reverse("requests_live", args=[pk])
    assert banker_client.get(live, {"seen": seen}).status_code == 204
    send(phone, players["Fred"], "ask", amount="20.00", paid="cash")
    fresh = banker_client.get(live, {"seen": seen})
    assert fresh.status_code == 200 and "asks for $20.00" in text(fresh)
    fred = players["Fred"]
    mine = reverse("phone_requests_live", args=[fred.balance_token])
    seen = page(phone, fred).context["phone"]["seen"]
    assert phone.get(mine, {"seen": seen}).status_code == 204
    request = PhoneRequest.objects.get()
    banker_client.post(reverse("request_approve", args=[pk, request.pk]))
    answer = phone.get(mine, {"seen": seen})
    assert answer.status_code == 200 and answer["HX-Trigger"] == "phone-answered"
    assert "approved" in text(answer)


def test_the_polled_lists_are_cheap(phone, banker_client, tonight, players):
    """Polled every 2 s by every phone and the tablet: a few reads, whatever the night's size;
    the same count with one request waiting as with six."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    pk = tonight.session.pk
    for name in ("Fred", "Ann"):
        send(phone, players[name], "ask", amount="5.00", paid="cash")
    counts = []
    for _ in range(2):
        seen = banker_client.get(reverse("night_dashboard", args=[pk])).context["pending_seen"]
        fred = players["Fred"]
        mine = page(phone, fred).context["phone"]["seen"]
        with CaptureQueriesContext(connection) as tablet_same:
            assert banker_client.get(reverse("requests_live", args=[pk]),
                                     {"seen": seen}).status_code == 204
        with CaptureQueriesContext(connection) as tablet_new:
            assert banker_client.get(reverse("requests_live", args=[pk]),
                                     {"seen": "x"}).status_code == 200
        with CaptureQueriesContext(connection) as phone_same:
            assert phone.get(reverse("phone_requests_live", args=[fred.balance_token]),
                             {"seen": mine}).status_code == 204
        counts.append((len(tablet_same), len(tablet_new), len(phone_same)))
        for name in ("Gus", "Mike"):
            send(phone, players[name], "ask", amount="5.00", paid="cash")
    assert counts[0] == counts[1], counts
    tablet_same, tablet_new, phone_same = counts[0]
    # The tablet: its login (session, user, bankers group), the night's version, the night,
    # its waiting requests, and the login's renewal (savepoint, update, release) = 9; with a
    # change also who holds the bank. The phone: its house (HouseMiddleware), the house's
    # version, its player and its requests.
    assert tablet_same <= 9 and tablet_new <= 12 and phone_same <= 4, counts


def test_a_polled_list_asked_again_with_its_etag_is_304_until_a_write(phone, banker_client,
                                                                      tonight, players):
    """The conditional request (views/conditional.py): the ETag of the last answer sent back
    in If-None-Match is a 304 - one query on the phone (its house with the house's version),
    the login's and the night's version on the tablet - until a write to the night; then the
    new list."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    pk, fred = tonight.session.pk, players["Fred"]
    tablet_url, phone_url = (reverse("requests_live", args=[pk]),
                             reverse("phone_requests_live", args=[fred.balance_token]))
    tablet, mine = banker_client.get(tablet_url), phone.get(phone_url)
    assert tablet.status_code == mine.status_code == 200 and tablet["ETag"] and mine["ETag"]
    with CaptureQueriesContext(connection) as on_phone:
        again = phone.get(phone_url, HTTP_IF_NONE_MATCH=mine["ETag"])
    assert again.status_code == 304 and again.content == b"" and len(on_phone) == 1
    with CaptureQueriesContext(connection) as on_tablet:
        again = banker_client.get(tablet_url, HTTP_IF_NONE_MATCH=tablet["ETag"])
    assert again.status_code == 304 and len(on_tablet) <= 7, len(on_tablet)
    # A stranger's ETag, or another link's, is no match.
    gus = phone.get(reverse("phone_requests_live", args=[players["Gus"].balance_token]))
    assert gus["ETag"] != mine["ETag"]
    assert phone.get(phone_url, HTTP_IF_NONE_MATCH=gus["ETag"]).status_code == 200
    send(phone, fred, "ask", amount="5.00", paid="cash")   # a write to the night
    mine_now = phone.get(phone_url, HTTP_IF_NONE_MATCH=mine["ETag"])
    tablet_now = banker_client.get(tablet_url, HTTP_IF_NONE_MATCH=tablet["ETag"])
    assert mine_now.status_code == tablet_now.status_code == 200
    assert "my-request-" in mine_now.content.decode()
    assert "request-" in tablet_now.content.decode() and "Fred" in tablet_now.content.decode()
