"""Each page of a loaded night, one at a time, in-process through Django's test client on a
fresh SQLite database (or BENCH_DATABASE_URL): the server's own time, no network. Target
(issue 22): every banker page and phone page of the night <= 15 ms; a polled phone part that
did not change answers 304 in <= 3 ms; each page of a house with 100 closed nights behind it
within 2x of the same page in a house with one.

The night: 12 players, 300 buy-ins, 40 hands called and entered, a phone request waiting;
before it, BENCH_HISTORY closed nights of the same 12 players (each: 12 buy-ins by cash, note
and THE BOOK, a note committed, 12 cash-outs, closed and settled). `python -m bench pages`
builds two houses, one closed night and 100 (BENCH_HISTORY=1,100 by default), each in a
subprocess of its own, and prints each page's median of BENCH_REPEAT (6) in both and the
ratio. Beside each median, its cost in floors (issue 30): the median over the floor's median,
the floor being an unknown path (`/no-such-page/`) answering 404 through the same middleware,
timed in the same process and run with the same repeat count - logged in as the banker (the
floor of the banker's pages) and anonymous (the floor of the phone's) - so that a figure holds
from one machine to the next. Pages kept whole under the house's version (ledger/kept.py) are
timed as served again while nothing was written and, as "<page> new", as the first visit after
a write to tonight (the version moved before each visit: the page computed again, the parts
kept under the closed nights' version still kept). PROF=<page> prints a cProfile of that page
(in each house); BENCH_KEEP=<folder> keeps the houses built there for the next run (only while
the code writes the same rows).

Run alone with `python -m bench pages`; `python -m bench.pages 100` measures one house.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rules.games.hand_types import HandInput

ROOT = Path(__file__).resolve().parents[1]
NAMES = [f"P{i:02d}" for i in range(1, 13)]
KEPT = ("season", "phone")   # pages with a part kept under the closed nights' version
# Pages kept whole under the house's version (ledger/kept.py), also timed as the first visit
# after a write to tonight ("new"): what each visit costs while the night moves every moment.
WRITTEN = ("table", "journal", "close", "settle", "buy", "cashout", "book", "phone")
FLOOR = "/no-such-page/"   # the stack's cheapest answer: a 404 through the same middleware
LINE = re.compile(r"^  (.+?) +([0-9.]+) ms +([0-9.]+) cpu +[0-9]+ q +[0-9.]+ KB  [0-9]{3}"
                  r" +([0-9.]+) fl$", re.MULTILINE)


def _django(folder: str) -> None:
    os.environ.update({
        "DATABASE_URL": os.environ.get("BENCH_DATABASE_URL",
                                       f"sqlite:///{folder}/pages.sqlite3"),
        "DJANGO_DEBUG": "false", "DJANGO_SECRET_KEY": "bench-only-" + "x" * 50,
        "DJANGO_SECURE_SSL_REDIRECT": "false", "DJANGO_ALLOWED_HOSTS": "testserver",
        "DJANGO_SETTINGS_MODULE": "ledger.settings", "DJANGO_STATIC_ROOT": f"{folder}/static",
        "DJANGO_LEDGER_WITNESS": f"{folder}/bench.witness"})   # never in the checkout
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)


def _closed_night(number: int, date, rng) -> None:   # noqa: ANN001
    """One closed night of the 12: buy-ins by cash, note and THE BOOK, chips passed around,
    everyone cashes out, the note committed, closed and settled."""
    from ledger import services
    from ledger.models import Player

    key = f"n{number}-"
    who = {p.name: p for p in Player.objects.filter(name__in=NAMES)}
    rows = [who[name] for name in NAMES]
    s = services.night_open(date=date, banker=rows[0], seating=rows[1:], key=key + "open")
    for i, name in enumerate(NAMES):
        paid = "note" if i == 4 else ("book" if i in (2, 7, 9) else "cash")
        services.buyin_create(session=s, player=who[name], amount=20_00, paid=paid,
                              key=f"{key}b{i}", confirm_duplicate=True)
    dollars = [20] * len(NAMES)
    for _ in range(40):   # the table moves the chips around
        a, b = rng.randrange(len(NAMES)), rng.randrange(len(NAMES))
        move = min(dollars[a], rng.randint(1, 8))
        dollars[a] -= move
        dollars[b] += move
    for i, name in enumerate(NAMES):
        chips = {"green": dollars[i] // 5, "black": dollars[i] % 5}
        services.cashout_create(session=s, player=who[name], chips=chips, key=f"{key}c{i}")
    services.note_commit(session=s, player=rows[4], key=key + "note")
    services.night_close(session=s, key=key + "close")


def build(history: int) -> None:
    """The house: `history` closed nights, then tonight with a phone's request waiting."""
    import datetime
    import random

    from django.contrib.auth.models import Group, User

    from ledger import services
    from ledger.models import Player

    for i, name in enumerate(NAMES):
        services.player_create(name=name, note_id=f"B{i:02d}", is_host=i == 0, key=f"p{i}")
    rng = random.Random(1)
    first = datetime.date(2026, 11, 21) - datetime.timedelta(days=7 * history)
    for n in range(history):
        _closed_night(n, first + datetime.timedelta(days=7 * n), rng)
    who = {p.name: p for p in Player.objects.filter(name__in=NAMES)}
    rows = [who[name] for name in NAMES]
    s = services.night_open(date=datetime.date(2026, 11, 21), banker=rows[0],
                              seating=rows[1:], key="open")
    for n in range(300):
        services.buyin_create(session=s, player=who[rng.choice(NAMES)], amount=5_00,
                              paid=rng.choice(["cash", "note", "book"]), key=f"b{n}",
                              confirm_duplicate=True)
    for n in range(40):
        services.game_call(session=s, game="five-card-draw", dealer=rows[n % 12], key=f"c{n}")
        services.hand_enter(session=s, hand=HandInput.from_json({"pot": "1.00", "players": [
            {"name": NAMES[(n + k) % 12], "won": ["high"] if k == 0 else []}
            for k in range(5)]}), key=f"h{n}")
    phone = Player.objects.get(name="P03")
    services.request_ask(player=phone, token=phone.balance_token, amount=10_00, paid="cash",
                         key="ask")
    user = User.objects.create_user("bench", password="bench-password-123")
    user.groups.add(Group.objects.get(name="bankers"))


