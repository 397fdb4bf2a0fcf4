"""A busy night under load: gunicorn on a fresh SQLite database (or PostgreSQL when
BENCH_DATABASE_URL names one), a session of 12 players with 40 recorded hands and 300 money
events, then 20 concurrent clients on loopback for 60 s: the tablet posting buy-ins and the
players' phones polling their pages. Reports median, p95, requests per second and errors.
Target (issue 10): p95 <= 100 ms, no error, no "database is locked".

The clients, as the issue describes them (and no gentler):
- 18 phones each load their player's whole page (not only the part the page itself polls,
  every 30 s) every 2 s, each starting at a random moment of its first 2 s, as phones opened
  one by one at a table would; they do not all ask in the same instant.
- 2 tablets (the issue has one) post buy-ins as a quick banker taps them: open the buy-in
  form, BENCH_THINK seconds (default 1) to pick the player and amount, save, the table after
  the save, BENCH_THINK seconds, again: about one buy-in a second between the two, thousands an
  hour where a real night has a few hundred. BENCH_THINK=0 is the earlier, harsher bench:
  two tablets posting back to back with no pause, as fast as the server answers.

gunicorn runs BENCH_WORKERS workers (default 5, (2 x cores) + 1 on this 2-core machine, as
the README's production line) of BENCH_THREADS threads (default 1: sync workers). "database is
locked" is counted in the answers and in the server's log. Each page's median and p95 follow
the totals. Before the clock starts, each page is asked a few times per worker, untimed: a
night's server has been up for hours (the first reading of each page in a fresh worker reads
templates from disk and opens the database connection).

With the phones' requests (issue 19; on by default, BENCH_REQUESTS=0 leaves them out for
the earlier load):
- each phone also polls its list of requests (`GET /p/<token>/asks/?seen=...`, the address
  its page's hx-get names, with HX-Request and the ETag of its last answer in If-None-Match,
  as static/ledger/app.js sends it) every 2 s, halfway between its page loads, and asks for
  chips (`POST /p/<token>/ask/`: the CSRF token and one-time key of the ask form on the page
  it last loaded, $5, $10 or $20, a way to pay its form offers) every BENCH_ASK_EVERY seconds
  (default 30, each interval drawn between half and one and a half of it);
- both tablets poll the night's waiting list (`GET /s/<night>/asks/?seen=...`) every 2 s
  likewise; the first approves each request the list brings (BENCH_THINK seconds to see it,
  `POST /s/<night>/asks/<id>/approve/` with the form's CSRF token, "Approve anyway" when it
  is a possible duplicate, then the night's page the approval leads to, and the next one).
The answers' statuses are counted (a poll: 200 the list again, 204 the list unchanged, 304
nothing written since).

Run alone with `python -m bench busy_night` (BENCH_SECONDS shortens it).

Floors (issue 30). Each run measures the stack's cheapest answer against its own server, a
404 of an unknown path (`/no-such-page/`) through the same middleware: after the warm-up and
before the load, BENCH_FLOOR_REPEAT (40) GETs one at a time as the banker (logged in, the floor
of the tablets' pages) and as an anonymous phone (the floor of the phones' pages), alternately;
the floor is each one's median (the "idle floor"; it is measured again after the load, to show
whether the machine's other work moved meanwhile). Each request is counted in floors, its
time over its own floor (banker or phone), and each page's median and p95 and all requests'
are printed in ms and in floors (fl). A 21st client probes the floor under the load, a 404 every
BENCH_PROBE seconds (0.5; 0 leaves it out), banker and phone in turn, not counted in the load:
what the cheapest request waits for a worker while the load runs.

Capacity is requests/s (with BENCH_THINK=0 the tablets post back to back, so it is what the
server gives); "x floor" is requests/s times the floor of each request served, i.e. the
floor-seconds of the requests served per second: how many times a second the server answered
the equivalent of its cheapest request, a figure that holds from a fast machine to a slow one
(twice the speed, twice the requests and half the floor). Its reciprocal times the cores is
what a request cost, in floors of CPU: 2 cores at 0.2 floor-s/s is 10 floors a request.

Databases. BENCH_DATABASES lists the databases to run on in one invocation, one after the
other (then again BENCH_ROUNDS times, alternating), with a table of the runs side by side at the
end; each address is `sqlite` or a PostgreSQL address, optionally named (`name=address`), with
`?set.NAME=<json>` for a Django database setting the address cannot say (bench/_dbs.py,
bench/_settings.py), e.g.
  BENCH_DATABASES="sqlite pg=postgres://postgres@127.0.0.1:5432/bench \
    pg-ssb=postgres://postgres@127.0.0.1:5432/bench?set.server_side_binding=true"
(unset: BENCH_DATABASE_URL, else sqlite). Each database is built once and each run gets a fresh
copy of it (PostgreSQL: a database of its own made from it as a template on the server the
address names, dropped at the end; the database the address names is not written; BENCH_KEEP_DB=1
keeps them), so that each run starts from the same rows. PostgreSQL is given VACUUM ANALYZE
after the build, as autovacuum would.

For each run the bench also reads what the load used: the CPU of the gunicorn workers, of
PostgreSQL's backends of the run's database, of this process (the clients) and of the whole
machine (the rest is other work on it), each per request; on PostgreSQL, pg_stat_database's
transactions, rows and buffers per request, whether any connection was opened during the load
(the workers keep theirs: CONN_MAX_AGE) and the tables read most.

Houses (issue 28). BENCH_HOUSES=1000 runs each database twice: the house with 10 closed nights
(BENCH_HISTORY, 0 without houses) alone, and the same house beside 999 copies of its players and
closed nights (bench/houses.py's SQL copies), the banker a member of the house in both; the
table at the end has both, and the ratio is p95 beside over p95 alone.

Measured (issue 30) on the code of 08f7bf5, this 2-core machine quiet but for these runs (load
average 0.8 to 3.4, the machine 172-183% busy during each load, "anything else" under 1 ms a
request), 30 s a run, SQLite / PostgreSQL / PostgreSQL with prepared statements
(`?set.server_side_binding=true&set.prepare_threshold=0`), BENCH_THINK=0, three rounds in one
invocation (requests/s; p95 ms and floors of all requests; CPU ms a request in the workers +
PostgreSQL's backends):

  round 1   SQLite 72.5/s, 86.3 ms (28.9 fl), 24.7   PG 48.7/s, 157.0 ms (54.8 fl), 29.9 + 6.2
            PG prepared 60.8/s, 111.8 ms (41.8 fl), 27.3 + 2.8
  round 2   SQLite 69.8/s, 92.3 ms (29.8 fl), 25.9   PG 48.9/s, 162.5 ms (52.0 fl), 31.5 + 6.5
            PG prepared 44.9/s, 197.7 ms (60.9 fl), 38.0 + 4.0
  round 3   SQLite 58.9/s, 118.0 ms (34.9 fl), 31.4  PG 45.9/s, 185.1 ms (60.6 fl), 32.9 + 6.9
            PG prepared 55.9/s, 133.4 ms (46.7 fl), 30.0 + 3.2

PostgreSQL: 14 transactions a request (each query outside an atomic block is one: the
connection's health check, the session, the login, the house's lookups, the page's own), no
connection opened during the load (CONN_MAX_AGE holds them), the same backends before and
after. Its capacity is lower by its CPU: ~6 ms a request in its backends (0.4 ms a query) and
~3-5 ms more in the workers (the driver), on 2 cores that the workers fill. A unix socket, no
health check (13 transactions instead of 14), synchronous_commit=off, server-side binding
without preparing: no difference beyond the run-to-run spread (44.7-52.6/s against 49.8 and
53.3/s for PostgreSQL as it is and 63.2 and 70.8/s for SQLite, in an earlier run of two rounds).
Prepared statements halve the backends' CPU every time (2.8-4.0 ms a request against 5.7-6.9);
requests/s in five runs 52.8, 53.1, 60.8, 44.9, 55.9 against 53.3, 49.8, 48.7, 48.9, 45.9 as it
is (median +9%), still under SQLite's 58.9-72.5 in the same runs.

Think 1 s (the night as described), one round: SQLite p95 64.8 ms (21.5 fl), PostgreSQL 117.4
ms (38.8 fl), prepared 66.1 ms (30.2 fl); 23.6, 22.7 and 23.0 requests/s.

Issue 28, BENCH_HOUSES=1000 on PostgreSQL, think 1 s, 45 s a run, two rounds: p95 of all
requests alone 118.1 ms (48.0 fl), beside 999 houses 164.3 ms (47.0 fl), then 243.2 (67.6 fl)
and 375.6 ms (114.2 fl) while other work loaded the machine; the same 13 transactions a request,
buffers hit a request 257 alone and 809 beside, the backends' CPU 6.7 and 9.5 ms a request.

Measured (issue 19) on SQLite, BENCH_SECONDS=30, think 1 s, back to back on this 2-core
machine shared with other work (load average 2.5 to 3.8); median / p95 in ms, no error and no
"database is locked" in either run:

                            BENCH_REQUESTS=0              requests on
  all requests              16.6 / 68.3, 12.0/s           13.9 / 54.3, 23.5/s
  phone page                16.1 / 62.0 (270)             20.8 / 61.9 (265)
  buy-in form               10.1 / 26.5 (30)              14.4 / 46.3 (30)
  buy-in save               22.6 / 82.7 (30)              17.4 / 54.3 (30)
  table                     29.7 / 68.3 (30)              24.8 / 68.3 (50)
  phone's requests poll                                   3.3 / 13.4 (265: 56 x 200,
                                                            208 x 204, 1 x 304)
  night's waiting list poll                               6.1 / 29.6 (20)
  ask (phone)                                             6.9 / 13.7 (21)
  approve (tablet)                                        14.4 / 41.2 (25, 7 "anyway")

Measured (issue 10) on this 2-core machine while other people's test runs loaded it (load
average 1.5 to 6), 60 s a run, two runs each; before: main's code (f1e6252) under this same
bench, after: this code. Median / p95 in ms, requests/s; no error and no "database is locked"
in any run.

                              before                       after
  SQLite, as described        21.8/182.3, 13.3/47.5   11.7/s   13.9/92.4, 9.2/31.2   11.9/s
  PostgreSQL, as described    27.6/113.7, 28.2/143.7  11.6/s   12.8/36.8, 13.4/48.1  11.8/s
  SQLite, BENCH_THINK=0       27.9/118.2, 25.9/124.5  52-59/s  16.2/49.8, 14.6/49.3  106-112/s
  PostgreSQL, BENCH_THINK=0   43.6/151.9, 67.8/227.8  33-46/s  29.2/86.6, 24.4/70.2  65-77/s

The bench as it was (3 workers, tablets back to back, phones in step, no warm-up) on this
code: SQLite 19.1 / 76.6 ms, 85.7/s (main: 21.7 / 120.9, 67.5/s); PostgreSQL 43.4 / 172.4 ms,
45.2/s (main: 88.6 / 317.0, 26.9/s).
"""

