"""The queries of every page computed after a write stay indexed beside many houses once the
planner has its statistics (issue 37: beside 1,000 houses on SQLite, after ANALYZE, the journal
page went 17-29 ms -> 4.4 s, its join on `reverses_id` scanning the journal because SQLite's
statistics counted that index's NULLs and judged it useless; the partial index
`entry_corrections`, migration 0021, holds the corrections only).

One house with closed nights and a busy open night (tests/ledger/test_query_bounds.py's) and no
correction (the statistics then count every entry's NULL `reverses` as one value), copied 199
times in SQL as `bench houses` copies it (bench/houses.py `_clone`, which ends with ANALYZE);
without the partial index, the table page's entries join scans the journal. Then each page
computed after a write (bench/pages.py WRITTEN) is visited with nothing kept, and each of its
SELECTs is explained: no full scan of the journal (ledger_entry) or its postings
(ledger_posting), under any alias. SQLite: no `SCAN` of either in EXPLAIN QUERY PLAN (a
`SEARCH` uses an index; a `SCAN ... USING INDEX` reads the whole index and is a scan too).
PostgreSQL: no `Seq Scan` on either in EXPLAIN, the planner left as it is (15,000 entries are
enough for it to prefer the indexes; with index scans turned off, this test fails).
"""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.models import F
from django.test import Client
from test_query_bounds import BIG, _night_of, _pages

from bench.houses import _clone
from ledger.models import Entry, House, Membership, Night, Role

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

HOUSES = 200
BIG_TABLES = ("ledger_entry", "ledger_posting")
# bench/pages.py WRITTEN, by the names of test_query_bounds._pages
WRITTEN = ("dashboard", "journal", "close", "settle_up", "buyin_form", "cashout", "book",
           "phone")


def _names(sql: str) -> set[str]:
    """The big tables' names in `sql` and the aliases Django gives them (`"ledger_entry" T3`)."""
    names = set(BIG_TABLES)
    for table in BIG_TABLES:
        names |= {alias.lower() for alias in re.findall(rf'"{table}" (\w+)', sql)}
    return names


def _scans(sql: str, params) -> tuple[list[str], list[str]]:  # noqa: ANN001
    """The plan's lines, and those that scan a big table whole."""
    names = _names(sql)
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
            plan = [str(row[-1]) for row in cursor.fetchall()]
            found = [re.match(r"SCAN (\w+)", line) for line in plan]
            bad = [line for line, m in zip(plan, found, strict=True)
                   if m and m.group(1).lower() in names]
        else:
            cursor.execute("EXPLAIN " + sql, params)
            plan = [str(row[0]) for row in cursor.fetchall()]
            found = [re.search(r"Seq Scan on (\w+)", line) for line in plan]
            bad = [line for line, m in zip(plan, found, strict=True)
                   if m and (m.group(1).lower() in BIG_TABLES)]
    return plan, bad


def test_pages_after_a_write_never_scan_the_journal_beside_200_houses(banker_client,
                                                                      banker_user):
    night = _night_of(BIG)
    tonight = night["session"]
    Membership.objects.create(house=House.objects.get(), user=banker_user, role=Role.BANKER)
    _clone(HOUSES)   # ends with ANALYZE: the planner's statistics, as at rest
    assert House.objects.count() == HOUSES
    assert Entry.objects.count() > 50 * Entry.objects.filter(session=tonight).count()
    phone = Client()
    scanned = {}
    for name in WRITTEN:
        who, path, extra = _pages(night)[name]
        asker = banker_client if who == "banker" else phone
        asker.get(path, **extra)   # a first visit may set up the session and CSRF cookie
        Night.objects.filter(pk=tonight.pk).update(version=F("version") + 1)
        cache.clear()   # nothing kept: the page computed again, as after a write
        caught: list[tuple[str, object]] = []

        def wrapper(execute, sql, params, many, context, caught=caught):  # noqa: ANN001
            caught.append((sql, params))
            return execute(sql, params, many, context)

        with connection.execute_wrapper(wrapper):
            assert asker.get(path, **extra).status_code == 200, name
        selects = [(sql, params) for sql, params in caught
                   if sql.lstrip().upper().startswith("SELECT")]
        assert selects, name
        for sql, params in selects:
            plan, bad = _scans(sql, params)
            if bad:
                scanned.setdefault(name, []).append((bad, sql[:400], plan))
    assert not scanned, f"full scans of the journal or its postings: {scanned}"
