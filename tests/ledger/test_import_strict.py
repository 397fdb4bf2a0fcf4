"""`banker-session/1` read strictly (issue 20): unknown fields and duplicate keys refused with
their path, size limits, the whole file checked before the first write; everything the
contract documents still accepted; a typed hand's inline game kept as JSON; two imports of
one night at once give one night and one refusal."""

import copy
import json
import threading
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from ledger_night import amounts, cents
from test_hands_at_the_table import old_man_night
from test_import_robust import _counts, example

from ledger import selectors
from ledger.models import Entry, Night
from ledger.night_file import export_session, import_session, read_document, schema
from ledger.posting.accounts import EntryKind
from ledger.services import LedgerError
from rules.games.registry import get_game


def _refused_by_command(tmp_path, raw: bytes) -> str:
    path = tmp_path / "night.json"
    path.write_bytes(raw)
    before = _counts()
    with pytest.raises(CommandError) as refused:
        call_command("import_session", str(path), stdout=StringIO())
    assert refused.value.returncode == 2
    message = str(refused.value)
    assert "\n" not in message
    assert _counts() == before
    return message


@pytest.mark.django_db
@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["events"][3].update(memo="x" * 1000), "events[3].memo: unknown field"),
    (lambda d: d.update(memo="hello"), "memo: unknown field"),
    (lambda d: d["session"].update(place="Mike's"), "session.place: unknown field"),
    (lambda d: d["players"][1].update(phone="555"), "players[1].phone: unknown field"),
    (lambda d: d["events"][5].update(players=[{"name": "Fred", "won": ["high"],
                                               "tip": "1.00"}]),
     "events[5].players[0].tip: unknown field"),
    (lambda d: d["events"][5].update(result={"awards": [], "bonus": 1}),
     "events[5].result.bonus: unknown field"),
    (lambda d: d["events"][5].update(dummy={"name": "Old Man", "cards": []}),
     "events[5].dummy.cards: unknown field"),
    (lambda d: d["events"][6].update(chips={"purple": 1}), "events[6].chips.purple"),
    (lambda d: d["events"].append({"type": "close", "at": "23:00"}),
     "events[12].at: unknown field"),
    (lambda d: d["events"][0].update(reason="r" * 501), "events[0].reason: unknown field"),
    (lambda d: d["events"].insert(0, {"type": "count_difference", "amount": "0.25",
                                      "reason": "r" * 501}), "events[0].reason: 501"),
    (lambda d: d["events"][5].update(legs={"Fred": -1}), "events[5].legs.Fred"),
    (lambda d: d["events"][5].update(round=0), "events[5].round"),
    (lambda d: d["events"][5].update(board={"center": "5s"}), "events[5].board.center"),
])
def test_an_unknown_or_malformed_field_is_refused_by_its_path(tmp_path, change, message):
    document = example()
    change(document)
    assert message in _refused_by_command(tmp_path, json.dumps(document).encode())


@pytest.mark.django_db
@pytest.mark.parametrize(("text", "message"), [
    ('{"type": "buy", "player": "Fred", "amount": "20.00", "amount": "2000.00"}',
     "events[0].amount: duplicate key"),
    ('{"type": "hand", "game": "guts", "pot": "1.00", "awards": {"Fred": "1.00", '
     '"Fred": "0.50"}}', "events[0].awards.Fred: duplicate key"),
])
def test_a_key_given_twice_is_refused_by_its_path(tmp_path, text, message):
    raw = json.dumps(example()).replace('"events": [', '"events": [' + text + ", ", 1)
    assert message in _refused_by_command(tmp_path, raw.encode())
    top = json.dumps(example())[:-1] + ', "format": "banker-session/1"}'
    assert "format: duplicate key" in _refused_by_command(tmp_path, top.encode())


@pytest.mark.django_db
def test_a_file_too_big_or_too_long_is_refused_saying_the_limit(tmp_path):
    document = example()
    document["events"][10:10] = [{"type": "warning", "player": "Gus"}] * 20_001
    message = _refused_by_command(tmp_path, json.dumps(document).encode())
    assert message.startswith("events: 20,013 events; a night imports at most 20,000")
    raw = json.dumps(example()).encode() + b" " * schema.MAX_FILE_BYTES
    message = _refused_by_command(tmp_path, raw)
    assert "an import reads at most 10,000,000 bytes" in message


@pytest.mark.django_db
def test_the_whole_file_is_checked_before_the_first_write():
    document = example()
    document["events"].append({"type": "buy", "player": "Fred", "amount": "20.00",
                               "paid": "cash", "tip": "1"})   # the last event is bad
    with pytest.raises(LedgerError, match=r"events\[12\]\.tip: unknown field"):
        import_session(document)
    document["events"][-1].pop("tip")   # a rule broken at the end: still nothing written
    with pytest.raises(LedgerError, match=r"events\[12\] \(buy\): The night of 2026-11-21 "
                                          "is closed"):
        import_session(document)
    assert _counts() == (0, 0, 0, 0, 0)


