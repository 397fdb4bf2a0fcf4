"""A busy night under load: gunicorn on a fresh SQLite database (or PostgreSQL when
BENCH_DATABASE_URL names one), a session of 12 players with 40 recorded hands and 300 money
events, then 20 concurrent clients on loopback for 60 s: the tablet posting buy-ins and the
players' phones polling their pages. Reports median, p95, requests per second and errors.
Target (issue 10): p95 <= 100 ms, no error, no "database is locked".

Run alone with `python -m bench busy_night` (BENCH_SECONDS shortens it).
"""

from __future__ import annotations

import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = 12
HANDS = 40
MONEY_EVENTS = 300
CLIENTS = 20
BANKERS = 2          # of the clients, how many are tablets posting buy-ins
PASSWORD = "bench-password-123"

SETUP = """
import datetime, random
from django.contrib.auth.models import Group, User
from ledger import services
names = [f"P{i:02d}" for i in range(1, 13)]
for i, name in enumerate(names):
    services.player_create(name=name, note_id=f"B{i:02d}", is_host=i == 0, key=f"p{i}")
s = services.session_open(date=datetime.date(2026, 11, 21), banker="P01", seating=names[1:],
                          key="open")
rng = random.Random(1)
for n in range(300):
    services.buyin_create(session=s, player=rng.choice(names), amount="5.00",
                          paid=rng.choice(["cash", "note", "book"]), key=f"b{n}",
                          confirm_duplicate=True)
for n in range(40):
    services.game_call(session=s, game="five-card-draw", dealer=names[n % 12], key=f"c{n}")
    services.hand_enter(session=s, hand={"pot": "1.00", "players": [
        {"name": names[(n + k) % 12], "won": ["high"] if k == 0 else []} for k in range(5)]},
        key=f"h{n}")
user = User.objects.create_user("bench", password="BENCH_PASSWORD")
group = Group.objects.filter(name="bankers").first()
if group is not None:
    user.groups.add(group)
print(s.pk)
from ledger.models import Player
for p in Player.objects.order_by("name"):
    print(p.pk, p.balance_token)
""".replace("BENCH_PASSWORD", PASSWORD)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _environment(folder: str) -> dict[str, str]:
    url = os.environ.get("BENCH_DATABASE_URL", f"sqlite:///{folder}/busy.sqlite3")
    return {**os.environ, "DATABASE_URL": url, "DJANGO_DEBUG": "false",
            "DJANGO_SECRET_KEY": "bench-only-" + "x" * 50, "DJANGO_SECURE_SSL_REDIRECT": "false",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DJANGO_STATIC_ROOT": f"{folder}/static"}


def _prepare(env: dict[str, str]) -> tuple[str, list[tuple[str, str]]]:
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, cwd=ROOT)
    subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], env=env, check=True,
                   cwd=ROOT)
    out = subprocess.run([*manage, "shell", "-v0", "-c", SETUP], env=env, check=True, cwd=ROOT,
                         capture_output=True, text=True).stdout.split("\n")
    session = out[0].strip()
    players = [tuple(line.split()) for line in out[1:] if line.strip()]
    return session, players   # type: ignore[return-value]


class _BehindTheProxy(DefaultCookiePolicy):
    """The production settings mark cookies Secure; here the HTTPS proxy is left out, so the
    client says it came through one (X-Forwarded-Proto) and sends the cookies back."""

    def return_ok_secure(self, cookie, request):   # noqa: ANN001
        return True


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Each request is timed on its own: a saved buy-in answers with a redirect, not a page."""

    def redirect_request(self, *args, **kwargs):   # noqa: ANN002, ANN003
        return None


class Client:
    """One browser: cookies, the CSRF token, timed requests."""

    def __init__(self, base: str):
        self.base = base
        self.jar = CookieJar(policy=_BehindTheProxy())
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect())
        secure = base.replace("http://", "https://")
        self.opener.addheaders = [("Referer", secure + "/"), ("X-Forwarded-Proto", "https")]

    def get(self, path: str) -> tuple[int, str]:
        with self.opener.open(self.base + path, timeout=10) as response:
            return response.status, response.read().decode()

    def post(self, path: str, data: dict[str, str]) -> int:
        body = urllib.parse.urlencode(data).encode()
        try:
            with self.opener.open(self.base + path, body, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as answer:
            if answer.code in (301, 302, 303):
                return answer.code
            raise

    def login(self) -> None:
        _, page = self.get("/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        self.post("/login/", {"csrfmiddlewaretoken": token, "username": "bench",
                              "password": PASSWORD})


def _tablet(client: Client, session: str, players, stop: float, times, errors) -> None:
    rng = random.Random(threading.get_ident())
    while time.monotonic() < stop:
        try:
            start = time.perf_counter()
            _, page = client.get(f"/s/{session}/buy/")
            times.append((time.perf_counter() - start) * 1000)
            key = re.search(r'name="key" value="([^"]+)"', page).group(1)
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
            start = time.perf_counter()
            status = client.post(f"/s/{session}/buy/", {
                "csrfmiddlewaretoken": token, "key": key, "player": rng.choice(players)[0],
                "amount": "5.00", "paid": "cash", "confirm_duplicate": "on", "save": "1"})
            times.append((time.perf_counter() - start) * 1000)
            if status != 302:
                errors.append(f"buy-in answered {status}, not a redirect to the table")
            start = time.perf_counter()
            client.get(f"/s/{session}/")          # the table after the save
            times.append((time.perf_counter() - start) * 1000)
        except (urllib.error.URLError, AttributeError, OSError) as error:
            errors.append(repr(error))


def _phone(client: Client, token: str, stop: float, times, errors) -> None:
    while time.monotonic() < stop:
        try:
            start = time.perf_counter()
            client.get(f"/p/{token}/")
            times.append((time.perf_counter() - start) * 1000)
        except (urllib.error.URLError, OSError) as error:
            errors.append(repr(error))
        time.sleep(2)    # a phone polls every few seconds


def main() -> None:
    seconds = float(os.environ.get("BENCH_SECONDS", "60"))
    folder = tempfile.mkdtemp(prefix="bench-busy-")
    env = _environment(folder)
    session, players = _prepare(env)
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "ledger.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", "3", "--log-level", "warning"], env=env, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/login/", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        stop = time.monotonic() + seconds
        times: list[float] = []
        errors: list[str] = []
        threads = []
        for index in range(CLIENTS):
            client = Client(base)
            if index < BANKERS:
                client.login()
                target, args = _tablet, (client, session, players, stop, times, errors)
            else:
                target, args = _phone, (client, players[index % len(players)][1], stop, times,
                                        errors)
            threads.append(threading.Thread(target=target, args=args))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.terminate()
        server.wait(10)
    times.sort()
    p95 = times[max(0, int(len(times) * 0.95) - 1)] if times else float("nan")
    locked = sum("locked" in e for e in errors)
    print(f"busy night ({PLAYERS} players, {HANDS} hands, {MONEY_EVENTS} money events), "
          f"{CLIENTS} clients for {seconds:.0f} s on {env['DATABASE_URL'].split(':')[0]}: "
          f"{len(times)} requests, median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
          f"{len(times) / seconds:.1f} requests/s, {len(errors)} errors "
          f"({locked} 'database is locked'); target p95 <= 100 ms")
    for error in errors[:3]:
        print("  error:", error)


if __name__ == "__main__":
    main()
