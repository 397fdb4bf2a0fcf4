"""A login's `/` with several houses (issue 37): a superuser on a site of a thousand houses
gets them HOUSES_PER_PAGE at a time with "Find a game" by name, on a page of a few KB and a
fixed number of queries; a member of some houses still sees only those."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from ledger.models import House, Role
from ledger.services.houses import member_role_set
from ledger.views.houses import HOUSES_PER_PAGE

pytestmark = pytest.mark.django_db


def _houses(count: int) -> list[House]:
    House.objects.bulk_create([House(name=f"Game {n:04d}", slug=f"game-{n:04d}")
                               for n in range(count)])
    return list(House.objects.order_by("name"))


def _login(username: str, **flags: bool) -> Client:
    user = User.objects.create_user(username, password="a-long-house-password", **flags)
    client = Client()
    client.force_login(user)
    return client


def _listed(html: str) -> list[str]:
    return re.findall(r'<td class="lead"><a href="/h/([^/"]+)/">', html)


def _queries(client: Client, path: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    return len(queries)


def test_a_superuser_of_a_thousand_houses_gets_them_a_page_at_a_time():
    houses = _houses(1000)
    admin = _login("root", is_superuser=True, is_staff=True)
    first = admin.get("/")
    html = first.content.decode()
    assert len(first.content) < 40_000, len(first.content)
    assert _listed(html) == [house.slug for house in houses[:HOUSES_PER_PAGE]]
    assert "Page 1 of 20" in html and 'href="?page=2" rel="next"' in html
    assert 'name="q"' in html and "Find a game" in html
    second = admin.get("/?page=2").content.decode()
    assert _listed(second) == [house.slug for house in houses[HOUSES_PER_PAGE:2 * HOUSES_PER_PAGE]]
    assert 'href="?page=1" rel="prev"' in second
    last = admin.get("/?page=999").content.decode()   # past the end: the last page
    assert _listed(last) == [house.slug for house in houses[-HOUSES_PER_PAGE:]]
    # "Find a game": by name, whatever its case; a search that finds nothing says so.
    found = admin.get("/?q=game 0427").content.decode()
    assert _listed(found) == ["game-0427"]
    assert 'value="game 0427"' in found and "Page 1 of" not in found
    many = admin.get("/?q=Game 01").content.decode()   # Game 0100..0199: two pages
    assert len(_listed(many)) == HOUSES_PER_PAGE and 'href="?page=2&amp;q=Game+01"' in many
    assert _listed(admin.get("/?page=2&q=Game+01").content.decode())[0] == "game-0150"
    nothing = admin.get("/?q=Friday").content.decode()
    assert _listed(nothing) == [] and "No game's name holds “Friday”" in nothing


def test_the_list_reads_the_database_as_often_for_a_thousand_houses_as_for_three():
    _houses(3)
    admin = _login("root", is_superuser=True, is_staff=True)
    admin.get("/")
    few = _queries(admin, "/")
    House.objects.bulk_create([House(name=f"More {n:04d}", slug=f"more-{n:04d}")
                               for n in range(997)])
    admin.get("/")
    assert _queries(admin, "/") == few
    assert _queries(admin, "/?page=7") == few and _queries(admin, "/?q=More 0500") == few
    assert few <= 8, few


def test_a_member_of_two_houses_still_sees_only_those_two():
    houses = _houses(1000)
    member = _login("tom")
    user = User.objects.get(username="tom")
    for house, role in ((houses[10], Role.BANKER), (houses[900], Role.VIEWER)):
        member_role_set(house=house, user=user, role=role)
    html = member.get("/").content.decode()
    assert _listed(html) == ["game-0010", "game-0900"]
    assert "Page 1 of" not in html and 'name="q"' not in html   # two games: nothing to find
    assert _listed(member.get("/?q=Game 05").content.decode()) == []
    assert _listed(member.get("/?q=0900").content.decode()) == ["game-0900"]
