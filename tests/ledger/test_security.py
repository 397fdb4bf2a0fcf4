"""Security of the web layer: deploy checks, CSRF, lockout, headers, private pages (R10-R14)."""

import datetime
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from ledger_night import named

from ledger.posting.accounts import EntryKind

ROOT = Path(__file__).resolve().parents[2]


def _production_env() -> dict:
    """This process's environment minus what only the test run sets (the browser tests allow
    Django's ORM next to Playwright's event loop, which a deployment must never do)."""
    env = dict(os.environ)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return env


def _deploy_check(secret_key: str) -> subprocess.CompletedProcess:
    env = _production_env()
    env.update(
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secret_key,
        DJANGO_ALLOWED_HOSTS="poker.example",
    )
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )


def test_deploy_check_passes_with_production_settings_R10():
    result = _deploy_check(secrets.token_urlsafe(60))
    assert result.returncode == 0, result.stdout + result.stderr


def test_deploy_check_gate_fails_on_a_weak_secret_key_R10():
    # Proves the gate is real: --fail-level WARNING turns a warning into a failure.
    result = _deploy_check("short")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stdout + result.stderr


@pytest.mark.django_db
def test_every_page_sends_csp_and_refuses_framing_R14(client):
    response = client.get(reverse("login"))
    csp = response.headers["Content-Security-Policy"]
    directives = {d.strip().split()[0]: d.strip() for d in csp.split(";") if d.strip()}
    assert directives["default-src"] == "default-src 'self'"
    assert directives["frame-ancestors"] == "frame-ancestors 'none'"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.django_db
def test_error_pages_carry_the_headers_too_R14(client):
    response = client.get("/p/not-a-real-token/")
    assert response.status_code == 404
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]


@pytest.mark.django_db
def test_pages_have_no_inline_script_or_style_so_the_csp_does_not_break_them_R14(client):
    html = client.get(reverse("login")).content.decode()
    assert "<script>" not in html and " style=" not in html and "<style" not in html
    assert "htmx.min.js" in html  # served from our own static files, not a CDN
    assert "://" not in html.split("<body")[0]  # nothing loaded from another origin


@pytest.mark.django_db
def test_login_post_without_csrf_token_is_refused_R12(banker_user):
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        reverse("login"), {"username": "mike", "password": "correct-horse-battery-staple"}
    )
    assert response.status_code == 403
    assert b"security token" in response.content
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_login_with_csrf_token_works(banker_user):
    client = Client(enforce_csrf_checks=True)
    client.get(reverse("login"))
    token = client.cookies["csrftoken"].value
    response = client.post(
        reverse("login"),
        {"username": "mike", "password": "correct-horse-battery-staple",
         "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(banker_user.pk)


@pytest.mark.django_db
def test_wrong_passwords_lock_that_account_only_R13(banker_user, django_user_model, settings):
    django_user_model.objects.create_user(username="fred", password="another-long-passw0rd")
    attacker = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        attacker.post(reverse("login"), {"username": "mike", "password": "wrong"})
    # Now even the right password is refused for mike from this address...
    locked = attacker.post(
        reverse("login"), {"username": "mike", "password": "correct-horse-battery-staple"}
    )
    assert locked.status_code == 429
    assert b"locked" in locked.content
    assert "_auth_user_id" not in attacker.session
    # ...but another account on the same home network still logs in.
    other = Client()
    ok = other.post(reverse("login"), {"username": "fred", "password": "another-long-passw0rd"})
    assert ok.status_code == 302


@pytest.mark.django_db
def test_a_wrong_password_says_so_in_words(client, banker_user):
    response = client.post(reverse("login"), {"username": "mike", "password": "nope"})
    assert response.status_code == 200
    assert b"correct username and password" in response.content


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name", ["night_list", "book", "player_list", "night_open", "player_new"]
)
def test_banker_pages_need_a_login_R11(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.django_db
def test_logout_is_post_only_and_logs_out(banker_client):
    assert banker_client.get(reverse("logout")).status_code == 405
    response = banker_client.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in banker_client.session


PRODUCTION_SMOKE = """
from django.test import Client
client = Client(HTTP_X_FORWARDED_PROTO="https", HTTP_HOST="poker.example")
page = client.get("/login/")
assert page.status_code == 200, page.status_code
html = page.content.decode()
import re
css = re.search(r'href="(/static/ledger/app\\.[0-9a-f]{12}\\.css)"', html)
assert css, "the stylesheet is not served under a hashed name"
static = client.get(css.group(1))
assert static.status_code == 200, static.status_code
assert "max-age=315360000" in static.headers["Cache-Control"]
assert page.headers["Strict-Transport-Security"].startswith("max-age=")
assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
plain = Client(HTTP_HOST="poker.example").get("/login/")
assert plain.status_code == 301 and plain.url.startswith("https://"), plain.status_code
missing = client.get("/p/nobody/")
assert missing.status_code == 404 and b"Nothing here" in missing.content
print("ok")
"""


@pytest.mark.slow
def test_production_settings_serve_hashed_static_files_over_https_R10(tmp_path):
    env = _production_env()
    env.update(
        DJANGO_DEBUG="false", DJANGO_SECRET_KEY=secrets.token_urlsafe(60),
        DJANGO_ALLOWED_HOSTS="poker.example", DJANGO_STATIC_ROOT=str(tmp_path / "static"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'prod.sqlite3'}",
    )
    run = dict(cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    migrated = subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], **run)
    assert migrated.returncode == 0, migrated.stderr
    collected = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], **run)
    assert collected.returncode == 0, collected.stderr
    smoke = subprocess.run([sys.executable, "manage.py", "shell", "-c", PRODUCTION_SMOKE], **run)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert smoke.stdout.strip().endswith("ok")


