"""The witness of the journal's newest entry, kept outside the database (integrity/witness.py):
the newest entries cut off - with the guards dropped and put back - are named by `audit`,
which says how far back it vouches (R5, R7). On SQLite and PostgreSQL (DATABASE_URL)."""

import json
import stat
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection
from ledger_night import open_night

from ledger.integrity import witness
from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers
from ledger.models import Entry
from ledger.night_file import import_session

pytestmark = pytest.mark.django_db


def _audit():
    out, err = StringIO(), StringIO()
    try:
        call_command("audit", stdout=out, stderr=err)
    except SystemExit as stop:
        return stop.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def _sql(statement, params=()):
    with connection.cursor() as cursor:
        cursor.execute(statement, params)


def _cut(where: str, params=()):
    """Delete entries (and what hangs on them) by plain SQL, the guards dropped and put back."""
    ids = f"SELECT id FROM ledger_entry WHERE {where}"
    drop_append_only_triggers()
    for table in ("ledger_posting", "ledger_banknote", "ledger_phonerequest"):
        _sql(f"DELETE FROM {table} WHERE entry_id IN ({ids})", params)
    _sql(f"DELETE FROM ledger_entry WHERE {where}", params)
    install_append_only_triggers()


@pytest.fixture
def witnessed(players, django_capture_on_commit_callbacks):
    """An open night of eight entries, written as the site writes them: the witness is
    refreshed when their transaction commits (here: when the capture ends)."""
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        night = open_night()
        for _ in range(4):
            night.buy("Fred", "5.00")
            night.buy("Ann", "5.00")
    assert [callback.__name__ for callback in callbacks] == ["refresh"]   # once
    return night


def _newest() -> int:
    return Entry.objects.order_by("-sequence").values_list("sequence", flat=True)[0]


def _head(content: dict) -> list:
    """The witness's head of the site's only house: [sequence, chain value]."""
    (head,) = content["heads"].values()
    return head


def test_each_commit_of_entries_writes_the_witness_of_the_head(witnessed, settings):
    path = Path(settings.LEDGER_WITNESS)
    content = json.loads(path.read_text())
    assert _head(content) == [_newest(), Entry.objects.get(sequence=_newest()).chain]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not [p for p in path.parent.iterdir() if p.name.startswith(f".{path.name}.")
                and not p.name.endswith(".lock")]   # no temporary left
    code, out, err = _audit()
    assert code == 0, err
    assert f"vouches for entries 1 to {_newest()}" in out


@pytest.mark.parametrize("cut", [1, 5])
def test_the_newest_entries_cut_off_are_named(witnessed, cut):
    newest = _newest()
    _cut("sequence > %s", [newest - cut])
    code, _, err = _audit()
    assert code == 1
    gone = f"entry {newest}" if cut == 1 else f"entries {newest - cut + 1} to {newest}"
    assert f"problem: {gone} of the journal" in err and "missing: cut off after" in err


def test_a_whole_open_night_cut_off_is_named(witnessed):
    newest, night = _newest(), witnessed.session.pk
    first = Entry.objects.filter(session_id=night).order_by("sequence")[0].sequence
    _cut("session_id = %s", [night])
    drop_append_only_triggers()
    for table in ("ledger_seat", "ledger_banktenure", "ledger_phonerequest"):
        _sql(f"DELETE FROM {table} WHERE session_id = %s", [night])
    _sql("DELETE FROM ledger_pokersession WHERE id = %s", [night])
    install_append_only_triggers()
    code, _, err = _audit()
    assert code == 1 and f"entries {first} to {newest} of the journal are missing" in err


def test_a_witness_not_written_with_the_key_is_named(witnessed, settings):
    path = Path(settings.LEDGER_WITNESS)
    content = json.loads(path.read_text())
    _head(content)[0] -= 3                            # made to vouch for less
    path.write_text(json.dumps(content))
    code, _, err = _audit()
    assert code == 1 and "is not one this key wrote for this database" in err


def test_an_entry_rewritten_at_the_witness_is_named(witnessed):
    drop_append_only_triggers()
    _sql("UPDATE ledger_entry SET chain = %s WHERE sequence = %s", ["0" * 64, _newest()])
    install_append_only_triggers()
    code, _, err = _audit()
    assert code == 1 and f"entry {_newest()} is not the one the witness" in err


def test_the_newest_entries_cut_off_with_the_witness_deleted_are_named(witnessed, settings):
    """A witness that existed and is gone is a problem, naming its file (R7): else cutting
    the newest entries and deleting the witness would leave "The ledger is whole"."""
    path = Path(settings.LEDGER_WITNESS)
    _cut("sequence > %s", [_newest() - 3])
    path.unlink()
    code, out, err = _audit()
    assert code == 1, out
    assert f"problem: the witness {path} is gone" in err
    assert "The ledger is whole" not in out and f"witness: gone from {path}" in out


def test_a_witness_deleted_from_an_untouched_journal_is_named_too(witnessed, settings):
    Path(settings.LEDGER_WITNESS).unlink()
    code, _, err = _audit()
    assert code == 1 and f"the witness {settings.LEDGER_WITNESS} is gone" in err


def test_without_a_witness_audit_says_it_cannot_vouch_for_the_newest(night):
    night.buy("Fred", "5.00")                        # (never committed: no witness)
    code, out, _ = _audit()
    assert code == 0 and "the newest entries cannot be vouched for" in out


def test_an_imported_night_is_witnessed(players, django_capture_on_commit_callbacks):
    document = json.loads((Path(__file__).parent / "nights" / "architecture_example.json")
                          .read_text())
    with django_capture_on_commit_callbacks(execute=True):
        import_session(document)
    assert _head(json.loads(Path(witness.witness_path()).read_text()))[0] == _newest()
    assert _audit()[0] == 0


def test_the_witness_is_named_after_the_database(settings):
    settings.LEDGER_WITNESS = ""
    path = witness.witness_path()
    if connection.vendor == "sqlite":
        assert path == Path(f"{Path(connection.settings_dict['NAME']).resolve()}.witness")
    else:
        assert path.parent == Path(settings.LEDGER_KEY_FILE).parent
        assert connection.settings_dict["NAME"] in path.name and path.suffix == ".witness"
