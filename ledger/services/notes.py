"""Closing bank notes at the end of a night: committed into THE BOOK, or void (B5).

Commit: the note's debt moves into the debtor's BOOK balance, owed to the holder (the banker
when the bank holds it). Void: the note loses its value and the holder bears it - for a note
the bank holds, the banker's stake falls by the note's value.
"""

from __future__ import annotations

from typing import Literal

from ledger import selectors  # the open notes are a read
from ledger.models import Account, BankNote, Entry, Player, PokerSession
from ledger.types import Banker
from rules.money import dollars as money
from rules.money import format_cents

from .amounts import nickels
from .errors import LedgerError
from .idempotency import idempotent
from .journal import BANK, Journal, lock_session

COMMIT = "commit"
VOID = "void"
ALL: Literal["all"] = "all"
Holder = Player | None | Literal["all"]   # a player, None for the bank, or "all" of them


def _chosen(session: PokerSession, debtor: Player | None, holder: Holder,
            amount: int | None, note: BankNote | None) -> list[tuple[BankNote, int]]:
    if note is not None:
        if note.session_id != session.pk:
            raise LedgerError("That bank note belongs to another session.", field="note")
        chosen = [(n, v) for n, v in selectors.open_notes(session) if n.pk == note.pk]
        if not chosen:
            raise LedgerError("That bank note is no longer open.", field="note")
        return chosen
    if debtor is None:
        raise LedgerError("Choose a player.", field="player")
    chosen = selectors.open_notes(session, debtor)
    if holder != ALL:
        chosen = [(n, v) for n, v in chosen if n.holder_id == (holder.pk if holder else None)]
    if amount is not None:
        amount = nickels(amount)
        chosen = [(n, v) for n, v in chosen if n.amount == amount]
    if not chosen:
        held = "" if holder == ALL else f" held by {holder.name if holder else BANK}"
        of = "" if amount is None else f" of {money(amount)}"
        raise LedgerError(f"{debtor.name} has no open bank note{of}{held}.", field="player")
    if amount is not None and holder != ALL:
        return chosen[:1]  # holder and amount name one note (the oldest of equal ones)
    return chosen


def _close_notes(*, action: str, session: PokerSession, player: Player | None,
                 holder: Holder, amount: int | None, note: BankNote | None, key: str,
                 user: Banker) -> Entry:
    session = lock_session(session, user=user)
    chosen = _chosen(session, player, holder, amount, note)
    journal = Journal(session)
    for bank_note, value in chosen:
        journal.add_stored(Account.NOTE, value, player_id=bank_note.debtor_id,
                           note_id=bank_note.pk)
        if bank_note.holder_id is not None:
            journal.add_stored(Account.NOTE_HELD, -value, player_id=bank_note.holder_id,
                               note_id=bank_note.pk)
        if action == COMMIT:
            journal.book(bank_note.debtor, -value)
            journal.book(bank_note.holder or session.banker, value)
            if bank_note.holder_id is None:
                journal.add(Account.BANK, -value)
        elif bank_note.holder_id is None:
            journal.add(Account.BANK, -value)
    debtor = chosen[0][0].debtor
    total = sum(value for _, value in chosen)
    payload = {"type": "note", "player": debtor.name, "action": action}
    if len(chosen) == 1:  # named precisely, so its import closes this very note
        bank_note = chosen[0][0]
        payload["holder"] = bank_note.holder.name if bank_note.holder is not None else BANK
        payload["amount"] = format_cents(bank_note.amount)
    elif holder != ALL:
        payload["holder"] = holder.name if holder else BANK
    verb = "committed into THE BOOK" if action == COMMIT else "voided"
    return journal.write(
        kind=Entry.NOTE, key=key, user=user, player=debtor, amount=total, payload=payload,
        memo=f"{len(chosen)} bank note(s) of {debtor.note_id} for {money(total)} {verb} (B5)",
    )


@idempotent("note_commit")
def note_commit(*, session: PokerSession, player: Player | None = None, holder: Holder = ALL,
                amount: int | None = None, note: BankNote | None = None, key: str,
                user: Banker = None) -> Entry:
    """Commit a debtor's open notes (or one note) into THE BOOK (B5).

    `holder`: a player, None for the bank, or "all" (default) for every open note of the
    debtor; with `amount` (cents) too, the one note of that value the holder holds.
    """
    return _close_notes(action=COMMIT, session=session, player=player, holder=holder,
                        amount=amount, note=note, key=key, user=user)


@idempotent("note_void")
def note_void(*, session: PokerSession, player: Player | None = None, holder: Holder = ALL,
              amount: int | None = None, note: BankNote | None = None, key: str,
              user: Banker = None) -> Entry:
    """Void a debtor's open notes (or one note): the holder loses their value (B5)."""
    return _close_notes(action=VOID, session=session, player=player, holder=holder,
                        amount=amount, note=note, key=key, user=user)

