"""Houses at scale (issue 28): each page of one house alone, then with 999 more houses beside it,
each of 12 players and 10 closed nights - the same pages, in one run, with their query counts.

The house is bench/pages.py's busy night (12 players, 10 closed nights, tonight with 300
buy-ins, 40 hands and a phone's ask); the other houses are copies of its players and closed
nights made in SQL (new ids, their own tokens and keys), so that building 1,000 houses takes
seconds, not hours. The banker is a member of the first house (as on a site of several houses).
Goal: every page within 1.2x of the house alone, with the same number of queries.

`python -m bench houses` (SQLite) or with BENCH_DATABASE_URL=postgres://... (PostgreSQL);
BENCH_HOUSES (default 1000), BENCH_REPEAT (default 9). Beside each page's median: the CPU ms of
this process (Python, the driver included) and the ms spent in the database's execute, alone
and among the houses, from a second round of BENCH_REPEAT with each query timed; BENCH_QUERIES=1
prints, page by page, the three queries whose median time grew most.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from typing import Any

from bench.pages import _django, build, pages


def _time(clients: dict[str, Any], urls: dict[str, str],
          repeat: int) -> dict[str, dict[str, Any]]:
    """Each page's median ms of `repeat` ("ms"), its number of queries ("queries"), and from a
    second `repeat` with each query timed: the median CPU ms of this process ("cpu": Python,
    the database driver's share included), the median ms spent in the database's execute
    ("db") and each query's median ms and SQL ("each")."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    found = {}
    for name, url in urls.items():
        client = clients["phone" if name.startswith("phone") else "banker"]
        headers = {"HTTP_HX_REQUEST": "true"} if name in ("phone live", "asks",
                                                          "phone asks") else {}
        assert client.get(url, **headers).status_code in (200, 302), name
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            client.get(url, **headers)
            times.append((time.perf_counter() - start) * 1000)
        with CaptureQueriesContext(connection) as queries:
            client.get(url, **headers)
        count = len(queries.captured_queries)   # now: the next request clears Django's log
        cpu, db, each = [], [], []
        for _ in range(repeat):
            timed: list[tuple[str, float]] = []

            def wrapper(execute, sql, params, many, context, timed=timed):   # noqa: ANN001
                start = time.perf_counter()
                try:
                    return execute(sql, params, many, context)
                finally:
                    timed.append((sql, (time.perf_counter() - start) * 1000))

            used = time.process_time()
            with connection.execute_wrapper(wrapper):
                client.get(url, **headers)
            cpu.append((time.process_time() - used) * 1000)
            db.append(sum(ms for _, ms in timed))
            each.append(timed)
        found[name] = {"ms": statistics.median(times), "queries": count,
                       "cpu": statistics.median(cpu), "db": statistics.median(db),
                       "each": [(each[0][i][0], statistics.median(e[i][1] for e in each))
                                for i in range(min(len(e) for e in each))]}
    return found


def _clone(houses: int) -> None:
    """`houses - 1` copies of the first house's players and closed nights, in SQL."""
    from django.db import connection, models

    from ledger.models import BankNote, Entry, House, Player, PokerSession, Posting, Seat
    from ledger.triggers import drop_append_only_triggers, install_append_only_triggers

    first = House.objects.get()
    closed = f"(SELECT id FROM ledger_pokersession WHERE status = 'closed' AND house_id = " \
             f"{first.pk})"
    tables = [   # model, which rows: the first house's players, closed nights and their rows
        (House, f"id = {first.pk}"),
        (Player, f"house_id = {first.pk}"),
        (PokerSession, f"id IN {closed}"),
        (Seat, f"session_id IN {closed}"),
        (Entry, f"session_id IN {closed}"),
        (BankNote, f"session_id IN {closed}"),
        (Posting, f"entry_id IN (SELECT id FROM ledger_entry WHERE session_id IN {closed})"),
    ]
    with connection.cursor() as cursor:
        offset = {}
        for model, _ in tables:
            cursor.execute(f"SELECT COALESCE(MAX(id), 0) FROM {model._meta.db_table}")
            offset[model] = cursor.fetchone()[0]
    unique_text = {"slug", "balance_token", "key", "import_digest"}
    series = (f"generate_series(1, {houses - 1}) AS series(s)"
              if connection.vendor == "postgresql" else "series")
    with_series = "" if connection.vendor == "postgresql" else (
        f"WITH RECURSIVE series(s) AS (SELECT 1 UNION ALL SELECT s + 1 FROM series "
        f"WHERE s < {houses - 1}) ")
    drop_append_only_triggers()
    try:
        with connection.cursor() as cursor:
            for model, where in tables:
                columns, values = [], []
                for field in model._meta.concrete_fields:
                    column = field.column
                    columns.append(column)
                    target = field.related_model if isinstance(field, models.ForeignKey) \
                        else (model if column == "id" else None)
                    if target in offset:
                        values.append(f"{column} + s * {offset[target]}")
                    elif column in unique_text:
                        values.append(f"{column} || '-' || CAST(s AS TEXT)")
                    elif column == "name" and model is House:
                        values.append("'House ' || CAST(s AS TEXT)")
                    else:
                        values.append(column)
                table = model._meta.db_table
                cursor.execute(f"INSERT INTO {table} ({', '.join(columns)}) {with_series}"
                               f"SELECT {', '.join(values)} FROM {table}, {series} "
                               f"WHERE {where}")
            if connection.vendor == "postgresql":
                for model, _ in tables:
                    table = model._meta.db_table
                    cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                                   f"(SELECT MAX(id) FROM {table}))")
    finally:
        install_append_only_triggers()
    with connection.cursor() as cursor:   # the planner's statistics, as autovacuum keeps them
        cursor.execute("ANALYZE")


