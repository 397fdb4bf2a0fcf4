"""The roster's rules, stated once (ledger/posting/roster.py) for the services and the night
file's import: both refuse a guest brought by a guest (B9) and a second host (B4) in the same
sentence, where the import once let them through."""

import json
from pathlib import Path

import pytest

from ledger.night_file import import_session
from ledger.posting.errors import LedgerError
from ledger.posting.night import Person
from ledger.posting.roster import new_player

NIGHTS = Path(__file__).resolve().parent / "nights"
ROSTER = {"Mike": Person("Mike", "BOG", is_host=True), "Fred": Person("Fred", "BOF"),
          "Gus": Person("Gus", "BOGU", regular=False, invited_by="Fred")}


def _new(**given):
    rule = {"regular": True, "is_host": False, "invited_by": None, "host_note": "BOG", **given}
    return new_player(people=ROSTER, **rule)


@pytest.mark.parametrize(("given", "sentence"), [
    ({"name": "fred", "note_id": "BOX"}, "There is already a player called Fred"),
    ({"name": "Ann", "note_id": "bof"}, "BOF is already Fred's bank-note identifier"),
    ({"name": "Ann", "note_id": "BOG", "host_note": "HOST"}, "BOG is already Mike's"),
    ({"name": "Ann", "note_id": "HOST", "host_note": "HOST"}, "HOST is reserved for the host (B4)"),
    ({"name": "Ann", "note_id": "BOA", "is_host": True}, "The game already has a host"),
    ({"name": "Ann", "note_id": "BOA", "regular": False}, "A guest needs the regular"),
    ({"name": "Ann", "note_id": "BOA", "regular": False, "invited_by": "Gus"},
     "Gus is a guest too; only a regular can invite (B9)"),
    ({"name": "Ann", "note_id": "BOA", "invited_by": "Zed"}, "There is no player 'Zed'"),
    ({"name": "Ann", "note_id": "1A"}, "is not a bank-note identifier"),
])
def test_each_rule_of_the_roster_refuses_in_its_sentence_B4_B9(given, sentence):
    with pytest.raises(LedgerError, match=sentence.replace("(", r"\(").replace(")", r"\)")):
        _new(**given)


def test_a_player_the_roster_takes_is_cleaned():
    person = _new(name="  Ann  ", note_id="boa", regular=False, invited_by="Fred")
    assert (person.name, person.note_id, person.invited_by) == ("Ann", "BOA", "Fred")


def test_another_houses_host_note_id_is_its_own_B4():
    roster = {name: p for name, p in ROSTER.items() if name != "Mike"}
    assert new_player(name="Ann", note_id="BOG", regular=True, is_host=False, invited_by=None,
                      people=roster, host_note="HOST").note_id == "BOG"


@pytest.mark.django_db
def test_the_import_refuses_a_guest_brought_by_a_guest_as_the_tablet_does_B9():
    document = json.loads((NIGHTS / "winners_and_a_lost_chip.json").read_text())
    document["players"].append({"name": "Kid", "note_id": "BOK", "regular": False,
                                "invited_by": "Zed"})
    with pytest.raises(LedgerError, match=r"players\[5\]: Zed is a guest too"):
        import_session(document)
