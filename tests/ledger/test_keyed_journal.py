"""The keyed journal: what someone who can write to the database and has read the source, but
has not the journal's key, cannot do unseen (R5, R7).

- an entry appended with a chain value computed from the source (the old unkeyed formula, or
  the HMAC under a guessed key) is named by `audit`;
- the facts that give a night its figures outside the journal's rows - the players' names, a
  night's state, its stored settlement - are sealed: an edit of any of them is named;
- on PostgreSQL the database itself refuses an entry whose postings do not sum to zero, and
  the audit names a guard dropped, disabled or replaced, on both databases;
- a stray posting is named, never a traceback.
"""

import datetime
import json
import os
import stat
from io import StringIO

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.utils import timezone
from ledger_night import named

from ledger import selectors
from ledger.integrity import chain
from ledger.integrity.key import key_id, ledger_key
from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers
from ledger.models import Entry, Night, Player
from ledger.posting.accounts import EntryKind

pytestmark = pytest.mark.django_db
POSTGRES = connection.vendor == "postgresql"


def _sql(statement, params=()):
    with connection.cursor() as cursor:
        cursor.execute(statement, params)


def _audit(*seals):
    out, err = StringIO(), StringIO()
    try:
        call_command("audit", *[f"--seal={seal}" for seal in seals], stdout=out, stderr=err)
    except SystemExit as stop:
        return stop.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


@pytest.fixture
def closed_night(night):
    """A closed night whose settlement has a payment: Ann owes Gus $10.00."""
    night.buy("Ann", "10.00", paid="book")
    night.hand("10.00", {"Gus": "10.00"}, {"Ann": "10.00"})
    night.cashout("Gus", green=2)
    night.cashout("Ann")
    night.close()
    night.session.refresh_from_db()
    assert night.session.settlement["transfers"]
    assert selectors.audit()["ok"]
    return night


# ---- the key -----------------------------------------------------------------------------


def test_without_a_key_set_a_key_file_is_made_once_with_mode_0600(settings, tmp_path):
    settings.LEDGER_KEY = ""
    settings.LEDGER_KEY_FILE = str(tmp_path / "keys" / "ledger.key")
    key = ledger_key()
    path = tmp_path / "keys" / "ledger.key"
    assert path.exists() and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(key) == 64 and path.read_text().strip().encode() == key
    assert ledger_key() == key                       # read again, not made again
    assert [p.name for p in path.parent.iterdir()] == ["ledger.key"]   # no temporary left


def test_a_key_file_too_short_is_refused_with_a_sentence(settings, tmp_path):
    settings.LEDGER_KEY = ""
    settings.LEDGER_KEY_FILE = str(tmp_path / "short.key")
    (tmp_path / "short.key").write_text("abc\n")
    with pytest.raises(ImproperlyConfigured, match="at least 32"):
        ledger_key()


def test_the_environment_key_comes_before_the_file(settings, tmp_path):
    settings.LEDGER_KEY = "x" * 40
    settings.LEDGER_KEY_FILE = str(tmp_path / "never.key")
    assert ledger_key() == b"x" * 40
    assert not (tmp_path / "never.key").exists()


def test_the_chain_and_the_seal_depend_on_the_key(night, settings):
    night.buy("Fred", "20.00")
    assert selectors.audit()["ok"]
    seal = selectors.journal_seal()
    recorded = key_id()
    settings.LEDGER_KEY = "another-key-another-key-another-key-0000"
    report = selectors.audit()
    assert not report["ok"] and report["chain"]["edited"]
    code, out, err = _audit(seal)   # one line: the key is not the journal's, nothing "changed"
    assert code == 1 and out == ""
    assert err == (f"problem: the key {key_id()} did not write this journal: it was written "
                   f"under key {recorded}; nothing can be checked without that key\n")


def test_the_key_file_is_ignored_by_git():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, ".gitignore")) as ignore:
        assert "ledger.key" in ignore.read().split()


# ---- a forged entry ------------------------------------------------------------------------


