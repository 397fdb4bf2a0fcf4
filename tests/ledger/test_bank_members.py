"""Who can hold a house's bank (issue 37): its owners and bankers (superusers too; on a
one-house site the bankers group and staff, as before houses), one rule
(permissions.is_banker / bank_holders / may_take_over) for the hand-over's offer, the
hand-over's check, taking a free bank and taking over. A house's holder is offered exactly its
own owners and bankers, a hand-over to each and back works, no page of a house names another
house's login, and a viewer is told they never hold the bank and offered no Take."""

from __future__ import annotations

import datetime
import html
import re
import secrets

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from ledger import services
from ledger.models import BankTenure, Night
from ledger.permissions import bank_holders, is_banker, make_banker, may_take_over
from ledger.scoping import in_house
from ledger.services.houses import house_create, member_role_set

pytestmark = pytest.mark.django_db

OFFERED = re.compile(r'<option value="(\d+)"[^>]*>([^<]*)</option>')


def _login(username: str, **extra) -> User:
    return User.objects.create_user(username=username, password="x" * 20, **extra)


def _house(name: str, prefix: str, *, opened_by: str | None = "owner") -> dict:
    """A house with an owner, two bankers (one also in the bankers group, one staff) and a
    viewer (logins named after the house), and a night open: held by its owner, or free
    (`opened_by=None`)."""
    logins = {role: _login(f"{prefix}_{role}") for role in ("owner", "banker", "banker2",
                                                             "viewer")}
    house = house_create(name=name, owner=logins["owner"])
    for role, user in logins.items():
        if role != "owner":
            member_role_set(house=house, user=user, role=role.rstrip("2"))
    make_banker(logins["banker"])   # also in the site's bankers group (a one-house site's)
    logins["banker2"].is_staff = True   # and staff, a member of this house alone
    logins["banker2"].save()
    with in_house(house.pk):
        host = services.player_create(name=f"{prefix}host", note_id="BOG", is_host=True,
                                      key=f"{prefix}-host")
        fred = services.player_create(name=f"{prefix}fred", note_id="BOF", key=f"{prefix}-fred")
        night = services.night_open(
            date=datetime.date(2026, 11, 27), banker=host, seating=[fred], key=f"{prefix}-open",
            user=logins[opened_by] if opened_by else None)
    return {"house": house, "night": night, **logins}


@pytest.fixture
def two():
    return _house("Friday game", "fri"), _house("Tuesday game", "tue")


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _page(client: Client, night: Night) -> str:
    response = client.get(reverse("night_dashboard", args=[night.pk]))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def _offered(page: str) -> set[str]:
    control = re.search(r'<form[^>]*id="hand-over".*?</form>', page, re.S)
    assert control, "no hand-over control"
    return {name for _, name in OFFERED.findall(control.group(0))}


def _hand(client: Client, night: Night, to: User):
    return client.post(reverse("bank_hand_over", args=[night.pk]),
                       {"key": secrets.token_urlsafe(18), "to": to.pk})


def _holder(night: Night) -> User:
    return BankTenure.objects.filter(session=night).order_by("-id").first().holder


# ---- the rule --------------------------------------------------------------------------------

def test_bank_holders_are_exactly_whom_is_banker_lets_hold_the_bank(two):
    boss = _login("boss", is_superuser=True, is_staff=True)
    gone = _login("gone")
    gone.is_active = False
    gone.save()
    member_role_set(house=two[0]["house"], user=gone, role="banker")
    for house in two:
        holders = {u.username for u in bank_holders(house["house"].pk)}
        prefix = house["house"].slug[:3]
        assert holders == {f"{prefix}_owner", f"{prefix}_banker", f"{prefix}_banker2", "boss"}
        for user in User.objects.all():
            fresh = User.objects.get(pk=user.pk)   # (no per-request cache of the roles)
            assert (user.username in holders) == is_banker(fresh, house["house"].pk), user
    assert boss in bank_holders(two[1]["house"].pk)


def test_on_a_one_house_site_the_bankers_group_and_staff_hold_it_and_a_viewer_never(db):
    house = _house("Home game", "home")
    grouped, _staff, staff_viewer = _login("grouped"), _login("staff", is_staff=True), \
        _login("staffview", is_staff=True)
    make_banker(grouped)
    member_role_set(house=house["house"], user=staff_viewer, role="viewer")
    make_banker(house["viewer"])   # a viewer membership wins over the group
    holders = {u.username for u in bank_holders(house["house"].pk)}
    assert holders == {"home_owner", "home_banker", "home_banker2", "grouped", "staff"}
    for user in User.objects.all():
        assert (user.username in holders) == is_banker(User.objects.get(pk=user.pk),
                                                        house["house"].pk)
    house_create(name="Second game", owner=_login("second"))   # a second house: members only
    assert {u.username for u in bank_holders(house["house"].pk)} == \
        {"home_owner", "home_banker", "home_banker2"}


