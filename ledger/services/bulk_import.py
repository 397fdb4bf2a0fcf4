"""A night file's night written, all or nothing, in one short transaction.

The night file's import (ledger/night_file/) reads the file and folds its events over the
posting core in memory, without a lock; it hands the planned night here. Under the import's
lock the plan is checked once more (`under_lock`: the night is not here already, what the plan
read has not changed meanwhile, else it is planned again), then the missing players, THE
BOOK's opening and the session are written through their services and the drafted entries,
bank notes and postings in bulk (`bulk_create`), each entry sealed in the hash chain as
`journal.write` seals it.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from ledger import chain
from ledger.models import BankNote, Entry, Player, PokerSession, Posting, Seat
from ledger.posting.memory import Recorded
from ledger.posting.night import Person
from ledger.posting.table import IDS
from ledger.selectors.import_basis import ImportBasis
from ledger.types import Banker

from .book import book_opening
from .journal import _CHAIN_LOCK, chain_fields, chain_tip, entered_by, sealed_facts
from .players import player_create
from .sessions import session_open

_IMPORT_LOCK = 7_000_003   # PostgreSQL: imports take their turn (SQLite: IMMEDIATE already)


@dataclass(frozen=True)
class NewPlayer:
    """A player the file names who is not here yet, as the file gives them."""

    name: str
    note_id: str
    regular: bool
    is_host: bool
    invited_by: str | None


@dataclass
class PlannedNight:
    """A night folded in memory: the people, THE BOOK's opening, the session, the entries."""

    view: ImportBasis                   # what the plan read of the database
    people: dict[str, Person]
    create: list[NewPlayer]             # the players to create, as the file names them
    opening: dict[str, int]
    date: datetime.date
    banker: str
    host_present: bool
    seating: list[str]
    seats: list[str]
    entries: list[Recorded]
    closed: bool
    settlement: dict[str, object] | None
    digest: str                         # the events' fingerprint (the same night, once)


