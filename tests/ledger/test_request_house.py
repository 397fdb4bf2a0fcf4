"""The house a request names, read in one query (ledger/house.py `request_houses`): with the
house's version as `house_version` counts it, and the login's role as a member - trusted for
that login alone (ledger/permissions.py `role_of`)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from ledger import services
from ledger.house import first_houses, request_house, request_houses
from ledger.models import Membership, Night, Role
from ledger.permissions import BANKERS, make_banker, role_of
from ledger.scoping import in_house
from ledger.selectors.versions import house_version, version_of
from ledger.services.houses import house_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def friday():
    owner = User.objects.create_user(username="olga", password="a-long-password-1")
    house = house_create(name="Friday game", owner=owner)
    with in_house(house.pk):
        ann = services.player_create(name="Ann", note_id="ANN", key="ann-in-friday")
        for day in (1, 2):
            Night.objects.create(house=house, date=f"2026-11-0{day}", banker=ann,
                                        status=Night.CLOSED, version=day * 5)
    return house, owner


def test_a_night_slug_or_token_finds_its_house_with_its_version_and_role(friday):
    house, owner = friday
    with in_house(house.pk):
        night = Night.objects.first()
        expected = house_version()
    assert expected == (2, 15)
    for by, value in (("night", night.pk), ("slug", house.slug)):
        found = request_house(by, value, owner.pk)
        assert found == house and version_of(found) == expected
        assert role_of(owner, found) == Role.OWNER
    assert request_house("night", night.pk + 100, owner.pk) is None
    assert request_house("slug", "no-such-house", owner.pk) is None
    assert request_house("token", "no-such-token", None) is None


def test_the_role_read_with_the_house_is_the_readers_alone(friday):
    house, owner = friday
    stranger = User.objects.create_user(username="sam", password="a-long-password-2")
    found = request_house("slug", house.slug, owner.pk)
    assert role_of(owner, found) == Role.OWNER
    assert role_of(stranger, found) is None   # not the owner's role, read for the owner
    Membership.objects.create(house=house, user=stranger, role=Role.VIEWER)
    assert role_of(stranger, request_house("slug", house.slug, stranger.pk)) == Role.VIEWER
    # Read as no member of it, a one-house site's bankers group still banks it.
    bo = User.objects.create_user(username="bo", password="a-long-password-3")
    make_banker(bo)
    assert role_of(bo, request_house("slug", house.slug, bo.pk)) == Role.BANKER


def test_a_logins_houses_and_the_sites_first(friday):
    house, owner = friday
    tuesday = house_create(name="Tuesday game", owner=owner)
    mine = request_houses("member", owner.pk, owner.pk)
    assert {h.pk for h in mine} == {house.pk, tuesday.pk}
    assert all(h.member_role == Role.OWNER and version_of(h) is not None for h in mine)
    banker = User.objects.create_user(username="bo", password="a-long-password-3")
    assert request_houses("member", banker.pk, banker.pk) == []
    first = first_houses(BANKERS, banker.pk)
    assert [h.pk for h in first] == sorted([house.pk, tuesday.pk])
    assert not first[0].in_group
    make_banker(banker)
    assert first_houses(BANKERS, banker.pk)[0].in_group
