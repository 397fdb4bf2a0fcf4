"""A night kept in memory: what a night file's import folds its events over.

`MemoryNight` answers the rules' questions (posting.night.NightState) from what it has recorded,
and `record` takes each entry the rules drafted as the database would: its legs move the
balances, its note opens, its buyer sits down, a close closes the night. A bank note's
reference and an entry's are the entry's position in the night.
"""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from dataclasses import dataclass

from ledger.house_settings import SEED, HouseSettings
from rules.games.table import TableState

from .accounts import TABLE_KINDS, Account, EntryKind
from .draft import Draft
from .errors import LedgerError
from .night import NEW_NOTE, LegKey, OpenNote, Person, Posted
from .table_events import table_step


@dataclass
class Recorded:
    """An entry the night has taken, with its legs as stored (note references resolved)."""

    draft: Draft
    legs: dict[LegKey, int]
    reversed: bool = False


class MemoryNight:
    """One night in memory, from THE BOOK as it stood before it."""

    def __init__(self, *, people: dict[str, Person], banker: Person, host_present: bool,
                 date: datetime.date, seats: list[str], book: dict[str, int],
                 settings: HouseSettings = SEED):
        self.people = people
        self.settings = settings
        self.banker = banker
        self.host_present = host_present
        self.date = date
        self._seats: list[str] = list(dict.fromkeys(seats))
        self._book: dict[str, int] = defaultdict(int, book)   # stored = natural
        self._surrogate: dict[str, int] = defaultdict(int)
        self._totals: dict[str, int] = defaultdict(int)       # stored, by account kind
        self._notes: dict[int, tuple[str, str | None, int]] = {}
        self._note_legs: dict[tuple[str, int], int] = defaultdict(int)
        self._bought: Counter[str] = Counter()
        self._cashed: Counter[str] = Counter()
        self._warned: list[str] = []
        self._table = TableState(unit=settings.unit)
        self._closed = False
        self.entries: list[Recorded] = []
        self.settlement: dict[str, object] | None = None

    # -- the rules' questions (posting.night.NightState) ---------------------------------------

    @property
    def closed(self) -> bool:
        return self._closed

    def person(self, name: str) -> Person:
        return self.people[name]

    def natural(self, kind: str) -> int:
        return Account.sign(kind) * self._totals.get(kind, 0)

    def open_notes(self, debtor: str | None = None) -> list[OpenNote]:
        found = []
        for ref, (owner, holder, amount) in self._notes.items():
            value = -self._note_legs.get((Account.NOTE, ref), 0)
            if value and (debtor is None or owner == debtor):
                found.append(OpenNote(ref, owner, holder, amount, value))
        return found

    def note_balance(self, kind: str, ref: int) -> int:
        return self._note_legs.get((kind, ref), 0)

    def seats(self) -> list[str]:
        return list(self._seats)

    def not_cashed_out(self) -> list[str]:
        return sorted(n for n in self._bought if self._bought[n] and not self._cashed[n])

    def warned(self) -> list[str]:
        return list(self._warned)

    def table(self) -> TableState:
        return self._table

    def book(self) -> dict[str, int]:
        balances: dict[str, int] = defaultdict(int, self._book)
        if not self.host_present:
            for name, cents in self._surrogate.items():
                balances[name] += cents
        return {n: c for n, c in balances.items() if c}

    def surrogate(self) -> dict[str, int]:
        return {n: c for n, c in self._surrogate.items() if c}

    def posted(self, ref: int) -> Posted:
        if not 0 <= ref < len(self.entries):
            raise LedgerError(f"\"event\" must name an earlier event, not {ref!r}.")
        entry = self.entries[ref]
        draft = entry.draft
        return Posted(ref, f"Event {ref}", draft.kind, entry.legs, draft.player,
                      draft.counterparty, draft.amount, entry.reversed)

    # -- taking an entry ------------------------------------------------------------------

    def record(self, draft: Draft) -> None:
        """The drafted entry, as if written: balances, notes, seats, who bought and cashed
        out, the warning, the table, a correction's target, a close."""
        me = len(self.entries)
        legs = {(kind, name, me if note == NEW_NOTE else note): amount
                for (kind, name, note), amount in draft.legs.items()}
        for (kind, name, note), amount in legs.items():
            self._totals[kind] += amount
            if note is not None:
                self._note_legs[(kind, note)] += amount
            if kind == Account.BOOK and name is not None:
                self._book[name] += amount
            if kind == Account.SURROGATE and name is not None:
                self._surrogate[name] += amount
        if draft.new_note is not None:
            new = draft.new_note
            self._notes[me] = (new.debtor, new.holder, new.amount)
        if draft.seat is not None and draft.seat not in self._seats:
            self._seats.append(draft.seat)
        self.entries.append(Recorded(draft, legs))
        self._count(draft, 1)
        if draft.kind == EntryKind.WARNING and draft.player is not None:
            self._warned.append(draft.player)
        if draft.kind in TABLE_KINDS:
            self._table = table_step(self._table, draft.kind, draft.amount,
                                     draft.payload.to_json())
        if draft.reverses is not None:
            self._undo(self.entries[draft.reverses])
        if draft.kind == EntryKind.CLOSE:
            self._closed = True
            self.settlement = draft.settlement

    def _count(self, draft: Draft, step: int) -> None:
        if draft.player is not None and draft.kind == EntryKind.BUY:
            self._bought[draft.player] += step
        if draft.player is not None and draft.kind == EntryKind.CASHOUT:
            self._cashed[draft.player] += step

    def _undo(self, target: Recorded) -> None:
        """A correction's target no longer counts: not as a buy or a cash-out, and not in the
        table's record (which is its live entries)."""
        target.reversed = True
        self._count(target.draft, -1)
        if target.draft.kind in TABLE_KINDS:
            self._table = TableState(unit=self.settings.unit)
            for live in self.entries:
                if not live.reversed and live.draft.kind in TABLE_KINDS:
                    self._table = table_step(self._table, live.draft.kind, live.draft.amount,
                                             live.draft.payload.to_json())
