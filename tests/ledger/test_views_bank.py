"""The bank's holder on the pages (issue 10): the table says who holds the bank and since when,
the holder hands it on with one form post, a non-holder's writing pages answer 403 with the
sentence and lose nothing, reading pages stay open, staff take the bank over explicitly, and
the journal lists who held the bank when and who entered each entry."""

import csv
import html
import io
import re
import secrets

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from ledger.models import BankTenure, Entry, Night
from ledger.permissions import make_banker
from ledger.posting.accounts import EntryKind

pytestmark = pytest.mark.django_db

HELD = re.compile(r"(\w+) holds the bank since \d\d:\d\d; ask them to hand it to you\.")


def _login(username: str, **extra) -> tuple[User, Client]:
    user = User.objects.create_user(username=username, password="x" * 20,
                                    first_name=username.capitalize(), **extra)
    if not extra.get("is_staff"):
        make_banker(user)
    client = Client()
    client.force_login(user)
    return user, client


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _words(page: str) -> str:
    """The page as it reads: no tags."""
    return re.sub(r"<[^>]+>", "", page)


def _key(response) -> str:
    match = re.search(r'name="key" value="([^"]+)"', response.content.decode())
    assert match, "the form carries no one-time key"
    return match.group(1)


@pytest.fixture
def ann(db):
    return _login("ann")


@pytest.fixture
def bob(db):
    return _login("bob")


@pytest.fixture
def boss(db):
    return _login("boss", is_staff=True)


@pytest.fixture
def tonight(players, ann) -> Night:
    """Tonight, opened on Ann's tablet through the page: she holds the bank."""
    _, client = ann
    url = reverse("night_open")
    response = client.post(url, {
        "key": _key(client.get(url)), "date": "2026-11-21", "banker": players["Mike"].pk,
        "host_present": "on", "players": [players["Fred"].pk, players["Ann"].pk],
    })
    assert response.status_code == 302
    return Night.objects.get()


def _dashboard(client, session) -> str:
    response = client.get(reverse("night_dashboard", args=[session.pk]))
    assert response.status_code == 200
    return _text(response)


def _hand_over(client, session, to: User | None, key=None):
    """One post of the hand-over form (or the take button: `to` is the one who taps)."""
    return client.post(reverse("bank_hand_over", args=[session.pk]),
                       {"key": key or secrets.token_urlsafe(18),
                        "to": to.pk if to is not None else ""})


def _buy(client, session, player, amount="20.00"):
    url = reverse("buyin", args=[session.pk])
    key = "buy-" + "k" * 20 + amount.replace(".", "")
    return client.post(url, {"key": key, "player": player.pk, "amount": amount, "paid": "cash",
                             "seller": "", "save": "1"})


# ---- the table says who holds the bank -------------------------------------------------------

def test_opening_a_night_on_the_tablet_gives_its_bank_to_the_opener(tonight, ann, bob):
    tenure = BankTenure.objects.get()
    assert (tenure.session, tenure.holder, tenure.how) == (tonight, ann[0], BankTenure.OPENED)
    page = _dashboard(ann[1], tonight)
    assert re.search(r"You hold the bank since \d\d:\d\d\.", _words(page))
    assert 'id="hand-over"' in page and reverse("buyin", args=[tonight.pk]) in page


def test_the_table_tells_another_banker_who_holds_the_bank_and_offers_no_writing(
        tonight, ann, bob):
    page = _dashboard(bob[1], tonight)
    assert HELD.search(_words(page)).group(1) == "Ann"
    for name in ("buyin", "chip_sale", "cashout", "penalty", "payment", "game_call"):
        assert reverse(name, args=[tonight.pk]) not in page, name
    assert 'id="hand-over"' not in page and 'id="take-bank"' not in page
    assert "Buy-in for Fred" not in page          # the rows' buy-in buttons too


def test_the_control_lists_only_active_bankers_and_staff(tonight, ann, bob, boss):
    User.objects.create_user(username="fred", password="x" * 20, first_name="Fred")
    gone, _ = _login("gone")
    gone.is_active = False
    gone.save()
    page = _dashboard(ann[1], tonight)
    control = re.search(r'<form[^>]*id="hand-over".*?</form>', page, re.S).group(0)
    offered = re.findall(r'<option value="(\d*)"[^>]*>([^<]*)</option>', control)
    assert offered == [("", "— choose a banker —"), (str(bob[0].pk), "Bob"),
                       (str(boss[0].pk), "Boss")]
    assert "Hand the bank to" in control


# ---- one step hands it on ------------------------------------------------------------------