def _forge_payment(session_id, payer, payee, cents, link):
    """Append "payer paid payee" with plain SQL, chained by `link(previous, content)` as the
    public source computes it."""
    last = Entry.objects.order_by("-sequence").values("sequence", "chain").first()
    sequence = last["sequence"] + 1
    created = timezone.now()
    row = {"session_id": session_id, "kind": "pay", "player_id": payer.pk,
           "counterparty_id": payee.pk, "amount": cents, "method": "cash",
           "payload": {"type": "pay", "from": payer.name, "to": payee.name,
                       "amount": f"{cents / 100:.2f}"},
           "memo": "", "reverses_id": None, "key": f"forged-{sequence}",
           "created_by_id": None, "created_at": created}
    legs = [{"kind": "book", "session_id": session_id, "player_id": payer.pk, "note_id": None,
             "amount": cents},
            {"kind": "book", "session_id": session_id, "player_id": payee.pk, "note_id": None,
             "amount": -cents}]
    content = chain.entry_content(sequence=sequence, entry=row, postings=legs, note=None)
    value = link(last["chain"], content, sequence, row, legs)
    json_mark = "%s::jsonb" if POSTGRES else "%s"
    marks = f"%s, %s, %s, %s, %s, %s, %s, {json_mark}, %s, %s, %s, %s, %s, %s, %s"
    _sql("INSERT INTO ledger_entry (house_id, session_id, kind, player_id, counterparty_id, "
         "amount, method, payload, memo, reverses_id, key, created_by_id, created_at, sequence, "
         f"chain) VALUES ({marks})",
         [payer.house_id, session_id, "pay", payer.pk, payee.pk, cents, "cash",
          json.dumps(row["payload"]), "", None, row["key"], None,
          connection.ops.adapt_datetimefield_value(created), sequence, value])
    entry_id = Entry.objects.get(sequence=sequence).pk
    for leg in legs:
        _sql("INSERT INTO ledger_posting (house_id, entry_id, kind, session_id, player_id, "
             "note_id, amount) VALUES (%s, %s, %s, %s, %s, %s, %s)",
             [payer.house_id, entry_id, leg["kind"], leg["session_id"], leg["player_id"], None,
              leg["amount"]])
    return entry_id


def _unkeyed(previous, content, sequence, row, legs):
    """The chain as the source computed it before the key (SHA-256, public)."""
    text = chain.legacy_entry_content(sequence=sequence, entry=row, postings=legs, note=None)
    return chain.legacy_link(previous, text)


def _guessed_key(previous, content, sequence, row, legs):
    """The keyed formula of the source, under a key the forger guesses."""
    return chain.link(previous, content, b"dev-only-insecure-key-change-me-dev-only-insecure")


@pytest.mark.parametrize("link", [_unkeyed, _guessed_key], ids=["unkeyed", "guessed-key"])
def test_a_payment_forged_with_database_access_and_the_source_is_named(closed_night, link):
    """Finding: plain INSERTs appended "Ann paid Mike 13.00" with a correct chain value and
    `audit` (and `audit --seal` with the newest seal) said the ledger was whole."""
    ann, mike = Player.objects.get(name="Ann"), Player.objects.get(name="Mike")
    forged = _forge_payment(None, ann, mike, 13_00, link)
    seal = selectors.journal_seal()
    assert seal.startswith(f"{Entry.objects.get(pk=forged).sequence}-")
    report = selectors.audit()
    assert report["postings_total"] == 0 and report["unbalanced_entries"] == []
    assert report["chain"]["edited"] == [forged]
    code, _, err = _audit(seal)
    assert code == 1
    assert f"problem: entries changed after they were written (ids [{forged}])" in err


# ---- facts outside the chain ---------------------------------------------------------------


def test_two_names_swapped_behind_the_sites_back_are_named(closed_night):
    fred, ann = Player.objects.get(name="Fred"), Player.objects.get(name="Ann")
    _sql("UPDATE ledger_player SET name = 'swap' WHERE id = %s", [fred.pk])
    _sql("UPDATE ledger_player SET name = 'Fred' WHERE id = %s", [ann.pk])
    _sql("UPDATE ledger_player SET name = 'Ann' WHERE id = %s", [fred.pk])
    code, _, err = _audit()
    assert code == 1
    assert f"problem: player {fred.pk} is called 'Ann', not the name the site gave them" in err
    assert f"problem: player {ann.pk} is called 'Fred', not the name the site gave them" in err


def test_swapping_the_name_seals_with_the_names_does_not_hide_it(closed_night):
    fred, ann = Player.objects.get(name="Fred"), Player.objects.get(name="Ann")
    _sql("UPDATE ledger_player SET name = 'swap', name_seal = %s WHERE id = %s",
         [ann.name_seal, fred.pk])
    _sql("UPDATE ledger_player SET name = 'Fred', name_seal = %s WHERE id = %s",
         [fred.name_seal, ann.pk])
    _sql("UPDATE ledger_player SET name = 'Ann' WHERE id = %s", [fred.pk])
    facts = selectors.audit()["facts"]
    assert len([f for f in facts if "not the name the site gave them" in f]) == 2


