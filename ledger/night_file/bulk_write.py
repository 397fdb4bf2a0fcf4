"""A planned night written into its session in bulk, each entry sealed in the hash chain.

Runs inside the import's transaction (ledger/night_file/importing.py), under the locks:
`bulk_create` for the seats, entries, bank notes and postings, each entry sealed by
`ledger.chain` exactly as `Journal.write` seals it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import connection
from django.db.models import Max
from django.utils import timezone

from ledger import chain
from ledger.models import BankNote, Entry, Player, PokerSession, Posting, Seat
from ledger.posting.memory import Recorded
from ledger.posting.table import IDS
from ledger.services.journal import chain_fields, sealed_facts

from .planning import Plan


def write(found: Plan, *, session: PokerSession, key: str, created_by: Any = None) -> None:
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
        from ledger.services.journal import _CHAIN_LOCK
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_CHAIN_LOCK])
    tip = (Entry.objects.filter(sequence__isnull=False).order_by("-sequence")
           .values("sequence", "chain").first())
    sequence, previous = (int(tip["sequence"] or 0), tip["chain"]) if tip else (0, chain.GENESIS)
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
            Posting(entry=rows[i], kind=kind, session=session, player_id=player_id,
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
        row = Entry(session=session, kind=draft.kind,
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

