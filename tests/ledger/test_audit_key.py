"""`audit` never writes (R5, R7): without the journal's key it says nothing can be checked and
makes no key file; with a key that did not write the journal it says so in one line."""

from io import StringIO

import pytest
from django.core.management import call_command

from ledger.integrity.key import existing_key, key_id
from ledger.models import JournalKey

pytestmark = pytest.mark.django_db


def _audit():
    out, err = StringIO(), StringIO()
    try:
        call_command("audit", stdout=out, stderr=err)
    except SystemExit as stop:
        return stop.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_the_fingerprint_of_the_key_is_recorded_by_migrate(db):
    assert list(JournalKey.objects.values_list("pk", "fingerprint")) == [(1, key_id())]


def test_audit_without_a_key_says_so_and_makes_no_file(night, settings, tmp_path):
    night.buy("Fred", "20.00")
    settings.LEDGER_KEY = ""
    settings.LEDGER_KEY_FILE = str(tmp_path / "keys" / "ledger.key")
    code, out, err = _audit()
    assert code == 1 and out == ""
    assert err.startswith("problem: no journal key: nothing can be checked")
    assert len(err.splitlines()) == 1 and str(tmp_path / "keys" / "ledger.key") in err
    assert list(tmp_path.iterdir()) == []            # no key file, not even its folder
    assert existing_key() is None


def test_audit_after_the_key_file_is_removed_makes_none(night, settings, tmp_path):
    path = tmp_path / "ledger.key"
    path.write_text(settings.LEDGER_KEY + "\n")
    settings.LEDGER_KEY = ""
    settings.LEDGER_KEY_FILE = str(path)
    assert _audit()[0] == 0                          # the same key, from the file: whole
    path.unlink()
    code, _, err = _audit()
    assert code == 1 and "no journal key: nothing can be checked" in err
    assert list(tmp_path.iterdir()) == []


def test_audit_with_another_key_names_both_fingerprints_in_one_line(night, settings):
    night.buy("Fred", "20.00")
    written_under = key_id()
    settings.LEDGER_KEY = "a-key-that-never-wrote-this-journal-000000"
    code, out, err = _audit()
    assert code == 1 and out == "" and len(err.splitlines()) == 1
    assert f"the key {key_id()} did not write this journal" in err
    assert f"written under key {written_under}" in err
    assert "changed" not in err


def test_rekey_records_the_new_fingerprint(night, settings, tmp_path):
    night.buy("Fred", "20.00")
    old = tmp_path / "old.key"
    old.write_text(settings.LEDGER_KEY + "\n")
    settings.LEDGER_KEY = "the-new-ledger-key-the-new-ledger-key-0002"
    call_command("rekey", str(old), stdout=StringIO())
    assert JournalKey.objects.get().fingerprint == key_id()
    assert _audit()[0] == 0


def test_audit_of_a_missing_sqlite_file_makes_none(monkeypatch, tmp_path):
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("an SQLite database file")
    from django.db.backends.sqlite3.base import DatabaseWrapper

    target = tmp_path / "absent.sqlite3"
    wrapper = DatabaseWrapper({**connection.settings_dict, "NAME": str(target)}, "default")
    from ledger.management.commands import audit as command

    monkeypatch.setattr(command, "connection", wrapper)   # the command's view of the database
    code, _, err = _audit()
    assert code == 1 and "there is no database at" in err and not target.exists()