def test_a_rename_through_the_site_stays_whole(closed_night):
    from ledger import services

    services.player_update(player=named("Ann"), name="Annie", note_id="BOA", key="rename-ann-1")
    assert selectors.audit()["ok"]


def test_a_closed_night_set_back_to_open_is_named(closed_night):
    pk = closed_night.session.pk
    _sql("UPDATE ledger_pokersession SET status = 'open' WHERE id = %s", [pk])
    code, _, err = _audit()
    assert code == 1
    assert f"problem: session {pk} is marked open, but its journal closed it" in err
    assert f"problem: session {pk} is open but carries a settlement" in err


def test_an_open_night_marked_closed_is_named(night):
    night.buy("Fred", "20.00")
    _sql("UPDATE ledger_pokersession SET status = 'closed' WHERE id = %s", [night.session.pk])
    code, _, err = _audit()
    assert code == 1
    assert f"problem: session {night.session.pk} is marked closed, but its journal never " \
           "closed it" in err


def test_an_edited_settlement_is_named(closed_night):
    session = closed_night.session
    settlement = session.settlement
    settlement["transfers"][0]["amount"] = "1.00"
    _sql("UPDATE ledger_pokersession SET settlement = %s WHERE id = %s"
         if not POSTGRES else "UPDATE ledger_pokersession SET settlement = %s::jsonb WHERE id = %s",
         [json.dumps(settlement), session.pk])
    close = Entry.objects.get(session=session, kind=EntryKind.CLOSE)
    code, _, err = _audit()
    assert code == 1
    assert f"problem: session {session.pk}: its settlement, or the entry that closed it " \
           f"({close.pk}), changed after the night closed" in err
    assert Night.objects.get(pk=session.pk).settlement["transfers"][0]["amount"] == "1.00"


# ---- the database's guards -----------------------------------------------------------------


def test_a_dropped_guard_is_named(night):
    night.buy("Fred", "20.00")
    suffix = " ON ledger_posting" if POSTGRES else ""
    _sql(f"DROP TRIGGER ledger_posting_no_update{suffix}")
    code, _, err = _audit()
    assert code == 1
    assert "problem: the database guard ledger_posting_no_update is missing " \
           "(`manage.py migrate` puts it back)" in err
    install_append_only_triggers()
    assert _audit()[0] == 0


def test_a_guard_replaced_by_one_that_lets_edits_through_is_named(night):
    night.buy("Fred", "20.00")
    if POSTGRES:
        _sql("CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger AS $$ "
             "BEGIN RETURN NEW; END; $$ LANGUAGE plpgsql")
        wanted = "the database function ledger_append_only of the guards was changed"
    else:
        _sql("DROP TRIGGER ledger_entry_no_update")
        _sql("CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE ON ledger_entry "
             "WHEN 0 BEGIN SELECT 1; END")
        wanted = "the database guard ledger_entry_no_update is not the one migrate installs"
    code, _, err = _audit()
    assert code == 1 and wanted in err


@pytest.mark.skipif(not POSTGRES, reason="ALTER TABLE ... DISABLE TRIGGER is PostgreSQL's")
def test_a_disabled_guard_is_named(night):
    night.buy("Fred", "20.00")
    _sql("SET CONSTRAINTS ALL IMMEDIATE")   # no ALTER TABLE with checks pending
    _sql("ALTER TABLE ledger_entry DISABLE TRIGGER ledger_entry_no_delete")
    code, _, err = _audit()
    assert code == 1
    assert "problem: the database guard ledger_entry_no_delete is disabled" in err


@pytest.mark.skipif(not POSTGRES, reason="deferred constraint triggers are PostgreSQL's")
def test_postgresql_refuses_an_entry_whose_postings_do_not_sum_to_zero(night):
    entry = night.buy("Fred", "20.00")
    with pytest.raises(DatabaseError, match=f"entry {entry.pk} does not balance"):
        with transaction.atomic():
            _sql("INSERT INTO ledger_posting (house_id, entry_id, kind, session_id, player_id, "
                 "note_id, amount) VALUES (%s, %s, 'cash_box', %s, NULL, NULL, -500)",
                 [entry.house_id, entry.pk, night.session.pk])
            _sql("SET CONSTRAINTS ALL IMMEDIATE")     # what COMMIT does
    assert selectors.audit()["ok"]


