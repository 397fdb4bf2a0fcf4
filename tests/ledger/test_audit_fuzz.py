"""`audit` never crashes and never misses a tampering (R5, R7).

One row of a journal table - an entry, a posting, a bank note - or of the facts the journal
seals - a night's state and settlement, a player's name - is changed or removed with plain SQL
(the guards dropped for it), at random; `manage.py audit` must exit 1 with lines that each name
a problem, never a traceback and never its last-resort "could not finish". Each tampering runs in
a savepoint that is rolled back, so one worked ledger serves them all.

TAMPERINGS per database (500: the suite runs on SQLite and on PostgreSQL, 1,000 in all); a
seeded random, so a failure replays: the seed and the tampering are in the assertion message.
Not tampered: a row's own id (a row moved to a free id is the same row; what points at it is
checked) and who held a night's bank (BankTenure: no figure depends on it). Deleting the newest
entry is the one loss the chain cannot see by design; `audit --seal` sees it
(test_journal_chain.py).
"""

import datetime
import json
import os
import random
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from ledger_night import open_night

from ledger.integrity import audit
from ledger.integrity.triggers import install_append_only_triggers, trigger_names

pytestmark = pytest.mark.django_db
POSTGRES = connection.vendor == "postgresql"
TAMPERINGS = int(os.environ.get("AUDIT_FUZZ_TAMPERINGS", "500"))
SEED = int(os.environ.get("AUDIT_FUZZ_SEED", "20"))

# table -> (columns that may be changed, how the audit reads a row back)
TABLES = {
    "ledger_entry": (("sequence", "chain", "session_id", "kind", "player_id", "counterparty_id",
                      "amount", "method", "payload", "memo", "reverses_id", "key",
                      "created_by_id", "created_at"), audit._entry),
    "ledger_posting": (("entry_id", "kind", "session_id", "player_id", "note_id", "amount"),
                       audit._posting),
    "ledger_banknote": (("entry_id", "session_id", "debtor_id", "holder_id", "amount"),
                        audit._note),
    "ledger_pokersession": (("status", "settlement"), audit._session),
    "ledger_player": (("name", "name_seal"), audit._player),
}
JSON_COLUMNS = {"payload", "settlement"}
TEXT_COLUMNS = {"chain", "kind", "method", "memo", "key", "status", "name", "name_seal"}


@pytest.fixture
def worked_ledger(players):
    """A closed night with every kind of money entry, and an open night after it."""
    first = open_night()
    first.buy("Fred", "20.00")
    first.buy("Ann", "10.00", paid="note")
    wrong = first.buy("Gus", "5.00")
    first.reverse(wrong)
    first.buy("Gus", "5.00", paid="book")
    first.penalty("Fred")
    first.hand("10.00", {"Fred": "10.00"}, {"Ann": "10.00"})
    first.commit("Ann")
    first.cashout("Fred", green=4, white=1)
    first.cashout("Ann", green=2)
    first.cashout("Gus", black=4, yellow=1, blue=1, red=2)
    first.final_pot("Fred")
    first.close()
    second = open_night(seating=("Fred", "Ann"))
    second.buy("Ann", "15.00", paid="note")
    second.buy("Fred", "5.00")
    report = audit.audit()
    assert report["ok"], report
    return first, second


def _read(table, pk):
    rows = audit._rows(f"SELECT * FROM {table} WHERE id = {int(pk)}")
    if not rows:
        return None
    clean = TABLES[table][1]
    try:
        return repr(sorted(clean(rows[0]).items(), key=lambda item: item[0]))
    except audit.Unreadable as error:
        return f"unreadable {error}"


