"""Paying what THE BOOK says, over HTTP: the payer's phone shows the receiver's pay links and
"I paid"; the receiver's phone or THE BOOK's page confirms; only then THE BOOK moves, once.
A phone's posts carry the page's one-time key and CSRF token, count toward the link's limit,
and are refused from a replaced link or a retired player (R11, R12). No page shows another
player's link or handles beyond what a transfer to them needs."""

import datetime
import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse
from ledger_night import named, new_key, people
from test_payments import book, played

from ledger import services
from ledger.forms.fields import new_key as fresh_key
from ledger.models import Entry, LinkPost, PaymentClaim, Player
from ledger.posting.accounts import EntryKind
from ledger.services.requests import POSTS_PER_MINUTE

pytestmark = pytest.mark.django_db


@pytest.fixture
def phone():
    """A phone: no login, and Django's CSRF check as a real browser meets it (R12)."""
    return Client(enforce_csrf_checks=True)


@pytest.fixture
def night(players):
    """Closed: Fred pays Ann $20.00. Ann takes Venmo and Zelle; Fred takes Cash App."""
    night = played()
    services.handles_set(player=named("Ann"), venmo="@annie-k", zelle="ann@example.com",
                         key=new_key())
    services.handles_set(player=named("Fred"), cashapp="$FredF", key=new_key())
    return night


def page(client: Client, player: Player):
    player.refresh_from_db()
    response = client.get(reverse("player_balance", args=[player.balance_token]))
    assert response.status_code == 200
    return response


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def words(response) -> str:
    """What the page says, without its tags."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


class _Form(HTMLParser):
    """The named inputs of the first form whose id or action holds `match`."""

    def __init__(self, match: str) -> None:
        super().__init__()
        self.match, self.inside, self.found, self.fields = match, False, False, {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and not self.found and (self.match in a.get("id", "")
                                                 or self.match in a.get("action", "")):
            self.inside = self.found = True
        elif tag == "input" and self.inside and a.get("name"):
            self.fields[a["name"]] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False


def form_data(response, match: str, *, need: bool = True) -> dict[str, str]:
    """What the page's form (its id or action holding `match`) posts, as the page serves it:
    its one-time key and CSRF token are the ones in the HTML (the kept live part fills them
    in for each request)."""
    parser = _Form(match)
    parser.feed(response.content.decode())
    assert parser.found or not need, f"no form {match!r} on the page"
    return parser.fields


def csrf(client: Client) -> str:
    return client.cookies["csrftoken"].value


def say_paid(client: Client, player: Player, amount: str | None = None, **extra):
    """Tap "I paid" on the first transfer's form as the page serves it."""
    form = form_data(page(client, player), "paid-form-1")
    data = {"key": form["key"], "to": form["to"], "night": form["night"],
            "csrfmiddlewaretoken": csrf(client),
            "amount": amount if amount is not None else form["amount"], **extra}
    return client.post(reverse("phone_paid", args=[player.balance_token]), data)


def answer(client: Client, player: Player, claim: PaymentClaim, what: str):
    # the page's form, or where it has none (not theirs, answered) a post made by hand
    key = form_data(page(client, player), f"/{claim.pk}/{what}", need=False).get("key",
                                                                                   fresh_key())
    return client.post(reverse(f"phone_claim_{what}", args=[player.balance_token, claim.pk]),
                       {"key": key, "csrfmiddlewaretoken": csrf(client)})


def test_the_payer_sees_the_receivers_pay_links_and_no_one_else_does(phone, night, players):
    html = text(page(phone, players["Fred"]))
    assert "You pay Ann" in html and "$20.00" in html
    assert 'href="https://venmo.com/u/annie-k?txn=pay&amp;amount=20.00"' in html
    assert 'value="@annie-k"' in html and 'value="ann@example.com"' in html
    assert 'data-copy="handle-1-1"' in html and "I paid Ann" in html
    assert 'rel="noreferrer noopener"' in html
    ann = text(page(Client(enforce_csrf_checks=True), players["Ann"]))
    assert "Fred pays you" in ann and "FredF" not in ann and "I paid" not in ann
    assert players["Fred"].balance_token not in ann
    gus = text(page(Client(enforce_csrf_checks=True), players["Gus"]))
    assert "annie-k" not in gus and "FredF" not in gus and "To settle up" not in gus
    # each sees their own handles to change them
    assert 'value="$FredF"' in html and 'value="@annie-k"' in ann