def test_one_post_hands_the_bank_over_and_a_double_tap_writes_one_hand_over(tonight, ann, bob):
    key = "hand-over-" + "k" * 20
    first = _hand_over(ann[1], tonight, bob[0], key=key)
    again = _hand_over(ann[1], tonight, bob[0], key=key)
    dashboard = reverse("night_dashboard", args=[tonight.pk])
    assert (first.status_code, first.url) == (again.status_code, again.url) == (302, dashboard)
    assert BankTenure.objects.filter(how=BankTenure.HANDED).count() == 1
    page = _dashboard(ann[1], tonight)
    assert "Bob holds the bank now." in page
    assert HELD.search(_words(page)).group(1) == "Bob"
    assert "You hold the bank since" in _words(_dashboard(bob[1], tonight))


def test_a_hand_over_to_someone_not_offered_is_refused_and_writes_nothing(tonight, ann):
    fred = User.objects.create_user(username="fred", password="x" * 20)
    for to in (fred, ann[0], None):
        response = _hand_over(ann[1], tonight, to)
        assert response.status_code == 400, to
        assert "Nothing was saved." in _text(response)
    assert BankTenure.objects.count() == 1


def test_a_non_holder_cannot_hand_the_bank_on_nor_take_it(tonight, ann, bob):
    _, client = bob
    response = client.post(reverse("bank_hand_over", args=[tonight.pk]),
                           {"key": "take-" + "k" * 20, "to": bob[0].pk})
    assert response.status_code == 403
    assert HELD.search(_text(response)).group(1) == "Ann"
    assert BankTenure.objects.count() == 1


# ---- only the holder writes ----------------------------------------------------------------

def _writing_pages(session, entry) -> list[str]:
    pk = session.pk
    return [reverse(name, args=[pk]) for name in (
        "buyin", "chip_sale", "cashout", "penalty", "payment", "final_pot", "pot_award",
        "game_call", "hand", "seating", "night_close")] + \
        [reverse("correction", args=[pk, entry.pk])]


def test_a_non_holder_is_refused_every_writing_page_with_the_sentence(tonight, ann, bob, players):
    entry = _buy(ann[1], tonight, players["Fred"])
    assert entry.status_code == 302
    for client, holder in ((bob[1], "Ann"), (ann[1], None)):
        if holder is None:
            _hand_over(ann[1], tonight, bob[0])
            holder = "Bob"
        for url in _writing_pages(tonight, Entry.objects.get()):
            response = client.get(url)
            assert response.status_code == 403, url
            assert HELD.search(_text(response)).group(1) == holder, url


def test_reading_pages_stay_open_to_every_banker(tonight, ann, bob, players):
    _buy(ann[1], tonight, players["Fred"])
    for name in ("night_dashboard", "night_entries", "settle_up"):
        assert bob[1].get(reverse(name, args=[tonight.pk])).status_code == 200, name
    for name in ("book", "season", "night_list", "player_list"):
        assert bob[1].get(reverse(name)).status_code == 200, name


def test_a_buy_in_from_a_form_opened_before_the_hand_over_is_refused_and_loses_nothing(
        tonight, ann, bob, players):
    _, client = ann
    url = reverse("buyin", args=[tonight.pk])
    key = _key(client.get(url))     # Ann's form is open when she hands the bank to Bob
    _hand_over(client, tonight, bob[0])
    response = client.post(url, {"key": key, "player": players["Fred"].pk, "amount": "35.00",
                                 "paid": "cash", "seller": "", "save": "1"})
    text = _text(response)
    assert response.status_code == 403
    assert HELD.search(text).group(1) == "Bob"
    assert 'value="35.00"' in text and f'value="{key}"' in text   # what she typed is still there
    assert not Entry.objects.exists()
    # Bob hands it back: the same form, the same key, saves it once.
    _hand_over(bob[1], tonight, ann[0])
    again = client.post(url, {"key": key, "player": players["Fred"].pk, "amount": "35.00",
                              "paid": "cash", "seller": "", "save": "1"})
    assert again.status_code == 302
    assert Entry.objects.get().created_by == ann[0]


def test_a_non_holder_cannot_undo_close_or_record_a_hand_by_post(tonight, ann, bob, players):
    _buy(ann[1], tonight, players["Fred"])
    entry = Entry.objects.get()
    _, client = bob
    posts = [
        (reverse("correction", args=[tonight.pk, entry.pk]),
         {"key": "undo-" + "k" * 20, "reason": "undone at the table"}),
        (reverse("night_close", args=[tonight.pk]), {"key": "close-" + "k" * 20,
                                                        "confirm": "on"}),
        (reverse("penalty", args=[tonight.pk]), {"key": "pen-" + "k" * 20,
                                                  "player": players["Fred"].pk,
                                                  "amount": "0.20"}),
    ]
    for url, data in posts:
        response = client.post(url, data)
        assert response.status_code == 403, url
        assert HELD.search(_text(response)).group(1) == "Ann", url
    assert list(Entry.objects.all()) == [entry]