@pytest.mark.django_db
@pytest.mark.parametrize("evil", ["https://evil.example/", "//evil.example/", "/\\evil.example/",
                                  "javascript:alert(1)"])
def test_add_player_never_redirects_to_another_site(banker_client, evil):
    page = banker_client.get(reverse("player_new"), {"next": evil})
    assert evil not in page.content.decode()
    key = re.search(r'name="key" value="([^"]+)"', page.content.decode()).group(1)
    response = banker_client.post(reverse("player_new"), {"key": key, "name": "Zed",
                                                          "note_id": "BOZ", "next": evil})
    assert response.status_code == 302 and response.url == reverse("night_list")


PUBLIC_SHELL = ("service_worker", "manifest", "offline_page")
# The e-mails' unsubscribe link: its signed token answers by itself, no login (test_mail.py).
MAIL_LINKS = ("mail_unsubscribe",)


def _banker_routes():
    """Every named route of the site except login, the player's page (and its requests:
    phone_*, test_views_requests.py), the admin and what installs the site on the tablet (the
    worker, the manifest and the offline page hold no money: test_offline_views.py)."""
    from django.urls import URLPattern, URLResolver, get_resolver

    found = []

    def walk(patterns, prefix=""):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                if "admin" not in str(entry.pattern):
                    walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern) and entry.name not in (
                    "login", "logout", "player_balance", "join", "signup", *PUBLIC_SHELL,
                    *MAIL_LINKS) \
                    and not entry.name.startswith("phone_"):
                found.append((entry.name, prefix + str(entry.pattern)))

    walk(get_resolver().url_patterns)
    return found


def route_path(route, pk):
    """The path of a route with every id `pk` and the house the only one (made if none)."""
    from ledger.house import house_in_use

    path = re.sub(r"<int:\w+>", str(pk), route)
    if "<slug:house>" in path:
        path = path.replace("<slug:house>", house_in_use().slug)
    return "/" + path


def test_the_route_list_is_not_empty():
    names = {name for name, _ in _banker_routes()}
    assert {"night_dashboard", "buyin", "cashout", "settle_up", "book"} <= names


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "route"), _banker_routes())
def test_every_banker_page_needs_a_login_R11(client, name, route):
    path = route_path(route, 1)
    for method in (client.get, client.post):
        response = method(path)
        assert response.status_code == 302, (name, path)
        assert response.url.startswith(reverse("login"))


@pytest.mark.django_db
def test_a_buyin_post_without_csrf_token_is_refused_and_writes_nothing_R12(banker_user):
    from ledger import services
    from ledger.models import Entry

    services.player_create(name="Mike", note_id="BOG", is_host=True, key="p1")
    session = services.night_open(date=datetime.date(2026, 11, 21), banker=named("Mike"),
                                    key="s1")
    client = Client(enforce_csrf_checks=True)
    client.force_login(banker_user)
    url = reverse("buyin", args=[session.pk])
    data = {"key": "k" * 20, "player": session.banker.pk, "amount": "5", "paid": "cash",
            "save": "1"}
    response = client.post(url, data)
    assert response.status_code == 403
    assert not Entry.objects.filter(kind=EntryKind.BUY).exists()
    client.get(url)  # the form page sets the CSRF cookie; with its token the same post saves
    data["csrfmiddlewaretoken"] = client.cookies["csrftoken"].value
    assert client.post(url, data).status_code == 302
    assert Entry.objects.filter(kind=EntryKind.BUY).count() == 1


