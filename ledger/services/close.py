"""Closing a night: nothing left out, guests' debts to their inviters, debts consolidated.

Refused while anyone who bought chips tonight has not cashed out, chips are still out (the
banker records a count difference when the count does not reconcile), the final pot is unpaid,
or any bank note is open (B5, B12). Then, in one entry: any cash left in the box goes to the banker
(it is the banker's stake), each guest's remaining debt moves to the regular who invited them
(B9), and THE BOOK is consolidated with the fewest payments (B8, rules.fewest_payments); the
payments are kept on the session.
"""

from __future__ import annotations

from ledger import selectors  # the open notes, THE BOOK and inviters are reads
from ledger.models import Account, Entry, Player, PokerSession
from ledger.selectors.balances import session_totals
from ledger.selectors.night import not_cashed_out
from ledger.types import Banker
from rules.errors import RulesError
from rules.fewest_payments import settle_balances
from rules.money import dollars as money
from rules.money import format_cents

from .cashout import names_in_words
from .errors import LedgerError
from .idempotency import idempotent
from .journal import Journal, lock_session, sealed_facts


def _refuse_unfinished(session: PokerSession) -> None:
    waiting = not_cashed_out(session)
    if waiting:
        raise LedgerError(f"{names_in_words(waiting)} {'has' if len(waiting) == 1 else 'have'} "
                          "not cashed out yet: everyone who bought chips cashes out before the "
                          "session closes (B12); a player left with nothing cashes out nothing.",
                          code="not_cashed_out")
    totals = session_totals(session)
    out = totals.get(Account.CHIPS, 0)
    if out:
        raise LedgerError(f"{money(out)} in chips the bank sold tonight has not come back. Count "
                          "again, or record the difference with a reason.", code="chips_out")
    if totals.get(Account.FINAL_POT, 0):
        raise LedgerError(f"The final pot of {money(totals[Account.FINAL_POT])} has not been "
                          "won yet (B12).", code="final_pot")
    notes = selectors.open_notes(session)
    if notes:
        listed = ", ".join(f"{n.debtor.note_id} {money(v)}" for n, v in notes)
        raise LedgerError(f"Bank notes are still open ({listed}): commit each into THE BOOK "
                          "or void it (B5).", code="notes_open")


def _regular_inviter(guest: Player) -> Player:
    inviter = selectors.regular_inviter(guest)
    if inviter is None:
        raise LedgerError(f"{guest.name} is a guest with no regular who invited them; record "
                          "the inviter first (B9).")
    return inviter


@idempotent("session_close")
def session_close(*, session: PokerSession, key: str, user: Banker = None) -> Entry:
    """Close the night (B5, B8, B9, B12); refused while anything is left out."""
    session = lock_session(session, user=user)
    _refuse_unfinished(session)
    journal = Journal(session)
    cash = session_totals(session).get(Account.CASH_BOX, 0)
    if cash:
        journal.add(Account.CASH_BOX, -cash)
        journal.add(Account.BANK, -cash)
    balances = selectors.effective_book(session)
    guests = Player.objects.filter(pk__in=balances, regular=False).select_related("invited_by")
    moved = []
    for guest in guests.order_by("name"):
        debt = -balances[guest.pk]
        if debt > 0:
            inviter = _regular_inviter(guest)
            journal.book(guest, debt)
            journal.book(inviter, -debt)
            balances[inviter.pk] = balances.get(inviter.pk, 0) - debt
            balances[guest.pk] = 0
            moved.append(f"{guest.name}'s {money(debt)} to {inviter.name}")
    names = dict(Player.objects.filter(pk__in=balances).values_list("pk", "name"))
    try:
        settlement = settle_balances({names[p]: c for p, c in balances.items() if c})
    except RulesError as error:
        raise LedgerError(f"THE BOOK does not add up; nothing written ({error}).") from None
    stored = {
        "transfers": [{"from": t.debtor, "to": t.creditor, "amount": format_cents(t.cents)}
                      for t in settlement.transfers],
        "minimal": settlement.minimal,
    }
    entry = journal.write(
        kind=Entry.CLOSE, key=key, user=user, amount=0, payload={"type": "close"},
        memo="session closed" + (": " + "; ".join(moved) + " (B9)" if moved else ""),
        facts=sealed_facts(Entry.CLOSE, stored),
    )
    session.status = PokerSession.CLOSED
    session.closed_at = entry.created_at
    session.settlement = stored
    session.save(update_fields=["status", "closed_at", "settlement"])
    return entry
