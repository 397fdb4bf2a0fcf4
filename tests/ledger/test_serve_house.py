"""`make serve` (manage.py serve_house): the real site for a home game on one machine -
production settings, a secret key file, the owner asked for or taken from the environment,
plain HTTP with working cookies on the house network only; and the README's Caddy recipe."""

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from ledger.house import house_in_use
from ledger.public_url import house_address, house_refusal
from ledger.services.houses import house_rename

ROOT = Path(__file__).resolve().parents[2]
SETTINGS_READ = """
from django.conf import settings
print(settings.HOUSE_NETWORK, settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE,
      getattr(settings, "SECURE_SSL_REDIRECT", False), settings.CSRF_TRUSTED_ORIGINS,
      sorted(settings.SILENCED_SYSTEM_CHECKS), settings.ALLOWED_HOSTS,
      settings.TRUSTED_PROXY_COUNT, settings.PUBLIC_URL)
"""


def _run(args, tmp_path, stdin=subprocess.DEVNULL, **env) -> subprocess.CompletedProcess:
    """A `manage.py` of its own: a fresh database, key files and static folder in tmp_path."""
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SECRET_KEY",
                                "BANKER_OWNER", "BANKER_PASSWORD", "BANKER_HOUSE")}
    environment.update(DATABASE_URL=f"sqlite:///{tmp_path / 'house.sqlite3'}",
                       DJANGO_SECRET_KEY_FILE=str(tmp_path / "secret.key"),
                       DJANGO_STATIC_ROOT=str(tmp_path / "static"), **env)
    if args[0] == "shell":
        args = ["shell", "-v0", *args[1:]]
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=environment,
                          stdin=stdin, capture_output=True, text=True, timeout=300)


HOUSE = {"DJANGO_DEBUG": "false", "BANKER_HOUSE_NETWORK": "true"}


def test_only_loopback_and_private_addresses_are_the_house_network():
    for host in ("127.0.0.2", "192.168.1.20", "10.0.0.7", "172.16.4.1", "localhost", "::1",
                 "fd12::1"):
        assert house_address(host), host
    for host in ("8.8.8.8", "100.64.0.1", "0.0.0.0", "2001:4860::8888", "", "poker.example"):
        assert not house_address(host), host
    assert house_refusal("0.0.0.0", "http://192.168.1.20:8000") == ""
    refusal = house_refusal("0.0.0.0", "https://poker.example")
    assert refusal.startswith("make serve serves plain HTTP only on the house network, and "
                              "poker.example (DJANGO_PUBLIC_URL) is not a private or loopback")
    assert "8.8.8.8 (HOST)" in house_refusal("8.8.8.8", "")


def test_first_start_makes_the_owner_the_key_file_and_prints_the_address(tmp_path):
    env = {**HOUSE, "DJANGO_PUBLIC_URL": "http://127.0.0.2:8123"}
    done = _run(["serve_house", "--setup-only", "--host", "127.0.0.2", "--port", "8123"],
                tmp_path, BANKER_OWNER="ann", BANKER_PASSWORD="a-long-house-password",
                BANKER_HOUSE="Ann's Friday game", **env)
    assert done.returncode == 0, done.stderr
    assert "The owner ann can log in" in done.stdout
    assert "Banker for Ann's Friday game: the tablet and the phones open " \
           "http://127.0.0.2:8123/" in done.stdout
    assert "█" in done.stdout                                  # the QR code
    key = tmp_path / "secret.key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and len(key.read_text().strip()) == 64
    check = _run(["shell", "-c", "from django.contrib.auth.models import User; "
                  "from ledger.permissions import role_of; from ledger.models import House; "
                  "u = User.objects.get(); h = House.objects.get(); "
                  "print(u.username, u.is_superuser, role_of(u, h), u.check_password("
                  "'a-long-house-password'), h.name, h.slug)"], tmp_path, **env)
    assert check.stdout.strip() == "ann True owner True Ann's Friday game anns-friday-game", \
        check.stderr
    first_key = key.read_text()
    # Started again with nothing set: nothing asked, the same owner and house, the same key.
    again = _run(["serve_house", "--setup-only", "--host", "127.0.0.2", "--port", "8123"],
                 tmp_path, **env)
    assert again.returncode == 0, again.stderr
    assert "Banker for Ann's Friday game" in again.stdout and "owner" not in again.stdout
    assert key.read_text() == first_key


