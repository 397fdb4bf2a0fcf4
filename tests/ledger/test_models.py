"""The journal is append-only, in Python and in the database (R7)."""

import pytest
from django.db import DatabaseError, connection, transaction

from ledger.integrity.triggers import APPEND_ONLY_TABLES, installed_triggers, trigger_names
from ledger.models import AppendOnlyError, Entry, Posting

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(night):
    return night.buy("Fred", "20.00")


def test_every_journal_table_has_its_update_and_delete_triggers_R7():
    wanted = sorted(name for table in APPEND_ONLY_TABLES for name in trigger_names(table))
    assert installed_triggers() == wanted


def test_saving_an_existing_entry_again_is_refused_R7(entry):
    entry.memo = "changed"
    with pytest.raises(AppendOnlyError):
        entry.save()


def test_deleting_a_posting_from_python_is_refused_R7(entry):
    posting = entry.postings.first()
    with pytest.raises(AppendOnlyError):
        posting.delete()
    with pytest.raises(AppendOnlyError):
        Posting.objects.filter(entry=entry).delete()
    with pytest.raises(AppendOnlyError):
        Entry.objects.filter(pk=entry.pk).update(memo="x")
    assert entry.postings.count() == 2


@pytest.mark.parametrize("table", APPEND_ONLY_TABLES)
@pytest.mark.parametrize("sql", ["UPDATE {t} SET id = id", "DELETE FROM {t}"])
def test_raw_sql_update_or_delete_of_a_money_row_is_refused_by_the_database_R7(
    night, banker_user, table, sql
):
    night.buy("Fred", "20.00", paid="note", user=banker_user)  # takes the free bank: a tenure
    with pytest.raises(DatabaseError, match="append-only"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql.format(t=table))
    assert Posting.objects.count() == 2


def test_migrate_puts_back_triggers_that_were_dropped_R7():
    from django.core.management import call_command

    from ledger.integrity.triggers import drop_append_only_triggers

    drop_append_only_triggers()
    assert installed_triggers() == []
    call_command("migrate", verbosity=0)
    assert installed_triggers() == sorted(
        name for table in APPEND_ONLY_TABLES for name in trigger_names(table))


@pytest.mark.parametrize(
    ("fields", "constraint"),
    [
        ({"kind": "buy", "amount": 0}, "bank_buy_in_positive"),
        ({"kind": "pay", "amount": -500}, "entry_amount_not_negative"),
        ({"kind": "reverse", "amount": 500}, "correction_names_its_entry"),
    ],
)
def test_the_database_refuses_an_entry_that_breaks_a_per_row_rule_B2(
    night, fields, constraint
):
    from django.db import IntegrityError

    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(house=night.session.house, session=night.session, **fields)
    assert not Entry.objects.exists()


def test_the_unit_and_the_step_are_the_nights_not_the_databases_B2_B10(night):
    """A $7 bank buy-in and 2¢ postings are refused by the seed night's posting rules, in
    words; the database takes them, for a house whose unit is 1¢ and whose step is $1."""
    entry = Entry.objects.create(house=night.session.house, session=night.session,
                                 kind="buy", amount=700)
    for cents in (2, -2):   # a balanced entry (PostgreSQL checks each one at the commit)
        Posting.objects.create(house=night.session.house, entry=entry, kind="cash_box",
                               session=night.session, amount=cents)
    assert Entry.objects.filter(pk=entry.pk, amount=700).exists()


def test_the_system_check_warns_when_a_trigger_is_missing_R7():
    from ledger.checks import append_only_triggers_check
    from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers

    assert append_only_triggers_check(databases=["default"]) == []
    drop_append_only_triggers()
    try:
        warnings = append_only_triggers_check(databases=["default"])
        assert [w.id for w in warnings] == ["ledger.W001"]
        assert "ledger_posting_no_delete" in warnings[0].msg
    finally:
        install_append_only_triggers()