from __future__ import annotations

import html as htmllib
import json
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
from typing import Any

from bench import _dbs

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = 12
HANDS = 40
MONEY_EVENTS = 300
CLIENTS = 20
BANKERS = 2          # of the clients, how many are tablets posting buy-ins
POLL = 2.0           # seconds between a phone's page loads ("every few seconds")
PASSWORD = "bench-password-123"
FLOOR = "/no-such-page/"   # the stack's cheapest answer: a 404 through the same middleware

def setup(history: int, houses: int) -> None:
    """The night, built inside the site (`manage.py shell`, the server's settings): 12
    players, `history` closed nights of them (bench/pages.py's), tonight with 300 buy-ins and
    40 hands, the banker's login; with `houses` (> 0), the banker a member of the house, and
    with `houses` > 1 the house's players and closed nights copied `houses - 1` times in SQL
    (bench/houses.py). The planner's statistics as autovacuum keeps them (PostgreSQL: VACUUM
    ANALYZE; SQLite: ANALYZE with houses). Prints the night's id, then each player's id and
    link token."""
    import datetime
    import random

    from django.contrib.auth.models import Group, User
    from django.db import connection

    from bench.pages import NAMES, _closed_night
    from ledger import services
    from ledger.models import House, Membership, Player, Role
    from rules.games.hand_types import HandInput

    for i, name in enumerate(NAMES):
        services.player_create(name=name, note_id=f"B{i:02d}", is_host=i == 0, key=f"p{i}")
    tonight = datetime.date(2026, 11, 21)
    earlier = random.Random(1)
    for n in range(history):
        _closed_night(n, tonight - datetime.timedelta(days=7 * (history - n)), earlier)
    who = {p.name: p for p in Player.objects.filter(name__in=NAMES)}
    rows = [who[name] for name in NAMES]
    s = services.night_open(date=tonight, banker=rows[0], seating=rows[1:], key="open")
    rng = random.Random(1)
    for n in range(MONEY_EVENTS):
        services.buyin_create(session=s, player=who[rng.choice(NAMES)], amount=5_00,
                              paid=rng.choice(["cash", "note", "book"]), key=f"b{n}",
                              confirm_duplicate=True)
    for n in range(HANDS):
        services.game_call(session=s, game="five-card-draw", dealer=rows[n % 12], key=f"c{n}")
        services.hand_enter(session=s, hand=HandInput.from_json({"pot": "1.00", "players": [
            {"name": NAMES[(n + k) % 12], "won": ["high"] if k == 0 else []}
            for k in range(5)]}), key=f"h{n}")
    user = User.objects.create_user("bench", password=PASSWORD)
    group = Group.objects.filter(name="bankers").first()
    if group is not None:
        user.groups.add(group)
    if houses:
        Membership.objects.create(house=House.objects.get(), user=user, role=Role.BANKER)
    players = [(p.pk, p.balance_token) for p in Player.objects.order_by("name")]
    if houses > 1:
        from bench.houses import _clone

        _clone(houses)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("VACUUM ANALYZE")
        elif houses:
            cursor.execute("ANALYZE")
    print(s.pk)
    for pk, token in players:
        print(pk, token)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _environment(folder: str, url: str, witness: str, settings: dict) -> dict[str, str]:
    """The server's environment: production settings (bench/_settings.py: the site's, with an
    entry's `set.` settings on top), the database at `url`, the journal's key and witness in
    the bench's folder (never in the checkout)."""
    return {**os.environ, "DATABASE_URL": url, "DJANGO_DEBUG": "false",
            "DJANGO_SETTINGS_MODULE": "bench._settings",
            "BENCH_DB_SETTINGS": json.dumps(settings),
            "DJANGO_SECRET_KEY": "bench-only-" + "x" * 50, "DJANGO_SECURE_SSL_REDIRECT": "false",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DJANGO_STATIC_ROOT": f"{folder}/static",
            "DJANGO_LEDGER_KEY_FILE": f"{folder}/ledger.key", "DJANGO_LEDGER_WITNESS": witness,
            "BANKER_BACKUP_DIR": f"{folder}/backups"}


