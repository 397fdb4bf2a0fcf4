"""What the bank's rules read of a night: the `NightState` they are given, and the people in it.

Two kinds of night answer these questions: a night loaded from the database under its lock, a
little at a time as the rules ask (`ledger.selectors.night_state.StoredNight`), and a night
kept in memory while a night file's events are folded over it (`posting.memory.MemoryNight`).
The rules see no difference; that is what lets the tablet, the phones and the import share
them.

People are named by their names (unique in the house); a bank note by a reference the night
gives it (the note's row id, or the position of the entry that wrote it).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Protocol

from ledger.house_settings import HouseSettings
from rules.games.table import TableState

# A leg of an entry: (account kind, the person's name or None, the note's reference or None).
LegKey = tuple[str, str | None, int | None]
NEW_NOTE = -1   # the note reference of the note the entry itself creates


@dataclass(frozen=True)
class Person:
    """A player as the rules need them: name, bank-note identifier (B4), regular or guest,
    who invited them (B9). `pk` is their row, where they have one already."""

    name: str
    note_id: str
    regular: bool = True
    is_host: bool = False
    invited_by: str | None = None
    pk: int | None = None


@dataclass(frozen=True)
class OpenNote:
    """A bank note still open: who owes it, who holds it (None: the bank), its face amount and
    what is still open on it, in cents."""

    ref: int
    debtor: str
    holder: str | None
    amount: int
    value: int


@dataclass(frozen=True)
class Posted:
    """An entry already written, as a correction needs it: its kind and stored legs, whom it
    was about, and whether it was corrected already."""

    ref: int
    name: str             # how a refusal names it: "Entry #12", or "Event 3" of a file
    kind: str
    legs: dict[LegKey, int]
    player: str | None
    counterparty: str | None
    amount: int
    reversed: bool


class NightState(Protocol):
    """The night the rules write into. `natural` balances are in the account's own sense
    (cash in the box, chips out); `book` and `surrogate` are by name, positive = is owed."""

    date: datetime.date
    banker: Person
    host_present: bool
    settings: HouseSettings   # the house's game as the night was opened (its chips, steps, rules)

    @property
    def closed(self) -> bool: ...

    def person(self, name: str) -> Person:
        """The person of that name (an inviter, a note's holder): known to the night."""
        ...

    def natural(self, kind: str) -> int: ...

    def open_notes(self, debtor: str | None = None) -> list[OpenNote]:
        """Open notes (of one debtor), oldest first."""
        ...

    def note_balance(self, kind: str, ref: int) -> int:
        """The stored sum of one note's postings of `kind` (NOTE or NOTE_HELD)."""
        ...

    def seats(self) -> list[str]: ...

    def not_cashed_out(self) -> list[str]:
        """Who bought chips tonight (from the bank or a player) without a cash-out, by name."""
        ...

    def warned(self) -> list[str]:
        """Who got tonight's warnings for jumping the bet (B11), oldest first."""
        ...

    def table(self) -> TableState: ...

    def book(self) -> dict[str, int]:
        """THE BOOK now, and this night's unmerged surrogate book when the host is away (B7):
        by name, non-zero only."""
        ...

    def surrogate(self) -> dict[str, int]:
        """This night's surrogate book (B7), by name, non-zero only."""
        ...

    def posted(self, ref: int) -> Posted:
        """An entry of this night, to correct."""
        ...