def night_import(*, planned: PlannedNight,
                 under_lock: Callable[[PlannedNight], PlannedNight], key: str,
                 user: Banker = None) -> PokerSession:
    """Write a planned night as a new session; `under_lock` checks the plan again once the
    import holds its lock (and may refuse, or plan again)."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_IMPORT_LOCK])
        found = under_lock(planned)
        for index, new in enumerate(found.create):
            player_create(   # an inviter is checked by the plan: here, or created above
                name=new.name, note_id=new.note_id, regular=new.regular,
                invited_by=_named(new.invited_by) if new.invited_by else None,
                is_host=new.is_host, key=f"{key}-player-{index}", user=user)
        if found.opening:
            book_opening(balances={_named(n): c for n, c in found.opening.items()},
                         key=f"{key}-opening", user=user)
        session = session_open(date=found.date, banker=_named(found.banker),
                               host_present=found.host_present,
                               seating=[_named(name) for name in found.seating],
                               key=f"{key}-open", user=user)
        _write_entries(found, session=session, key=key, created_by=entered_by(user))
        closing: dict[str, object] = {"import_digest": found.digest}
        if found.closed:
            closing.update(status=PokerSession.CLOSED, closed_at=timezone.now(),
                           settlement=found.settlement)
        PokerSession.objects.filter(pk=session.pk).update(**closing)
        session.refresh_from_db()
    return session


def _named(name: str) -> Player:
    """A player the file names: the plan found them here, or they were created above."""
    return Player.objects.get(name=name.strip())


def _write_entries(found: PlannedNight, *, session: PokerSession, key: str,
                   created_by: User | None) -> None:
    """Insert the plan's seats, entries, bank notes and postings into `session`, in bulk,
    each entry sealed in the hash chain. Runs inside the import's transaction, under the
    locks: the chain's last link is read here."""
    pk_of = {p.name: p.pk for p in found.people.values() if p.pk is not None}
    created = [p.name for p in found.people.values() if p.pk is None]
    pk_of.update(Player.objects.filter(name__in=created).values_list("name", "pk"))
    last = Seat.objects.filter(session=session).aggregate(last=Max("position"))["last"]
    seated = set(Seat.objects.filter(session=session).values_list("player__name", flat=True))
    new_seats = [name for name in found.seats if name not in seated]
    Seat.objects.bulk_create(Seat(session=session, player_id=pk_of[name],
                                  position=(-1 if last is None else last) + 1 + offset)
                             for offset, name in enumerate(new_seats))
    if connection.vendor == "postgresql":   # the chain's turn (services/journal.py)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s::int, %s::int)",
                           [_CHAIN_LOCK, session.house_id])
    sequence, previous = chain_tip(session.house_id) or (0, chain.GENESIS)
    now = timezone.now()
    rows: list[Entry] = []
    notes: dict[int, BankNote] = {}
    batch: list[int] = []

    def flush() -> None:
        made = Entry.objects.bulk_create([rows[i] for i in batch])
        for i, row in zip(batch, made, strict=True):
            rows[i] = row
        pairs = [(i, BankNote(session=session, entry=rows[i], debtor_id=pk_of[note.debtor],
                              holder_id=pk_of[note.holder] if note.holder else None,
                              amount=note.amount))
                 for i in batch for note in [found.entries[i].draft.new_note]
                 if note is not None]
        BankNote.objects.bulk_create([note for _, note in pairs])
        notes.update(pairs)
        Posting.objects.bulk_create(
            Posting(house_id=session.house_id, entry=rows[i], kind=kind, session=session,
                    player_id=player_id,
                    note_id=notes[note].pk if note is not None else None, amount=amount)
            for i in batch for (kind, player_id, note), amount in _legs(found.entries[i], pk_of))
        batch.clear()

    for position, recorded in enumerate(found.entries):
        draft = recorded.draft
        needs = {n for (_, _, n) in recorded.legs if n is not None and n != position}
        if draft.reverses is not None:
            needs.add(draft.reverses)
        if needs & set(batch):
            flush()
        payload = draft.payload.to_json()
        memo = draft.memo
        reverses = None
        if draft.reverses is not None:
            reverses = rows[draft.reverses]
            payload["entry"] = reverses.pk
            memo = memo.replace(f"#{draft.reverses} ", f"#{reverses.pk} ", 1)
        if draft.ids is not None:
            payload[IDS] = {name: pk_of[name] for name in draft.ids}
        row = Entry(house_id=session.house_id, session=session, kind=draft.kind,
                    player_id=pk_of[draft.player] if draft.player else None,
                    counterparty_id=pk_of[draft.counterparty] if draft.counterparty else None,
                    amount=draft.amount, method=draft.method, payload=payload, memo=memo,
                    reverses=reverses, key=f"{key}-event-{position}", created_by=created_by,
                    created_at=now)
        sequence += 1
        note = draft.new_note
        content = chain.entry_content(
            sequence=sequence, entry={name: getattr(row, name) for name in chain_fields()},
            postings=[{"kind": kind, "session_id": session.pk, "player_id": player_id,
                       "note_id": -1 if note_ref == position else
                       (notes[note_ref].pk if note_ref is not None else None), "amount": amount}
                      for (kind, player_id, note_ref), amount in _legs(recorded, pk_of)],
            note=None if note is None else {
                "debtor_id": pk_of[note.debtor],
                "holder_id": pk_of[note.holder] if note.holder else None,
                "amount": note.amount},
            facts=sealed_facts(draft.kind, found.settlement),
        )
        row.sequence, row.chain = sequence, chain.link(previous, content)
        previous = row.chain
        rows.append(row)
        batch.append(position)
    if batch:
        flush()


def _legs(recorded: Recorded, pk_of: Mapping[str, int]
          ) -> list[tuple[tuple[str, int | None, int | None], int]]:
    """The entry's legs with people as ids, in the order the services' writer inserts them."""
    legs = [((kind, pk_of[name] if name else None, note), amount)
            for (kind, name, note), amount in recorded.legs.items()]
    return sorted(legs, key=lambda item: (item[0][0], item[0][1] or 0, item[0][2] or 0))