def _prepare(env: dict[str, str], history: int, houses: int) -> tuple[str, list[tuple[str, str]]]:
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, cwd=ROOT)
    subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], env=env, check=True,
                   cwd=ROOT)
    out = subprocess.run([*manage, "shell", "-v0", "-c",
                          f"from bench.busy_night import setup; setup({history}, {houses})"],
                         env=env, check=True, cwd=ROOT, capture_output=True,
                         text=True).stdout.split("\n")
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

    def poll(self, path: str, etags: dict[str, str]) -> tuple[int, str]:
        """A part htmx polls, as app.js asks for it: HX-Request, and the ETag of the last
        answer for this address back in If-None-Match; the new ETag kept (none: forgotten)."""
        request = urllib.request.Request(self.base + path, headers={"HX-Request": "true"})
        if path in etags:
            request.add_header("If-None-Match", etags[path])
        try:
            with self.opener.open(request, timeout=10) as response:
                status, body, tag = response.status, response.read().decode(), \
                    response.headers.get("ETag")
        except urllib.error.HTTPError as answer:
            if answer.code != 304:
                raise
            status, body, tag = 304, "", answer.headers.get("ETag")
        if tag:
            etags[path] = tag
        else:
            etags.pop(path, None)
        return status, body

    def post(self, path: str, data: dict[str, str]) -> int:
        return self.post_page(path, data)[0]

    def post_page(self, path: str, data: dict[str, str]) -> tuple[int, str]:
        body = urllib.parse.urlencode(data).encode()
        try:
            with self.opener.open(self.base + path, body, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as answer:
            if answer.code in (301, 302, 303):
                return answer.code, ""
            return answer.code, answer.read().decode(errors="replace")

    def login(self) -> None:
        _, page = self.get("/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        self.post("/login/", {"csrfmiddlewaretoken": token, "username": "bench",
                              "password": PASSWORD})


