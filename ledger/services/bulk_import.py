"""A night file's night written, all or nothing, in one short transaction.

The night file's import (ledger/night_file/) reads the file and folds its events over the
posting core in memory; it hands this service the plan (`plan`, a callable) and a cheap check
of what the plan read (`under_lock`). Everything long happens before the write transaction,
without a lock: the file read, checked and folded, and the rows of every entry, bank note and
posting built in the database's own form. The transaction - on SQLite the database's write
lock, which a tablet's write waits for - only checks that the night is not here already and
that nothing the plan read has changed meanwhile (a few small queries), creates the missing
players, THE BOOK's opening and the session through their services, seals each entry in the
hash chain as `journal.write` seals it, and inserts the rows (`executemany`). When something
the plan read has changed, nothing is written: the lock is let go and the night planned again,
up to `ATTEMPTS` times, then refused with a sentence.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import connection, models, transaction
from django.db.models import Max
from django.utils import timezone

from ledger.house_settings import SEED, HouseSettings
from ledger.integrity import chain
from ledger.models import BankNote, Entry, Night, Player, Posting, Seat
from ledger.posting.memory import Recorded
from ledger.posting.night import Person
from ledger.posting.table import IDS
from ledger.selectors.import_basis import ImportBasis
from ledger.types import Banker

from .book import book_opening
from .errors import LedgerError
from .journal import chain_fields, chain_tip, entered_by, sealed_facts
from .locks import Turn, take_turn
from .nights import night_open
from .players import player_create

ATTEMPTS = 3               # plans made again when the database changed meanwhile, at most


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
    settings: HouseSettings = SEED      # the rules the night was played by (the file's)


class _Insert:
    """One table's INSERT of many rows in one prepared statement (`executemany`), each value
    prepared as Django's own insert prepares it (`pre_save`, `get_db_prep_save`) - but before
    the lock wherever it can be, and without a bulk_create's per-value SQL compilation, which
    is most of its time on SQLite. The ids are the database's."""

    def __init__(self, model: type[models.Model]):
        self.fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        self.at = {f.attname: index for index, f in enumerate(self.fields)}
        quote = connection.ops.quote_name
        self.sql = (f"INSERT INTO {quote(model._meta.db_table)} "
                    f"({', '.join(quote(f.column) for f in self.fields)}) "
                    f"VALUES ({', '.join(['%s'] * len(self.fields))})")

    def values(self, row: models.Model) -> list[Any]:
        """Every column of `row`, ready for the database."""
        return [f.get_db_prep_save(f.pre_save(row, True), connection) for f in self.fields]

    def prepared(self, attname: str, value: object) -> Any:
        """One column's value ready for the database."""
        return self.fields[self.at[attname]].get_db_prep_save(value, connection)

    def run(self, rows: list[list[Any]]) -> None:
        if rows:
            with connection.cursor() as cursor:
                cursor.executemany(self.sql, rows)


@dataclass
class _Row:
    """One entry made ready before the lock: its INSERT values and the chain's view of it
    (`chain.CHAIN_FIELDS`), both with every column that does not depend on what the
    transaction creates or reads (the session, new players' ids, the chain's tip)."""

    values: list[Any]
    sealed: dict[str, Any]
    payload: dict[str, Any]


class _Changed(Exception):
    """What the plan read changed before the write took its lock (in words)."""


def night_import(*, plan: Callable[[], PlannedNight],
                 under_lock: Callable[[PlannedNight], str | None], key: str,
                 user: Banker = None) -> Night:
    """Plan the night (no lock) and write it as a new session in one short transaction.

    `under_lock(planned)`, asked first inside the transaction, refuses (LedgerError: the
    night is here already) or says what the plan read that has changed since (None: nothing).
    Then nothing is written, the lock is let go, and the night is planned again."""
    created_by = entered_by(user)
    changed = ""
    for _attempt in range(ATTEMPTS):
        planned = plan()
        prepared = _prepare(planned, key=key, created_by=created_by)   # still no lock
        try:
            return _write(planned, prepared, under_lock, key=key, user=user)
        except _Changed as change:
            changed = str(change)
    raise LedgerError(f"The database kept changing while the night was read ({changed}); "
                      "nothing written. Import the file again.", code="import_changed")