# ---- staff ---------------------------------------------------------------------------------

def test_staff_take_the_bank_over_with_one_post_and_never_write_silently(
        tonight, ann, boss, players):
    page = _dashboard(boss[1], tonight)
    assert "Take the bank over" in page
    assert re.search(r"Ann holds the bank since \d\d:\d\d\.", _words(page))
    refused = boss[1].get(reverse("buyin", args=[tonight.pk]))
    assert refused.status_code == 403
    assert "As staff you may take it over on the table's page." in _text(refused)
    assert _buy(boss[1], tonight, players["Fred"]).status_code == 403
    assert not Entry.objects.exists()
    taken = _hand_over(boss[1], tonight, boss[0])
    assert taken.status_code == 302
    tenure = BankTenure.objects.order_by("id").last()
    assert (tenure.holder, tenure.made_by, tenure.how, tenure.previous) == \
        (boss[0], boss[0], BankTenure.TAKEN_OVER, ann[0])
    assert _buy(boss[1], tonight, players["Fred"]).status_code == 302
    assert HELD.search(_text(ann[1].get(reverse("buyin", args=[tonight.pk])))).group(1) == "Boss"


# ---- a free bank ---------------------------------------------------------------------------

def test_a_night_with_a_free_bank_offers_take_and_the_first_entry_takes_it(
        banker_client, banker_user, night, players, bob):
    page = _dashboard(banker_client, night.session)
    assert "Nobody holds the bank" in page and "Take the bank" in page
    assert reverse("buyin", args=[night.session.pk]) in page      # anyone may write
    assert _buy(banker_client, night.session, players["Fred"]).status_code == 302
    tenure = BankTenure.objects.get()
    assert (tenure.holder, tenure.how) == (banker_user, BankTenure.TAKEN)
    assert HELD.search(_words(_dashboard(bob[1], night.session))).group(1) == "mike"


def test_take_the_free_bank_with_one_tap(night, bob):
    assert _hand_over(bob[1], night.session, bob[0]).status_code == 302
    assert BankTenure.objects.get().holder == bob[0]
    assert "You hold the bank now." in _dashboard(bob[1], night.session)


# ---- the journal ---------------------------------------------------------------------------

def test_the_journal_lists_who_held_the_bank_when_and_who_entered_each_entry(
        tonight, ann, bob, players):
    _buy(ann[1], tonight, players["Fred"])
    _hand_over(ann[1], tonight, bob[0])
    _buy(bob[1], tonight, players["Ann"], amount="10.00")
    page = _text(ann[1].get(reverse("night_entries", args=[tonight.pk])))
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", page.split('id="entries"')[1], re.S)
    entered = [(re.search(r"(\w+) bought \$", row).group(1), re.findall(r"<td[^>]*>(\w+)</td>",
                                                                      row)[-1])
               for row in rows if "bought" in row]
    assert entered == [("Fred", "Ann"), ("Ann", "Bob")]
    tenures = page.split('id="tenures"')[1]
    assert re.search(r"<strong>Ann</strong> \d\d:\d\d–\d\d:\d\d · opened the night", tenures)
    assert re.search(r"<strong>Bob</strong> \d\d:\d\d–now · handed over by Ann", tenures)
    journal = ann[1].get(reverse("night_entries", args=[tonight.pk]) + "?_export=csv")
    assert [row["By"] for row in csv.DictReader(io.StringIO(journal.content.decode()))] == \
        ["Ann", "Bob"]


def test_a_night_without_a_holder_says_so_in_the_journal(banker_client, night):
    night.buy("Fred", "20.00")
    page = _text(banker_client.get(reverse("night_entries", args=[night.session.pk])))
    assert "Nobody held the bank on a tablet" in page


def test_a_non_holder_saves_no_house_game_with_a_refused_call_S12(tonight, ann, bob, players):
    """The dealer's own game is kept for the house in the call's own write: a call refused
    (here: another banker holds the bank) leaves no house game behind."""
    from ledger.models import HouseGame

    _, client = bob
    response = client.post(reverse("game_call", args=[tonight.pk]), {
        "key": "call-" + "k" * 20, "game": "five-card-draw", "wild": "2",
        "save_as": "Deuces Wild", "dealer": players["Fred"].pk})
    assert response.status_code == 403
    assert HouseGame.objects.count() == 0 and not Entry.objects.filter(kind=EntryKind.CALL)