def _timed(times, page: str, call, *args):
    start = time.perf_counter()
    try:
        return call(*args)
    finally:
        times.append((page, (time.perf_counter() - start) * 1000))


def _tablet(client: Client, session: str, players, stop: float, think: float, times,
            errors) -> None:
    rng = random.Random(threading.get_ident())
    while time.monotonic() < stop:
        try:
            _, page = _timed(times, "buy-in form", client.get, f"/s/{session}/buy/")
            key = re.search(r'name="key" value="([^"]+)"', page).group(1)
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
            time.sleep(think)                      # the banker picks the player and amount
            status = _timed(times, "buy-in save", client.post, f"/s/{session}/buy/", {
                "csrfmiddlewaretoken": token, "key": key, "player": rng.choice(players)[0],
                "amount": "5.00", "paid": "cash", "confirm_duplicate": "on", "save": "1"})
            if status != 302:
                errors.append(f"buy-in answered {status}, not a redirect to the table")
            _timed(times, "table", client.get, f"/s/{session}/")   # the table after the save
            time.sleep(think)                      # reads the table, takes the next money
        except (urllib.error.URLError, AttributeError, OSError) as error:
            errors.append(repr(error))


def _hx_get(html: str, element: str) -> str | None:
    """The address the part `element` of a page polls (its hx-get), as the browser reads it."""
    match = re.search(rf'id="{element}"[^>]*?hx-get="([^"]+)"', html)
    return htmllib.unescape(match.group(1)) if match else None


def _form(html: str, element: str) -> str:
    """The form `element` of a page (its HTML), or ''."""
    match = re.search(rf'<form[^>]*id="{element}".*?</form>', html, re.S)
    return match.group(0) if match else ""


def _hidden(form: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]+)"', form).group(1)   # type: ignore[union-attr]


def _poll(client: Client, path: str, etags: dict[str, str], element: str, times, kind: str,
          statuses: dict[str, int]) -> tuple[str, str]:
    """One poll of a part: the address to poll next (a 200 brings the part again, with the
    list's new mark in its hx-get) and the part's HTML ('' for 204 and 304)."""
    status, body = _timed(times, kind, client.poll, path, etags)
    statuses[f"{kind} {status}"] = statuses.get(f"{kind} {status}", 0) + 1
    if status == 200:
        return _hx_get(body, element) or path, body
    if status not in (204, 304):
        raise ValueError(f"{kind} answered {status}")
    return path, ""


def _phone(client: Client, token: str, stop: float, times, errors, *, polls: bool = False,
           ask_every: float = 0.0, statuses: dict[str, int] | None = None) -> None:
    """A phone: its whole page every POLL seconds; with `polls`, its list of requests too
    (POLL/2 after each page load, If-None-Match as app.js sends it); with `ask_every`, an ask
    for chips every `ask_every` seconds or so, with the ask form of the page it last loaded."""
    rng = random.Random(threading.get_ident())
    statuses = statuses if statuses is not None else {}
    time.sleep(rng.uniform(0, POLL))           # phones were not all opened at once
    etags: dict[str, str] = {}
    path: str | None = None
    next_ask = time.monotonic() + rng.uniform(0, ask_every) if ask_every else float("inf")
    while time.monotonic() < stop:
        try:
            _, page = _timed(times, "phone", client.get, f"/p/{token}/")
            if polls and path is None:
                path = _hx_get(page, "my-requests")
            if time.monotonic() >= next_ask:
                next_ask = time.monotonic() + rng.uniform(0.5, 1.5) * ask_every
                form = _form(page, "ask-form")
                paid = re.findall(r'name="paid" value="([^"]+)"', form)
                status, answer = _timed(times, "ask", client.post_page, f"/p/{token}/ask/", {
                    "csrfmiddlewaretoken": _hidden(form, "csrfmiddlewaretoken"),
                    "key": _hidden(form, "key"), "amount": rng.choice(["5.00", "10.00", "20.00"]),
                    "paid": rng.choice(paid)})
                statuses[f"ask {status}"] = statuses.get(f"ask {status}", 0) + 1
                if status != 302:
                    errors.append(f"ask answered {status}, not a redirect to the phone's page"
                                  + (": too many requests waiting (MAX_PENDING), the banker "
                                     "approving slower than the phones ask"
                                     if "waiting for the banker" in answer else ""))
            if path is not None:
                time.sleep(POLL / 2)
                path, _ = _poll(client, path, etags, "my-requests", times, "phone asks poll",
                                statuses)
                time.sleep(POLL / 2)
            else:
                time.sleep(POLL)    # a phone polls every few seconds
        except (urllib.error.URLError, AttributeError, OSError, ValueError) as error:
            errors.append(repr(error))
            time.sleep(POLL)