@pytest.mark.skipif(not POSTGRES, reason="deferred constraint triggers are PostgreSQL's")
def test_postgresql_takes_a_balanced_entry_written_leg_by_leg(night):
    entry = night.buy("Fred", "20.00")
    with transaction.atomic():
        for amount in (-500, 500):
            _sql("INSERT INTO ledger_posting (house_id, entry_id, kind, session_id, player_id, "
                 "note_id, amount) VALUES (%s, %s, 'cash_box', %s, NULL, NULL, %s)",
                 [entry.house_id, entry.pk, night.session.pk, amount])
        _sql("SET CONSTRAINTS ALL IMMEDIATE")
    assert selectors.audit()["chain"]["edited"] == [entry.pk]   # still an edit of the entry


@pytest.mark.skipif(POSTGRES, reason="SQLite's guard: PostgreSQL's is tested above")
@pytest.mark.django_db(transaction=True)
def test_sqlite_refuses_at_commit_an_entry_whose_postings_do_not_sum_to_zero(night):
    """SQLite has no deferred trigger: the entry left off balance keeps a row whose deferred
    foreign key fails the COMMIT itself (ledger/integrity/triggers.py)."""
    entry = night.buy("Fred", "20.00")
    with pytest.raises(DatabaseError, match="FOREIGN KEY"):
        with transaction.atomic():
            _sql("INSERT INTO ledger_posting (house_id, entry_id, kind, session_id, player_id, "
                 "note_id, amount) VALUES (%s, %s, 'cash_box', %s, NULL, NULL, -500)",
                 [entry.house_id, entry.pk, night.session.pk])
    assert selectors.audit()["ok"]
    with transaction.atomic():   # legs that balance by the commit are taken, one by one
        for amount in (-500, 500):
            _sql("INSERT INTO ledger_posting (house_id, entry_id, kind, session_id, player_id, "
                 "note_id, amount) VALUES (%s, %s, 'cash_box', %s, NULL, NULL, %s)",
                 [entry.house_id, entry.pk, night.session.pk, amount])
    assert selectors.audit()["unbalanced_entries"] == []


# ---- a stray posting -----------------------------------------------------------------------


def test_a_book_posting_with_no_session_is_named_not_a_traceback(night):
    """Finding: one stray posting (THE BOOK, no session) crashed `audit` with a TypeError in
    ledger/integrity/chain.py, hiding every other finding."""
    entry = night.buy("Ann", "10.00", paid="book")
    ann = Player.objects.get(name="Ann")
    drop_append_only_triggers()
    _sql("INSERT INTO ledger_posting (house_id, entry_id, kind, session_id, player_id, note_id, "
         "amount) VALUES (%s, %s, 'book', NULL, %s, NULL, 500)",
         [entry.house_id, entry.pk, ann.pk])
    install_append_only_triggers()
    code, _, err = _audit()
    assert code == 1 and "Traceback" not in err
    stray = selectors.audit()["stray_postings"]
    assert len(stray) == 1
    assert f"problem: postings outside any entry of their night (ids {stray})" in err
    assert f"problem: entries that do not balance: [{entry.pk}]" in err
    assert f"problem: entries changed after they were written (ids [{entry.pk}])" in err


def test_a_posting_of_no_entry_is_named(night):
    night.buy("Fred", "20.00")
    drop_append_only_triggers()
    if POSTGRES:
        _sql("SET CONSTRAINTS ALL DEFERRED")
    _sql("INSERT INTO ledger_posting (house_id, entry_id, kind, session_id, player_id, note_id, "
         "amount) VALUES (%s, 987654, 'chips', %s, NULL, NULL, 500)",
         [night.session.house_id, night.session.pk])
    report = selectors.audit()
    _sql("DELETE FROM ledger_posting WHERE entry_id = 987654")   # the test's end checks keys
    assert len(report["stray_postings"]) == 1 and not report["ok"]


def test_an_unreadable_amount_is_named(night):
    entry = night.buy("Fred", "20.00")
    if POSTGRES:
        pytest.skip("PostgreSQL keeps a bigint a bigint")
    drop_append_only_triggers()
    _sql("UPDATE ledger_entry SET amount = 'twenty', created_at = 'yesterday' WHERE id = %s",
         [entry.pk])
    code, _, err = _audit()
    assert code == 1
    assert f"problem: unreadable: entry {entry.pk}: its amount is 'twenty', not a whole " \
           "number" in err