def _write(found: PlannedNight, prepared: tuple[_Insert, list[_Row]],
           under_lock: Callable[[PlannedNight], str | None], *, key: str,
           user: Banker) -> Night:
    with transaction.atomic():
        take_turn(Turn.IMPORT)
        changed = under_lock(found)
        if changed is not None:
            raise _Changed(changed)
        for index, new in enumerate(found.create):
            player_create(   # an inviter is checked by the plan: here, or created above
                name=new.name, note_id=new.note_id, regular=new.regular,
                invited_by=_named(new.invited_by) if new.invited_by else None,
                is_host=new.is_host, key=f"{key}-player-{index}", user=user)
        if found.opening:
            book_opening(balances={_named(n): c for n, c in found.opening.items()},
                         key=f"{key}-opening", user=user)
        session = night_open(date=found.date, banker=_named(found.banker),
                               host_present=found.host_present,
                               seating=[_named(name) for name in found.seating],
                               settings=found.settings, key=f"{key}-open", user=user)
        _write_entries(found, prepared, session=session)
        closing: dict[str, object] = {"import_digest": found.digest}
        if found.closed:
            closing.update(status=Night.CLOSED, closed_at=timezone.now(),
                           settlement=found.settlement)
        Night.objects.filter(pk=session.pk).update(**closing)
        session.refresh_from_db()
    return session


def _named(name: str) -> Player:
    """A player the file names: the plan found them here, or they were created above."""
    return Player.objects.get(name=name.strip())


def _prepare(found: PlannedNight, *, key: str, created_by: User | None
             ) -> tuple[_Insert, list[_Row]]:
    """Every entry's row built before the lock, but for the session, the people's ids, a
    correction's reference, the moment, the sequence and the chain (`_write_entries` fills
    them in)."""
    entries = _Insert(Entry)
    rows = []
    for position, recorded in enumerate(found.entries):
        draft = recorded.draft
        entry = Entry(kind=draft.kind, amount=draft.amount, method=draft.method,
                      memo=draft.memo, key=f"{key}-event-{position}", created_by=created_by)
        payload = draft.payload.to_json()
        entry.payload = payload
        rows.append(_Row(entries.values(entry), {name: getattr(entry, name)
                                                 for name in chain_fields()}, payload))
    return entries, rows


