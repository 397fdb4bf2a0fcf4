"""A write confirmed to the tablet survives a power cut (issue: SQLite ran synchronous=NORMAL
in WAL mode, which may lose the last commits when the machine loses power)."""

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


def _one(sql):
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchone()[0]


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's setting")
def test_sqlite_syncs_every_commit_in_wal_mode():
    assert _one("PRAGMA journal_mode") == "wal"
    assert _one("PRAGMA synchronous") == 2          # FULL (NORMAL is 1)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's setting")
def test_postgresql_keeps_its_durable_defaults():
    assert _one("SHOW synchronous_commit") == "on"
    assert _one("SHOW fsync") == "on"
