"""The tablet's services and the night file's import write the same night (R9): random nights
of every kind of event - buys from the bank and between players by cash, note and THE BOOK,
warnings, penalties, games called, hands typed and by winners, corrections, cash-outs, count
differences, the final pot, notes committed and voided, payments, a close - written both ways
give the same entries, memos, postings, notes, seats and settlement, or the same refusal.

Both ways go through the posting core (ledger/posting/); this holds the callers to it: a rule
changed in one caller only (the last test) makes the two differ."""

import copy
from types import SimpleNamespace

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
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
NAMES = [p["name"] for p in PLAYERS]
def dollars(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


@st.composite
def nights(draw) -> dict:
    """A night the rules mostly accept (the generator keeps the bank's chips, the notes and
    the warning roughly as the bank does), now and then with an event they refuse."""
    events: list[dict] = []
    sold = 0                       # chips the bank sold
    bought: set[str] = set()
    notes: dict[str, int] = {}     # open notes by debtor
    reversible: list[int] = []     # positions of events a correction may name
    warned = False
    host_present = draw(st.booleans())

    def add(event: dict, *, may_reverse: bool = False) -> None:
        events.append(event)
        if may_reverse:
            reversible.append(len(events) - 1)

    for _ in range(draw(st.integers(2, 16))):
        kind = draw(st.sampled_from(["bank"] * 4 + ["sale"] * 2 + [
            "warning", "penalty", "hand", "winners", "reverse", "reverse", "bad"]))
        who = draw(st.sampled_from(NAMES))
        paid = draw(st.sampled_from(["cash", "note", "book"]))
        if kind == "bank":
            amount = draw(st.sampled_from([500, 1000, 1500, 2000]))
            add({"type": "buy", "player": who, "amount": dollars(amount), "paid": paid},
                may_reverse=True)
            sold += amount
            bought.add(who)
            notes[who] = notes.get(who, 0) + (paid == "note")
        elif kind == "sale":
            seller = draw(st.sampled_from([n for n in NAMES if n != who]))
            add({"type": "buy", "player": who, "from": seller, "paid": paid,
                 "amount": dollars(5 * draw(st.integers(1, 300)))})
            bought.add(who)
            notes[who] = notes.get(who, 0) + (paid == "note")
        elif kind == "warning" and not warned:
            add({"type": "warning", "player": who})
            warned = True
        elif kind == "penalty":
            add({"type": "penalty", "player": who, "amount": "0.20"}, may_reverse=True)
        elif kind == "hand":
            pot = 5 * draw(st.integers(1, 200))
            add({"type": "hand", "pot": dollars(pot), "awards": {who: dollars(pot)}},
                may_reverse=True)
        elif kind == "winners":
            add({"type": "call", "game": "five-card-draw", "dealer": "Mike"})
            add({"type": "hand", "pot": dollars(5 * draw(st.integers(2, 100))),
                 "players": [{"name": "Mike", "won": ["high"]},
                             {"name": who if who != "Mike" else "Fred", "folded": True}]},
                may_reverse=True)
        elif kind == "reverse" and reversible:
            target = draw(st.sampled_from(reversible))
            reversible.remove(target)
            add({"type": "reverse", "event": target, "reason": "typed wrong"})
            corrected = events[target]
            if corrected["type"] == "buy":
                sold -= int(corrected["amount"].replace(".", ""))
                notes[corrected["player"]] -= corrected["paid"] == "note"
        elif kind == "bad" and draw(st.integers(0, 3)) == 0:
            add(draw(st.sampled_from([
                {"type": "buy", "player": who, "amount": "7.00"},
                {"type": "cashout", "player": who, "chips": {"green": 1000}},
                {"type": "count_difference", "amount": "0.25", "reason": " "},
                {"type": "end_game"},
            ])))
    # the end of the night: everyone cashes out what is left, odd chips to the final pot
    out, odd = sold, 0
    for name in sorted(bought):
        share = 5 * draw(st.integers(0, out // 5))
        add({"type": "cashout", "player": name, "chips": chips_for(share)})
        out, odd = out - share, odd + share % 100
    if out and draw(st.booleans()):
        add({"type": "count_difference", "amount": dollars(out),
             "reason": "a chip on the floor"})
    elif bought:
        add({"type": "cashout", "player": sorted(bought)[0], "chips": chips_for(out)})
        odd += out % 100
    if odd:
        add({"type": "final_pot", "winner": draw(st.sampled_from(NAMES))})
    for name, count in sorted(notes.items()):
        if count:
            add({"type": "note", "player": name,
                 "action": draw(st.sampled_from(["commit", "void"]))})
    if draw(st.booleans()):
        payer, payee = draw(st.permutations(NAMES))[:2]
        add({"type": "pay", "player": payer, "to": payee, "amount": "5.00"})
    add({"type": "close"})
    if not host_present and draw(st.booleans()):
        add({"type": "merge"})
    return {"format": "banker-session/1",
            "session": {"date": "2026-11-28", "banker": "Fred" if not host_present else "Mike",
                        "host_present": host_present},
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


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow, HealthCheck.data_too_large])
@given(night=nights())
def test_the_tablet_and_the_import_write_the_same_night_R9(night):
    assert written(import_session, night) == written(by_services, night)


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
