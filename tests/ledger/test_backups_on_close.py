"""Backups keep themselves (ledger/backups.py): every close writes a copy, the newest
BANKER_BACKUP_KEEP stay, the close page says where it went; `manage.py restore FILE` puts one
back into an empty database with the same settle-up and a clean audit (R9), and refuses in one
line a file that is no backup, a truncated one, another key's, or a restore over data."""

import json
import os
import re
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.urls import reverse
from ledger_night import open_night

from ledger import backups, selectors
from ledger.models import Night

ROOT = Path(__file__).resolve().parents[2]
sqlite_only = pytest.mark.skipif(connection.vendor != "sqlite",
                                 reason="restores a SQLite file into an empty SQLite database")

READ_BACK = """
import json
from ledger import selectors
from ledger.models import Night
print(json.dumps({
    "audit_ok": selectors.audit()["ok"],
    "reports": {s.pk: selectors.settle_up_report(s) for s in Night.objects.order_by("id")},
}))
"""


def _manage(*args: str, database: Path, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    environment.update(DATABASE_URL=f"sqlite:///{database}", **env)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=300)


def _ready_to_close():
    """A night with a bank note, a guest's debt and a final pot, everyone cashed out."""
    night = open_night()
    night.buy("Fred", "20.00")
    night.buy("Ann", "10.00", paid="note")
    night.buy("Gus", "10.00", paid="book")
    night.cashout("Fred", green=5, white=3)     # $25.15: 0.15 into the final pot
    night.cashout("Ann", green=1)
    night.cashout("Gus", black=9, blue=3, white=2)   # $9.85: 0.85 into the final pot
    night.final_pot("Ann")
    night.commit("Ann")
    return night


def _close_by_page(client, night) -> str:
    """Close on the close page (in a `transaction=True` test: the copy is made after commit)."""
    url = reverse("night_close", args=[night.session.pk])
    key = re.search(r'name="key" value="([^"]+)"', client.get(url).content.decode()).group(1)
    response = client.post(url, {"key": key, "confirm": "on"})
    assert response.status_code == 302
    assert response.url == reverse("settle_up", args=[night.session.pk])
    return client.get(response.url).content.decode()