def _approve_all(client: Client, session: str, html: str, stop: float, think: float, times,
                 statuses: dict[str, int], errors) -> str:
    """The banker taps Approve on each waiting request, one after the other: BENCH_THINK
    seconds to see it, the post, the night's page it leads to (with the next one). Returns the
    last page."""
    while time.monotonic() < stop:
        action = re.search(r'action="(/s/\d+/asks/\d+/approve/)"', html)
        if action is None:
            break
        form = html[action.start():html.index("</form>", action.start())]
        time.sleep(think)
        status, answer = _timed(times, "approve", client.post_page, action.group(1), {
            "csrfmiddlewaretoken": _hidden(form, "csrfmiddlewaretoken")})
        if status == 200 and "approve-anyway-" in answer:   # a possible duplicate (B6)
            statuses["approve anyway"] = statuses.get("approve anyway", 0) + 1
            status, answer = _timed(times, "approve", client.post_page, action.group(1), {
                "csrfmiddlewaretoken": _hidden(form, "csrfmiddlewaretoken"),
                "confirm_duplicate": "on"})
        statuses[f"approve {status}"] = statuses.get(f"approve {status}", 0) + 1
        if status != 302:
            errors.append(f"approve answered {status}, not a redirect to the table")
            return html
        _, html = _timed(times, "table", client.get, f"/s/{session}/")   # the redirect
    return html


def _tablet_requests(client: Client, session: str, stop: float, think: float, times, errors,
                     *, approves: bool, statuses: dict[str, int]) -> None:
    """A tablet's night page left open: its list of waiting requests polled every POLL
    seconds (If-None-Match as app.js sends it); the approving tablet approves each request
    the list brings."""
    time.sleep(random.uniform(0, POLL))
    etags: dict[str, str] = {}
    path: str | None = None
    while time.monotonic() < stop:
        try:
            if path is None:
                _, page = _timed(times, "table", client.get, f"/s/{session}/")
                if approves:
                    page = _approve_all(client, session, page, stop, think, times, statuses,
                                        errors)
                path, etags = _hx_get(page, "requests"), {}   # a new page: app.js starts over
                if path is None:
                    raise ValueError("the night's page has no polled list of requests")
            time.sleep(POLL)
            path, part = _poll(client, path, etags, "requests", times, "night asks poll",
                               statuses)
            if approves and "/approve/" in part:
                page = _approve_all(client, session, part, stop, think, times, statuses,
                                    errors)
                if page is not part:                   # approved: the browser is on a new page
                    path, etags = _hx_get(page, "requests") or path, {}
        except (urllib.error.URLError, AttributeError, OSError, ValueError) as error:
            errors.append(repr(error))
            path = None
            time.sleep(POLL)


def _warm_up(tablet: Client, phone: Client, session: str, players, workers: int,
             requests: bool) -> None:
    """Each page a few times per worker, untimed, before the clock starts: a night's server has
    been up for hours, its templates compiled and its connections open."""
    token = players[-1][1]
    for _ in range(3 * workers):
        tablet.get(f"/s/{session}/buy/")
        tablet.get(f"/s/{session}/")
        phone.get(f"/p/{token}/")
        if requests:
            tablet.poll(f"/s/{session}/asks/", {})
            phone.poll(f"/p/{token}/asks/", {})


def _p95(values: list[float]) -> float:
    values = sorted(values)
    return values[max(0, int(len(values) * 0.95) - 1)] if values else float("nan")


BANKER_PAGES = ("buy-in form", "buy-in save", "table", "night asks poll", "approve")
PAGES = ("phone", "buy-in form", "buy-in save", "table", "phone asks poll", "night asks poll",
         "ask", "approve")


def _floor_get(client: Client) -> float:
    """One timed request of the floor, in ms (a 404 is its answer)."""
    start = time.perf_counter()
    try:
        client.get(FLOOR)
    except urllib.error.HTTPError as answer:
        if answer.code != 404:
            raise
        answer.read()
    else:
        raise AssertionError(f"{FLOOR} answered, not a 404")
    return (time.perf_counter() - start) * 1000


def _floors(banker: Client, phone: Client, repeat: int) -> dict[str, list[float]]:
    """The floor of the idle server: `repeat` 404s as the banker and as a phone, one at a time
    and alternately (after 5 of each untimed)."""
    for _ in range(5):
        _floor_get(banker)
        _floor_get(phone)
    found: dict[str, list[float]] = {"banker": [], "phone": []}
    for _ in range(repeat):
        found["banker"].append(_floor_get(banker))
        found["phone"].append(_floor_get(phone))
    return found


