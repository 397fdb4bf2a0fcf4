"""banker-session/1 export and import: the backup and the restore (R9)."""

import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.db import connection
from ledger_night import amounts, assert_invariants, cents, named, new_key, open_night
from test_worked_night import EXPECTED, play_worked_night

from ledger import selectors, services
from ledger.house_settings import SEED
from ledger.models import Night
from ledger.night_file import export_session, import_session
from ledger.services import LedgerError

ROOT = Path(__file__).resolve().parents[2]
NIGHTS = Path(__file__).resolve().parent / "nights"

SNAPSHOT = """
import json
from ledger import selectors
from ledger.night_file import export_session
from ledger.models import Night
session = Night.objects.get(pk={pk})
dash = selectors.night_dashboard(session)
print(json.dumps({{
    "report": selectors.settle_up_report(session),
    "chips_out": dash.chips_outstanding,
    "cash_box": dash.cash_box, "table_pot": dash.table_pot, "final_pot": dash.final_pot,
    "audit_ok": selectors.audit()["ok"],
    "open": session.is_open,
    "events": export_session(session)["events"],
}}))
"""


def snapshot(session: Night) -> dict:
    dash = selectors.night_dashboard(session)
    return {
        "report": selectors.settle_up_report(session),
        "chips_out": dash.chips_outstanding,
        "cash_box": dash.cash_box, "table_pot": dash.table_pot, "final_pot": dash.final_pot,
        "audit_ok": selectors.audit()["ok"],
        "open": session.is_open,
        "events": export_session(session)["events"],
    }


def _copy_database(source: Path, target: Path) -> None:
    """SQLite's online backup: the whole database, its -wal included, as one new file."""
    old, new = sqlite3.connect(source), sqlite3.connect(target)
    try:
        old.backup(new)
    finally:
        old.close()
        new.close()


def _migrated_database(tmp_path: Path) -> Path:
    """A brand-new SQLite database migrated by `manage.py migrate`, made once per test process
    in its pytest temporary directory (tmp_path's parent); each restore starts from a copy."""
    template = tmp_path.parent / "migrated.sqlite3"
    if not template.exists():
        building = tmp_path.parent / f"migrating-{os.getpid()}.sqlite3"
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{building}"}
        subprocess.run([sys.executable, str(ROOT / "manage.py"), "migrate", "-v0"], env=env,
                       check=True, cwd=ROOT)
        _copy_database(building, tmp_path.parent / f"copied-{os.getpid()}.sqlite3")
        os.replace(tmp_path.parent / f"copied-{os.getpid()}.sqlite3", template)
    return template


