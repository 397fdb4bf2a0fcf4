"""Phones on the house network: the players' links and QR codes use the site's public address
when one is set (DJANGO_PUBLIC_URL); unset, the address the request came in on, as before.
`make demo` with HOST=0.0.0.0 serves the house network and gives its links that address."""

import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from ledger.models import Player
from ledger.public_url import demo_public_url, parse_public_url, public_host
from ledger.templatetags.links import qr_svg

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = "http://192.168.1.20:8000"


def _link(player) -> str:
    return f"{PUBLIC}/p/{player.balance_token}/"


@pytest.mark.django_db
def test_the_players_page_links_and_codes_use_the_public_address(banker_client, players,
                                                                  settings):
    settings.PUBLIC_URL = PUBLIC
    html = banker_client.get(reverse("player_list")).content.decode()
    fred = players["Fred"]
    assert f'value="{_link(fred)}"' in html
    assert qr_svg(_link(fred), title="Fred's page") in html
    assert "http://testserver/p/" not in html


@pytest.mark.django_db
def test_the_settle_up_links_use_the_public_address(banker_client, night, players, settings):
    settings.PUBLIC_URL = PUBLIC
    night.buy("Fred", "20.00")
    html = banker_client.get(reverse("settle_up", args=[night.session.pk])).content.decode()
    assert _link(players["Fred"]) in html and "http://testserver/p/" not in html


@pytest.mark.django_db
def test_unset_the_links_keep_the_address_the_request_came_in_on(banker_client, players,
                                                                 settings):
    settings.PUBLIC_URL = ""
    html = banker_client.get(reverse("player_list")).content.decode()
    assert f"http://testserver/p/{players['Fred'].balance_token}/" in html


@pytest.mark.django_db
def test_load_demo_prints_links_on_the_public_address(settings):
    settings.PUBLIC_URL = PUBLIC
    out = StringIO()
    call_command("load_demo", "--port", "8123", stdout=out)
    for player in Player.objects.all():
        assert _link(player) in out.getvalue()
    assert "127.0.0.1" not in out.getvalue()


def test_the_setting_is_an_address_or_nothing():
    assert parse_public_url("") == ""
    assert parse_public_url(" http://192.168.1.20:8000/ ") == PUBLIC
    assert parse_public_url("https://poker.example") == "https://poker.example"
    for bad in ("192.168.1.20:8000", "ftp://x", "http://host/p/", "http://"):
        with pytest.raises(ValueError, match="DJANGO_PUBLIC_URL"):
            parse_public_url(bad)
    assert public_host(PUBLIC) == "192.168.1.20"


def test_make_demo_serves_the_house_network_on_this_machines_address():
    assert demo_public_url("127.0.0.1", "8000") == ""      # as before: the request's address
    url = demo_public_url("0.0.0.0", "8000")
    assert url.startswith("http://") and url.endswith(":8000")
    assert demo_public_url("192.168.1.20", "9000") == "http://192.168.1.20:9000"
    makefile = (ROOT / "Makefile").read_text()
    assert "runserver $(HOST):$(PORT)" in makefile and "HOST ?= 127.0.0.1" in makefile


def test_a_public_address_lets_its_host_in_and_a_bad_one_stops_the_site():
    code = ("import django; django.setup(); from django.conf import settings; "
            "print(settings.PUBLIC_URL, settings.ALLOWED_HOSTS)")
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "ledger.settings"}
    good = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, env={**env, "DJANGO_PUBLIC_URL": PUBLIC + "/"})
    assert good.returncode == 0, good.stderr
    assert PUBLIC in good.stdout and "'192.168.1.20'" in good.stdout
    bad = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, env={**env, "DJANGO_PUBLIC_URL": "192.168.1.20"})
    assert bad.returncode != 0 and "DJANGO_PUBLIC_URL must be an address" in bad.stderr