def _value(rng, column, old, ids):
    """A new value for `column`, of its own type or, now and then, of another."""
    if column in JSON_COLUMNS:
        data = json.loads(old) if isinstance(old, str) else old
        choices = ['{}', '[]', '"x"', json.dumps({**data, "amount": "1.00"})
                   if isinstance(data, dict) else '{}']
        if isinstance(data, dict) and data:
            key = rng.choice(sorted(data))
            choices.append(json.dumps({**data, key: None}))
            choices.append(json.dumps({k: v for k, v in data.items() if k != key}))
        if not POSTGRES:
            choices += ["not json", "{"]
        return rng.choice(choices)
    if column == "created_at":
        moment = old if isinstance(old, datetime.datetime) else \
            datetime.datetime.fromisoformat(str(old))
        shifted = moment + datetime.timedelta(microseconds=rng.choice([1, -1, 10**6, 86400e6]))
        return rng.choice([connection.ops.adapt_datetimefield_value(shifted)]
                          + ([] if POSTGRES else ["yesterday", 5]))
    if column in TEXT_COLUMNS:
        text = old or ""
        choices = ["", "x", text + " ", text.upper(), text[:-1], text.swapcase(),
                   "close", "open", "closed", "book", "pay"]
        if column == "chain" and text:
            choices.append(f"{text[:-1]}{'0' if text[-1] != '0' else '1'}")
        if not POSTGRES:
            choices.append(7)
        return rng.choice(choices)
    number = old if isinstance(old, int) else 0
    choices = [number + 1, number - 1, number + 5, number * 2, -number, 0, 10**12,
               rng.choice(ids), None]
    if not POSTGRES:
        choices += ["x", 2.5]
    return rng.choice(choices)


def _drop_guards(table):
    if table not in ("ledger_entry", "ledger_posting", "ledger_banknote"):
        return
    with connection.cursor() as cursor:
        for name in trigger_names(table):
            cursor.execute(f"DROP TRIGGER IF EXISTS {name}" + (f" ON {table}" if POSTGRES
                                                               else ""))


def _tamper(rng, table, newest_entry):
    """Change or remove one row of `table`; a description, or None when the database refused
    it or nothing changed."""
    columns, _ = TABLES[table]
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM {table} ORDER BY id")
        ids = [row[0] for row in cursor.fetchall()]
    removable = [pk for pk in ids if not (table == "ledger_entry" and pk == newest_entry)]
    if rng.random() < 0.2 and removable:
        pk = rng.choice(removable)
        sql, params, what = f"DELETE FROM {table} WHERE id = %s", [pk], f"delete {table} {pk}"
    else:
        pk = rng.choice(ids)
        column = rng.choice(columns)
        old = audit._rows(f"SELECT {column} FROM {table} WHERE id = {int(pk)}")[0][column]
        value = _value(rng, column, old, ids)
        cast = "::jsonb" if POSTGRES and column in JSON_COLUMNS else ""
        sql = f"UPDATE {table} SET {column} = %s{cast} WHERE id = %s"
        params, what = [value, pk], f"{table} {pk}: {column} {old!r} -> {value!r}"
    before = _read(table, pk)
    try:
        with transaction.atomic():
            _drop_guards(table)
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
            install_append_only_triggers()
    except DatabaseError:
        return None        # refused by a constraint of the database: nothing to find
    if _read(table, pk) == before:
        return None
    return what


def _audit():
    out, err = StringIO(), StringIO()
    try:
        call_command("audit", stdout=out, stderr=err)
    except SystemExit as stop:
        return stop.code, err.getvalue()
    return 0, err.getvalue()


def test_every_tampering_is_named_and_the_audit_never_crashes(worked_ledger):
    rng = random.Random(f"{SEED}-{connection.vendor}")
    newest = max(audit._rows("SELECT id FROM ledger_entry"), key=lambda r: r["id"])["id"]
    if POSTGRES:   # foreign keys are checked when the savepoint is rolled back, not before
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
    landed = attempts = 0
    tables = sorted(TABLES)
    while landed < TAMPERINGS and attempts < TAMPERINGS * 4:
        attempts += 1
        table = tables[attempts % len(tables)]        # one row of each table in turn
        point = transaction.savepoint()
        try:
            what = _tamper(rng, table, newest)
            if what is None:
                continue
            landed += 1
            code, err = _audit()
            lines = err.splitlines()
            assert code == 1 and lines, f"seed {SEED}: not named: {what}"
            assert all(line.startswith("problem: ") for line in lines), (what, err)
            assert "could not finish" not in err and "Traceback" not in err, (what, err)
        finally:
            transaction.savepoint_rollback(point)
    assert landed == TAMPERINGS, f"only {landed} of {attempts} tamperings landed"
    assert _audit() == (0, "")
