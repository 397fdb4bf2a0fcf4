"""The bulk import (ledger/night_file/planning.py) writes what the services would write, event by
event (R9): the same entries, payloads, memos, postings, bank notes, seats, close and
settlement, and refuses a file with the services' own sentence. The oracle here is the import
as it was before: every event replayed through its service."""

import copy
import datetime
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction
from ledger_night import assert_invariants, named, new_key, party
from test_hands_at_the_table import old_man_night

from bench.import_night import night as bench_night
from ledger import selectors, services
from ledger.models import BankNote, Entry, Night, Player, Posting, Seat
from ledger.night_file import import_session
from ledger.night_file.amounts import cents_of
from ledger.night_file.schema import check_document
from ledger.posting.accounts import BANK, EntryKind, Method
from ledger.services import LedgerError
from rules.games.hand_types import HandInput

NIGHTS = Path(__file__).resolve().parent / "nights"
pytestmark = pytest.mark.django_db


# ---- the oracle: each event through its service ------------------------------------------

def _apply(event: Mapping[str, Any], *, session, entries, key) -> Entry:
    """The event's names and amounts read here, as the import reads them (the services take
    rows and cents)."""
    kind = event.get("type")
    common = {"session": session, "key": key}
    get = event.get

    def amount(default=None):
        text = get("amount", default)
        return None if text is None else cents_of(text)

    if kind == "buy":
        return services.buyin_create(player=named(get("player")), amount=amount(),
                                     paid=get("paid", Method.CASH),
                                     seller=party(get("from", BANK)),
                                     confirm_duplicate=True, **common)
    if kind == "warning":
        return services.warning_record(player=named(get("player")), **common)
    if kind == "penalty":
        return services.penalty_record(player=named(get("player")), amount=amount("0.20"),
                                       **common)
    if kind == "hand":
        return services.hand_enter(hand=HandInput.from_json(event), **common)
    if kind == "call":
        return services.game_call(game=get("game"), dealer=named(get("dealer")),
                                  options=get("options"), **common)
    if kind == "end_game":
        return services.game_end(**common)
    if kind == "cashout":
        return services.cashout_create(player=named(get("player")), chips=get("chips"),
                                       **common)
    if kind == "count_difference":
        return services.count_difference_record(amount=amount(),
                                                reason=get("reason", ""), **common)
    if kind == "final_pot":
        return services.final_pot_award(winner=named(get("winner")), **common)
    if kind == "note":
        service = services.note_commit if get("action") == "commit" else services.note_void
        holder = get("holder", "all")
        return service(player=named(get("player")),
                       holder=holder if holder == "all" else party(holder),
                       amount=amount(), **common)
    if kind == "pay":
        return services.payment_record(player=named(get("player")), to=party(get("to")),
                                       amount=amount(), **common)
    if kind == "merge":
        return services.surrogate_book_merge(**common)
    if kind == "close":
        return services.night_close(**common)
    assert kind == "reverse"
    return services.entry_reverse(entry=entries[get("event")], reason=get("reason", ""),
                                  key=key)


def by_services(document: dict) -> Night:
    _, head, rows, book_before, events = check_document(document)
    with transaction.atomic():
        for row in rows:
            if not Player.objects.filter(name=row["name"]).exists():
                services.player_create(name=row["name"], note_id=row["note_id"],
                                       regular=row.get("regular", True),
                                       invited_by=party(row.get("invited_by")),
                                       is_host=row.get("host", False), key=new_key())
        opening = {n: a for n, a in book_before.items() if a not in ("0.00", "0")}
        if opening and not Posting.objects.filter(kind="book").exists():
            services.book_opening(balances={named(n): cents_of(a) for n, a in opening.items()},
                                  key=new_key())
        seating = head.get("seating") or [row["name"] for row in rows]
        session = services.night_open(date=datetime.date.fromisoformat(head["date"]),
                                        banker=named(head["banker"]),
                                        host_present=head.get("host_present", True),
                                        seating=[named(n) for n in seating], key=new_key())
        entries: list[Entry] = []
        for index, event in enumerate(events):
            try:
                entries.append(_apply(event, session=session, entries=entries, key=new_key()))
            except LedgerError as error:
                raise LedgerError(
                    f"events[{index}] ({event.get('type')}): {error.message}") from None
        session.refresh_from_db()
    return session