def test_i_paid_moves_nothing_and_the_receiver_confirms_once(phone, night, players):
    response = say_paid(phone, players["Fred"])
    assert response.status_code == 302
    assert response["Location"].endswith(f"/p/{players['Fred'].balance_token}/#settle")
    claim = PaymentClaim.objects.get()
    assert (claim.amount, claim.status, claim.night_id) == (2000, "claimed",
                                                            night.session.pk)
    assert book() == {"Ann": 2000, "Fred": -2000}
    assert not Entry.objects.filter(kind=EntryKind.PAY).exists()
    fred = words(page(phone, players["Fred"]))
    assert "$20.00 waiting for Ann to confirm" in fred and "I paid Ann" not in fred
    receiver = Client(enforce_csrf_checks=True)
    ann = text(page(receiver, players["Ann"]))
    assert "Fred</strong> says they paid you" in ann and f'id="confirm-{claim.pk}"' in ann
    assert answer(receiver, players["Ann"], claim, "confirm").status_code == 302
    assert answer(receiver, players["Ann"], claim, "confirm").status_code == 302
    assert Entry.objects.filter(kind=EntryKind.PAY).count() == 1 and book() == {}
    ann = words(page(receiver, players["Ann"]))
    assert "Fred paid you $20.00" in ann and "paid $20.00, confirmed" in ann
    fred = words(page(phone, players["Fred"]))
    assert "You paid Ann $20.00" in fred and "confirmed" in fred and "annie-k" not in fred


def test_the_banker_confirms_on_the_book_page(phone, banker_client, night, players):
    say_paid(phone, players["Fred"], amount="15.00")
    claim = PaymentClaim.objects.get()
    html = text(banker_client.get(reverse("book")))
    assert "Payments to confirm" in html and "Fred</strong> says they paid <strong>Ann" in html
    url = reverse("book_claim_confirm", args=[claim.pk])
    first = banker_client.post(url)
    assert first.status_code == 302 and banker_client.post(url).status_code == 302
    assert Entry.objects.filter(kind=EntryKind.PAY).count() == 1
    assert book() == {"Ann": 500, "Fred": -500}
    html = text(banker_client.get(reverse("book")))
    assert "Payments to confirm" not in html and "Latest payments" in html
    assert "THE BOOK alone (no night open) · confirmed by the banker" in html
    settle = text(banker_client.get(reverse("settle_up", args=[night.session.pk])))
    assert "paid $15.00, confirmed" in settle and "$5.00 left" in settle
    assert "https://venmo.com/u/annie-k?txn=pay&amp;amount=5.00" in settle
    assert "FredF" not in settle          # the payer's handles are nobody's business here


def test_the_banker_rejects_with_a_reason_the_payer_sees(phone, banker_client, night, players):
    say_paid(phone, players["Fred"])
    claim = PaymentClaim.objects.get()
    response = banker_client.post(reverse("book_claim_reject", args=[claim.pk]),
                                  {"reason": "Ann has not seen it"})
    assert response.status_code == 302 and book() == {"Ann": 2000, "Fred": -2000}
    assert "rejected" in text(page(phone, players["Fred"]))
    assert "“Ann has not seen it”" in text(page(phone, players["Fred"]))
    response = banker_client.post(reverse("book_claim_confirm", args=[claim.pk]))
    assert response.status_code == 400 and "already rejected" in text(response)
    response = banker_client.post(reverse("book_claim_confirm", args=[claim.pk + 99]))
    assert response.status_code == 404 and not Entry.objects.filter(kind=EntryKind.PAY).exists()


def test_too_much_is_a_sentence_and_nothing_is_sent(phone, night, players):
    response = say_paid(phone, players["Fred"], amount="25.00")
    assert response.status_code == 400
    assert "$25.00 is more than THE BOOK lets you pay Ann now: at most $20.00" in text(response)
    assert "Nothing was sent" in text(response) and not PaymentClaim.objects.exists()
    response = say_paid(phone, players["Fred"], amount="1,000")
    assert response.status_code == 400 and "has a comma" in text(response)
    response = say_paid(phone, players["Fred"], night="x1")
    assert response.status_code == 400 and "damaged" in text(response)
    assert not PaymentClaim.objects.exists()


def test_a_post_without_csrf_is_refused_R12(phone, night, players):
    form = form_data(page(phone, players["Fred"]), "paid-form-1")
    response = phone.post(reverse("phone_paid", args=[players["Fred"].balance_token]),
                          {"key": form["key"], "to": "Ann", "amount": "20.00"})
    assert response.status_code == 403 and not PaymentClaim.objects.exists()


def test_only_the_receiver_confirms_from_a_phone(phone, night, players):
    say_paid(phone, players["Fred"])
    claim = PaymentClaim.objects.get()
    for who in ("Fred", "Gus"):
        response = answer(Client(enforce_csrf_checks=True), players[who], claim, "confirm")
        assert response.status_code == 404 and "no payment" in text(response)
    assert book() == {"Ann": 2000, "Fred": -2000}