def _probe(banker: Client, phone: Client, stop: float, every: float, found) -> None:
    """The floor under the load: a 404 every `every` seconds, as the banker and as a phone in
    turn (not counted in the load's requests)."""
    turn = 0
    while time.monotonic() < stop:
        client, kind = (banker, "banker") if turn % 2 == 0 else (phone, "phone")
        turn += 1
        try:
            found[kind].append(_floor_get(client))
        except (OSError, AssertionError):
            pass
        time.sleep(every)


class _Usage:
    """CPU seconds of the server's workers, PostgreSQL's backends of the database, this
    process (the clients) and the whole machine, and PostgreSQL's counters, at a moment."""

    def __init__(self, server: int, database: Any | None, name: str):
        self.server, self.database, self.name = server, database, name

    def read(self) -> dict[str, Any]:
        found: dict[str, Any] = {"workers": _dbs.processes_cpu(_dbs.children(self.server)),
                                 "client": time.process_time(), "machine": _dbs.machine_cpu()}
        if self.database is not None:
            found["pg"] = _dbs.pg_counters(self.database, self.name)
            found["backends"] = _dbs.processes_cpu(list(found["pg"]["backends"]))
        return found


def _spent(before: dict[int, float], after: dict[int, float]) -> float:
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def run(template: _dbs.Template, number: int, folder: str, session: str,
        players: list[tuple[str, str]]) -> dict[str, Any]:
    """One busy night on a fresh copy of the template's database: its own gunicorn, the
    floors before and after, the load with the floor probed, and what it used."""
    seconds = float(os.environ.get("BENCH_SECONDS", "60"))
    think = float(os.environ.get("BENCH_THINK", "1"))
    workers = os.environ.get("BENCH_WORKERS", "5")
    threads = os.environ.get("BENCH_THREADS", "1")
    requests = os.environ.get("BENCH_REQUESTS", "1") != "0"
    ask_every = float(os.environ.get("BENCH_ASK_EVERY", "30"))
    repeat = int(os.environ.get("BENCH_FLOOR_REPEAT", "40"))
    probe_every = float(os.environ.get("BENCH_PROBE", "0.5"))
    url, witness = template.copy(number)
    env = _environment(folder, url, witness, template.entry.settings)
    port = _free_port()
    log = Path(folder, f"gunicorn-{template.number}-{number}.log")
    result: dict[str, Any] = {"label": template.label, "seconds": seconds, "think": think,
                              "workers": workers, "threads": threads, "requests": requests,
                              "ask_every": ask_every, "load": [os.getloadavg()[0]]}
    with log.open("w") as log_file:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "ledger.wsgi", "--bind", f"127.0.0.1:{port}",
             "--workers", workers, "--threads", threads, "--log-level", "warning"], env=env,
            cwd=ROOT, stderr=log_file)
    base = f"http://127.0.0.1:{port}"
    database = None
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/login/", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        clients = []
        for index in range(CLIENTS):
            client = Client(base)
            if index < BANKERS:
                client.login()
            clients.append(client)
        floor_banker, floor_phone = Client(base), Client(base)
        floor_banker.login()
        _warm_up(clients[0], clients[-1], session, players, int(workers), requests)
        result["floor"] = _floors(floor_banker, floor_phone, repeat)
        if template.entry.postgres:
            database = _dbs.connect(url)
        usage = _Usage(server.pid, database, url.rsplit("/", 1)[-1].split("?")[0])
        before = usage.read()
        stop = time.monotonic() + seconds
        times: list[tuple[str, float]] = []
        errors: list[str] = []
        statuses: dict[str, int] = {}
        probed: dict[str, list[float]] = {"banker": [], "phone": []}
        running = []
        for index, client in enumerate(clients):
            if index < BANKERS:
                running.append(threading.Thread(target=_tablet, args=(
                    client, session, players, stop, think, times, errors)))
                if requests:
                    running.append(threading.Thread(target=_tablet_requests, args=(
                        client, session, stop, think, times, errors), kwargs={
                        "approves": index == 0, "statuses": statuses}))
            else:
                running.append(threading.Thread(target=_phone, args=(
                    client, players[index % len(players)][1], stop, times, errors), kwargs={
                    "polls": requests, "ask_every": ask_every if requests else 0.0,
                    "statuses": statuses}))
        if probe_every > 0:
            running.append(threading.Thread(target=_probe, args=(
                floor_banker, floor_phone, stop, probe_every, probed)))
        for thread in running:
            thread.start()
        for thread in running:
            thread.join()
        after = usage.read()
        result["load"].append(os.getloadavg()[0])
        result["floor after"] = _floors(floor_banker, floor_phone, repeat)
    finally:
        server.terminate()
        server.wait(10)
    if database is not None:   # the backends gone, their last counters are in
        time.sleep(0.5)
        after["pg"].update({k: v for k, v in usage.read()["pg"].items()
                            if k not in ("backends",)})
        database.close()
    result.update(times=times, errors=errors, statuses=statuses, probed=probed,
                  logged=log.read_text().count("database is locked"))
    result["cpu"] = {
        "workers": _spent(before["workers"], after["workers"]),
        "client": after["client"] - before["client"],
        "machine": after["machine"][0] - before["machine"][0],
        "elapsed": (after["machine"][1] - before["machine"][1]) / (os.cpu_count() or 1),
    }
    if database is not None:
        result["cpu"]["postgres"] = _spent(before["backends"], after["backends"])
        pg_before, pg_after = before["pg"], after["pg"]
        result["pg"] = {key: pg_after[key] - pg_before[key] for key in (
            "xact_commit", "xact_rollback", "blks_read", "blks_hit", "tup_returned",
            "tup_fetched", "tup_inserted", "tup_updated", "sessions")}
        result["pg"]["same backends"] = pg_before["backends"] == {
            pid: start for pid, start in pg_after["backends"].items()
            if pid in pg_before["backends"]} and set(pg_after["backends"]) <= set(
            pg_before["backends"])
        result["pg"]["tables"] = sorted(
            ((name, *(a - b for a, b in zip(row, pg_before["tables"].get(name, (0,) * 4),
                                             strict=True)))
             for name, row in pg_after["tables"].items()), key=lambda r: -r[2])[:5]
    return result


