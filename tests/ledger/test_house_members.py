"""A house's members: owners invite by a one-time link, change roles and remove members (never
the last owner); `createhouse` and `import_session --house` on the command line; signing up
only when the site allows it (ARCHITECTURE "Houses")."""

from __future__ import annotations

import datetime
import json
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from ledger.models import House, Invitation, Membership, Night, Role
from ledger.scoping import every_house
from ledger.services.houses import house_create

pytestmark = pytest.mark.django_db

NIGHT = Path(__file__).parent / "nights" / "architecture_example.json"


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def owner():
    return User.objects.create_user(username="olga", password="a-long-password-1")


@pytest.fixture
def house(owner):
    return house_create(name="Friday game", owner=owner)


def _invite(client: Client, house: House, role: str) -> str:
    page = client.post(f"/h/{house.slug}/members/", {"action": "invite", "role": role})
    assert page.status_code == 200
    link = page.context["invited"]
    return link[link.index("/join/"):]


def test_an_invitation_makes_a_login_with_its_role_once(owner, house):
    path = _invite(_client(owner), house, "banker")
    newcomer = Client()
    assert "Join Friday game" in newcomer.get(path).content.decode()
    joined = newcomer.post(path, {"username": "bea", "password": "another-long-pw-2"})
    assert joined.status_code == 302 and joined.url == f"/h/{house.slug}/"
    bea = User.objects.get(username="bea")
    assert Membership.objects.get(house=house, user=bea).role == Role.BANKER
    assert newcomer.get("/players/").status_code == 200       # logged in, a banker now
    # Used once: a second person gets a sentence, and no login.
    again = Client().post(path, {"username": "cal", "password": "another-long-pw-3"})
    assert again.status_code == 404 and "already used" in again.content.decode()
    assert not User.objects.filter(username="cal").exists()


def test_an_expired_or_unknown_invitation_is_refused_in_words(owner, house):
    made = Invitation.objects.create(house=house, role=Role.VIEWER, made_by=owner,
                                     expires_at=timezone.now() - datetime.timedelta(seconds=1))
    expired = Client().get(f"/join/{made.token}/")
    assert expired.status_code == 404 and "has expired" in expired.content.decode()
    unknown = Client().post("/join/not-a-token/", {"username": "x", "password": "y" * 20})
    assert unknown.status_code == 404 and "not known" in unknown.content.decode()
    assert not User.objects.filter(username="x").exists()


def test_a_logged_in_member_of_another_house_joins_with_the_invited_role(owner, house):
    other = User.objects.create_user(username="tom", password="a-long-password-1")
    house_create(name="Tuesday game", owner=other)
    path = _invite(_client(owner), house, "viewer")
    tom = _client(other)
    assert tom.post(path).status_code == 302
    assert Membership.objects.get(house=house, user=other).role == Role.VIEWER
    home = tom.get("/").content.decode()
    assert "Friday game" in home and "Tuesday game" in home


def test_roles_change_members_go_and_the_last_owner_stays(owner, house):
    bea = User.objects.create_user(username="bea", password="a-long-password-1")
    Membership.objects.create(house=house, user=bea, role=Role.BANKER)
    page = _client(owner)
    url = f"/h/{house.slug}/members/"
    assert page.post(url, {"action": "role", "user": bea.pk, "role": "viewer"}).status_code \
        == 302
    assert Membership.objects.get(user=bea).role == Role.VIEWER
    refused = page.post(url, {"action": "role", "user": owner.pk, "role": "banker"})
    assert refused.status_code == 400 and "last owner" in refused.content.decode()
    refused = page.post(url, {"action": "remove", "user": owner.pk})
    assert refused.status_code == 400 and "last owner" in refused.content.decode()
    assert Membership.objects.get(user=owner).role == Role.OWNER
    forged = page.post(url, {"action": "role", "user": bea.pk, "role": "king"})
    assert forged.status_code == 400 and Membership.objects.get(user=bea).role == Role.VIEWER
    assert page.post(url, {"action": "remove", "user": bea.pk}).status_code == 302
    assert not Membership.objects.filter(user=bea).exists()


def test_only_owners_open_the_members_page(owner, house):
    bea = User.objects.create_user(username="bea", password="a-long-password-1")
    Membership.objects.create(house=house, user=bea, role=Role.BANKER)
    assert _client(bea).get(f"/h/{house.slug}/members/").status_code == 403
    assert _client(bea).post(f"/h/{house.slug}/members/",
                             {"action": "invite", "role": "owner"}).status_code == 403
    assert not Invitation.objects.exists()
    assert _client(owner).get(f"/h/{house.slug}/members/").status_code == 200


def test_createhouse_makes_a_house_with_its_owner_and_prints_the_slug_last(owner):
    out = StringIO()
    call_command("createhouse", "Tuesday game", "--owner", "olga", stdout=out)
    assert out.getvalue().splitlines()[-1] == "tuesday-game"
    house = House.objects.get(slug="tuesday-game")
    assert Membership.objects.get(house=house).user == owner
    with pytest.raises(CommandError, match="there is no login 'nobody'"):
        call_command("createhouse", "Other", "--owner", "nobody")
    with pytest.raises(CommandError, match="needs a name"):
        call_command("createhouse", "  ", "--owner", "olga")


def test_import_needs_the_house_on_a_site_of_several(owner, house):
    house_create(name="Tuesday game", owner=owner)
    with pytest.raises(CommandError, match="several houses; name one"):
        call_command("import_session", str(NIGHT))
    out = StringIO()
    call_command("import_session", str(NIGHT), "--house", "tuesday-game", stdout=out)
    with every_house():
        night = Night.objects.get(pk=int(out.getvalue()))
    assert night.house.slug == "tuesday-game"
    with pytest.raises(CommandError, match="there is no house 'monday'"):
        call_command("import_session", str(NIGHT), "--house", "monday")
    # The same file into the other house is a night of that house too.
    call_command("import_session", str(NIGHT), "--house", house.slug, stdout=StringIO())
    exported = StringIO()
    call_command("export_session", str(night.pk), stdout=exported)
    assert [e["type"] for e in json.loads(exported.getvalue())["events"]] == \
        [e["type"] for e in json.loads(NIGHT.read_text())["events"]]


def test_signing_up_starts_a_house_only_when_the_site_allows_it(settings):
    settings.OPEN_SIGNUP = False
    assert Client().get("/signup/").status_code == 404
    settings.OPEN_SIGNUP = True
    visitor = Client()
    started = visitor.post("/signup/", {"house": "Poker club", "username": "dan",
                                        "password": "a-long-password-1"})
    assert started.status_code == 302 and started.url == "/h/poker-club/"
    assert Membership.objects.get(user__username="dan").role == Role.OWNER
    assert visitor.get("/h/poker-club/members/").status_code == 200
