"""One invitation, ten taps at once: one new login (ARCHITECTURE "Houses"). The login is made by
the service, in the transaction that locks and uses the invitation, so the taps that lose are
refused before any login is written. Run on both databases (DATABASE_URL)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from test_link_limits_race import at_once

from ledger.models import House, Invitation, Membership, Role
from ledger.services import LedgerError
from ledger.services.houses import house_create, house_sign_up, invitation_join

pytestmark = pytest.mark.django_db(transaction=True)

TAPS = 10


@pytest.fixture
def invitation(db):
    owner = User.objects.create_user(username="olga", password="a-long-password-1")
    house = house_create(name="Friday game", owner=owner)
    return Invitation.objects.create(house=house, role=Role.BANKER, made_by=owner)


def test_ten_taps_on_one_invitation_make_one_login(invitation):
    url = f"/join/{invitation.token}/"

    def tap(i):
        return Client().post(url, {"username": f"bea{i}",
                                   "password": "another-long-pw-2"}).status_code

    statuses = at_once(tap, TAPS)
    # One tap joins; each other is refused: 400 when it read the invitation before the winner
    # used it (the lock refuses it), 404 when after (the page of a used invitation).
    assert statuses.count(302) == 1 and set(statuses) <= {302, 400, 404}, statuses
    assert User.objects.exclude(username="olga").count() == 1
    joined = User.objects.exclude(username="olga").get()
    assert Membership.objects.get(user=joined).house == invitation.house
    invitation.refresh_from_db()
    assert invitation.used_by == joined


def test_a_refused_invitation_makes_no_login(invitation):
    invitation_join(token=invitation.token, username="bea", password="another-long-pw-2")
    with pytest.raises(LedgerError, match="already used"):
        invitation_join(token=invitation.token, username="cal", password="another-long-pw-3")
    with pytest.raises(LedgerError, match="not known"):
        invitation_join(token="nope", username="dan", password="another-long-pw-3")
    assert sorted(User.objects.values_list("username", flat=True)) == ["bea", "olga"]


def test_ten_sign_ups_of_one_name_make_one_login_and_one_house(db):
    def sign_up(i):
        return house_sign_up(name=f"Game {i}", username="dan", password="a-long-password-1")

    results = at_once(sign_up, TAPS)
    refused = [r for r in results if isinstance(r, LedgerError)]
    assert len(refused) == TAPS - 1 and all("taken" in str(r) for r in refused), results
    assert User.objects.filter(username="dan").count() == 1
    assert House.objects.count() == 1