def every_documented_field() -> dict:
    """A night with every field ARCHITECTURE.md gives the format."""
    document = old_man_night()
    names = [p["name"] for p in document["players"]]
    house = get_game("five-card-draw").to_json()
    house.update(id="house-draw", name="House Draw")
    document["session"]["seating"] = names
    document["events"][1]["result"] = {"awards": [], "carry": "0.00"}   # ignored on import
    document["events"][1]["penalties"] = "0.00"
    document["events"][1]["last_round"] = False
    document["events"][1]["options"] = {}
    document["events"] = [
        {"type": "buy", "player": "Jim", "amount": "20.00", "paid": "cash"},
        {"type": "buy", "player": "Eric", "amount": "10.00", "paid": "note"},
        {"type": "buy", "player": "Nas", "amount": "2.50", "paid": "note", "from": "Jim"},
        {"type": "warning", "player": "Nas"},
        {"type": "penalty", "player": "Nas", "amount": "0.20"},
        *document["events"],
        {"type": "call", "game": house, "dealer": "Eric", "options": {"wild": "2"}},
        {"type": "hand", "pot": "0.60", "players": [
            {"name": "Eric", "won": ["high"]}, {"name": "Nas"},
            {"name": "Fredo", "folded": True}],
         "awards": {"Eric": "0.60"}, "round": 1, "legs": {}},
        {"type": "end_game"},
        {"type": "hand", "game": house, "pot": "1.00", "awards": {"Jim": "1.00"}},
        {"type": "cashout", "player": "Jim", "chips": {"green": 4, "white": 3}},
        {"type": "cashout", "player": "Eric", "chips": {"black": 7, "blue": 1}},
        {"type": "cashout", "player": "Nas", "chips": {}},
        {"type": "count_difference", "amount": "2.60", "reason": "a chip under the table"},
        {"type": "final_pot", "winner": "Jim"},
        {"type": "note", "player": "Nas", "action": "void", "holder": "Jim", "amount": "2.50"},
        {"type": "note", "player": "Eric", "action": "commit"},
        {"type": "pay", "player": "Eric", "to": "bank", "amount": "3.00"},
        {"type": "close"},
    ]
    return document


@pytest.mark.slow
@pytest.mark.django_db
def test_every_field_the_contract_documents_is_still_accepted(tmp_path):
    session = import_session(every_documented_field())
    assert not session.is_open
    assert selectors.audit()["ok"]
    typed = Entry.objects.filter(session=session, kind=EntryKind.HAND).order_by("-id").first()
    assert typed.payload["game"]["name"] == "House Draw"   # JSON, not Python's text of a dict
    exported = export_session(session)
    hands = [e for e in exported["events"] if e["type"] == "hand"]
    assert hands[-1]["game"] == typed.payload["game"]
    from test_exchange import restore_into_fresh_database
    assert restore_into_fresh_database(exported, tmp_path)["audit_ok"]


@pytest.mark.django_db
def test_a_typed_hand_keeps_its_inline_game_as_json(night):
    from ledger_night import new_key

    from ledger import services
    game = {**get_game("guts").to_json(), "id": "house-guts", "name": "House Guts"}
    entry = services.hand_record(session=night.session, pot=cents("1.00"),
                                 awards=amounts({"Fred": "1.00"}),
                                 game=game, key=new_key())
    entry.refresh_from_db()
    assert entry.payload["game"] == game
    assert export_session(night.session)["events"][0]["game"] == game
    with pytest.raises(LedgerError, match="unknown field 'colour'"):
        services.hand_record(session=night.session, pot=cents("1.00"),
                             awards=amounts({"Fred": "1.00"}),
                             game={**game, "colour": "red"}, key=new_key())


def test_the_reader_names_a_bad_file_in_one_line():
    with pytest.raises(LedgerError, match="not UTF-8"):
        read_document(b"\xff{}", source="n.json")
    with pytest.raises(LedgerError, match="is not JSON"):
        read_document(b"{", source="n.json")


# ---- two imports of one night at once -----------------------------------------------------