def pages() -> dict[str, str]:
    """The pages to time: tonight's, the last closed night's, the house's and a phone's."""
    from ledger.models import Night, Player

    s = Night.objects.filter(status=Night.OPEN).get()
    last = (Night.objects.filter(status=Night.CLOSED).order_by("-date").first()
            or s).pk
    token = Player.objects.get(name="P03").balance_token
    return {
        "table": f"/s/{s.pk}/", "journal": f"/s/{s.pk}/journal/",
        "close": f"/s/{s.pk}/close/", "settle": f"/s/{s.pk}/settle/",
        "buy": f"/s/{s.pk}/buy/", "cashout": f"/s/{s.pk}/cashout/", "hand": f"/s/{s.pk}/hand/",
        "asks": f"/s/{s.pk}/asks/", "season": "/season/", "book": "/book/", "nights": "/",
        "players": "/players/", "last settle": f"/s/{last}/settle/",
        "last journal": f"/s/{last}/journal/",
        "phone": f"/p/{token}/", "phone live": f"/p/{token}/", "phone asks": f"/p/{token}/asks/",
    }


def measure(history: int) -> dict[str, float]:
    """Build a house with `history` closed nights and time each page; prints a line each."""
    import cProfile
    import pstats

    kept = os.environ.get("BENCH_KEEP")   # a folder: the house is built once and kept there
    folder = f"{kept}/{history}" if kept else tempfile.mkdtemp(prefix="bench-pages-")
    Path(folder).mkdir(parents=True, exist_ok=True)
    built = Path(folder, "built").exists()
    _django(folder)
    started = time.perf_counter()
    if not built:
        build(history)
        Path(folder, "built").touch()
    print(f"house with {history} closed night(s) built in "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    from django.contrib.auth.models import User
    from django.core.cache import cache
    from django.db import connection
    from django.db.models import F
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from ledger.models import Night

    tonight = Night.objects.filter(status=Night.OPEN)
    banker = Client()
    banker.force_login(User.objects.get(username="bench"))
    phone = Client()
    repeat = int(os.environ.get("BENCH_REPEAT", "6"))
    prof = os.environ.get("PROF")
    medians: dict[str, float] = {}
    floors: dict[str, float] = {}
    for label, client in (("floor", banker), ("floor anon", phone)):   # timed first
        for _ in range(repeat):   # warmed up first, as each page is by its first visit
            assert client.get(FLOOR).status_code == 404, label
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            client.get(FLOOR)
            times.append((time.perf_counter() - start) * 1000)
        floors[label] = statistics.median(times)
    for name, url in [("floor", FLOOR), ("floor anon", FLOOR), *pages().items()]:
        client = phone if name.startswith("phone") or name == "floor anon" else banker
        floor = floors["floor anon" if client is phone else "floor"]
        headers = {"HTTP_HX_REQUEST": "true"} if name in ("phone live", "asks",
                                                          "phone asks") else {}
        answer = client.get(url, **headers)
        assert answer.status_code in ((404,) if name in floors else (200, 302)), (
            name, answer.status_code)
        variants = [(name, headers, "")]
        tag = answer.get("ETag")
        if tag:   # the polled part asked again with the version it was given
            variants.append((f"{name} 304", {**headers, "HTTP_IF_NONE_MATCH": tag}, ""))
        if name in KEPT:   # the first visit after a night closed: nothing kept yet
            variants.append((f"{name} cold", headers, "cold"))
        if name in WRITTEN:
            variants.append((f"{name} new", headers, "new"))
        for label, extra, cold in variants:
            def ready(cold: str = cold) -> None:
                if cold == "cold":
                    cache.clear()
                elif cold == "new":   # as a write to tonight moves the version
                    tonight.update(version=F("version") + 1)

            size = len(client.get(url, **extra).content)
            times, cpu = [], []
            for _ in range(repeat):
                ready()
                start, used = time.perf_counter(), time.process_time()
                client.get(url, **extra)
                times.append((time.perf_counter() - start) * 1000)
                cpu.append((time.process_time() - used) * 1000)
            ready()
            with CaptureQueriesContext(connection) as queries:
                status = client.get(url, **extra).status_code
            medians[label] = statistics.median(times)
            if label in floors:   # measured again, now warm: the floor of the pages after it
                floors[label] = floor = medians[label]
            print(f"  {label:14s} {medians[label]:7.1f} ms {statistics.median(cpu):7.1f} cpu "
                  f"{len(queries.captured_queries):4d} q {size / 1024:6.1f} KB  {status} "
                  f"{medians[label] / floor:6.1f} fl", flush=True)
            if prof == label:
                profile = cProfile.Profile()
                profile.enable()
                for _ in range(5):
                    profile.disable()
                    ready()
                    profile.enable()
                    client.get(url, **extra)
                profile.disable()
                pstats.Stats(profile).sort_stats("cumulative").print_stats(45)
    return medians


def main() -> None:
    houses = [int(h) for h in os.environ.get("BENCH_HISTORY", "1,100").split(",")]
    results = {}
    for history in houses:
        out = subprocess.run([sys.executable, "-m", "bench.pages", str(history)], cwd=ROOT,
                             check=True, capture_output=True, text=True).stdout
        print(out, end="", flush=True)
        results[history] = {m.group(1): (float(m.group(2)), float(m.group(3)),
                                         float(m.group(4))) for m in LINE.finditer(out)}
    if len(houses) == 2:
        few, many = (results[h] for h in houses)
        print(f"median ms (wall / cpu) and floors   {houses[0]} night(s)          "
              f"{houses[1]} nights          ratio (cpu)")
        for page, (ms, cpu, fl) in few.items():
            if page in many:
                print(f"  {page:14s} {ms:6.1f} / {cpu:5.1f} {fl:5.1f} fl  {many[page][0]:6.1f} / "
                      f"{many[page][1]:5.1f} {many[page][2]:5.1f} fl  {many[page][1] / cpu:5.2f}")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        measure(int(sys.argv[1]))
    else:
        main()