def test_a_replaced_link_or_a_retired_player_posts_nothing_R11(phone, night, players):
    fred = players["Fred"]
    form = form_data(page(phone, fred), "paid-form-1")
    old = fred.balance_token
    services.player_link_renew(player=fred, key=new_key())
    response = phone.post(reverse("phone_paid", args=[old]), {
        "key": form["key"], "to": "Ann", "amount": "20.00",
        "csrfmiddlewaretoken": csrf(phone)})
    assert response.status_code == 404
    say_paid(phone, fred)
    claim = PaymentClaim.objects.get()
    ann = players["Ann"]
    key = form_data(page(phone, ann), f"/{claim.pk}/confirm")["key"]
    services.player_retire(player=ann, key=new_key())
    assert f'id="confirm-{claim.pk}"' not in text(page(phone, ann))
    for what in ("confirm", "reject"):
        response = phone.post(reverse(f"phone_claim_{what}", args=[ann.balance_token, claim.pk]),
                              {"key": key, "csrfmiddlewaretoken": csrf(phone)})
        assert response.status_code == 403 and "Ann is retired" in text(response)
    response = phone.post(reverse("phone_handles", args=[ann.balance_token]), {
        "key": key, "venmo": "@someone-else", "csrfmiddlewaretoken": csrf(phone)})
    assert response.status_code == 403
    claim.refresh_from_db()
    assert claim.status == "claimed" and book() == {"Ann": 2000, "Fred": -2000}
    assert Player.objects.get(name="Ann").venmo == "annie-k"


def test_claims_count_toward_the_links_posts_a_minute(phone, night, players):
    fred = players["Fred"]
    for _ in range(POSTS_PER_MINUTE):
        say_paid(phone, fred, amount="99.00")                 # refused, but counted
    response = say_paid(phone, fred, amount="5.00")
    assert response.status_code == 429 and "at most 10 a minute" in text(response)
    assert not PaymentClaim.objects.exists()
    assert LinkPost.objects.filter(player=fred).count() == POSTS_PER_MINUTE


def test_the_player_sets_their_handles_on_their_phone(phone, night, players):
    gus = players["Gus"]
    key = page(phone, gus).context["pay"]["handles"]["key"].value()
    url = reverse("phone_handles", args=[gus.balance_token])
    response = phone.post(url, {"key": key, "venmo": "@gus", "csrfmiddlewaretoken": csrf(phone)})
    assert response.status_code == 400 and "Venmo for Gus" in text(response)
    response = phone.post(url, {"key": key, "paypal": "paypal.me/GusG", "zelle": "5551234567",
                                "csrfmiddlewaretoken": csrf(phone)})
    assert response.status_code == 302 and response["Location"].endswith("#handles")
    gus.refresh_from_db()
    assert (gus.paypal, gus.zelle) == ("GusG", "555-123-4567")


def test_the_banker_sets_handles_on_the_players_page(banker_client, night, players):
    gus = players["Gus"]
    url = reverse("player_edit", args=[gus.pk])
    form = banker_client.get(url).context["handles_form"]
    response = banker_client.post(reverse("player_handles", args=[gus.pk]), {
        "key": form["key"].value(), "cashapp": "$1234"})
    assert response.status_code == 400 and "Cash App for Gus" in text(response)
    response = banker_client.post(reverse("player_handles", args=[gus.pk]), {
        "key": new_key("handles-key-00000"), "cashapp": "$GusG"})
    assert response.status_code == 302
    assert Player.objects.get(name="Gus").cashapp == "GusG"
    assert 'value="$GusG"' in text(banker_client.get(url))


def test_while_tonight_is_open_last_nights_transfer_is_still_paid(phone, night, players):
    tonight = services.night_open(date=datetime.date(2026, 11, 28), banker=named("Mike"),
                                    seating=people(["Fred", "Ann"]),
                                    key=new_key())
    fred = words(page(phone, players["Fred"]))
    assert "Tonight: Sat Nov 28" in fred and "To settle up from Sat Nov 21" in fred
    assert say_paid(phone, players["Fred"], amount="20.00").status_code == 302
    claim = PaymentClaim.objects.get()
    receiver = Client(enforce_csrf_checks=True)
    assert answer(receiver, players["Ann"], claim, "confirm").status_code == 302
    entry = Entry.objects.get(kind=EntryKind.PAY)
    assert entry.session_id == tonight.pk and book() == {}
    fred = words(page(phone, players["Fred"]))
    assert "To settle up from" not in fred and "You paid Ann $20.00" in fred
