"""The one place that writes journal rows: a night locked and loaded for the posting core
(ledger/posting/), and the entry it drafted written as rows, sealed in the hash chain.

The core has checked the draft already (balanced, no account of the night below zero); this
module only turns the people it names into rows and inserts the entry, its postings and the
bank note it opens. `write_entries` is the one writer, for a list of one (`write`: the tablet,
the phones) or of thousands (services/bulk_import.py: a night file, `executemany`); `prepare`
builds the rows it can before any lock.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.contrib.auth.models import User
from django.db import connection, models
from django.utils import timezone

from ledger.house import house_id_in_use
from ledger.integrity import chain
from ledger.models import BankNote, Entry, Night, Player, Posting
from ledger.posting.accounts import EntryKind
from ledger.posting.bank import closed_night, correction_naming
from ledger.posting.draft import Draft, NewNote
from ledger.posting.night import NEW_NOTE
from ledger.posting.table import IDS
from ledger.selectors.night_state import StoredNight
from ledger.types import Banker

from .holder import check_holder
from .locks import Turn, take_turn
from .seats import seat_player
from .versions import bump_house, bump_night

if TYPE_CHECKING:   # a value a database driver takes (django-stubs' name for it)
    from django.db.backends.utils import _SQLType as Column


def entered_by(user: Banker) -> User | None:
    """The user an entry (or a saved game) records as who entered it: the logged-in banker."""
    return user if isinstance(user, User) and user.is_authenticated else None


def lock_night(session: Night, *, user: Banker,
                 must_be_open: bool = True) -> Night:
    """Re-read the session under a row lock and check that `user` holds its bank.

    Every service that writes into a night starts here, so none can forget the rule of
    services/holder.py: the holder writes, a free bank is taken by the banker who writes,
    anyone else is refused; `user=None` is the command line or an import.
    """
    locked = lock_night_row(session, must_be_open=must_be_open)
    check_holder(locked, user)
    return locked


def lock_night_row(session: Night, *, must_be_open: bool = True) -> Night:
    """Re-read the session under a row lock (PostgreSQL) so writes to one night queue up.

    On SQLite the IMMEDIATE transaction already holds the database's write lock. No holder
    check: the hand-over (services/bank.py) has rules of its own.
    """
    # NO KEY: the lock queues the night's writers without blocking rows that only refer to
    # the night (a phone's ask); of the night's row alone, not of its banker's.
    locked = (Night.objects.select_for_update(no_key=True, of=("self",))
              .select_related("banker").get(pk=session.pk))
    if must_be_open and not locked.is_open:
        raise closed_night(locked.date)
    bump_night(locked)   # a write to the night: its pages' version moves (services/versions.py)
    return locked


def locked_night(session: Night, *, user: Banker,
                 players: Iterable[Player | None] = ()) -> StoredNight:
    """Lock the night (`lock_night`) and load it for the posting core, knowing the rows
    of the people the service was given."""
    return StoredNight(lock_night(session, user=user), [p for p in players if p is not None])


def write(night: StoredNight | None, draft: Draft, *, key: str | None,
          user: Banker = None) -> Entry:
    """Insert the drafted entry (posting core: checked already) and its postings, sealed in the
    hash chain; a bank note it opens, a buyer it seats. `night` None: THE BOOK alone."""
    session = night.session if night is not None else None
    rows = _rows(night, draft)
    if draft.seat is not None and session is not None:
        seat_player(session, rows[draft.seat])
    [entry] = write_entries(prepare([draft], [key], created_by=entered_by(user)),
                            session=session, house_id=_house_of(session, rows),
                            people={name: row.pk for name, row in rows.items()})
    entry.session = session   # the rows at hand, so the caller's reads of them cost nothing
    entry.player = rows.get(draft.player or "")
    entry.counterparty = rows.get(draft.counterparty or "")
    if session is None:   # THE BOOK alone (a payment, an opening): any night's pages may show it
        bump_house()
    return entry


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
        self.returning = f"{self.sql} RETURNING {quote(model._meta.pk.column)}"

    def values(self, row: models.Model) -> list[Column]:
        """Every column of `row`, ready for the database."""
        return [f.get_db_prep_save(f.pre_save(row, True), connection) for f in self.fields]

    def prepared(self, attname: str, value: object) -> Column:
        """One column's value ready for the database."""
        prepared: Column = self.fields[self.at[attname]].get_db_prep_save(value, connection)
        return prepared

    def run(self, rows: list[list[Column]]) -> None:
        if rows:
            with connection.cursor() as cursor:
                cursor.executemany(self.sql, rows)

    def one(self, row: list[Column]) -> int | None:
        """Insert one row and give back its id (None: the database cannot say)."""
        if not connection.features.can_return_columns_from_insert:
            self.run([row])
            return None
        with connection.cursor() as cursor:
            cursor.execute(self.returning, row)
            return int(cursor.fetchone()[0])