def _own_floor(result: dict[str, Any], page: str) -> float:
    """The floor a request of `page` is counted in: the banker's for a tablet's pages, the
    anonymous one for a phone's (the idle floor's median before the load)."""
    kind = "banker" if page in BANKER_PAGES else "phone"
    return statistics.median(result["floor"][kind])


def _in_floors(result: dict[str, Any], page: str | None) -> tuple[list[float], list[float]]:
    """A page's (None: every request's) times in ms and in floors."""
    some = [(name, ms) for name, ms in result["times"] if page is None or name == page]
    return [ms for _, ms in some], [ms / _own_floor(result, name) for name, ms in some]


def capacity(result: dict[str, Any]) -> tuple[float, float]:
    """Requests/s, and requests/s x the floor: the floor-seconds of the requests served per
    second (each request counted at its own floor)."""
    served = len(result["times"])
    floor_seconds = sum(_own_floor(result, name) for name, _ in result["times"]) / 1000
    return served / result["seconds"], floor_seconds / result["seconds"]


def report(result: dict[str, Any]) -> None:
    every, fl = _in_floors(result, None)
    rate, per_floor = capacity(result)
    errors = result["errors"]
    locked = sum("locked" in e for e in errors) + result["logged"]
    floor = {k: statistics.median(v) for k, v in result["floor"].items()}
    later = {k: statistics.median(v) for k, v in result["floor after"].items()}
    print(f"busy night ({PLAYERS} players, {HANDS} hands, {MONEY_EVENTS} money events) on "
          f"{result['label']}: {CLIENTS} clients for {result['seconds']:.0f} s, gunicorn "
          f"{result['workers']} workers x {result['threads']} threads, tablets think "
          f"{result['think']:g} s, " + (
              f"requests polled, an ask every ~{result['ask_every']:g} s a phone"
              if result["requests"] else "no requests (BENCH_REQUESTS=0)") +
          f"; load average {result['load'][0]:.2f} before, {result['load'][1]:.2f} after")
    print(f"  floor (idle, median of {len(result['floor']['banker'])}): banker "
          f"{floor['banker']:.2f} ms, phone {floor['phone']:.2f} ms; after the load "
          f"{later['banker']:.2f} / {later['phone']:.2f} ms")
    probed = result["probed"]
    if probed["banker"] and probed["phone"]:
        print(f"  floor under the load ({len(probed['banker']) + len(probed['phone'])} probes):"
              f" banker median {statistics.median(probed['banker']):.1f} ms, p95 "
              f"{_p95(probed['banker']):.1f}; phone median {statistics.median(probed['phone']):.1f}"
              f" ms, p95 {_p95(probed['phone']):.1f}")
    print(f"  all requests: {len(every)}, median {statistics.median(every):.1f} ms "
          f"({statistics.median(fl):.1f} fl), p95 {_p95(every):.1f} ms ({_p95(fl):.1f} fl), "
          f"{rate:.1f} requests/s = {per_floor:.3f} floor-s/s, {len(errors)} errors "
          f"({locked} 'database is locked'); target p95 <= 100 ms")
    for page in PAGES:
        ms, fl = _in_floors(result, page)
        if ms:
            print(f"  {page}: {len(ms)} requests, median {statistics.median(ms):.1f} ms "
                  f"({statistics.median(fl):.1f} fl), p95 {_p95(ms):.1f} ms ({_p95(fl):.1f} fl)")
    if result["statuses"]:
        print("  answers:", ", ".join(f"{k} x{v}" for k, v in sorted(result["statuses"].items())))
    cpu, served = result["cpu"], len(every)
    line = (f"  CPU during the load: machine {cpu['machine'] / cpu['elapsed'] * 100:.0f}% of "
            f"{os.cpu_count()} cores; per request: gunicorn workers "
            f"{cpu['workers'] / served * 1000:.2f} ms")
    if "postgres" in cpu:
        line += f", PostgreSQL backends {cpu['postgres'] / served * 1000:.2f} ms"
    other = cpu["machine"] - cpu["workers"] - cpu["client"] - cpu.get("postgres", 0.0)
    print(line + f", clients (this process) {cpu['client'] / served * 1000:.2f} ms, anything "
          f"else on the machine {other / served * 1000:.2f} ms")
    if "pg" in result:
        pg = result["pg"]
        print(f"  PostgreSQL per request: {pg['xact_commit'] / served:.1f} transactions "
              f"(+{pg['xact_rollback']} rolled back in all), {pg['tup_returned'] / served:.0f} "
              f"rows returned, {pg['tup_fetched'] / served:.0f} fetched, "
              f"{pg['blks_hit'] / served:.0f} buffers hit, {pg['blks_read']} read in all; "
              f"{pg['sessions']} connections opened during the load, backends "
              + ("the same before and after" if pg["same backends"] else "CHANGED"))
        print("  tables most read (seq scans, rows, index scans, rows): " + "; ".join(
            f"{name} {seq} {rows} {idx} {fetched}" for name, seq, rows, idx, fetched
            in pg["tables"]))
    for error in errors[:3]:
        print("  error:", error)