# ---- seals of before the key ---------------------------------------------------------------


def test_a_seal_printed_before_the_key_is_still_found(night):
    """Settle-ups printed before migration 0010 carry the unkeyed chain value."""
    night.buy("Fred", "20.00")
    night.buy("Ann", "10.00", paid="note")
    from ledger.integrity.rechain import journal_rows
    from ledger.models import BankNote, Posting

    previous = chain.GENESIS
    for row in journal_rows(Entry, Posting, BankNote, Night):
        previous = chain.legacy_link(previous, chain.legacy_entry_content(
            sequence=row["sequence"], entry=row, postings=row["postings"], note=row["note"],
            note_pk=row["note_pk"]))
    old_seal = f"2-{previous[:16]}"
    assert selectors.seal_check(old_seal) == "found"
    assert selectors.seal_check(f"2-{'0' * 16}") == "changed"


def test_the_migration_keeps_a_link_that_was_already_broken_broken(night):
    """Re-chaining under the key never launders an edit made before it."""
    import importlib

    from django.db.migrations.executor import MigrationExecutor

    night.buy("Fred", "20.00")
    edited = night.buy("Ann", "10.00")
    night.buy("Gus", "5.00")
    sealing = importlib.import_module("ledger.migrations.0004_entry_chain_and_import_digest")
    keyed = importlib.import_module("ledger.migrations.0011_keyed_journal")

    class Editor:
        pass

    editor = Editor()
    editor.connection = connection
    loader = MigrationExecutor(connection).loader
    drop_append_only_triggers()
    _sql("UPDATE ledger_entry SET sequence = NULL, chain = ''")
    sealing.seal_existing_entries(
        loader.project_state(("ledger", "0004_entry_chain_and_import_digest")).apps, editor)
    drop_append_only_triggers()
    _sql("UPDATE ledger_entry SET memo = 'edited before the key' WHERE id = %s", [edited.pk])
    keyed.rechain_under_the_key(loader.project_state(("ledger", "0011_keyed_journal")).apps,
                                editor)
    report = selectors.audit()
    assert report["chain"]["edited"] == [edited.pk] and report["chain"]["gaps"] == []


def test_the_close_entry_is_the_moment_the_night_closed(closed_night):
    close = Entry.objects.get(session=closed_night.session, kind=EntryKind.CLOSE)
    assert closed_night.session.closed_at == close.created_at
    assert isinstance(close.created_at, datetime.datetime)


# ---- rotation ------------------------------------------------------------------------------


def _rekey(*args):
    out, err = StringIO(), StringIO()
    try:
        call_command("rekey", *args, stdout=out, stderr=err)
    except SystemExit as stop:
        return stop.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_rekey_moves_the_journal_and_the_names_to_the_new_key(closed_night, settings, tmp_path):
    old_file = tmp_path / "ledger.key.old"
    old_file.write_text(settings.LEDGER_KEY + "\n")
    settings.LEDGER_KEY = "the-new-ledger-key-the-new-ledger-key-0001"
    assert not selectors.audit()["ok"]                  # the new key does not verify yet
    code, out, err = _rekey(str(old_file))
    assert code == 0 and err == "" and "The journal is now chained under key" in out
    assert selectors.audit()["ok"]
    from ledger_night import open_night  # a new night writes under the new key

    open_night(seating=("Fred", "Ann")).buy("Fred", "5.00")
    assert selectors.audit()["ok"]


def test_rekey_with_a_wrong_old_key_writes_nothing(closed_night, settings, tmp_path):
    wrong = tmp_path / "wrong.key"
    wrong.write_text("w" * 40)
    before = list(Entry.objects.order_by("id").values_list("chain", flat=True))
    settings.LEDGER_KEY = "the-new-ledger-key-the-new-ledger-key-0001"
    code, _, err = _rekey(str(wrong))
    assert code == 1 and err.startswith("problem: ") and "Nothing written" in err
    assert list(Entry.objects.order_by("id").values_list("chain", flat=True)) == before


def test_rekey_refuses_the_same_key_and_a_missing_file(settings, tmp_path):
    same = tmp_path / "same.key"
    same.write_text(settings.LEDGER_KEY)
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="are the same") as refused:
        call_command("rekey", str(same))
    assert refused.value.returncode == 2
    with pytest.raises(CommandError, match="there is no file"):
        call_command("rekey", str(tmp_path / "absent.key"))