def _race(document: dict, threads: int = 2) -> tuple[list[int], list[str]]:
    start = threading.Barrier(threads)
    made: list[int] = []
    refused: list[str] = []

    def run() -> None:
        try:
            start.wait(10)
            made.append(import_session(copy.deepcopy(document)).pk)
        except LedgerError as error:
            refused.append(str(error))
        finally:
            connection.close()

    workers = [threading.Thread(target=run) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    return made, refused


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("trial", range(3))
def test_two_imports_of_one_night_at_once_give_one_night_and_one_refusal(trial):
    made, refused = _race(example())
    assert len(made) == 1 and Night.objects.count() == 1
    assert refused == [f"The night of 2026-11-21 banked by Mike is already here as session "
                       f"{made[0]}; nothing written."]
    assert selectors.audit()["ok"]


@pytest.mark.django_db
def test_a_change_between_reading_and_writing_is_read_again(monkeypatch):
    """The plan is made without a lock; if THE BOOK or the players change before the write
    takes the lock, the lock is let go and the night planned again (here: someone writes
    THE BOOK, so the file's book_before no longer agrees)."""
    from ledger_night import new_key

    from ledger import services
    from ledger.night_file import planning
    plans = []
    first_plan = planning.plan

    def plan_then_the_tablet_writes(*args, **kwargs):
        found = first_plan(*args, **kwargs)
        if not plans:   # meanwhile: another night's import brought THE BOOK in
            mike = services.player_create(name="Mike", note_id="BOG", is_host=True,
                                          key=new_key())
            fred = services.player_create(name="Fred", note_id="BOF", key=new_key())
            services.book_opening(balances=amounts({mike: "1.00", fred: "-1.00"}), key=new_key())
        plans.append(found)
        return found

    monkeypatch.setattr(planning, "plan", plan_then_the_tablet_writes)
    document = example()
    with pytest.raises(LedgerError, match="THE BOOK here disagrees with the file's book_before"):
        import_session(document)
    assert len(plans) == 1 and Night.objects.count() == 0
    document["book_before"] = {"Mike": "1.00", "Fred": "-1.00"}   # as it now stands
    monkeypatch.setattr(planning, "plan", first_plan)
    assert import_session(document).is_open is False


# ---- the write lock held only for the write (issue 27) -------------------------------------

def _plans_with(monkeypatch, meanwhile):
    """Count the plans, and after the first `meanwhile(n)` runs for each plan made (n = 0,
    1, ...): what the tablet writes between the import's reading and its write."""
    from ledger.night_file import planning
    plans = []
    first_plan = planning.plan

    def plan(*args, **kwargs):
        found = first_plan(*args, **kwargs)
        plans.append(connection.in_atomic_block)
        meanwhile(len(plans) - 1)
        return found

    monkeypatch.setattr(planning, "plan", plan)
    return plans


@pytest.mark.django_db(transaction=True)
def test_the_night_is_read_checked_and_folded_before_the_write_transaction(monkeypatch):
    """Nothing of the plan runs inside a transaction (on SQLite: under the write lock); a
    player added meanwhile who is none of the file's does not make it plan again."""
    from ledger_night import new_key

    from ledger import services
    plans = _plans_with(monkeypatch, lambda n: services.player_create(
        name=f"Tablet {n}", note_id=f"T{n}", key=new_key()))
    assert import_session(example()).is_open is False
    assert plans == [False]
    assert selectors.audit()["ok"]


@pytest.mark.django_db
def test_a_player_added_meanwhile_under_a_name_the_file_creates_plans_again(monkeypatch):
    """The tablet adds Fred, with the file's note identifier, while the import reads: the
    night is planned again, finds Fred here and does not add him twice."""
    from ledger_night import new_key

    from ledger import services
    from ledger.models import Player

    def meanwhile(n):
        if n == 0:
            services.player_create(name="fred", note_id="BOF", key=new_key())

    plans = _plans_with(monkeypatch, meanwhile)
    document = example()
    for row in document["players"]:
        row["name"] = {"Fred": "fred"}.get(row["name"], row["name"])
        if row.get("invited_by") == "Fred":
            row["invited_by"] = "fred"
    text = json.dumps(document).replace('"Fred"', '"fred"')
    assert import_session(json.loads(text)).is_open is False
    assert len(plans) == 2
    assert Player.objects.filter(name="fred").count() == 1


@pytest.mark.django_db
def test_a_database_that_keeps_changing_refuses_the_import_in_a_sentence(monkeypatch):
    """A player here is renamed again and again while the import reads: after three plans,
    a sentence naming what changed, and nothing written."""
    from ledger_night import new_key

    from ledger import services
    from ledger.models import Player
    from ledger.services.bulk_import import ATTEMPTS

    services.player_create(name="Zed", note_id="BZ", key=new_key())

    def meanwhile(n):
        services.player_update(player=Player.objects.get(note_id="BZ"), name=f"Zed {n}",
                               note_id="BZ", key=new_key())

    plans = _plans_with(monkeypatch, meanwhile)
    before = _counts()
    with pytest.raises(LedgerError) as refused:
        import_session(example())
    assert len(plans) == ATTEMPTS
    assert str(refused.value) == ("The database kept changing while the night was read (the "
                                  f"player Zed {ATTEMPTS - 2} was changed); nothing written. "
                                  "Import the file again.")
    assert _counts() == before


@pytest.mark.django_db
def test_a_player_added_meanwhile_with_the_files_note_identifier_refuses(monkeypatch):
    """Planned again, the night meets the new player's identifier and is refused in the
    services' words; nothing written."""
    from ledger_night import new_key

    from ledger import services
    plans = _plans_with(monkeypatch, lambda n: n or services.player_create(
        name="Gustav", note_id="BOGU", key=new_key()))
    before = _counts()
    with pytest.raises(LedgerError, match="BOGU is already Gustav's bank-note identifier"):
        import_session(example())
    assert len(plans) == 1 and _counts() == (*before[:3], before[3] + 1, 1)   # Gustav only
