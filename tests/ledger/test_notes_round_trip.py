"""Every export imports: a player's two bank notes held by the bank, each closed with its own
button on the close page, export and import into a fresh database with the same settle-up."""

import uuid

import pytest
from django.urls import reverse
from ledger_night import open_night
from test_exchange import restore_into_fresh_database

from ledger import selectors
from ledger.models import BankNote
from ledger.night_file import export_session

pytestmark = pytest.mark.django_db


def _press(client, session, note: BankNote, action: str) -> None:
    """The close page's button on one note."""
    response = client.post(reverse("note_action", args=[session.pk]),
                           {"key": uuid.uuid4().hex, "note": note.pk, "action": action})
    assert response.status_code == 302, response.content.decode()[:500]


@pytest.mark.slow
@pytest.mark.parametrize(("amounts", "presses"), [
    (("10.00", "5.00"), [(1, "commit"), (0, "void")]),     # the newer note first
    (("10.00", "10.00"), [(1, "void"), (0, "commit")]),    # equal notes, one of each
    (("10.00", "10.00"), [(0, "commit"), (1, "commit")]),  # both committed, one by one
    (("5.00", "10.00"), [(0, "void"), (1, "void")]),
])
def test_two_bank_held_notes_closed_one_by_one_round_trip(banker_client, players, tmp_path,
                                                          amounts, presses):
    night = open_night()
    night.buy("Fred", "20.00")
    for amount in amounts:
        night.buy("Ann", amount, paid="note")
    bought = 2000 + sum(int(a.split(".")[0]) * 100 for a in amounts)
    night.cashout("Fred", green=bought // 500 - 1)
    night.cashout("Ann", green=1)
    notes = list(BankNote.objects.order_by("id"))
    for index, action in presses:
        _press(banker_client, night.session, notes[index], action)
    night.close()
    document = export_session(night.session)
    closing = [e for e in document["events"] if e["type"] == "note"]
    assert all("holder" in e and "amount" in e for e in closing), closing
    copy = restore_into_fresh_database(document, tmp_path)
    assert copy["report"] == selectors.settle_up_report(night.session)
    assert copy["audit_ok"] and not copy["open"]
