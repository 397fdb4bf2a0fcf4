"""Everything beside the journal that moves or routes money is sealed under the journal's key
(ledger/models/sealed.py): a player's payment handles, link, bank-note identifier, inviter and
host flag; a night's date, banker, host presence and book_before; the seats; who held the bank
when. Edited by raw SQL, each is named by `audit` with its row and field (exit 1); written
through the site, the ledger stays whole (R5, R7). On SQLite and PostgreSQL (DATABASE_URL)."""

import datetime
import json
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from ledger_night import named, new_key, people

from ledger import selectors, services
from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers
from ledger.models import BankTenure, Night, Player, Seat
from ledger.permissions import make_banker

pytestmark = pytest.mark.django_db
JSONB = "::jsonb" if connection.vendor == "postgresql" else ""


def _sql(statement, params=()):
    with connection.cursor() as cursor:
        cursor.execute(statement, params)


def _audit():
    out, err = StringIO(), StringIO()
    try:
        call_command("audit", stdout=out, stderr=err)
    except SystemExit as stop:
        return stop.code, err.getvalue()
    return 0, err.getvalue()


def assert_named(*words):
    code, err = _audit()
    assert code == 1, err
    line = next((line for line in err.splitlines() if all(w in line for w in words)), None)
    assert line is not None, err


@pytest.fixture
def held_night(players):
    """An open night whose bank is held by Mike's login (a bank tenure)."""
    user = User.objects.create_user("mike")
    make_banker(user)
    session = services.night_open(date=datetime.date(2026, 11, 21), banker=named("Mike"),
                                    seating=people(("Fred", "Ann")), key=new_key("open"),
                                    user=user)
    assert selectors.audit()["ok"], selectors.audit()
    return session


@pytest.mark.parametrize("column, value, field", [
    ("venmo", "thief", "venmo"), ("paypal", "thief", "paypal"), ("cashapp", "thief", "cashapp"),
    ("zelle", "thief@example.com", "zelle"), ("note_id", "BOX", "note_id"),
    ("balance_token", "a-token-the-thief-knows", "balance_token"),
])
def test_a_players_field_edited_by_sql_is_named(held_night, column, value, field):
    fred = named("Fred")
    _sql(f"UPDATE ledger_player SET {column} = %s WHERE id = %s", [value, fred.pk])
    assert_named(f"player {fred.pk}:", f"its {field} is not what the site wrote")


def test_a_guests_inviter_and_the_host_flag_edited_by_sql_are_named(held_night):
    gus, ann, mike = named("Gus"), named("Ann"), named("Mike")
    _sql("UPDATE ledger_player SET invited_by_id = %s WHERE id = %s", [ann.pk, gus.pk])
    _sql("UPDATE ledger_player SET is_host = %s, note_id = 'BOM' WHERE id = %s",
         [False, mike.pk])
    assert_named(f"player {gus.pk}:", "its invited_by is not")
    assert_named(f"player {mike.pk}:", "its note_id, is_host are not")


@pytest.mark.parametrize("column, value, field", [
    ("book_before", json.dumps({"Fred": "100.00"}), "book_before"),
    ("host_present", False, "host_present"),
    ("date", "2026-11-22", "date"),
])
def test_a_nights_field_edited_by_sql_is_named(held_night, column, value, field):
    cast = JSONB if column == "book_before" else ""
    _sql(f"UPDATE ledger_pokersession SET {column} = %s{cast} WHERE id = %s",
         [value, held_night.pk])
    assert_named(f"session {held_night.pk}:", f"its {field} is not what the site wrote")


def test_a_nights_banker_edited_by_sql_is_named(held_night):
    _sql("UPDATE ledger_pokersession SET banker_id = %s WHERE id = %s",
         [named("Fred").pk, held_night.pk])
    assert_named(f"session {held_night.pk}:", "its banker is not what the site wrote")


def test_a_seat_edited_by_sql_is_named(held_night):
    seat = Seat.objects.get(session=held_night, player=named("Ann"))
    _sql("UPDATE ledger_seat SET player_id = %s WHERE id = %s", [named("Gus").pk, seat.pk])
    assert_named(f"seat {seat.pk}:", "its player is not what the site wrote")


def test_two_seats_swapped_with_their_seals_are_named(held_night):
    """Each row moved whole to the other's id: a seat is its content, so only a swap of some
    fields can mislead - the player and the seal moved, the position left."""
    fred, ann = (Seat.objects.get(session=held_night, player=named(n)) for n in ("Fred", "Ann"))
    _sql("UPDATE ledger_seat SET position = 90 WHERE id = %s", [fred.pk])
    _sql("UPDATE ledger_seat SET position = %s WHERE id = %s", [fred.position, ann.pk])
    _sql("UPDATE ledger_seat SET position = %s WHERE id = %s", [ann.position, fred.pk])
    code, err = _audit()
    assert code == 1 and f"seat {fred.pk}:" in err and f"seat {ann.pk}:" in err