def main() -> None:
    houses = int(os.environ.get("BENCH_HOUSES", "1000"))
    repeat = int(os.environ.get("BENCH_REPEAT", "9"))
    folder = tempfile.mkdtemp(prefix="bench-houses-")
    _django(folder)
    from django.contrib.auth.models import User
    from django.test import Client

    from ledger.models import House, Membership, PokerSession, Role

    started = time.perf_counter()
    build(10)
    bench = User.objects.get(username="bench")
    Membership.objects.create(house=House.objects.get(), user=bench, role=Role.BANKER)
    print(f"the house: 12 players, 10 closed nights and tonight, built in "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    banker, phone = Client(), Client()
    banker.force_login(bench)
    clients = {"banker": banker, "phone": phone}
    urls = pages()   # the first house's (read before there are others)
    alone = _time(clients, urls, repeat)
    started = time.perf_counter()
    _clone(houses)
    print(f"{House.objects.count()} houses, {PokerSession.objects.count()} nights in all, "
          f"copied in {time.perf_counter() - started:.0f} s", flush=True)
    among = _time(clients, urls, repeat)
    print(f"median ms of {repeat} (queries)   alone        among {houses} houses   ratio"
          f"   cpu ms alone/among   db ms alone/among")
    worst = 0.0
    for name, page in alone.items():
        other = among[name]
        ratio = other["ms"] / page["ms"]
        worst = max(worst, ratio)
        same = "" if page["queries"] == other["queries"] else "  QUERIES DIFFER"
        print(f"  {name:14s} {page['ms']:7.2f} ({page['queries']:2d})   {other['ms']:7.2f} "
              f"({other['queries']:2d})        {ratio:5.2f}   {page['cpu']:6.2f} / "
              f"{other['cpu']:6.2f}      {page['db']:6.2f} / {other['db']:6.2f}{same}")
    print(f"worst ratio {worst:.2f} (goal: at most 1.20)")
    if os.environ.get("BENCH_QUERIES") == "1":   # the queries that grew most, page by page
        for name, page in alone.items():
            grown = sorted(((b - a, a, b, sql) for (sql, a), (_, b) in zip(
                page["each"], among[name]["each"], strict=False)), reverse=True)[:3]
            print(f"  {name}: " + "; ".join(f"+{d:.2f} ms ({a:.2f} -> {b:.2f}) {sql[:90]}"
                                            for d, a, b, sql in grown))
