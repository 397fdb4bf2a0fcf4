"""Closing bank notes at the end of a night: committed into THE BOOK, or void (B5).

Commit: the note's debt moves into the debtor's BOOK balance, owed to the holder (the banker
when the bank holds it). Void: the note loses its value and the holder bears it - for a note
the bank holds, the banker's stake falls by the note's value.
"""

from __future__ import annotations

from ledger import selectors  # the open notes are a read
from ledger.models import Account, BankNote, Entry, Player, PokerSession
from ledger.types import Banker
from rules.money import dollars as money
from rules.money import format_cents

from .errors import LedgerError
from .idempotency import idempotent
from .journal import BANK, Journal, lock_session
from .lookup import nickels_of, note_of, party_of, player_of

COMMIT = "commit"
VOID = "void"
ALL = "all"


def open_notes(session: PokerSession, debtor: Player | None = None) -> list[tuple[BankNote, int]]:
    """`selectors.open_notes`, kept under its old name for callers of `services.open_notes`."""
    return selectors.open_notes(session, debtor)


def _chosen(session: PokerSession, debtor: Player | str | None, holder: Player | str,
            amount: int | str | None, note: BankNote | int | None
            ) -> list[tuple[BankNote, int]]:
    if note is not None:
        note = note_of(note)
        if note.session_id != session.pk:
            raise LedgerError("That bank note belongs to another session.", field="note")
        chosen = [(n, v) for n, v in selectors.open_notes(session) if n.pk == note.pk]
        if not chosen:
            raise LedgerError("That bank note is no longer open.", field="note")
        return chosen
    debtor = player_of(debtor, field="player")
    chosen = selectors.open_notes(session, debtor)
    if holder != ALL:
        held_by = party_of(holder, field="holder")
        chosen = [(n, v) for n, v in chosen if n.holder_id == (held_by.pk if held_by else None)]
    if amount is not None:
        cents = nickels_of(amount)
        chosen = [(n, v) for n, v in chosen if n.amount == cents]
    if not chosen:
        held = "" if holder == ALL else f" held by {getattr(holder, 'name', holder)}"
        of = "" if amount is None else f" of {money(nickels_of(amount))}"
        raise LedgerError(f"{debtor.name} has no open bank note{of}{held}.", field="player")
    if amount is not None and holder != ALL:
        return chosen[:1]  # holder and amount name one note (the oldest of equal ones)
    return chosen


def _close_notes(*, action: str, session: PokerSession | int, player: Player | str | None,
                 holder: Player | str, amount: int | str | None,
                 note: BankNote | int | None, key: str, user: Banker) -> Entry:
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
        payload["holder"] = holder if isinstance(holder, str) else holder.name
    verb = "committed into THE BOOK" if action == COMMIT else "voided"
    return journal.write(
        kind=Entry.NOTE, key=key, user=user, player=debtor, amount=total, payload=payload,
        memo=f"{len(chosen)} bank note(s) of {debtor.note_id} for {money(total)} {verb} (B5)",
    )


@idempotent("note_commit")
def note_commit(*, session: PokerSession | int, player: Player | str | None = None,
                holder: Player | str = ALL, amount: int | str | None = None,
                note: BankNote | int | None = None, key: str, user: Banker = None) -> Entry:
    """Commit a debtor's open notes (or one note) into THE BOOK (B5).

    `holder`: "bank", a player, or "all" (default) for every open note of the debtor; with
    `amount` too, the one note of that value the holder holds.
    """
    return _close_notes(action=COMMIT, session=session, player=player, holder=holder,
                        amount=amount, note=note, key=key, user=user)


@idempotent("note_void")
def note_void(*, session: PokerSession | int, player: Player | str | None = None,
              holder: Player | str = ALL, amount: int | str | None = None,
              note: BankNote | int | None = None, key: str, user: Banker = None) -> Entry:
    """Void a debtor's open notes (or one note): the holder loses their value (B5)."""
    return _close_notes(action=VOID, session=session, player=player, holder=holder,
                        amount=amount, note=note, key=key, user=user)

