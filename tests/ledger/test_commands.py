"""The command line: export_session, import_session, settle_up; bad input exits 2 in one line."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from test_worked_night import EXPECTED, play_worked_night

from ledger import selectors
from ledger.models import Night

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_settle_up_json_is_the_report(night):
    play_worked_night(night)
    assert json.loads(run("settle_up", str(night.session.pk), "--format", "json")) == EXPECTED


def test_settle_up_text_reads_like_a_ledger(night):
    play_worked_night(night)
    text = run("settle_up", str(night.session.pk))
    assert "Ann pays Mike 13.00" in text and "Fred pays Mike 1.00" in text
    header = text.splitlines()[2].split()
    assert header[:5] == ["player", "cash", "note", "book", "sold"]   # chips sold to players
    assert "the fewest possible" in text
    seal = selectors.journal_seal(night.session)
    assert f"Journal seal {seal} (keep it: `manage.py audit --seal {seal}`" in text
    assert run("audit", "--seal", seal).splitlines()[1] == f"seal {seal}: found unchanged"


def test_export_prints_the_night_as_json(night):
    night.buy("Fred", "20.00")
    document = json.loads(run("export_session", str(night.session.pk)))
    assert document["events"] == [{"type": "buy", "player": "Fred", "amount": "20.00",
                                   "paid": "cash"}]


def test_import_prints_the_new_session_id(night, tmp_path):
    night.buy("Fred", "20.00")
    night.cashout("Fred", green=4)
    night.close()  # one open session at a time: the copy may open only once this one closed
    document = json.loads(run("export_session", str(night.session.pk)))
    document["session"]["date"] = "2026-11-28"  # the same night twice is refused (night_file)
    path = tmp_path / "night.json"
    path.write_text(json.dumps(document))
    new_id = int(run("import_session", str(path)).strip())
    assert Night.objects.get(pk=new_id).date.isoformat() == "2026-11-28"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("settle_up", "999"), "ID: there is no session 999"),
        (("settle_up", "abc"), "ID: expected a session number, got 'abc'"),
        (("export_session", "999"), "ID: there is no session 999"),
        (("import_session", "/no/such/file.json"), "FILE: cannot read /no/such/file.json"),
    ],
)
def test_bad_input_is_a_command_error_with_exit_code_2_R16(db, args, message):
    with pytest.raises(CommandError, match=message) as raised:
        call_command(*args, stdout=StringIO())
    assert raised.value.returncode == 2


def test_a_file_that_is_not_json_is_refused(db, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{nope")
    with pytest.raises(CommandError, match="is not JSON") as raised:
        call_command("import_session", str(path), stdout=StringIO())
    assert raised.value.returncode == 2


def test_the_real_command_line_prints_one_line_and_exits_2_R16(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'cli.sqlite3'}"}
    subprocess.run([sys.executable, str(ROOT / "manage.py"), "migrate", "-v0"], env=env,
                   cwd=ROOT, check=True)
    done = subprocess.run([sys.executable, str(ROOT / "manage.py"), "settle_up", "12"],
                          env=env, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["CommandError: ID: there is no session 12"]