def restore_into_fresh_database(document: dict, tmp_path: Path) -> dict:
    """Into a brand-new migrated SQLite database, import the file and read it back."""
    db = tmp_path / f"fresh-{len(list(tmp_path.iterdir()))}.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}"}
    manage = [sys.executable, str(ROOT / "manage.py")]
    night_file = tmp_path / "night.json"
    night_file.write_text(json.dumps(document))
    _copy_database(_migrated_database(tmp_path), db)
    done = subprocess.run([*manage, "import_session", str(night_file)], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)
    pk = int(done.stdout.strip())
    shown = subprocess.run([*manage, "shell", "-v0", "-c", SNAPSHOT.format(pk=pk)], env=env,
                           cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(shown.stdout.strip().splitlines()[-1])


@pytest.mark.django_db
def test_the_export_follows_the_documented_format(night):
    play_worked_night(night)
    document = export_session(night.session)
    assert document["format"] == "banker-session/2"
    assert list(document) == ["format", "house", "session", "players", "book_before", "events"]
    assert document["house"] == SEED.to_json()     # the night's settings: the seed house's
    assert document["session"] == {"date": "2026-11-21", "banker": "Mike", "host_present": True,
                                   "seating": ["Mike", "Fred", "Ann", "Gus"]}
    assert document["players"][0] == {"name": "Mike", "note_id": "BOG", "regular": True,
                                      "host": True}
    assert {"name": "Gus", "note_id": "BOGU", "regular": False,
            "invited_by": "Fred"} in document["players"]
    assert document["book_before"] == {}
    assert document["events"][:2] == [
        {"type": "buy", "player": "Fred", "amount": "20.00", "paid": "cash"},
        {"type": "buy", "player": "Ann", "amount": "20.00", "paid": "note"},
    ]
    assert document["events"][4] == {"type": "buy", "player": "Ann", "amount": "5.00",
                                     "paid": "cash", "from": "Fred"}
    assert document["events"][-1] == {"type": "close"}


@pytest.mark.slow
@pytest.mark.django_db
def test_the_worked_night_round_trips_into_a_fresh_database_R9(night, tmp_path):
    play_worked_night(night)
    restored = restore_into_fresh_database(export_session(night.session), tmp_path)
    assert restored["report"] == EXPECTED
    assert restored == snapshot(night.session)
    assert restored["audit_ok"]


@pytest.mark.django_db
def test_an_import_whose_book_before_disagrees_is_refused_saying_where(night):
    play_worked_night(night)
    document = export_session(night.session)
    document["session"]["date"] = "2026-11-28"  # another night: the same one is refused first
    sessions = Night.objects.count()
    with pytest.raises(LedgerError, match="Ann is -13.00 here, 0.00 in the file"):
        import_session(document)
    assert Night.objects.count() == sessions


@pytest.mark.django_db
def test_an_import_replays_corrections_and_carries_an_open_night(players, tmp_path):
    night = open_night()
    wrong = night.buy("Fred", "25.00")
    night.reverse(wrong, reason="he said twenty")
    night.buy("Fred", "20.00", paid="note")
    night.buy("Ann", "10.00", paid="note", seller="Fred")
    document = export_session(night.session)
    assert document["events"][1] == {"type": "reverse", "event": 0, "reason": "he said twenty"}
    # Restored into a fresh database: beside the original, still open, it would be a second
    # open session, which is refused.
    copy = restore_into_fresh_database(document, tmp_path)
    assert copy["open"] and copy["events"] == document["events"]
    assert copy["report"]["players"][1:3] == \
        selectors.settle_up_report(night.session)["players"][1:3]
    assert copy["audit_ok"]
    assert_invariants()


@pytest.mark.django_db
def test_an_open_night_is_not_imported_beside_another_open_night(players):
    night = open_night()
    night.buy("Fred", "20.00")
    document = export_session(night.session)
    document["session"]["date"] = "2026-11-28"  # the same night twice is refused first
    with pytest.raises(LedgerError, match=r"\(banker Mike\) is still open"):
        import_session(document)
    assert Night.objects.count() == 1


@pytest.mark.django_db
def test_a_host_less_night_and_its_merge_round_trip(players):
    night = open_night(banker="Fred", host_present=False, seating=["Ann", "Gus"])
    night.buy("Ann", "10.00", paid="book")
    night.hand("10.00", {"Gus": "10.00"}, {"Ann": "10.00"})
    night.cashout("Gus", green=2)
    night.cashout("Ann")
    night.close()
    night.merge()
    document = export_session(night.session)
    assert document["events"][-1] == {"type": "merge"}
    assert document["session"]["host_present"] is False


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="banker-session/3"), "format: expected"),
        (lambda d: d["events"].append({"type": "dance"}), "unknown event type 'dance'"),
        (lambda d: d["events"].insert(0, {"type": "buy", "player": "Fred", "amount": "7.00"}),
         "events\\[0\\] \\(buy\\): Chips are bought from the bank in multiples of \\$5.00"),
        (lambda d: d["events"].insert(0, {"type": "buy", "player": "Zed", "amount": "5.00"}),
         "There is no player 'Zed'"),
        # The file is the edge that reads a banker by name and a date as text (services take
        # a row and a date): tests/ledger/test_nights.py's refusals, moved here.
        (lambda d: d["session"].update(banker="Zed", date="2026-11-28"),
         "There is no player 'Zed'"),
        (lambda d: d["session"].update(date="21/11/2026"), "is not a date such as 2026-11-21"),
        (lambda d: d.pop("players"), "missing \"players\""),
    ],
)
def test_a_bad_file_is_refused_with_nothing_written(night, change, message):
    night.buy("Fred", "5.00")
    document = export_session(night.session)
    night.cashout("Fred", green=1)
    night.close()  # else the import is refused first because a session is open
    change(document)
    sessions = Night.objects.count()
    with pytest.raises(LedgerError, match=message):
        import_session(document)
    assert Night.objects.count() == sessions


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_backup_taken_while_the_banker_types_restores_consistently_R9(players, tmp_path):
    night = open_night()
    pk = night.session.pk
    exports = []
    started = threading.Event()

    def banker():
        try:
            for i in range(12):
                services.buyin_create(session=night.session, player=named(["Fred", "Ann",
                                                                           "Gus"][i % 3]),
                                      amount=cents("5.00"), paid=["cash", "note", "book"][i % 3],
                                      key=new_key(), confirm_duplicate=True)
                started.set()
                services.hand_record(session=night.session, pot=cents("0.50"),
                                     awards=amounts({"Mike": "0.50"}),
                                     owes=amounts({["Fred", "Ann", "Gus"][i % 3]: "0.50"}),
                                     key=new_key())
        finally:
            started.set()
            connection.close()

    writer = threading.Thread(target=banker)
    writer.start()
    started.wait(30)
    exports.append(export_session(Night.objects.get(pk=pk)))
    writer.join(60)
    exports.append(export_session(Night.objects.get(pk=pk)))
    during = restore_into_fresh_database(exports[0], tmp_path)
    assert during["audit_ok"]
    assert during["chips_out"] == 500 * sum(
        1 for e in exports[0]["events"] if e["type"] == "buy")
    after = restore_into_fresh_database(exports[1], tmp_path)
    assert after == snapshot(Night.objects.get(pk=pk))


