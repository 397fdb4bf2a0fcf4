"""Houses at scale (issue 28): each page of one house alone, then with 999 more houses beside it,
each of 12 players and 10 closed nights - the same pages, in one run, with their query counts.

The house is bench/pages.py's busy night (12 players, 10 closed nights, tonight with 300
buy-ins, 40 hands and a phone's ask); the other houses are copies of its players and closed
nights made in SQL (new ids, their own tokens and keys), so that building 1,000 houses takes
seconds, not hours. The banker is a member of the first house (as on a site of several houses).
Goal: every page within 1.2x of the house alone, with the same number of queries. The pages
kept whole under the house's version (ledger/kept.py) are also timed as "<page> new": the first
visit after a write to tonight (the version moved before each visit), the page computed again.

`python -m bench houses` (SQLite) or with BENCH_DATABASE_URL=postgres://... (PostgreSQL);
BENCH_HOUSES (default 1000), BENCH_REPEAT (default 9), BENCH_ROUNDS (default 4).

Two databases, measured in turns by one process: the house alone, and a copy of it (a copied
file; PostgreSQL: a database made from it as a template) into which the 999 houses are copied,
then given its statistics and a checkpoint, as autovacuum leaves a database at rest. Each
round times every page in the one, then in the other (the connection reopened on it, the
cache emptied, each page visited once first), so that what the machine does meanwhile falls on
both alike; a page's figure is the median of its rounds' medians. Beside it: the CPU ms of this
process (Python, the driver included) and the ms spent in the database's execute, from a
second BENCH_REPEAT of each round with each query timed; BENCH_QUERIES=1 prints, page by page,
the three queries whose median time grew most. The control column is the house alone's odd
rounds over its even ones: how far the machine's noise alone moves a ratio in this run.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from typing import Any

from bench.pages import WRITTEN, _django, build, pages


def _time(clients: dict[str, Any], urls: dict[str, str],
          repeat: int) -> dict[str, dict[str, Any]]:
    """Each page's median ms of `repeat` ("ms"), its number of queries ("queries"), and from a
    second `repeat` with each query timed: the median CPU ms of this process ("cpu": Python,
    the database driver's share included), the median ms spent in the database's execute
    ("db") and each query's median ms and SQL ("each")."""
    from django.db import connection
    from django.db.models import F
    from django.test.utils import CaptureQueriesContext

    from ledger.models import Night

    def written() -> None:   # as a write to tonight moves the version: the page computed again
        Night.objects.filter(status=Night.OPEN).update(version=F("version") + 1)

    found = {}
    variants = [(name, url, False) for name, url in urls.items()]
    variants += [(f"{name} new", urls[name], True) for name in WRITTEN]
    for name, url, new in variants:
        ready = written if new else (lambda: None)
        client = clients["phone" if name.startswith("phone") else "banker"]
        headers = {"HTTP_HX_REQUEST": "true"} if name in ("phone live", "asks",
                                                          "phone asks") else {}
        assert client.get(url, **headers).status_code in (200, 302), name
        times = []
        for _ in range(repeat):
            ready()
            start = time.perf_counter()
            client.get(url, **headers)
            times.append((time.perf_counter() - start) * 1000)
        ready()
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

            ready()
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

    from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers
    from ledger.models import BankNote, Entry, House, Night, Player, Posting, Seat

    first = House.objects.get()
    closed = f"(SELECT id FROM ledger_pokersession WHERE status = 'closed' AND house_id = " \
             f"{first.pk})"
    tables = [   # model, which rows: the first house's players, closed nights and their rows
        (House, f"id = {first.pk}"),
        (Player, f"house_id = {first.pk}"),
        (Night, f"id IN {closed}"),
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


def _copy(database: dict[str, Any]) -> str:
    """A copy of the default database as it stands, under a name of its own; its name."""
    import shutil

    import psycopg
    from django.db import connection

    name = str(database["NAME"])
    connection.close()
    if connection.vendor == "sqlite":
        copy = f"{name}-among"
        shutil.copyfile(name, copy)   # closed: its WAL was checkpointed into it
        return copy
    copy = f"{name}_among"
    with psycopg.connect(host=database["HOST"], port=database["PORT"] or 5432,
                         user=database["USER"], password=database["PASSWORD"] or None,
                         dbname="postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{copy}"')
        admin.execute(f'CREATE DATABASE "{copy}" TEMPLATE "{name}"')
    return copy


def _use(name: str) -> None:
    """The connection reopened on the database `name`, nothing kept from the other."""
    from django.core.cache import cache
    from django.db import connection

    connection.close()
    connection.settings_dict["NAME"] = name
    cache.clear()


def _at_rest() -> None:
    """The statistics and the disk as autovacuum and the checkpointer leave them."""
    from django.db import connection

    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            connection.close()
            with connection.cursor() as plain:   # VACUUM runs outside a transaction
                plain.execute("VACUUM ANALYZE")
                plain.execute("CHECKPOINT")
        else:   # the statistics on both databases, the house alone's too (issue 37)
            cursor.execute("ANALYZE")
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def main() -> None:
    houses = int(os.environ.get("BENCH_HOUSES", "1000"))
    repeat = int(os.environ.get("BENCH_REPEAT", "9"))
    rounds = int(os.environ.get("BENCH_ROUNDS", "4"))
    folder = tempfile.mkdtemp(prefix="bench-houses-")
    _django(folder)
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client

    from ledger.models import House, Membership, Night, Role

    started = time.perf_counter()
    build(10)
    bench = User.objects.get(username="bench")
    Membership.objects.create(house=House.objects.get(), user=bench, role=Role.BANKER)
    print(f"the house: 12 players, 10 closed nights and tonight, built in "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    banker, phone = Client(), Client()
    banker.force_login(bench)   # before the copy: the login is in both databases
    clients = {"banker": banker, "phone": phone}
    urls = pages()   # the first house's (read before there are others)
    _at_rest()
    alone = str(connection.settings_dict["NAME"])
    among = _copy(connection.settings_dict)
    _use(among)
    started = time.perf_counter()
    _clone(houses)
    _at_rest()
    print(f"{House.objects.count()} houses, {Night.objects.count()} nights in all, "
          f"copied in {time.perf_counter() - started:.0f} s", flush=True)
    timed: dict[str, list[dict[str, dict[str, Any]]]] = {alone: [], among: []}
    for _ in range(rounds):
        for name in (alone, among):
            _use(name)
            timed[name].append(_time(clients, urls, repeat))
    _report(timed[alone], timed[among], houses)


def _report(alone_rounds: list[dict[str, dict[str, Any]]],
            among_rounds: list[dict[str, dict[str, Any]]], houses: int) -> None:
    def median(rounds: list[dict[str, dict[str, Any]]], page: str, what: str) -> float:
        return statistics.median(found[page][what] for found in rounds)

    print(f"median ms of {len(alone_rounds)} rounds' medians (queries)   alone   "
          f"among {houses} houses   ratio   cpu ms alone/among   db ms alone/among   control")
    worst = noise = 0.0
    for page in alone_rounds[0]:
        ms, other = median(alone_rounds, page, "ms"), median(among_rounds, page, "ms")
        ratio = other / ms
        control = (median(alone_rounds[0::2], page, "ms")
                   / median(alone_rounds[1::2] or alone_rounds, page, "ms"))
        worst, noise = max(worst, ratio), max(noise, control, 1 / control)
        queries = {found[page]["queries"] for found in alone_rounds}
        others = {found[page]["queries"] for found in among_rounds}
        same = "" if queries == others else "  QUERIES DIFFER"
        print(f"  {page:14s} {ms:7.2f} ({max(queries):2d})   {other:7.2f} ({max(others):2d})"
              f"        {ratio:5.2f}   {median(alone_rounds, page, 'cpu'):6.2f} / "
              f"{median(among_rounds, page, 'cpu'):6.2f}      "
              f"{median(alone_rounds, page, 'db'):6.2f} / {median(among_rounds, page, 'db'):6.2f}"
              f"      {control:5.2f}{same}")
    print(f"worst ratio {worst:.2f} (goal: at most 1.20); the control (the house alone, odd "
          f"rounds over even) moved by up to {noise:.2f}x")
    if os.environ.get("BENCH_QUERIES") == "1":   # the queries that grew most, page by page
        alone, among = alone_rounds[-1], among_rounds[-1]
        for page in alone:
            grown = sorted(((b - a, a, b, sql) for (sql, a), (_, b) in zip(
                alone[page]["each"], among[page]["each"], strict=False)), reverse=True)[:3]
            print(f"  {page}: " + "; ".join(f"+{d:.2f} ms ({a:.2f} -> {b:.2f}) {sql[:90]}"
                                            for d, a, b, sql in grown))

