"""The tablet's services and the night file's import write the same night (R9): a night of
every kind of event - buys from the bank and between players by cash, note and THE BOOK, a
warning, a penalty, a game called, hands typed and by winners, corrections (of a buy paid by
note: legs on a note of the night), cash-outs, the final pot, notes committed and voided, a
payment, a close and the surrogate book's merge - written both ways gives the same entries,
memos, postings, notes, seats and settlement.

Both ways go through the posting core (ledger/posting/) and the journal's one writer
(services/journal.py `write_entries`), so this is a smoke test; test_import_bulk.py compares
the two ways on the house's fixture nights, and the last test holds the callers to the core."""

import copy
from types import SimpleNamespace

import pytest
from django.db import transaction
from test_import_bulk import by_services, contents

from bench.import_night import _colours as chips_for
from ledger import selectors
from ledger.night_file import import_session
from ledger.services import LedgerError

pytestmark = pytest.mark.django_db

PLAYERS = [
    {"name": "Mike", "note_id": "BOG", "regular": True, "host": True},
    {"name": "Fred", "note_id": "BOF", "regular": True},
    {"name": "Ann", "note_id": "BOA", "regular": True},
    {"name": "Zed", "note_id": "BOZ", "regular": False, "invited_by": "Ann"},
    {"name": "Lou", "note_id": "BOL", "regular": True},
]


def night() -> dict:
    events = [
        {"type": "buy", "player": "Fred", "amount": "20.00", "paid": "cash"},
        {"type": "buy", "player": "Ann", "amount": "20.00", "paid": "note"},
        {"type": "buy", "player": "Zed", "amount": "10.00", "paid": "book"},
        {"type": "buy", "player": "Lou", "from": "Ann", "amount": "5.00", "paid": "note"},
        {"type": "warning", "player": "Zed"},
        {"type": "penalty", "player": "Lou", "amount": "0.20"},
        {"type": "hand", "pot": "5.00", "awards": {"Ann": "5.00"}},
        {"type": "call", "game": "five-card-draw", "dealer": "Mike"},
        {"type": "hand", "pot": "2.00", "players": [{"name": "Mike", "won": ["high"]},
                                                    {"name": "Fred", "folded": True}]},
        {"type": "buy", "player": "Fred", "amount": "15.00", "paid": "note"},
        {"type": "reverse", "event": 9, "reason": "typed wrong"},
        {"type": "reverse", "event": 5, "reason": "no jump"},
        {"type": "cashout", "player": "Ann", "chips": chips_for(2000)},
        {"type": "cashout", "player": "Fred", "chips": chips_for(1735)},
        {"type": "cashout", "player": "Lou", "chips": chips_for(500)},
        {"type": "cashout", "player": "Zed", "chips": chips_for(765)},
        {"type": "final_pot", "winner": "Mike"},
        {"type": "note", "player": "Ann", "action": "commit"},
        {"type": "note", "player": "Lou", "action": "void"},
        {"type": "pay", "player": "Mike", "to": "Ann", "amount": "5.00"},
        {"type": "close"},
        {"type": "merge"},
    ]
    return {"format": "banker-session/1",
            "session": {"date": "2026-11-28", "banker": "Fred", "host_present": False},
            "players": PLAYERS, "book_before": {}, "events": events}


def written(way, document: dict) -> dict | str:
    """What one way writes for the night (as comparable contents), or its refusal."""
    try:
        with transaction.atomic():
            session = way(copy.deepcopy(document))
            found = contents(session)
            assert selectors.audit()["ok"]
            transaction.set_rollback(True)
    except LedgerError as error:
        return f"refused: {error.message}"
    return found


def test_the_tablet_and_the_import_write_the_same_night_R9():
    imported = written(import_session, night())
    assert not isinstance(imported, str), imported
    assert imported == written(by_services, night())


def test_a_rule_changed_in_one_caller_only_is_caught_R9(monkeypatch):
    """If the services' way wrote a buy-in's memo its own way, the nights would differ."""
    from ledger.posting import bank

    night = {"format": "banker-session/1",
             "session": {"date": "2026-11-28", "banker": "Mike", "host_present": True},
             "players": PLAYERS, "book_before": {},
             "events": [{"type": "buy", "player": "Fred", "amount": "20.00"},
                        {"type": "cashout", "player": "Fred", "chips": {"green": 4}},
                        {"type": "close"}]}
    assert written(import_session, night) == written(by_services, night)
    original = bank.buy

    def own_way(*args, **kwargs):
        draft = original(*args, **kwargs)
        draft.memo += " (the tablet's own words)"
        return draft

    monkeypatch.setattr("ledger.services.buyins.bank", SimpleNamespace(buy=own_way))
    assert written(import_session, night) != written(by_services, night)