@functools.cache
def _insert(model: type[models.Model]) -> _Insert:
    return _Insert(model)


@dataclass
class Prepared:
    """Entries made ready before any lock: each draft's Entry and its INSERT values, with every
    column that does not depend on what the write reads or creates (the night, the people's
    ids, a correction's reference, the moment, the sequence, the chain: `write_entries`)."""

    drafts: list[Draft]
    entries: list[Entry]
    values: list[list[Column]]


def prepare(drafts: Sequence[Draft], keys: Sequence[str | None], *,
            created_by: User | None) -> Prepared:
    """The entries of `drafts` (under the idempotency `keys`) built, no lock taken yet."""
    insert = _insert(Entry)
    entries = [Entry(kind=draft.kind, amount=draft.amount, method=draft.method,
                     memo=draft.memo, key=key, created_by=created_by,
                     payload=draft.payload.to_json())
               for draft, key in zip(drafts, keys, strict=True)]
    return Prepared(list(drafts), entries, [insert.values(entry) for entry in entries])


def write_entries(prepared: Prepared, *, session: Night | None, house_id: int,
                  people: Mapping[str, int], by_position: bool = False) -> list[Entry]:
    """Write the prepared entries into `session` (None: THE BOOK alone) of the house's
    journal, in order: each numbered and sealed in the hash chain (integrity/chain.py), the bank
    note it opens, its postings - one or thousands, in batches of one INSERT each
    (`executemany`; one entry alone gives its id back from its INSERT).

    `people`: the id of everyone the drafts name. `by_position`: the drafts name the entries
    they correct and the notes their legs move by their position in `prepared` (a night
    file's import), not by their ids; an entry that names one not inserted yet waits for it
    (the batch before it goes first). Runs inside the caller's transaction, under its locks;
    the chain's turn is taken here."""
    drafts, entries, values = prepared.drafts, prepared.entries, prepared.values
    take_turn(Turn.JOURNAL, house_id)   # the chain is one line: its writers take turns
    tip = chain_tip(house_id)
    sequence, previous = tip if tip is not None else (0, chain.GENESIS)
    first = sequence + 1
    now = timezone.now()
    insert_entry, insert_posting = _insert(Entry), _insert(Posting)
    at, moment = insert_entry.at, insert_entry.prepared("created_at", now)
    session_id = session.pk if session is not None else None
    posting = insert_posting.values(Posting(house_id=house_id, session_id=session_id,
                                            kind="", amount=0))   # the other columns
    to_entry, to_kind, to_player, to_note, to_amount = (
        insert_posting.at[name] for name in ("entry_id", "kind", "player_id", "note_id", "amount"))
    ids: list[int] = []               # the entries' ids, by position, as batches go in
    notes: dict[int, int] = {}        # the position of an entry that opened a note -> its id
    batch: list[int] = []

    def note_of(ref: int | None, position: int) -> int | None:
        """A leg's note id: the entry's own new note, one named by position, or by id."""
        if ref == NEW_NOTE:
            return notes[position]
        return notes[ref] if by_position and ref is not None else ref

    def flush() -> None:
        pk = insert_entry.one(values[batch[0]]) if len(batch) == 1 else None
        if pk is not None:
            ids.append(pk)
        else:
            if len(batch) > 1:
                insert_entry.run([values[i] for i in batch])
            found = dict(Entry.objects.filter(house_id=house_id,
                                              sequence__gte=first + batch[0],
                                              sequence__lte=first + batch[-1])
                         .values_list("sequence", "pk"))
            ids.extend(found[first + i] for i in batch)
        opened = [(i, _note(session, ids[i], note, people)) for i in batch
                  for note in [drafts[i].new_note] if note is not None]
        BankNote.objects.bulk_create([note for _, note in opened])   # a few: their ids back
        notes.update((i, note.pk) for i, note in opened)
        legs = []
        for i in batch:
            entry_id = ids[i]
            for kind, player_id, note_id, amount in sorted(
                    [(kind, people[name] if name else None, note_of(ref, i), amount)
                     for (kind, name, ref), amount in drafts[i].legs.items()],
                    key=_leg_order):
                row = posting.copy()
                row[to_entry], row[to_kind], row[to_player] = entry_id, kind, player_id
                row[to_note], row[to_amount] = note_id, amount
                legs.append(row)
        insert_posting.run(legs)
        batch.clear()

    for position, draft in enumerate(drafts):
        refs = [ref for (_, _, ref) in draft.legs if ref is not None and ref != NEW_NOTE]
        if draft.reverses is not None:
            refs.append(draft.reverses)
        if by_position and batch and any(ref >= batch[0] for ref in refs):
            flush()
        entry, row = entries[position], values[position]
        payload = entry.payload
        if draft.reverses is not None and by_position:
            draft = correction_naming(draft, ids[draft.reverses], drafts[draft.reverses].kind)
            payload = draft.payload.to_json()
            entry.memo = row[at["memo"]] = draft.memo
        if draft.ids is not None:
            payload = {**payload, IDS: {name: people[name] for name in draft.ids}}
        if payload is not entry.payload:
            entry.payload = payload
            row[at["payload"]] = insert_entry.prepared("payload", payload)
        sequence += 1
        late = {"house_id": house_id, "session_id": session_id,
                "player_id": people[draft.player] if draft.player else None,
                "counterparty_id": people[draft.counterparty] if draft.counterparty else None,
                "reverses_id": draft.reverses, "sequence": sequence}
        fields = entry.__dict__   # its columns: a new Entry caches no row they point at
        fields.update(late, created_at=now)
        for name, value in late.items():
            row[at[name]] = value
        row[at["created_at"]] = moment
        note = draft.new_note
        previous = entry.chain = row[at["chain"]] = chain.link(previous, chain.entry_content(
            sequence=sequence, entry={field: fields[field] for field in chain_fields()},
            postings=[{"kind": kind, "session_id": session_id,
                       "player_id": people[name] if name else None,
                       "note_id": NEW_NOTE if ref == NEW_NOTE else note_of(ref, position),
                       "amount": amount}
                      for (kind, name, ref), amount in draft.legs.items()],
            note=None if note is None else {
                "debtor_id": people[note.debtor],
                "holder_id": people[note.holder] if note.holder else None,
                "amount": note.amount},
            facts=sealed_facts(draft.kind, draft.settlement)))
        batch.append(position)
    if batch:
        flush()
    for entry, pk in zip(entries, ids, strict=True):
        entry.pk = pk
        entry._state.adding, entry._state.db = False, connection.alias
    return entries


