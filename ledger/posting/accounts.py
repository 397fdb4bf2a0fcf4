"""The journal's vocabulary: the accounts a posting moves, the kinds of entry, how chips are
paid. Plain values (the models take their choices from here), so the posting core and the
database agree on every name without the core importing a model."""

from __future__ import annotations

from enum import StrEnum


class Account:
    """Posting kinds (accounts) and how their balance reads (ledger/models/__init__.py)."""

    CASH_BOX = "cash_box"        # asset: cash in the bank's box
    NOTE = "note"                # asset: what the debtor still owes on an open bank note
    CHIPS = "chips"              # claim: chips the bank has out tonight (one per session)
    FINAL_POT = "final_pot"      # claim: odd chips turned in at cash-out (B12)
    BOOK = "book"                # claim: THE BOOK, positive = is owed (B6)
    SURROGATE = "surrogate"      # claim: the surrogate book of a host-less night (B7)
    NOTE_HELD = "note_held"      # claim: a player's right to a bank note they hold
    BANK = "bank"                # claim: the banker's stake in the bank
    CHOICES = [
        (CASH_BOX, "cash box"), (NOTE, "bank note"), (CHIPS, "chips out"),
        (FINAL_POT, "final pot"), (BOOK, "THE BOOK"), (SURROGATE, "surrogate book"),
        (NOTE_HELD, "bank note held"), (BANK, "banker's stake"),
    ]
    ASSETS = frozenset({CASH_BOX, NOTE})
    PER_PLAYER = frozenset({BOOK, SURROGATE})
    PER_NOTE = frozenset({NOTE, NOTE_HELD})

    @classmethod
    def sign(cls, kind: str) -> int:
        """Multiply a natural amount by this to store it (and a stored sum to read it)."""
        return -1 if kind in cls.ASSETS else 1


class EntryKind(StrEnum):
    """What an entry records; its value is the stored `Entry.kind` and the event's `type`."""

    OPENING = "opening"
    BUY = "buy"
    WARNING = "warning"
    PENALTY = "penalty"
    CALL = "call"
    HAND = "hand"
    END_GAME = "end_game"
    CASHOUT = "cashout"
    COUNT_DIFFERENCE = "count_difference"
    FINAL_POT = "final_pot"
    NOTE = "note"
    PAY = "pay"
    MERGE = "merge"
    CLOSE = "close"
    REVERSAL = "reverse"

    @property
    def label(self) -> str:
        return _KIND_LABELS[self]


_KIND_LABELS = {
    EntryKind.OPENING: "THE BOOK brought in",
    EntryKind.BUY: "chips bought",
    EntryKind.WARNING: "warning for jumping the bet",
    EntryKind.PENALTY: "penalty",
    EntryKind.CALL: "game called",
    EntryKind.HAND: "hand",
    EntryKind.END_GAME: "game ended",
    EntryKind.CASHOUT: "cash-out",
    EntryKind.COUNT_DIFFERENCE: "count difference",
    EntryKind.FINAL_POT: "final pot",
    EntryKind.NOTE: "bank note committed or voided",
    EntryKind.PAY: "payment",
    EntryKind.MERGE: "surrogate book merged",
    EntryKind.CLOSE: "night closed",
    EntryKind.REVERSAL: "correction",
}

# The table's record: entries without postings that move the game at the table, not the bank.
TABLE_KINDS = frozenset({EntryKind.CALL, EntryKind.END_GAME, EntryKind.HAND, EntryKind.PENALTY})


class Method(StrEnum):
    """How chips bought are paid (B3)."""

    CASH = "cash"
    BY_NOTE = "note"
    BY_BOOK = "book"

    @property
    def label(self) -> str:
        return {"cash": "cash", "note": "bank note", "book": "THE BOOK"}[self.value]


BANK = "bank"   # the bank as a party in an event ("from": "bank", "to": "bank", a note's holder)
