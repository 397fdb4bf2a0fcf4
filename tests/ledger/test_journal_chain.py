"""The journal cannot be emptied by the framework's own tools, and the audit notices a lost or
edited row: every entry carries a sequence number and a hash chained to the one before (R5, R7)."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, connection, transaction

from ledger import selectors
from ledger.integrity.triggers import (
    APPEND_ONLY_TABLES,
    drop_append_only_triggers,
    install_append_only_triggers,
)
from ledger.models import BankNote, Entry, Posting

pytestmark = pytest.mark.django_db


def _sql(statement: str, params=()):
    with connection.cursor() as cursor:
        cursor.execute(statement, params)


def _as_if_committed():
    """PostgreSQL refuses TRUNCATE while the test's transaction has deferred foreign-key checks
    pending; run them now, so what refuses the TRUNCATE below is the journal's own trigger."""
    if connection.vendor == "postgresql":
        _sql("SET CONSTRAINTS ALL IMMEDIATE")


def test_entries_are_numbered_in_order_and_chained(night):
    night.buy("Fred", "20.00")
    night.buy("Ann", "10.00", paid="note")
    night.buy("Gus", "5.00", paid="book", seller="Fred")
    entries = list(Entry.objects.order_by("id"))
    assert [e.sequence for e in entries] == [1, 2, 3]
    assert len({e.chain for e in entries}) == 3 and all(len(e.chain) == 64 for e in entries)
    report = selectors.audit()
    assert report["ok"] and report["chain"] == {"ok": True, "entries": 3, "gaps": [],
                                                "edited": [], "unsealed": []}


@pytest.mark.skipif(connection.vendor != "postgresql", reason="TRUNCATE is PostgreSQL's")
@pytest.mark.parametrize("table", APPEND_ONLY_TABLES)
def test_truncate_of_a_journal_table_is_refused_by_the_database(night, table):
    night.buy("Fred", "20.00", paid="note")
    _as_if_committed()
    with pytest.raises(DatabaseError, match="append-only"):
        with transaction.atomic():
            _sql(f"TRUNCATE {table} CASCADE")
    assert Posting.objects.count() == 2


def test_manage_py_flush_cannot_erase_the_journal(night):
    night.buy("Fred", "20.00")
    _as_if_committed()
    with pytest.raises(CommandError, match="couldn't be flushed") as refused:
        with transaction.atomic():
            call_command("flush", interactive=False, verbosity=0)
    assert "append-only" in str(refused.value.__cause__)
    assert Entry.objects.count() == 1 and Posting.objects.count() == 2


@pytest.mark.skipif(connection.vendor != "sqlite", reason="INSERT OR REPLACE is SQLite's")
@pytest.mark.parametrize(("table", "column"), [
    ("ledger_posting", "id"), ("ledger_entry", "id"), ("ledger_entry", "key"),
    ("ledger_banknote", "id"), ("ledger_banknote", "entry_id"),
])
def test_insert_or_replace_cannot_edit_a_journal_row(night, table, column):
    night.buy("Fred", "20.00", paid="note")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {table} LIMIT 1")
        names = [d[0] for d in cursor.description]
        row = list(cursor.fetchone())
    if column != "id":
        row[names.index("id")] = 999_999   # a new id, colliding on the other unique column
    if "amount" in names:
        row[names.index("amount")] = 5
    columns = ", ".join(names)
    marks = ", ".join("%s" for _ in names)
    with pytest.raises(DatabaseError, match="append-only"):
        with transaction.atomic():
            _sql(f"INSERT OR REPLACE INTO {table} ({columns}) VALUES ({marks})", row)
    assert selectors.audit()["ok"]
    assert sorted(Posting.objects.values_list("amount", flat=True)) == [-2000, 2000]


def test_the_audit_finds_a_posting_edited_behind_the_triggers_back(night):
    """Both legs changed by the same amount still balance: only the chain sees it."""
    entry = night.buy("Fred", "20.00")
    night.buy("Ann", "10.00")
    drop_append_only_triggers()
    _sql("UPDATE ledger_posting SET amount = amount / 2 WHERE entry_id = %s", [entry.pk])
    install_append_only_triggers()
    report = selectors.audit()
    assert report["unbalanced_entries"] == [] and report["postings_total"] == 0
    assert not report["ok"]
    assert report["chain"]["edited"] == [entry.pk]


def test_the_audit_finds_an_edited_entry(night):
    night.buy("Fred", "20.00")
    second = night.buy("Ann", "10.00")
    drop_append_only_triggers()
    _sql("UPDATE ledger_entry SET memo = 'nothing to see' WHERE id = %s", [second.pk])
    install_append_only_triggers()
    report = selectors.audit()
    assert not report["ok"] and report["chain"]["edited"] == [second.pk]


def test_the_audit_finds_a_lost_entry(night):
    night.buy("Fred", "20.00")
    lost = night.buy("Ann", "10.00")
    night.buy("Gus", "5.00")
    drop_append_only_triggers()
    _sql("DELETE FROM ledger_posting WHERE entry_id = %s", [lost.pk])
    _sql("DELETE FROM ledger_idempotencykey WHERE result_model = 'Entry' AND result_id = %s",
         [lost.pk])
    _sql("DELETE FROM ledger_entry WHERE id = %s", [lost.pk])
    install_append_only_triggers()
    report = selectors.audit()
    assert not report["ok"]
    assert report["chain"]["gaps"] == [[lost.sequence, lost.sequence]]