def test_who_may_take_the_bank_over(two):
    fri = two[0]
    pk = fri["house"].pk
    assert may_take_over(fri["owner"], pk)
    assert not may_take_over(fri["banker"], pk) and not may_take_over(fri["viewer"], pk)
    assert not may_take_over(two[1]["owner"], pk)   # another house's owner
    assert not may_take_over(_login("staff", is_staff=True), pk)   # staff of no house of two


# ---- the pages -------------------------------------------------------------------------------

def test_each_houses_holder_is_offered_exactly_its_own_owners_and_bankers_and_hands_back(two):
    for house, other in (two, reversed(two)):
        prefix = house["house"].slug[:3]
        owner, banker, night = house["owner"], house["banker"], house["night"]
        page = _page(_client(owner), night)
        assert _offered(page) == {f"{prefix}_banker", f"{prefix}_banker2"}
        # To the banker, to the second banker, and back to the owner.
        assert _hand(_client(owner), night, banker).status_code == 302
        assert _holder(night) == banker
        assert _offered(_page(_client(banker), night)) == {f"{prefix}_owner",
                                                           f"{prefix}_banker2"}
        assert _hand(_client(banker), night, house["banker2"]).status_code == 302
        assert _hand(_client(house["banker2"]), night, owner).status_code == 302
        assert _holder(night) == owner
        # Another house's banker is no choice: refused, nothing written.
        before = BankTenure.objects.count()
        refused = _hand(_client(owner), night, other["banker"])
        assert refused.status_code == 400
        assert "Choose one of the bankers offered" in refused.content.decode()
        assert BankTenure.objects.count() == before


def test_no_page_of_a_house_names_another_houses_login(two):
    for house, other in (two, tuple(reversed(two))):
        prefix = other["house"].slug[:3]
        night = house["night"]
        for who in ("owner", "banker", "viewer"):
            client = _client(house[who])
            for url in (reverse("night_dashboard", args=[night.pk]),
                        reverse("night_entries", args=[night.pk])):
                text = client.get(url).content.decode()
                assert f"{prefix}_" not in text, (who, url)


def test_the_owner_takes_a_free_bank_with_one_tap(db):
    house = _house("Friday game", "fri", opened_by=None)
    _house("Tuesday game", "tue")
    night, owner = house["night"], house["owner"]
    page = _page(_client(owner), night)
    assert "Nobody holds the bank" in page and 'id="take-bank"' in page
    taken = _hand(_client(owner), night, owner)
    assert taken.status_code == 302
    assert (_holder(night), BankTenure.objects.get(session=night).how) == \
        (owner, BankTenure.TAKEN)


def test_the_owner_takes_the_bank_over_from_a_banker_and_a_banker_may_not(two):
    fri = two[0]
    night = fri["night"]
    assert _hand(_client(fri["owner"]), night, fri["banker"]).status_code == 302
    refused = _hand(_client(fri["viewer"]), night, fri["viewer"])
    assert refused.status_code == 403
    assert _hand(_client(fri["banker"]), night, fri["banker2"]).status_code == 302
    refused = _hand(_client(fri["banker"]), night, fri["banker"])   # a banker, not staff
    assert refused.status_code == 403
    assert "ask them to hand it to you." in refused.content.decode()
    page = _page(_client(fri["owner"]), night)
    assert "Take the bank over" in page and "As the house's owner" in page
    assert _hand(_client(fri["owner"]), night, fri["owner"]).status_code == 302
    tenure = BankTenure.objects.filter(session=night).order_by("-id").first()
    assert (tenure.holder, tenure.how, tenure.previous) == \
        (fri["owner"], BankTenure.TAKEN_OVER, fri["banker2"])
    journal = _client(fri["owner"]).get(reverse("night_entries", args=[night.pk]))
    assert "taken over from fri_banker2 by fri_owner (owner)" in journal.content.decode()


def test_on_a_one_house_site_a_bank_handed_to_staff_comes_back(db):
    house = _house("Home game", "home")
    staff = _login("staff", is_staff=True)
    night, owner = house["night"], house["owner"]
    assert "staff" in _offered(_page(_client(owner), night))
    assert _hand(_client(owner), night, staff).status_code == 302
    assert "home_owner" in _offered(_page(_client(staff), night))
    assert _hand(_client(staff), night, owner).status_code == 302
    assert _holder(night) == owner


# ---- a viewer (item: "ask them to hand it to you") ------------------------------------------

@pytest.mark.parametrize("opened_by", ["owner", None])
def test_a_viewer_is_told_they_never_hold_the_bank_and_offered_no_take(db, opened_by):
    house = _house("Friday game", "fri", opened_by=opened_by)
    page = _page(_client(house["viewer"]), house["night"])
    words = re.sub(r"<[^>]+>", "", page)
    assert "ask them to hand it to you" not in words
    assert "As a viewer of this house you read its nights; only its owners and bankers hold " \
           "the bank." in words
    assert 'id="take-bank"' not in page and 'id="hand-over"' not in page
    assert reverse("buyin", args=[house["night"].pk]) not in page   # no writing buttons
