"""New SQLite database files, their -wal and -shm files, and backups are readable by their
owner only (0600), as the journal's key file is (R9)."""

import os
import stat
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
sqlite_only = pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's files")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@sqlite_only
def test_a_new_database_and_its_wal_files_are_0600(tmp_path):
    """`migrate` on a new file, in another process with the ordinary umask (022)."""
    path = tmp_path / "db.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}"}
    done = subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                          capture_output=True, text=True, preexec_fn=lambda: os.umask(0o022))
    assert done.returncode == 0, done.stderr
    files = sorted(p.name for p in tmp_path.iterdir())
    assert "db.sqlite3" in files
    assert {name: _mode(tmp_path / name) for name in files} == {name: 0o600 for name in files}


@sqlite_only
def test_an_existing_database_keeps_its_mode(tmp_path):
    from ledger.sqlite_backend.base import create_private

    path = tmp_path / "kept.sqlite3"
    path.write_bytes(b"")
    path.chmod(0o640)
    create_private(path)
    assert _mode(path) == 0o640


@pytest.mark.django_db(transaction=True)   # a backup reads what is committed
def test_a_backup_is_0600(tmp_path, players):
    if connection.vendor == "postgresql":
        import shutil

        if shutil.which("pg_dump") is None:
            pytest.skip("pg_dump is not installed")
    old = os.umask(0o022)
    try:
        call_command("backup", str(tmp_path / "copy.bak"), stdout=StringIO())
    finally:
        os.umask(old)
    assert _mode(tmp_path / "copy.bak") == 0o600


@pytest.mark.django_db(transaction=True)
def test_a_backup_carries_the_witness_of_its_newest_entry(tmp_path, players):
    import json

    from ledger_night import open_night

    from ledger.models import Entry

    if connection.vendor == "postgresql":
        import shutil

        if shutil.which("pg_dump") is None:
            pytest.skip("pg_dump is not installed")
    open_night().buy("Fred", "5.00")
    call_command("backup", str(tmp_path / "copy.bak"), stdout=StringIO())
    newest = Entry.objects.order_by("-sequence").values_list("sequence", "chain")[0]
    content = json.loads((tmp_path / "copy.bak.witness").read_text())
    (head,) = content["heads"].values()   # the site's only house
    assert tuple(head) == newest
    assert _mode(tmp_path / "copy.bak.witness") == 0o600