def test_the_audit_finds_a_lost_posting_and_a_changed_note(night):
    note_entry = night.buy("Ann", "10.00", paid="note")
    drop_append_only_triggers()
    _sql("UPDATE ledger_banknote SET amount = 500 WHERE entry_id = %s", [note_entry.pk])
    install_append_only_triggers()
    assert selectors.audit()["chain"]["edited"] == [note_entry.pk]
    assert BankNote.objects.get().amount == 500


def test_the_sealing_migrations_chain_what_journal_write_chains(night):
    """Migration 0004 sealed entries written before the chain (unkeyed, as then); migration
    0010 re-chains them under the journal's key: together they give what `Journal.write`
    gives now."""
    import importlib

    from django.db.migrations.executor import MigrationExecutor

    night.buy("Fred", "20.00")
    night.buy("Ann", "10.00", paid="note")
    night.buy("Gus", "5.00", paid="book", seller="Fred")
    stored = list(Entry.objects.order_by("id").values_list("sequence", "chain"))
    sealing = importlib.import_module("ledger.migrations.0004_entry_chain_and_import_digest")
    keyed = importlib.import_module("ledger.migrations.0011_keyed_journal")

    class Editor:
        pass

    editor = Editor()
    editor.connection = connection
    drop_append_only_triggers()
    _sql("UPDATE ledger_entry SET sequence = NULL, chain = ''")
    _sql("UPDATE ledger_player SET name_seal = ''")
    assert selectors.audit()["chain"]["unsealed"]
    loader = MigrationExecutor(connection).loader
    sealing.seal_existing_entries(
        loader.project_state(("ledger", "0004_entry_chain_and_import_digest")).apps, editor)
    unkeyed = list(Entry.objects.order_by("id").values_list("sequence", "chain"))
    assert [s for s, _ in unkeyed] == [s for s, _ in stored]
    assert unkeyed != stored
    keyed.rechain_under_the_key(loader.project_state(("ledger", "0011_keyed_journal")).apps,
                                editor)
    assert list(Entry.objects.order_by("id").values_list("sequence", "chain")) == stored
    assert selectors.audit()["ok"]


# -- seals: what the chain alone cannot see ----------------------------------------------------


def _delete_entry(entry):
    _sql("DELETE FROM ledger_posting WHERE entry_id = %s", [entry.pk])
    _sql("DELETE FROM ledger_idempotencykey WHERE result_model = 'Entry' AND result_id = %s",
         [entry.pk])
    _sql("DELETE FROM ledger_entry WHERE id = %s", [entry.pk])


def _audit(*seals):
    from io import StringIO
    out, err = StringIO(), StringIO()
    try:
        call_command("audit", *[f"--seal={seal}" for seal in seals], stdout=out, stderr=err)
    except SystemExit as stop:
        return stop.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_a_whole_ledger_audits_clean_from_the_command_line(night):
    night.buy("Fred", "20.00")
    entry = night.buy("Ann", "10.00")
    seal = selectors.journal_seal(night.session)
    assert seal == f"{entry.sequence}-{Entry.objects.get(pk=entry.pk).chain[:16]}"
    code, out, err = _audit(seal)
    assert code == 0 and err == ""
    assert f"seal {seal}: found unchanged" in out and "The ledger is whole" in out


def test_losing_the_newest_entries_is_seen_only_against_a_seal(night):
    """The chain is whole after its newest entries are cut off; the seal printed on the
    settle-up before that names an entry that is gone."""
    night.buy("Fred", "20.00")
    newest = night.buy("Ann", "10.00")
    seal = selectors.journal_seal()
    drop_append_only_triggers()
    _delete_entry(newest)
    install_append_only_triggers()
    assert selectors.audit()["chain"]["ok"]          # the chain alone cannot tell
    code, _, err = _audit()
    assert code == 0
    code, _, err = _audit(seal)
    assert code == 1 and f"problem: seal {seal}: its entry is gone" in err


def test_a_seal_of_a_rewritten_journal_differs(night):
    entry = night.buy("Fred", "20.00")
    seal = f"{entry.sequence}-0000000000000000"
    code, _, err = _audit(seal)
    assert code == 1 and "its entry differs: the journal was rewritten" in err


def test_the_audit_command_names_what_is_wrong(night):
    night.buy("Fred", "20.00")
    lost = night.buy("Ann", "10.00")
    night.buy("Gus", "5.00")
    drop_append_only_triggers()
    _delete_entry(lost)
    install_append_only_triggers()
    code, _, err = _audit()
    assert code == 1
    assert err == f"problem: entry {lost.sequence} of the journal is missing\n"


@pytest.mark.parametrize("seal", ["", "12", "abc-12", "0-abcd", "12-xyz0", "12-ab"])
def test_a_malformed_seal_is_one_line_and_exit_2(night, seal):
    with pytest.raises(CommandError, match="--seal: expected a seal as printed") as error:
        call_command("audit", f"--seal={seal}")
    assert error.value.returncode == 2
