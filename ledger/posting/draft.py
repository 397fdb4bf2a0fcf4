"""What the posting core gives back for an event: the entry to write, checked.

A `Draft` holds everything a writer needs (the legs by name and note reference, the typed
payload, the memo, the note it opens, who it seats, what it seals); `finish` refuses one that
does not balance or would leave an account of the night below zero, with the sentence the
banker reads. Writers (services/journal.py, the import's bulk write) only turn names into rows.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from .accounts import Account, EntryKind
from .errors import LedgerError
from .night import NEW_NOTE, LegKey, NightState, Person
from .payloads import Payload


@dataclass(frozen=True)
class NewNote:
    """The bank note an entry opens (a buy paid by note): its debtor, its holder (None: the
    bank) and its amount in cents."""

    debtor: str
    holder: str | None
    amount: int


@dataclass
class Draft:
    """One entry to write: natural amounts already turned into stored legs."""

    kind: EntryKind
    payload: Payload
    memo: str
    player: str | None = None
    counterparty: str | None = None
    amount: int = 0
    method: str = ""
    legs: dict[LegKey, int] = field(default_factory=dict)
    new_note: NewNote | None = None
    reverses: int | None = None          # the corrected entry's reference
    ids: tuple[str, ...] | None = None   # names whose ids the payload keeps (hands)
    seat: str | None = None              # who sits down with this entry (a buyer)
    settlement: dict[str, object] | None = None   # a close: who pays whom, sealed with it


class Legs:
    """Collects an entry's legs in natural amounts and stores them signed (Account.sign)."""

    def __init__(self, night: NightState | None):
        self.night = night
        self.legs: dict[LegKey, int] = defaultdict(int)

    def add(self, kind: str, natural: int, person: Person | str | None = None,
            note: int | None = None) -> None:
        if natural:
            name = person.name if isinstance(person, Person) else person
            self.legs[(kind, name, note)] += Account.sign(kind) * natural

    def book(self, person: Person, natural: int) -> None:
        """A person's BOOK balance, or the night's surrogate book when the host is away (B7)."""
        away = self.night is not None and not self.night.host_present
        self.add(Account.SURROGATE if away else Account.BOOK, natural, person)

    def stored(self, key: LegKey, amount: int) -> None:
        if amount:
            self.legs[key] += amount

    def done(self) -> dict[LegKey, int]:
        return {key: amount for key, amount in self.legs.items() if amount}


NIGHT_ACCOUNTS = ((Account.CASH_BOX, "the cash box"), (Account.CHIPS, "the chips out tonight"),
                  (Account.FINAL_POT, "the final pot"))


def finish(night: NightState | None, draft: Draft) -> Draft:
    """Refuse an entry that does not balance, or that would leave the cash box, the chips out,
    the final pot or a bank note of the night below zero; nothing is written then."""
    if sum(draft.legs.values()) != 0:
        raise LedgerError(f"Internal error: the {draft.kind} entry does not balance; nothing "
                          "written.")
    if night is None:
        return draft
    moved: dict[str, int] = defaultdict(int)
    notes: dict[tuple[str, int], int] = defaultdict(int)
    for (kind, _, note), amount in draft.legs.items():
        moved[kind] += amount
        if note is not None and note != NEW_NOTE:
            notes[(kind, note)] += amount
    for kind, label in NIGHT_ACCOUNTS:
        if moved.get(kind):
            after = night.natural(kind) + Account.sign(kind) * moved[kind]
            if after < 0:
                raise LedgerError(f"That would leave {label} at "
                                  f"{night.settings.money(after)}; nothing "
                                  "written.")
    for (kind, note), amount in notes.items():
        if Account.sign(kind) * (night.note_balance(kind, note) + amount) < 0:
            raise LedgerError("That would leave a bank note below zero; nothing written.")
    return draft
