"""`import_session`: any file gives one line and exit 2, nothing written (R16); money is a decimal
string and players are names (ARCHITECTURE.md, Money); the same night is not imported twice."""

import copy
import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from ledger_night import make_player

from ledger.models import Entry, House, Night, Player, Posting
from ledger.night_file import export_session, import_session
from ledger.night_file.schema import EVENT_FIELDS
from ledger.services import LedgerError

ROOT = Path(__file__).resolve().parents[2]
NIGHTS = Path(__file__).resolve().parent / "nights"

pytestmark = pytest.mark.django_db


def example() -> dict:
    return json.loads((NIGHTS / "architecture_example.json").read_text())


def _counts() -> tuple[int, int, int, int, int]:
    """What an import writes, the house it is imported into included."""
    return (Night.objects.count(), Entry.objects.count(), Posting.objects.count(),
            Player.objects.count(), House.objects.count())


def _refused(tmp_path, content: bytes | str | dict, *words: str) -> str:
    """Run the command on a file; it must fail with exit code 2, one line, nothing written."""
    path = tmp_path / "night.json"
    if isinstance(content, dict):
        content = json.dumps(content)
    if isinstance(content, str):
        content = content.encode()
    path.write_bytes(content)
    before = _counts()
    with pytest.raises(CommandError) as refused:
        call_command("import_session", str(path), stdout=StringIO())
    message = str(refused.value)
    assert refused.value.returncode == 2
    assert "\n" not in message and "Traceback" not in message
    for word in words:
        assert word in message, message
    assert _counts() == before
    return message


def test_a_refused_import_into_an_empty_database_leaves_no_house(tmp_path):
    """The house made for the site's first import is made in the import's transaction: a
    refused file writes nothing at all, the house included."""
    assert not House.objects.exists()
    _refused(tmp_path, "{}", "format")
    document = example()
    document["events"].insert(0, {"type": "buy", "player": "Nobody", "amount": "5.00"})
    _refused(tmp_path, document)
    assert not House.objects.exists()
    path = tmp_path / "good.json"
    path.write_text(json.dumps(example()))
    call_command("import_session", str(path), stdout=StringIO())
    assert House.objects.count() == 1 and Night.objects.count() == 1


def test_a_latin1_file_is_refused_in_one_line(tmp_path):
    text = json.dumps(example(), ensure_ascii=False).replace("Gus", "José")
    _refused(tmp_path, text.encode("latin-1"), "not UTF-8")


def test_deeply_nested_json_is_refused_in_one_line(tmp_path):
    _refused(tmp_path, "[" * 100_000 + "]" * 100_000, "nested too deeply")


def test_an_integer_of_more_than_4300_digits_is_refused_in_one_line(tmp_path):
    _refused(tmp_path, '{"format": "banker-session/1", "session": ' + "9" * 5000 + "}",
             "too long")


def test_a_name_with_a_lone_surrogate_is_refused_in_one_line(tmp_path):
    text = json.dumps(example()).replace('"Gus"', '"Gus\\ud800"')
    _refused(tmp_path, text, "lone surrogate")


def _changed(change) -> dict:
    document = example()
    change(document)
    return document


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["session"].update(seating=5), ["session.seating"]),
    (lambda d: d["session"].update(seating=["Mike", 7]), ["session.seating[1]"]),
    (lambda d: d["session"].update(date="2026-13-45"), ["session.date"]),
    (lambda d: d["session"].update(host_present="no"), ["host_present"]),
    (lambda d: d["players"][1].update(name=["Fred"]), ["players[1]", "name"]),
    (lambda d: d["players"][2].update(invited_by=["Fred"]), ["players[2].invited_by"]),
    (lambda d: d["players"][2].update(regular="false"), ["players[2].regular"]),
    (lambda d: d["events"].insert(0, {"type": "buy", "player": "Fred",
                                      "amount": "100000000000000000000.00"}),
     ["events[0].amount"]),
    (lambda d: d["events"].insert(0, {"type": "buy", "player": "Fred",
                                      "amount": "92000000000000000.00"}),
     ["events[0].amount"]),
    (lambda d: d["events"].insert(0, {"type": "buy", "player": "Fred", "amount": "100005.00"}),
     ["events[0].amount", "more than $100,000"]),
    (lambda d: d["events"].insert(0, {"type": "cashout", "player": "Fred",
                                      "chips": {"green": 10 ** 30}}), ["events[0].chips.green"]),
    (lambda d: d["events"].insert(0, {"type": "cashout", "player": "Fred", "chips": [1]}),
     ["events[0].chips"]),
    (lambda d: d["events"].insert(0, {"type": "reverse", "event": True}), ["events[0].event"]),
    (lambda d: d["events"].insert(0, {"type": ["buy"]}), ["events[0]", "type"]),
    (lambda d: d["events"].insert(0, {"type": "count_difference", "amount": "0.25",
                                      "reason": {"why": 1}}), ["events[0].reason"]),
])
def test_a_file_of_the_wrong_shape_is_one_line_and_nothing_written(tmp_path, change, words):
    _refused(tmp_path, _changed(change), *words)