# ---- issue 7: with DEBUG off, errors are the plain pages, never Django's debug page ----
DEBUG_PAGE_MARKS = ("Traceback", "DEBUG = True", "technical_500", "Request Method")


def _boom():
    raise RuntimeError("a bug in a page")


@pytest.mark.django_db
def test_with_debug_off_a_missing_page_and_a_crash_show_the_plain_pages_R16(
        banker_user, monkeypatch, settings):
    import ledger.views.nights

    settings.DEBUG = False
    client = Client(raise_request_exception=False)
    client.force_login(banker_user)
    missing = client.get("/s/999/")
    assert missing.status_code == 404 and "Nothing here" in missing.content.decode()
    monkeypatch.setattr(ledger.views.nights, "nights_list", _boom)
    crashed = client.get(reverse("night_list"))
    html = crashed.content.decode()
    assert crashed.status_code == 500 and "Something went wrong" in html
    for page in (missing.content.decode(), html):
        assert not any(mark in page for mark in DEBUG_PAGE_MARKS)


DEBUG_OFF_SMOKE = """
import os
from django.conf import settings
from django.test import Client
import ledger.views.nights
assert settings.DEBUG is False
secure = os.environ.get("SMOKE_HTTPS") == "1"
client = Client(raise_request_exception=False, HTTP_HOST=os.environ["SMOKE_HOST"],
                **({"HTTP_X_FORWARDED_PROTO": "https"} if secure else {}))
login = client.get("/login/")
assert login.status_code == 200, login.status_code
from django.contrib.auth import get_user_model
client.force_login(get_user_model().objects.create_user("smoke", password="x" * 20, is_staff=True))
missing = client.get("/s/999/")
assert missing.status_code == 404 and b"Nothing here" in missing.content, missing.status_code
def boom():
    raise RuntimeError("a bug in a page")
ledger.views.nights.nights_list = boom
crashed = client.get("/")
assert crashed.status_code == 500 and b"Something went wrong" in crashed.content
for page in (missing.content, crashed.content):
    assert b"Traceback" not in page and b"DEBUG = True" not in page
print("ok")
"""


@pytest.mark.slow
@pytest.mark.parametrize("where", ["demo", "production"])
def test_the_demo_and_production_with_debug_off_show_the_plain_error_pages_R16(tmp_path, where):
    env = _production_env()
    env.update(DJANGO_DEBUG="false", DJANGO_STATIC_ROOT=str(tmp_path / "static"),
               DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}")
    if where == "demo":  # what `DJANGO_DEBUG=false make demo` sets: plain http on 127.0.0.1
        env.update(DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_SECURE_SSL_REDIRECT="false",
                   SMOKE_HOST="127.0.0.1", SMOKE_HTTPS="0")
        env.pop("DJANGO_ALLOWED_HOSTS", None)  # the default hosts: 127.0.0.1, localhost
    else:
        env.update(DJANGO_SECRET_KEY=secrets.token_urlsafe(60), SMOKE_HOST="poker.example",
                   DJANGO_ALLOWED_HOSTS="poker.example", SMOKE_HTTPS="1")
    run = dict(cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    for step in (["migrate", "-v0"], ["collectstatic", "--noinput", "-v0"]):
        done = subprocess.run([sys.executable, "manage.py", *step], **run)
        assert done.returncode == 0, done.stderr
    smoke = subprocess.run([sys.executable, "manage.py", "shell", "-c", DEBUG_OFF_SMOKE], **run)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert smoke.stdout.strip().endswith("ok")


def _make_demo_dry_run(**env) -> str:
    environment = {k: v for k, v in _production_env().items()
                   if k not in ("DJANGO_DEBUG", "MAKEFLAGS", "MAKELEVEL")}
    environment.update(env)
    done = subprocess.run(["make", "-n", "demo"], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_make_demo_says_it_runs_in_debug_mode_and_how_to_switch_it_off():
    out = _make_demo_dry_run()
    assert "runs in debug mode (DJANGO_DEBUG defaults to true)" in out
    assert "DJANGO_DEBUG=false make demo" in out
    off = _make_demo_dry_run(DJANGO_DEBUG="false")
    assert "runs with DJANGO_DEBUG=false" in off and "collectstatic" in off
    assert "DJANGO_SECURE_SSL_REDIRECT" in off and "debug mode" not in off