@pytest.mark.django_db
def test_a_guest_listed_before_the_inviter_is_still_imported(db):
    document = {
        "format": "banker-session/1",
        "session": {"date": "2026-11-21", "banker": "Mike", "host_present": True},
        "players": [
            {"name": "Gus", "note_id": "BOGU", "regular": False, "invited_by": "Fred"},
            {"name": "Fred", "note_id": "BOF", "regular": True},
            {"name": "Mike", "note_id": "BOG", "regular": True, "host": True},
        ],
        "book_before": {"Mike": "10.00", "Fred": "-10.00"},
        "events": [{"type": "buy", "player": "Gus", "amount": "5.00", "paid": "book",
                    "from": "bank"}],
    }
    session = import_session(document)
    assert {p.name: c for p, c in selectors.the_book()} == {
        "Mike": 1500, "Fred": -1000, "Gus": -500}
    assert export_session(session)["book_before"] == {"Fred": "-10.00", "Mike": "10.00"}


@pytest.mark.django_db
def test_the_architecture_example_night_imports_closes_and_settles(db):
    """Fred turns in more chips than he bought: the bank knows only the chips it has out."""
    document = json.loads((NIGHTS / "architecture_example.json").read_text())
    session = import_session(document)
    assert not session.is_open
    report = selectors.settle_up_report(session)
    assert report["players"] == [
        {"name": "Mike", "bought_cash": "0.00", "bought_note": "0.00", "bought_book": "0.00",
         "sold": "0.00",
         "cashed_out": "0.00", "final_pot": "0.00", "net": "0.00", "book_after": "10.00"},
        {"name": "Fred", "bought_cash": "20.00", "bought_note": "0.00", "bought_book": "0.00",
         "sold": "5.00",
         "cashed_out": "23.00", "final_pot": "1.00", "net": "9.00", "book_after": "-10.00"},
        {"name": "Gus", "bought_cash": "0.00", "bought_note": "10.00", "bought_book": "5.00",
         "sold": "0.00",
         "cashed_out": "6.00", "final_pot": "0.00", "net": "-9.00", "book_after": "0.00"},
    ]
    assert report["transfers"] == [{"from": "Fred", "to": "Mike", "amount": "10.00"}]
    assert_invariants(session)