def _note(session: Night | None, entry_id: int, note: NewNote,
          people: Mapping[str, int]) -> BankNote:
    """The bank note an entry opens (a buy paid by note: always in a night)."""
    if session is None:
        raise ValueError("a bank note opens in a night")
    return BankNote(session=session, entry_id=entry_id, debtor_id=people[note.debtor],
                    holder_id=people[note.holder] if note.holder else None,
                    amount=note.amount)


def _house_of(session: Night | None, rows: dict[str, Player]) -> int:
    """The journal the entry goes into: its night's house, else its people's."""
    if session is not None:
        return session.house_id
    return next((row.house_id for row in rows.values()), None) or house_id_in_use()


def _rows(night: StoredNight | None, draft: Draft) -> dict[str, Player]:
    """The rows of everyone the draft names."""
    names = {name for (_, name, _) in draft.legs if name}
    names |= {n for n in (draft.player, draft.counterparty, draft.seat) if n}
    names |= set(draft.ids or ())
    if draft.new_note is not None:
        names |= {n for n in (draft.new_note.debtor, draft.new_note.holder) if n}
    if night is not None:
        return night.rows(names)
    return {p.name: p for p in Player.objects.filter(name__in=names)}


def chain_tip(house_id: int) -> tuple[int, str] | None:
    """The sequence and link of the house's newest entry (each house has its own chain)."""
    tip = (Entry.objects.filter(house_id=house_id, sequence__isnull=False)
           .order_by("-sequence").values_list("sequence", "chain").first())
    return None if tip is None or tip[0] is None else (int(tip[0]), str(tip[1]))


def sealed_facts(kind: str, settlement: object) -> dict[str, object] | None:
    """The facts outside the entry's own rows that its link seals: for the entry that closes
    a night, the settlement stored on the night (who pays whom, what the phones show)."""
    return {"settlement": settlement} if kind == EntryKind.CLOSE else None


def chain_fields() -> tuple[str, ...]:
    """The Entry columns the chain seals (as attribute names: ids for foreign keys)."""
    return chain.CHAIN_FIELDS


def _leg_order(leg: tuple[str, int | None, int | None, int]) -> tuple[str, int, int]:
    """The order an entry's postings go in: by kind, person, note."""
    kind, player_id, note_id, _ = leg
    return (kind, player_id or 0, note_id or 0)
