"""`manage.py backup FILE` and the restore drill (R9): a copy taken while the banker types
restores into a fresh file whose audit passes and whose settle-up matches."""

import datetime
import json
import os
import subprocess
import sys
import threading
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from ledger_night import PlayedNight, cents, named, new_key, open_night, people

from ledger import selectors, services
from ledger.models import Entry, Night

ROOT = Path(__file__).resolve().parents[2]

READ_BACK = """
import json
from ledger import selectors
from ledger.models import Entry, Night
print(json.dumps({
    "audit": selectors.audit(),
    "reports": {s.pk: selectors.settle_up_report(s) for s in Night.objects.order_by("id")},
    "open": [s.pk for s in Night.objects.filter(status="open")],
    "chain": list(Entry.objects.order_by("sequence").values_list("sequence", "chain")),
}))
"""


def read_back(path: Path) -> dict:
    """Open a restored file as the site's database, in another process, and read it."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}"}
    done = subprocess.run([sys.executable, "manage.py", "shell", "-v0", "-c", READ_BACK],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite online backup")
@pytest.mark.django_db(transaction=True)
def test_a_backup_taken_during_writes_restores_with_a_passing_audit_R9(players, tmp_path):
    last_week = open_night()
    last_week.buy("Fred", "20.00")
    last_week.buy("Ann", "10.00", paid="note")
    last_week.cashout("Fred", green=4, black=5)
    last_week.cashout("Ann", green=1)
    last_week.commit("Ann")
    last_week.close()
    tonight = PlayedNight(services.night_open(
        date=datetime.date(2026, 11, 28), banker=named("Mike"), seating=people(["Fred", "Ann",
        "Gus"]), key=new_key("open")))
    pk = tonight.session.pk
    started, done_writing = threading.Event(), threading.Event()

    def banker():
        try:
            for i in range(15):
                services.buyin_create(session=tonight.session,
                                      player=named(["Fred", "Ann", "Gus"][i % 3]),
                                      amount=cents("5.00"), paid=["cash", "note", "book"][i % 3],
                                      key=new_key("drill"), confirm_duplicate=True)
                started.set()
        finally:
            started.set()
            done_writing.set()
            connection.close()

    writer = threading.Thread(target=banker)
    writer.start()
    started.wait(30)
    during = tmp_path / "during.sqlite3"
    call_command("backup", str(during), stdout=StringIO())
    writer.join(60)
    assert done_writing.is_set()
    after = tmp_path / "after.sqlite3"
    call_command("backup", str(after), stdout=StringIO())

    original_chain = list(Entry.objects.order_by("sequence").values_list("sequence", "chain"))
    copy = read_back(during)
    assert copy["audit"]["ok"], copy["audit"]
    # A snapshot: the first n entries of the journal exactly, nothing half-written.
    assert [tuple(link) for link in copy["chain"]] == original_chain[:len(copy["chain"])]
    assert copy["reports"][str(last_week.session.pk)] == \
        selectors.settle_up_report(last_week.session)
    assert copy["open"] == [pk]

    restored = read_back(after)
    assert restored["audit"]["ok"]
    assert [tuple(link) for link in restored["chain"]] == original_chain
    assert restored["reports"] == {str(s.pk): selectors.settle_up_report(s)
                                   for s in Night.objects.order_by("id")}


def test_backup_onto_the_database_itself_is_refused(db):
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's file")
    with pytest.raises(CommandError, match="the database itself"):
        call_command("backup", connection.settings_dict["NAME"], stdout=StringIO())


def test_without_pg_dump_the_postgresql_backup_says_so(monkeypatch, tmp_path):
    from ledger import database_copy

    monkeypatch.setattr(database_copy.shutil, "which", lambda name: None)
    with pytest.raises(CommandError, match="pg_dump is not installed") as refused:
        database_copy.pg_dump({"NAME": "banker"}, tmp_path / "banker.dump")
    assert refused.value.returncode == 2
    assert not (tmp_path / "banker.dump").exists()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="pg_dump")
@pytest.mark.django_db(transaction=True)
def test_the_postgresql_backup_is_a_pg_dump_archive(players, tmp_path):
    import shutil

    if shutil.which("pg_dump") is None:
        pytest.skip("pg_dump is not installed here")
    night = open_night()
    night.buy("Fred", "20.00")
    target = tmp_path / "banker.dump"
    call_command("backup", str(target), stdout=StringIO())
    listing = subprocess.run(["pg_restore", "--list", str(target)], capture_output=True,
                             text=True, check=True).stdout
    assert "ledger_entry" in listing and "ledger_entry_no_truncate" in listing
