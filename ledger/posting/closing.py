"""The end of a night: nothing left out, guests' debts to their inviters (B9), THE BOOK
consolidated with the fewest payments (B8).

Refused while anyone who bought chips tonight has not cashed out, chips are still out (the
banker records a count difference when the count does not reconcile), the final pot is unpaid,
or any bank note is open (B5, B12). Then, in one entry: the cash left in the box goes to the
banker (it is the banker's stake), each guest's remaining debt moves to the regular who invited
them, and the payments that settle THE BOOK are kept with the close.
"""

from __future__ import annotations

from collections import defaultdict

from rules.errors import RulesError
from rules.fewest_payments import settle_balances
from rules.money import format_cents

from . import payloads
from .accounts import Account, EntryKind
from .bank import names_in_words
from .draft import Draft, Legs, finish
from .errors import LedgerError
from .night import NightState, Person


def refuse_unfinished(night: NightState) -> None:
    """What must be done before the close, each with its sentence (B5, B12)."""
    money = night.settings.money   # the night's currency: "$18.05", "€18.05", "¥1500"
    waiting = night.not_cashed_out()
    if waiting:
        raise LedgerError(f"{names_in_words(waiting)} {'has' if len(waiting) == 1 else 'have'} "
                          "not cashed out yet: everyone who bought chips cashes out before the "
                          "night closes (B12); a player left with nothing cashes out nothing.",
                          code="not_cashed_out")
    out = night.natural(Account.CHIPS)
    if out:
        raise LedgerError(f"{money(out)} in chips the bank sold tonight has not come back. Count "
                          "again, or record the difference with a reason.", code="chips_out")
    pot = night.natural(Account.FINAL_POT)
    if pot:
        raise LedgerError(f"The final pot of {money(pot)} has not been won yet (B12).",
                          code="final_pot")
    notes = night.open_notes()
    if notes:
        listed = ", ".join(f"{night.person(n.debtor).note_id} {money(n.value)}" for n in notes)
        raise LedgerError(f"Bank notes are still open ({listed}): commit each into THE BOOK "
                          "or void it (B5).", code="notes_open")


def regular_inviter(night: NightState, guest: Person) -> Person | None:
    """The regular who answers for a guest's debt (B9): the inviter, or that inviter's own
    when the inviter is a guest too; None when the chain reaches no regular."""
    inviter = night.person(guest.invited_by) if guest.invited_by else None
    seen = {guest.name}
    while inviter is not None and not inviter.regular and inviter.name not in seen:
        seen.add(inviter.name)
        inviter = night.person(inviter.invited_by) if inviter.invited_by else None
    return inviter if inviter is not None and inviter.regular else None


def close(night: NightState) -> Draft:
    """Close the night (B5, B8, B9, B12); refused while anything is left out."""
    money = night.settings.money
    refuse_unfinished(night)
    legs = Legs(night)
    cash = night.natural(Account.CASH_BOX)
    if cash:
        legs.add(Account.CASH_BOX, -cash)
        legs.add(Account.BANK, -cash)
    balances: dict[str, int] = defaultdict(int, night.book())
    moved: list[payloads.GuestMove] = []
    for name in sorted(balances):
        guest = night.person(name)
        debt = -balances[name]
        if guest.regular or debt <= 0 or not night.settings.guest_debt_to_inviter:
            continue   # B9: the inviter answers for the guest, where the house says so
        inviter = regular_inviter(night, guest)
        if inviter is None:
            raise LedgerError(f"{guest.name} is a guest with no regular who invited them; "
                              "record the inviter first (B9).")
        legs.book(guest, debt)
        legs.book(inviter, -debt)
        balances[inviter.name] -= debt
        balances[name] = 0
        moved.append(payloads.GuestMove(guest.name, inviter.name, debt))
    try:
        settled = settle_balances({n: c for n, c in sorted(balances.items()) if c})
    except RulesError as error:
        raise LedgerError(f"THE BOOK does not add up; nothing written ({error}).") from None
    settlement: dict[str, object] = {
        "transfers": [{"from": t.debtor, "to": t.creditor, "amount": format_cents(t.cents)}
                      for t in settled.transfers],
        "minimal": settled.minimal,
    }
    return finish(night, Draft(
        EntryKind.CLOSE, payloads.Close(tuple(moved)),
        "night closed" + (": " + "; ".join(f"{m.guest}'s {money(m.amount)} to {m.inviter}"
                                              for m in moved) + " (B9)" if moved else ""),
        legs=legs.done(), settlement=settlement))