def test_without_a_terminal_a_missing_owner_or_a_public_address_is_one_line(tmp_path):
    no_owner = _run(["serve_house", "--setup-only"], tmp_path, **HOUSE)
    assert no_owner.returncode == 2
    assert no_owner.stderr.strip().splitlines() == [
        "CommandError: No owner yet: set BANKER_OWNER and BANKER_PASSWORD (the owner's login "
        "for the first start), or start make serve in a terminal to be asked"]
    weak = _run(["serve_house", "--setup-only"], tmp_path, BANKER_OWNER="ann",
                BANKER_PASSWORD="password", **HOUSE)
    assert weak.returncode == 2 and len(weak.stderr.strip().splitlines()) == 1
    assert "This password is too common" in weak.stderr
    public = _run(["serve_house", "--setup-only"], tmp_path, BANKER_OWNER="ann",
                  BANKER_PASSWORD="a-long-house-password",
                  DJANGO_PUBLIC_URL="https://poker.example", **HOUSE)
    assert public.returncode == 2
    [line] = public.stderr.strip().splitlines()
    assert "poker.example (DJANGO_PUBLIC_URL) is not a private or loopback address" in line
    assert not (tmp_path / "house.sqlite3").exists() or "ann" not in _run(
        ["shell", "-c", "from django.contrib.auth.models import User; "
         "print(list(User.objects.values_list('username', flat=True)))"], tmp_path,
        **HOUSE).stdout


def test_house_network_cookies_work_over_http_and_the_deploy_check_names_its_exception(
        tmp_path):
    env = {**HOUSE, "DJANGO_PUBLIC_URL": "http://192.168.1.20:8000"}
    house = _run(["shell", "-c", SETTINGS_READ], tmp_path, **env)
    assert house.returncode == 0, house.stderr
    assert house.stdout.strip() == (
        "True False False False ['http://192.168.1.20:8000'] "
        "['security.W004', 'security.W008', 'security.W012', 'security.W016'] "
        "['127.0.0.1', 'localhost', '[::1]', '192.168.1.20'] 0 http://192.168.1.20:8000")
    deploy = _run(["check", "--deploy", "--fail-level", "WARNING"], tmp_path, **env)
    assert deploy.returncode == 0, deploy.stdout + deploy.stderr
    # The same switch on a public address changes nothing: the HTTPS-only settings stand.
    public = _run(["shell", "-c", SETTINGS_READ], tmp_path,
                  **{**env, "DJANGO_PUBLIC_URL": "https://poker.example"})
    assert public.stdout.startswith("False True True True [] [] "), public.stdout


HSTS_READ = """
from django.test import Client
answer = Client().get("/login/", HTTP_HOST="127.0.0.1", secure=True,
                      HTTP_X_FORWARDED_PROTO="https")
print(answer.status_code, answer.headers.get("Strict-Transport-Security", "no HSTS"))
"""


def test_the_house_network_sends_no_hsts_to_a_request_claiming_https(tmp_path):
    """gunicorn believes a local `X-Forwarded-Proto: https` by default (forwarded_allow_ips):
    serve_house tells it to believe no one, and the house network's settings send no HSTS to a
    request that arrives as https all the same."""
    from ledger.management.commands.serve_house import gunicorn_command

    command = gunicorn_command("0.0.0.0", "8000", 3)
    assert command[command.index("--forwarded-allow-ips") + 1] == ""
    from gunicorn.config import Config

    config = Config()
    config.set("forwarded_allow_ips", "")
    assert config.forwarded_allow_ips == []
    setup = _run(["serve_house", "--setup-only"], tmp_path, BANKER_OWNER="ann",
                 BANKER_PASSWORD="a-long-house-password", **HOUSE)
    assert setup.returncode == 0, setup.stderr
    house = _run(["shell", "-c", HSTS_READ], tmp_path, **HOUSE)
    assert house.stdout.strip() == "200 no HSTS", house.stderr
    public = _run(["shell", "-c", HSTS_READ], tmp_path, DJANGO_DEBUG="false",
                  DJANGO_ALLOWED_HOSTS="127.0.0.1")   # a hosted site keeps it
    assert public.stdout.strip().startswith("200 max-age=31536000"), public.stderr