def contents(session: Night) -> dict:
    """Everything an import writes for a night, with ids turned into names and positions."""
    names = dict(Player.objects.values_list("pk", "name"))
    entries = list(Entry.objects.filter(session=session).order_by("id"))
    position = {e.pk: i for i, e in enumerate(entries)}
    notes = {n.pk: n for n in BankNote.objects.filter(session=session)}
    rows = []
    for entry in entries:
        payload = dict(entry.payload)
        ids = {n: names[pk] for n, pk in (payload.pop("ids", None) or {}).items()}
        if entry.kind == EntryKind.REVERSAL:
            payload["entry"] = position[payload["entry"]]
        memo = re.sub(r"#(\d+)", lambda m: f"#{position.get(int(m[1]))}", entry.memo)
        legs = sorted((p.kind, names.get(p.player_id), position[notes[p.note_id].entry_id]
                       if p.note_id else None, p.amount)
                      for p in Posting.objects.filter(entry=entry))
        note = BankNote.objects.filter(entry=entry).first()
        rows.append({
            "kind": entry.kind, "player": names.get(entry.player_id),
            "counterparty": names.get(entry.counterparty_id), "amount": entry.amount,
            "method": entry.method, "payload": payload, "ids": ids, "memo": memo,
            "reverses": position.get(entry.reverses_id), "legs": legs,
            "note": None if note is None else (names[note.debtor_id],
                                               names.get(note.holder_id), note.amount)})
    seats = list(Seat.objects.filter(session=session).order_by("position")
                 .values_list("player__name", flat=True))
    return {"entries": rows, "seats": seats, "status": session.status,
            "settlement": session.settlement, "book_before": session.book_before,
            "report": selectors.settle_up_report(session),
            "players": sorted(Player.objects.values_list("name", "note_id", "regular",
                                                         "is_host", "invited_by__name"))}


def both_ways(document: dict) -> tuple[dict, dict]:
    with transaction.atomic():
        bulk = import_session(copy.deepcopy(document))
        assert selectors.audit()["ok"]
        assert_invariants(bulk)
        first = contents(bulk)
        transaction.set_rollback(True)
    with transaction.atomic():
        second = contents(by_services(copy.deepcopy(document)))
        transaction.set_rollback(True)
    return first, second


def with_corrections() -> dict:
    """The bench's night, short, with corrections: a cash buy-in reversed and entered again,
    a hand reversed, a note voided by holder and amount."""
    document = bench_night(260, seed=3)
    events = document["events"]
    at = 12
    first_buy = events[0]
    events[at:at] = [{"type": "reverse", "event": 0, "reason": "typed twice"},
                     copy.deepcopy(first_buy)]
    hand = next(i for i, e in enumerate(events) if e["type"] == "hand" and "awards" in e)
    events.insert(hand + 1, {"type": "reverse", "event": hand, "reason": "wrong winner"})
    return document


def fixture(name: str) -> dict:
    return json.loads((NIGHTS / name).read_text())


@pytest.mark.parametrize("make", [
    lambda: fixture("architecture_example.json"),
    lambda: fixture("winners_and_a_lost_chip.json"),
    lambda: {**fixture("host_away_guest_lost_everything.json"), "book_before": {}},
    old_man_night,
    lambda: bench_night(300, seed=1),
    with_corrections,
], ids=["architecture", "winners", "host-away", "old-man", "bench", "corrections"])
def test_the_bulk_import_writes_what_the_services_write_R9(make):
    bulk, services_way = both_ways(make())
    assert bulk["entries"] == services_way["entries"]
    assert bulk == services_way


@pytest.mark.parametrize(("change", "words"), [
    (lambda e: e.insert(3, {"type": "cashout", "player": "Fred", "chips": {"green": 90}}),
     "but the bank has only"),
    (lambda e: e.insert(3, {"type": "final_pot", "winner": "Fred"}), "not cashed out yet"),
    (lambda e: e.insert(3, {"type": "close"}), "not cashed out yet"),
    (lambda e: e.insert(3, {"type": "note", "player": "Fred", "action": "void"}),
     "Fred has no open bank note"),
    (lambda e: e.insert(4, {"type": "warning", "player": "Fred"}), "one warning was already"),
    (lambda e: e.insert(3, {"type": "penalty", "player": "Fred", "amount": "0.25"}),
     "The penalty for jumping the bet is $0.20"),
    (lambda e: e.insert(3, {"type": "pay", "player": "Mike", "to": "bank", "amount": "1.00"}),
     "cannot pay themselves"),
    (lambda e: e.insert(3, {"type": "buy", "player": "Fred", "from": "Fred",
                            "amount": "1.00"}), "cannot buy chips from themselves"),
    (lambda e: e.insert(3, {"type": "count_difference", "amount": "90.00", "reason": "x"}),
     "is more than that"),
    (lambda e: e.insert(3, {"type": "reverse", "event": 2, "reason": " "}), "Say why"),
    (lambda e: e.insert(3, {"type": "end_game"}), "No game is being played"),
    (lambda e: e.append({"type": "buy", "player": "Fred", "amount": "5.00"}), "is closed"),
    (lambda e: e.insert(5, {"type": "hand", "pot": "1.00", "awards": {"Fred": "2.00"}}),
     "is more than the pot"),
])
def test_a_refusal_is_the_services_own_sentence(change, words):
    document = fixture("architecture_example.json")
    change(document["events"])
    refusals = []
    for way in (import_session, by_services):
        with pytest.raises(LedgerError) as refused, transaction.atomic():
            way(copy.deepcopy(document))
        refusals.append(str(refused.value))
    assert refusals[0] == refusals[1]
    assert words in refusals[0]
    assert not Night.objects.exists() and not Entry.objects.exists()
