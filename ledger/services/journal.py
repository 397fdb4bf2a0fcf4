"""The one place that writes journal rows: a night locked and loaded for the posting core
(ledger/posting/), and the entry it drafted written as rows, sealed in the hash chain.

The core has checked the draft already (balanced, no account of the night below zero); this
module only turns the people it names into rows and inserts the entry, its postings and the
bank note it opens.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.contrib.auth.models import User
from django.utils import timezone

from ledger.house import house_id_in_use
from ledger.integrity import chain
from ledger.models import BankNote, Entry, Night, Player, Posting
from ledger.posting.accounts import EntryKind
from ledger.posting.bank import closed_night
from ledger.posting.draft import Draft
from ledger.posting.night import NEW_NOTE
from ledger.posting.table import IDS
from ledger.selectors.night_state import StoredNight
from ledger.types import Banker

from .holder import check_holder
from .locks import Turn, take_turn
from .seats import seat_player
from .versions import bump_house, bump_night


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
    pk = {name: row.pk for name, row in rows.items()}
    legs = {(kind, pk[name] if name else None, note): amount
            for (kind, name, note), amount in draft.legs.items()}
    if draft.seat is not None and session is not None:
        seat_player(session, rows[draft.seat])
    payload = draft.payload.to_json()
    if draft.ids is not None:
        payload[IDS] = {name: pk[name] for name in draft.ids}
    entry = Entry(
        house_id=_house_of(session, rows), session=session, kind=draft.kind,
        player=rows.get(draft.player or ""),
        counterparty=rows.get(draft.counterparty or ""), amount=draft.amount,
        method=draft.method, payload=payload, memo=draft.memo, key=key,
        created_by=entered_by(user), reverses_id=draft.reverses, created_at=timezone.now(),
    )
    new_note = draft.new_note
    note = None if new_note is None else {
        "debtor_id": pk[new_note.debtor],
        "holder_id": pk[new_note.holder] if new_note.holder else None,
        "amount": new_note.amount}
    _seal(entry, legs, note, sealed_facts(draft.kind, draft.settlement))
    entry.save()
    made = None
    if note is not None and session is not None:
        made = BankNote.objects.create(session=session, entry=entry, **note)
    Posting.objects.bulk_create(
        Posting(house_id=entry.house_id, entry=entry, kind=kind, session=session,
                player_id=player_id,
                note_id=made.pk if (made is not None and note_id == NEW_NOTE) else note_id,
                amount=stored)
        for (kind, player_id, note_id), stored in sorted(legs.items(), key=_leg_order)
    )
    if session is None:   # THE BOOK alone (a payment, an opening): any night's pages may show it
        bump_house()
    return entry


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




def _seal(entry: Entry, legs: dict[tuple[str, int | None, int | None], int],
          note: dict[str, int | None] | None, facts: Mapping[str, object] | None) -> None:
    """Give the entry the next sequence number and its link in the hash chain
    (ledger/integrity/chain.py)."""
    take_turn(Turn.JOURNAL, entry.house_id)   # the chain is one line: its writers take turns
    last = chain_tip(entry.house_id)
    sequence, previous = (last[0] + 1, last[1]) if last is not None else (1, chain.GENESIS)
    content = chain.entry_content(
        sequence=sequence,
        entry={field: getattr(entry, field) for field in chain_fields()},
        postings=[{"kind": k, "session_id": entry.session_id, "player_id": player_id,
                   "note_id": note_id, "amount": stored}
                  for (k, player_id, note_id), stored in legs.items()],
        note=note, facts=facts,
    )
    entry.sequence = sequence
    entry.chain = chain.link(previous, content)


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


def _leg_order(item: tuple[tuple[str, int | None, int | None], int]) -> tuple[str, int, int]:
    (kind, player_id, note_id), _ = item
    return (kind, player_id or 0, note_id or 0)