def _write_entries(found: PlannedNight, prepared: tuple[_Insert, list[_Row]], *,
                   session: Night) -> None:
    """Insert the plan's seats, entries, bank notes and postings into `session`, each entry
    sealed in the hash chain. Runs inside the import's transaction, under the locks: the
    chain's last link is read here, and only what depends on the transaction is done here."""
    entries, rows = prepared
    pk_of = {p.name: p.pk for p in found.people.values() if p.pk is not None}
    created = [p.name for p in found.people.values() if p.pk is None]
    pk_of.update(Player.objects.filter(name__in=created).values_list("name", "pk"))
    last = Seat.objects.filter(session=session).aggregate(last=Max("position"))["last"]
    seated = set(Seat.objects.filter(session=session).values_list("player__name", flat=True))
    new_seats = [name for name in found.seats if name not in seated]
    Seat.objects.bulk_create(Seat(session=session, player_id=pk_of[name],
                                  position=(-1 if last is None else last) + 1 + offset)
                             for offset, name in enumerate(new_seats))
    take_turn(Turn.JOURNAL, session.house_id)
    sequence, previous = chain_tip(session.house_id) or (0, chain.GENESIS)
    first = sequence + 1
    now = timezone.now()
    at, moment = entries.at, entries.prepared("created_at", now)
    postings = _Insert(Posting)
    posting = postings.values(Posting(house_id=session.house_id, session=session, kind="",
                                      amount=0))  # the other columns
    pks: list[int] = []                 # the entries' ids, as each batch is inserted
    notes: dict[int, int] = {}          # the entry that opened a note -> the note's id
    batch: list[int] = []

    def flush() -> None:
        entries.run([rows[i].values for i in batch])
        ids = dict(Entry.objects.filter(house_id=session.house_id,
                                        sequence__gte=first + batch[0],
                                        sequence__lte=first + batch[-1])
                   .values_list("sequence", "pk"))
        pks.extend(ids[first + i] for i in batch)
        opened = [(i, BankNote(session=session, entry_id=pks[i], debtor_id=pk_of[note.debtor],
                               holder_id=pk_of[note.holder] if note.holder else None,
                               amount=note.amount))
                  for i in batch for note in [found.entries[i].draft.new_note]
                  if note is not None]
        BankNote.objects.bulk_create([note for _, note in opened])   # a few: their ids back
        notes.update((i, note.pk) for i, note in opened)
        legs = []
        for i in batch:
            for (kind, player_id, note), amount in _legs(found.entries[i], pk_of):
                values = list(posting)
                for name, value in (("entry_id", pks[i]), ("kind", kind),
                                    ("player_id", player_id), ("amount", amount),
                                    ("note_id", notes[note] if note is not None else None)):
                    values[postings.at[name]] = value
                legs.append(values)
        postings.run(legs)
        batch.clear()

    for position, recorded in enumerate(found.entries):
        draft = recorded.draft
        # An entry that names an entry of the batch not inserted yet (a correction, a leg on
        # a note it opened) waits for its id: the batch (positions batch[0] on) goes first.
        needs = [n for (_, _, n) in recorded.legs if n is not None and n != position]
        if draft.reverses is not None:
            needs.append(draft.reverses)
        if batch and any(n >= batch[0] for n in needs):
            flush()
        row = rows[position]
        sealed, payload = row.sealed, row.payload
        late = {"house_id": session.house_id, "session_id": session.pk,
                "player_id": pk_of[draft.player] if draft.player else None,
                "counterparty_id": pk_of[draft.counterparty] if draft.counterparty else None}
        if draft.reverses is not None:
            reverses = late["reverses_id"] = pks[draft.reverses]
            payload = {**payload, "entry": reverses}
            sealed["memo"] = row.values[at["memo"]] = draft.memo.replace(
                f"#{draft.reverses} ", f"#{reverses} ", 1)
        if draft.ids is not None:
            payload = {**payload, IDS: {name: pk_of[name] for name in draft.ids}}
        if payload is not row.payload:
            sealed["payload"] = payload
            row.values[at["payload"]] = entries.prepared("payload", payload)
        sequence += 1
        late["sequence"] = sequence
        for name, value in late.items():
            sealed[name] = row.values[at[name]] = value
        sealed["created_at"], row.values[at["created_at"]] = now, moment
        legs = _legs(recorded, pk_of)
        note = draft.new_note
        content = chain.entry_content(
            sequence=sequence, entry=sealed,
            postings=[{"kind": kind, "session_id": session.pk, "player_id": player_id,
                       "note_id": -1 if note_ref == position else
                       (notes[note_ref] if note_ref is not None else None), "amount": amount}
                      for (kind, player_id, note_ref), amount in legs],
            note=None if note is None else {
                "debtor_id": pk_of[note.debtor],
                "holder_id": pk_of[note.holder] if note.holder else None,
                "amount": note.amount},
            facts=sealed_facts(draft.kind, found.settlement),
        )
        previous = row.values[at["chain"]] = chain.link(previous, content)
        batch.append(position)
    if batch:
        flush()


def _legs(recorded: Recorded, pk_of: Mapping[str, int]
          ) -> list[tuple[tuple[str, int | None, int | None], int]]:
    """The entry's legs with people as ids, in the order the services' writer inserts them."""
    legs = [((kind, pk_of[name] if name else None, note), amount)
            for (kind, name, note), amount in recorded.legs.items()]
    return sorted(legs, key=lambda item: (item[0][0], item[0][1] or 0, item[0][2] or 0))