def test_the_readmes_caddy_recipe_names_settings_that_are_read_and_pass_the_deploy_check(
        tmp_path):
    readme = (ROOT / "README.md").read_text()
    section = readme.split("### HTTPS when hosted", 1)[1].split("\n## ", 1)[0]
    assert "reverse_proxy 127.0.0.1:8000" in section and "--bind 127.0.0.1:8000" in section
    exported = dict(re.findall(r"(\w+)=(\S+)", section.split("export ", 1)[1].split("\n")[0]))
    assert exported == {"DJANGO_DEBUG": "false", "DJANGO_PUBLIC_URL": "https://poker.example",
                        "DJANGO_TRUSTED_PROXY": "true"}
    hosted = _run(["shell", "-c", SETTINGS_READ], tmp_path, **exported)
    assert hosted.returncode == 0, hosted.stderr
    # Secure cookies, the https redirect, no house exception, poker.example let in, the
    # client's address read from the proxy's X-Forwarded-For.
    assert hosted.stdout.strip() == (
        "False True True True [] [] ['127.0.0.1', 'localhost', '[::1]', 'poker.example'] 1 "
        "https://poker.example")
    deploy = _run(["check", "--deploy", "--fail-level", "WARNING"], tmp_path, **exported)
    assert deploy.returncode == 0, deploy.stdout + deploy.stderr
    assert stat.S_IMODE((tmp_path / "secret.key").stat().st_mode) == 0o600


def test_make_serve_runs_the_command_with_production_settings():
    environment = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL")}
    done = subprocess.run(["make", "-n", "serve", "HOST=127.0.0.2", "PORT=8124"], cwd=ROOT,
                          env=environment, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "export DJANGO_DEBUG=false BANKER_HOUSE_NETWORK=true" in done.stdout
    assert "manage.py serve_house --host 127.0.0.2 --port 8124" in done.stdout
    assert "backups/" in (ROOT / ".gitignore").read_text().split()
    assert "secret.key" in (ROOT / ".gitignore").read_text().split()


@pytest.mark.django_db
def test_the_header_shows_the_houses_name(banker_client, client):
    house_rename(house=house_in_use(), name="Ann's Friday game")
    html = banker_client.get(reverse("night_list")).content.decode()
    assert '<span class="house-name">Ann&#x27;s Friday game</span>' in html
    assert "house-name" not in client.get(reverse("login")).content.decode()   # no house


@pytest.mark.django_db
def test_in_a_terminal_a_short_password_or_a_bad_username_is_asked_again(monkeypatch):
    """The interactive first start asks again, in words, instead of stopping on variables
    (BANKER_OWNER, BANKER_PASSWORD) nobody set."""
    from io import StringIO

    from django.contrib.auth.models import User

    from ledger.management.commands import serve_house

    class Terminal(StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("BANKER_OWNER", raising=False)
    monkeypatch.delenv("BANKER_PASSWORD", raising=False)
    monkeypatch.setattr(serve_house.sys, "stdin", Terminal())
    names = iter(["ann smith!", "ann"])
    passwords = iter(["short", "short", "a-long-house-password", "a-long-house-password"])
    monkeypatch.setattr("builtins.input", lambda question: next(names))
    monkeypatch.setattr(serve_house.getpass, "getpass", lambda question: next(passwords))
    out, err = StringIO(), StringIO()
    owner = serve_house.Command(stdout=out, stderr=err)._owner()
    assert owner is not None and owner.username == "ann" and owner.is_superuser
    assert User.objects.get().check_password("a-long-house-password")
    said = err.getvalue()
    assert "Enter a valid username" in said and "Choose another username" in said
    assert "This password is too short" in said and "Choose another password" in said
    assert "BANKER_" not in said
    assert "The owner ann can log in" in out.getvalue()


@pytest.mark.django_db
def test_the_start_line_counts_every_house_of_the_site_in_one_query(monkeypatch):
    """A site of 12 houses starts as "Banker for 12 houses", not "2 houses" (issue 37): the
    first two houses and the site's count are read in one query."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from ledger.management.commands.serve_house import Command
    from ledger.models import House

    monkeypatch.delenv("BANKER_HOUSE", raising=False)
    House.objects.bulk_create([House(name=f"Game {n}", slug=f"game-{n}") for n in range(12)])
    with CaptureQueriesContext(connection) as queries:
        assert Command()._house(None) == "12 houses"
    assert len(queries) == 1
    House.objects.exclude(slug="game-0").delete()
    assert Command()._house(None) == "Game 0"