def test_a_payment_in_a_file_names_who_is_paid_never_the_bank_by_default(tmp_path):
    """A pay event without "to" (a typo such as "To") was read as a payment to the bank,
    moving THE BOOK between the wrong people without a word; the typo is an unknown field."""
    document = example()
    pay = next(e for e in document["events"] if e["type"] == "pay")
    pay["To"] = pay.pop("to")
    _refused(tmp_path, document, "events[10].To: unknown field")
    del pay["To"]
    _refused(tmp_path, document, "events[10].to", 'a player or "bank"')


@pytest.mark.parametrize("where", ["buy", "pay", "penalty", "book_before", "hand", "award",
                                   "count_difference"])
@pytest.mark.parametrize("amount", [2000, 20, 5.0, "\u0665.00", "\uff15.00", "5.0\u0660", None,
                                    True, ["5.00"]])
def test_money_in_a_file_is_only_a_decimal_string_of_ascii_digits(tmp_path, where, amount):
    document = example()
    events = document["events"]
    if where == "book_before":
        document["book_before"]["Mike"] = amount
    elif where == "award":
        next(e for e in events if e["type"] == "hand")["awards"]["Fred"] = amount
    else:
        event = next((e for e in events if e["type"] == where), None)
        if event is None:
            event = {"type": where, "player": "Gus", "to": "Fred", "reason": "a chip lost"}
            event = {k: v for k, v in event.items() if k == "type" or k in EVENT_FIELDS[where]}
            events.insert(0, event)
        event["amount" if where != "hand" else "pot"] = amount
    message = _refused(tmp_path, document, 'write the amount as a decimal string such as "18.05"')
    assert "events[" in message or "book_before.Mike" in message


@pytest.mark.parametrize("field", ["player", "from", "to", "winner", "holder"])
def test_a_player_in_a_file_is_a_name_never_a_database_id(tmp_path, field):
    fred = make_player("Fred", "BOF")
    make_player("Mike", "BOG", is_host=True)
    kind = {"player": "buy", "from": "buy", "to": "pay", "winner": "final_pot",
            "holder": "note"}[field]
    document = example()
    document["book_before"] = {}
    event = next(e for e in document["events"] if e["type"] == kind)
    event[field] = fred.pk   # the id of a real player: still refused
    _refused(tmp_path, document, f".{field}: name the player")


def test_a_bare_number_of_dollars_is_never_read_as_cents(db):
    document = example()
    document["events"][0]["amount"] = 2000
    with pytest.raises(LedgerError, match=r'events\[0\]\.amount: write the amount as a decimal '
                                          r'string such as "18.05", not 2000'):
        import_session(document)
    assert not Night.objects.exists()


def test_the_real_command_line_refuses_an_absurd_amount_in_one_line(tmp_path):
    """10^20 dollars overflowed SQLite's integer (OverflowError) and PostgreSQL's bigint."""
    document = example()
    document["events"][0]["amount"] = "1" + "0" * 20 + ".00"
    path = tmp_path / "night.json"
    path.write_text(json.dumps(document))
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                   check=True)
    done = subprocess.run([sys.executable, "manage.py", "import_session", str(path)], cwd=ROOT,
                          env=env, capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "events[0].amount" in done.stderr


# ---- the same night twice (hole 4) -------------------------------------------------------

def test_the_same_file_imported_twice_is_refused_naming_the_night(tmp_path):
    first = import_session(example())
    before = _counts()
    with pytest.raises(LedgerError) as refused:
        import_session(example())
    assert str(refused.value) == (f"The night of 2026-11-21 banked by Mike is already here as "
                                  f"session {first.pk}; nothing written.")
    assert _counts() == before
    _refused(tmp_path, example(), f"already here as session {first.pk}")


def test_an_export_imported_back_beside_its_night_is_refused(night):
    night.buy("Fred", "20.00")
    night.cashout("Fred", green=4)
    night.close()
    document = export_session(night.session)
    with pytest.raises(LedgerError, match=f"already here as session {night.session.pk}"):
        import_session(copy.deepcopy(document))
    # Another night with the same events (next week) is a different night.
    document["session"]["date"] = "2026-11-28"
    assert import_session(document).date.isoformat() == "2026-11-28"