@pytest.fixture
def backup_dir(settings, tmp_path) -> Path:
    settings.BACKUP_DIR = str(tmp_path / "backups")
    Path(settings.BACKUP_DIR).mkdir()
    return Path(settings.BACKUP_DIR)


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_a_close_writes_a_backup_that_restores_into_an_empty_database_R9(
        banker_client, players, backup_dir, tmp_path):
    night = _ready_to_close()
    page = _close_by_page(banker_client, night)
    [copy] = backups.copies(backup_dir)
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
    assert f"A copy of the database as it was at close went to {copy}" in page
    closed = banker_client.get(reverse("night_close", args=[night.session.pk]))
    assert f"is in {copy}" in closed.content.decode()   # the close page says where it went

    empty = tmp_path / "restored.sqlite3"
    restored = _manage("restore", str(copy), database=empty)
    assert restored.returncode == 0, restored.stderr
    assert "The ledger is whole" in restored.stdout
    read = _manage("shell", "-v0", "-c", READ_BACK, database=empty)
    assert read.returncode == 0, read.stderr
    back = json.loads(read.stdout.strip().splitlines()[-1])
    assert back["audit_ok"]
    assert back["reports"] == {str(s.pk): selectors.settle_up_report(s)
                               for s in Night.objects.order_by("id")}
    assert back["reports"][str(night.session.pk)]["transfers"]   # THE BOOK moved at close

    again = _manage("restore", str(copy), database=empty)       # over a live database: refused
    assert again.returncode == 2 and len(again.stderr.strip().splitlines()) == 1, again.stderr
    assert "--force" in again.stderr and "already holds" in again.stderr
    forced = _manage("restore", "--force", str(copy), database=empty)
    assert forced.returncode == 0, forced.stderr

    cut = tmp_path / "cut.sqlite3"
    cut.write_bytes(copy.read_bytes()[: copy.stat().st_size // 2])
    truncated = _manage("restore", str(cut), database=tmp_path / "other-empty.sqlite3")
    assert truncated.returncode == 2, truncated.stderr
    assert truncated.stderr.strip().splitlines() == [
        f"CommandError: FILE: cut.sqlite3 is cut short: {cut.stat().st_size} bytes of the "
        f"{copy.stat().st_size} its header promises (a truncated copy); nothing restored"]
    assert not (tmp_path / "other-empty.sqlite3").exists()


@sqlite_only
def test_another_keys_backup_and_a_file_that_is_no_backup_are_refused_in_one_line(tmp_path):
    theirs = tmp_path / "theirs.sqlite3"
    other_key = {"DJANGO_LEDGER_KEY": "another-site-key-0123456789abcdef0123456789abcdef"}
    for step in (["migrate", "-v0"], ["load_demo"], ["backup", str(tmp_path / "copy.sqlite3")]):
        done = _manage(*step, database=theirs, **other_key)
        assert done.returncode == 0, done.stderr
    target = tmp_path / "mine.sqlite3"
    refused = _manage("restore", str(tmp_path / "copy.sqlite3"), database=target)
    assert refused.returncode == 2
    [line] = refused.stderr.strip().splitlines()
    assert line.startswith(
        "CommandError: FILE: copy.sqlite3 does not verify under this site's journal key")
    # the audit says which key wrote the copy (ledger/integrity/audit.py), not a list of changes
    assert "it was written under key" in line and line.endswith("nothing restored")
    with sqlite3.connect(target) as mine:   # opened to see that it was empty, and still is
        assert not mine.execute("SELECT name FROM sqlite_master").fetchall()

    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n" * 20)
    refused = _manage("restore", str(notes), database=target)
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines() == [
        "CommandError: FILE: notes.txt is not a backup of this site (not a SQLite database)"]


@pytest.mark.django_db(transaction=True)
def test_a_missing_backup_folder_is_a_sentence_and_the_close_is_done(
        banker_client, players, settings, tmp_path):
    settings.BACKUP_DIR = str(tmp_path / "usb-disk-not-plugged-in")
    night = _ready_to_close()
    page = _close_by_page(banker_client, night)
    assert Night.objects.get(pk=night.session.pk).status == Night.CLOSED
    assert ("No copy of the database was written at this close: the backup folder "
            f"{tmp_path / 'usb-disk-not-plugged-in'} does not exist (BANKER_BACKUP_DIR). "
            "The close itself is done and nothing is lost") in page
    assert not (tmp_path / "usb-disk-not-plugged-in").exists()   # a named folder is not made
    closed = banker_client.get(reverse("night_close", args=[night.session.pk]))
    assert "No copy of the database from this close is here" in closed.content.decode()


def _close_killed_before_its_copy(client, night, monkeypatch) -> None:
    """The close is saved, and the process dies before its copy is written (after commit)."""
    from ledger.views import close

    monkeypatch.setattr(close, "_backup_after_close", lambda request, night: None)
    _close_by_page(client, night)
    monkeypatch.undo()
    assert Night.objects.get(pk=night.session.pk).status == Night.CLOSED


@pytest.mark.django_db(transaction=True)
def test_a_close_killed_before_its_copy_gets_it_on_its_close_page_once(
        banker_client, players, backup_dir, monkeypatch):
    night = _ready_to_close()
    _close_killed_before_its_copy(banker_client, night, monkeypatch)
    assert backups.copies(backup_dir) == []
    url = reverse("night_close", args=[night.session.pk])
    page = banker_client.get(url).content.decode()
    [copy] = backups.copies(backup_dir)
    assert f"A copy of the database as it was at this close is in {copy}" in page
    assert "No copy of the database from this close is here" not in page
    assert f"is in {copy}" in banker_client.get(url).content.decode()
    key = re.search(r'name="key" value="([^"]+)"', page)
    resent = banker_client.post(url, {"key": key.group(1) if key else "k", "confirm": "on"})
    assert resent.status_code == 302
    assert backups.copies(backup_dir) == [copy]          # once


@pytest.mark.django_db(transaction=True)
def test_a_close_sent_again_writes_the_copy_it_never_got(
        banker_client, players, backup_dir, monkeypatch):
    night = _ready_to_close()
    url = reverse("night_close", args=[night.session.pk])
    key = re.search(r'name="key" value="([^"]+)"', banker_client.get(url).content.decode())
    from ledger.views import close

    monkeypatch.setattr(close, "_backup_after_close", lambda request, night: None)
    assert banker_client.post(url, {"key": key.group(1), "confirm": "on"}).status_code == 302
    monkeypatch.undo()
    assert backups.copies(backup_dir) == []
    again = banker_client.post(url, {"key": key.group(1), "confirm": "on"})   # the same tap
    assert again.status_code == 302
    [copy] = backups.copies(backup_dir)
    assert banker_client.post(url, {"key": key.group(1), "confirm": "on"}).status_code == 302
    assert backups.copies(backup_dir) == [copy]


@pytest.mark.django_db(transaction=True)
def test_the_next_start_writes_a_missing_copy_once_and_a_missing_folder_is_tried_again(
        banker_client, players, settings, backup_dir, monkeypatch, tmp_path):
    from io import StringIO

    from ledger.management.commands.serve_house import Command

    night = _ready_to_close()
    settings.BACKUP_DIR = str(tmp_path / "unplugged")   # the copy at close cannot be written
    page = _close_by_page(banker_client, night)
    assert "No copy of the database was written at this close" in page
    assert backups.missing_close_backups() == [night.session.pk]
    settings.BACKUP_DIR = str(backup_dir)                # plugged in again: the next start
    out = StringIO()
    Command(stdout=out)._copies_of_closes()
    [copy] = backups.copies(backup_dir)
    assert f"Night {night.session.pk} was closed without a copy of the database: A copy of " \
        f"the database as it was at close went to {copy}" in out.getvalue()
    assert backups.missing_close_backups() == []
    out = StringIO()
    Command(stdout=out)._copies_of_closes()             # and the start after: nothing more
    assert out.getvalue() == "" and backups.copies(backup_dir) == [copy]


@pytest.mark.django_db(transaction=True)
def test_five_callers_at_once_write_one_copy_of_a_close(players, backup_dir, monkeypatch):
    from ledger_night import new_key
    from test_link_limits_race import at_once

    from ledger import services

    night = _ready_to_close()
    services.night_close(session=night.session, key=new_key("close"))
    assert backups.copies(backup_dir) == []   # no page: nothing copied yet
    written = []
    copy_of = backups.backup_after_close
    monkeypatch.setattr(backups, "backup_after_close",
                        lambda pk: written.append(pk) or copy_of(pk))
    results = at_once(lambda i: backups.close_backup(night.session.pk), 5)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert written == [night.session.pk]     # one copy written, by one of the five
    [copy] = backups.copies(backup_dir)
    assert any(r is not None and r.path == copy for r in results)
    assert backups.close_backup(night.session.pk).path == copy


@pytest.mark.django_db
def test_a_backup_folder_that_is_a_file_or_cannot_be_written_is_a_sentence(
        db, settings, tmp_path, monkeypatch):
    settings.BACKUP_DIR = str(tmp_path / "a-file")
    (tmp_path / "a-file").write_text("")
    assert "is a file, not a folder" in backups.backup_after_close(7).sentence()

    def disk_full(target: Path) -> None:
        raise OSError(28, "No space left on device")

    settings.BACKUP_DIR = str(tmp_path)
    monkeypatch.setattr(backups, "write_backup", disk_full)
    copy = backups.backup_after_close(7)
    assert copy.path is None and "No space left on device" in copy.sentence()


@pytest.mark.django_db(transaction=True)   # a copy is taken after commit, never inside one
def test_only_the_newest_copies_are_kept_and_other_files_are_left_alone(
        settings, backup_dir):
    settings.BACKUP_KEEP = 2
    (backup_dir / "mine.txt").write_text("the banker's own file")
    made = [backups.backup_after_close(night).path for night in (1, 2, 3)]
    assert all(path is not None for path in made)
    assert backups.copies(backup_dir) == sorted(made, key=lambda p: p.name)[1:]
    assert (backup_dir / "mine.txt").exists()


def test_the_default_folder_is_backups_beside_the_database(settings):
    settings.BACKUP_DIR = ""
    if connection.vendor == "sqlite":
        assert backups.folder() == Path(connection.settings_dict["NAME"]).resolve().parent \
            / "backups"
    else:
        assert backups.folder() == Path(settings.BASE_DIR) / "backups"


def _postgres() -> str:
    """The local PostgreSQL server .ci/run uses, as a URL prefix; "" when none answers."""
    import shutil

    if not all(shutil.which(tool) for tool in ("psql", "pg_dump", "pg_restore")):
        return ""
    probe = subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-Atc", "select 1"],
                           capture_output=True, text=True, timeout=30)
    return "postgres://postgres@127.0.0.1:5432/" if probe.stdout.strip() == "1" else ""


def test_a_postgresql_backup_restores_and_a_cut_or_foreign_one_is_refused(tmp_path):
    server = _postgres()
    if not server:
        pytest.skip("no PostgreSQL server on 127.0.0.1:5432 with its client tools")
    names = [f"banker_restore_{os.getpid()}_{which}" for which in ("from", "into")]
    psql = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-qc"]
    for name in names:
        subprocess.run([*psql, f'CREATE DATABASE "{name}"'], check=True, capture_output=True)

    def manage(*args: str, database: str, **env: str) -> subprocess.CompletedProcess:
        environment = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
        environment.update(DATABASE_URL=server + database,   # each its witness, not in the checkout
                           DJANGO_LEDGER_WITNESS=str(tmp_path / f"{database}.witness"), **env)
        return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=environment,
                              capture_output=True, text=True, timeout=600)

    try:
        dump = tmp_path / "banker.dump"
        for step in (["migrate", "-v0"], ["load_demo"], ["backup", str(dump)]):
            assert manage(*step, database=names[0]).returncode == 0
        assert stat.S_IMODE(dump.stat().st_mode) == 0o600
        cut = tmp_path / "cut.dump"
        cut.write_bytes(dump.read_bytes()[: dump.stat().st_size * 9 // 10])
        refused = manage("restore", str(cut), database=names[1])
        assert refused.returncode == 2
        [line] = refused.stderr.strip().splitlines()
        assert "cut.dump is damaged or cut short" in line
        foreign = manage("restore", str(dump), database=names[1],
                         DJANGO_LEDGER_KEY="another-site-key-0123456789abcdef0123456789abcdef")
        assert foreign.returncode == 2
        [line] = foreign.stderr.strip().splitlines()
        assert "does not verify under this site's journal key" in line
        restored = manage("restore", str(dump), database=names[1])
        assert restored.returncode == 0, restored.stderr
        assert "The ledger is whole" in restored.stdout
        reports = [manage("settle_up", "2", "--format", "json", database=name).stdout
                   for name in names]
        assert reports[0] == reports[1] and json.loads(reports[0])["transfers"]
    finally:
        for name in names:
            subprocess.run([*psql, f'DROP DATABASE IF EXISTS "{name}"'], capture_output=True)