def summary(results: list[dict[str, Any]]) -> None:
    """The runs side by side: medians and p95 in ms and floors, capacity, CPU, load."""
    width = max(14, *(len(r["label"]) for r in results))
    print("\n" + f"{'':24s}" + "".join(f"{r['label']:>{width + 2}s}" for r in results))

    def row(name: str, cell) -> None:   # noqa: ANN001
        print(f"{name:24s}" + "".join(f"{cell(r):>{width + 2}s}" for r in results))

    row("load average (b/a)", lambda r: f"{r['load'][0]:.2f} / {r['load'][1]:.2f}")
    row("floor banker/phone ms", lambda r: f"{_own_floor(r, 'table'):.2f} / "
        f"{_own_floor(r, 'phone'):.2f}")
    row("requests/s", lambda r: f"{capacity(r)[0]:.1f}")
    row("x floor (floor-s/s)", lambda r: f"{capacity(r)[1]:.3f}")
    for page in (None, *PAGES):
        row(f"{page or 'all'} med ms (fl)", lambda r, p=page: "" if not _in_floors(r, p)[0]
            else f"{statistics.median(_in_floors(r, p)[0]):.1f} "
                 f"({statistics.median(_in_floors(r, p)[1]):.1f})")
        row(f"{page or 'all'} p95 ms (fl)", lambda r, p=page: "" if not _in_floors(r, p)[0]
            else f"{_p95(_in_floors(r, p)[0]):.1f} ({_p95(_in_floors(r, p)[1]):.1f})")
    row("errors", lambda r: str(len(r["errors"])))
    row("CPU ms/req gunicorn", lambda r: f"{r['cpu']['workers'] / len(r['times']) * 1000:.2f}")
    row("CPU ms/req postgres", lambda r: f"{r['cpu']['postgres'] / len(r['times']) * 1000:.2f}"
        if "postgres" in r["cpu"] else "")
    row("CPU ms/req clients", lambda r: f"{r['cpu']['client'] / len(r['times']) * 1000:.2f}")
    row("machine busy %", lambda r: f"{r['cpu']['machine'] / r['cpu']['elapsed'] * 100:.0f}")
    row("pg transactions/req", lambda r: f"{r['pg']['xact_commit'] / len(r['times']):.1f}"
        if "pg" in r else "")


def main() -> None:
    history = int(os.environ.get("BENCH_HISTORY", "0"))
    houses = int(os.environ.get("BENCH_HOUSES", "0"))
    rounds = int(os.environ.get("BENCH_ROUNDS", "1"))
    listed = _dbs.entries(os.environ.get("BENCH_DATABASES")
                          or os.environ.get("BENCH_DATABASE_URL") or "sqlite")
    folder = tempfile.mkdtemp(prefix="bench-busy-")
    nights = history or (10 if houses else 0)
    templates: list[_dbs.Template] = []
    built = []
    made: dict[tuple[str, int], tuple[_dbs.Template, tuple[str, list[tuple[str, str]]]]] = {}
    try:
        for entry in listed:
            for many in ((False, True) if houses > 1 else (False,)):
                label = entry.label + (f", beside {houses - 1} houses" if many else
                                       (", alone" if houses > 1 else ""))
                shared = made.get((entry.url, many))   # built once per address (not per set.)
                if shared is not None:
                    template = _dbs.Template(entry, folder, len(templates), shared[0])
                    template.label = label
                    templates.append(template)
                    built.append(shared[1])
                    continue
                template = _dbs.Template(entry, folder, len(templates))
                template.label = label
                started = time.perf_counter()
                env = _environment(folder, template.url, template.witness, {})
                night = _prepare(env, nights, houses if many else (1 if houses else 0))
                made[(entry.url, many)] = (template, night)
                templates.append(template)
                built.append(night)
                print(f"built {label} ({nights} closed nights) in "
                      f"{time.perf_counter() - started:.0f} s", flush=True)
        results = []
        for number in range(rounds):
            for template, (session, players) in zip(templates, built, strict=True):
                result = run(template, number, folder, session, players)
                report(result)
                results.append(result)
        if len(results) > 1:
            summary(results)
    finally:
        for template in templates:
            template.drop()


if __name__ == "__main__":
    main()