def test_who_held_the_bank_edited_by_sql_is_named(held_night):
    tenure = BankTenure.objects.get(session=held_night)
    thief = User.objects.create_user("thief")
    drop_append_only_triggers()
    _sql("UPDATE ledger_banktenure SET holder_id = %s, made_by_id = %s WHERE id = %s",
         [thief.pk, thief.pk, tenure.pk])
    install_append_only_triggers()
    assert_named(f"bank tenure {tenure.pk}:", "its holder, made_by are not what the site wrote")


def test_a_row_added_by_sql_without_seals_is_named(held_night):
    _sql("INSERT INTO ledger_seat (session_id, player_id, position, seals) "
         f"VALUES (%s, %s, 7, %s{JSONB})", [held_night.pk, named("Gus").pk, "{}"])
    seat = Seat.objects.get(position=7)
    assert_named(f"seat {seat.pk}:", "not what the site wrote")


def test_writes_through_the_site_keep_the_ledger_whole(held_night):
    fred = named("Fred")
    services.handles_set(player=fred, venmo="fred-v", zelle="fred@example.com", key=new_key())
    services.player_update(player=fred, name="Freddie", note_id="BOFF", key=new_key())
    services.player_link_renew(player=fred, key=new_key())
    services.player_retire(player=named("Gus"), key=new_key())
    services.night_seat(session=held_night, player=named("Mike"), key=new_key(),
                          user=User.objects.get(username="mike"))
    services.night_seating_set(session=held_night, order=people(("Mike", "Ann", "Freddie")),
                                 key=new_key(), user=User.objects.get(username="mike"))
    other = User.objects.create_user("bob")
    make_banker(other)
    services.bank_hand_over(session=held_night, to=other, key=new_key(),
                            user=User.objects.get(username="mike"))
    report = selectors.audit()
    assert report["ok"], report["facts"]


def test_a_later_save_of_another_field_does_not_make_an_edit_look_whole(held_night):
    fred = named("Fred")
    _sql("UPDATE ledger_player SET venmo = 'thief' WHERE id = %s", [fred.pk])
    services.player_update(player=fred, name="Freddie", note_id="BOF", key=new_key())
    assert_named(f"player {fred.pk}:", "its venmo is not what the site wrote")


def test_the_migration_seals_the_rows_already_here(held_night):
    from importlib import import_module

    from django.apps import apps

    for model in (Player, Night, Seat):
        _sql(f"UPDATE {model._meta.db_table} SET seals = %s{JSONB}", ["{}"])
    assert _audit()[0] == 1
    migration = import_module("ledger.migrations.0016_sealed_rows")

    class Editor:
        pass

    editor = Editor()
    editor.connection = connection
    migration.seal_existing_rows(apps, editor)
    import_module("ledger.migrations.0022_witness_made").seal_retired(apps, editor)   # (later)
    assert _audit() == (0, "")


def test_a_players_retired_flag_edited_by_sql_is_named(held_night):
    fred = named("Fred")
    _sql("UPDATE ledger_player SET retired = %s WHERE id = %s", [True, fred.pk])
    assert_named(f"player {fred.pk}:", "its retired is not what the site wrote")


def test_the_migration_seals_the_retired_flag_of_the_rows_whose_seals_held(held_night):
    """0022: each player sealed as before it (without `retired`) is sealed again with it; one
    edited behind the site's back keeps its seals and is still named."""
    from importlib import import_module

    from django.apps import apps

    from ledger.integrity import chain
    migration = import_module("ledger.migrations.0022_witness_made")
    services.player_retire(player=named("Gus"), key=new_key())
    for player in Player.objects.all():
        before = {field: getattr(player, field) for field in migration.PLAYER_SEALED_BEFORE}
        _sql(f"UPDATE ledger_player SET seals = %s{JSONB} WHERE id = %s",
             [json.dumps(chain.row_seals("ledger_player", player.pk, before)), player.pk])
    _sql("UPDATE ledger_player SET venmo = 'thief' WHERE id = %s", [named("Ann").pk])
    assert _audit()[0] == 1

    class Editor:
        pass

    editor = Editor()
    editor.connection = connection
    migration.seal_retired(apps, editor)
    code, err = _audit()
    assert code == 1 and err.splitlines() == [
        f"problem: player {named('Ann').pk}: its venmo, retired are not what the site wrote: "
        "changed behind its back"], err


def test_the_audit_and_the_readme_say_what_is_not_sealed(held_night):
    """What a deleted row hides is said in the audit's own output and in the README's list of
    what is sealed, in the same words; `retired` is sealed, and both say so."""
    from pathlib import Path

    from ledger.integrity.audit import NOT_SEALED

    out = StringIO()
    call_command("audit", stdout=out, stderr=StringIO())
    assert NOT_SEALED in out.getvalue().splitlines()
    assert "a seat or a bank tenure deleted" in NOT_SEALED
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text().split())
    assert "Not sealed: a seat or a bank tenure *deleted*" in readme
    assert "bank-note identifier, inviter, host flag and retired flag" in readme
    assert "retired" in Player.SEALED
