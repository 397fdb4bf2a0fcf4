"""The bank's events: chips bought and cashed out, count differences, the final pot, bank
notes closed, payments, the surrogate book's merge and corrections. Each is a function from
the night and the event's values to the entry to write (a `Draft`), or a refusal.

Postings (natural sense, Account.sign):

* buy from the bank, cash:  cash box +a, chips out +a
* buy from the bank, note:  a new bank note held by the bank +a, chips out +a
* buy from the bank, book:  buyer's BOOK -a, banker's BOOK +a, banker's stake -a, chips out +a
  (the buyer owes the bank's BOOK party, the banker; the banker has in effect sold the chips)
* buy from a player:        no bank chips move (the bank never knows who holds its chips);
  cash changes hands outside the bank (no leg), a note (note +a, held by the seller +a) or
  THE BOOK (buyer -a, seller +a).
* cash-out: chips out -total, final pot +odd cents (B12), the whole dollars paid from the cash
  box as far as it goes; the rest the banker owes the player in THE BOOK (player +o, banker -o,
  banker's stake +o). The final pot is paid the same way to its winner.
* count difference: chips out -a, banker's stake +a (the bank keeps what it was paid for
  chips that never came back).
* note committed: its debt moves into the debtor's BOOK, owed to the holder (the banker when
  the bank holds it); voided: the holder bears its value (B5).
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping
from typing import Literal

from ledger.house_settings import SEED, HouseSettings
from rules.money import whole_dollars_and_odd_cents

from . import payloads
from .accounts import BANK, Account, EntryKind, Method
from .amounts import bank_steps, signed_units, units
from .draft import Draft, Legs, NewNote, finish
from .errors import LedgerError
from .night import NEW_NOTE, NightState, OpenNote, Person, Posted

PAYMENTS = tuple(Method)
COMMIT, VOID = "commit", "void"
ALL: Literal["all"] = "all"
Holder = Person | None | Literal["all"]   # a player, None for the bank, or "all" of them

NOT_REVERSIBLE = {
    EntryKind.REVERSAL: "a correction cannot itself be reversed; enter the event again instead",
    EntryKind.CLOSE: "a closed night stays closed",
    EntryKind.OPENING: "THE BOOK brought in from before is not a night's event",
    EntryKind.MERGE: "the surrogate book's merge into THE BOOK is final",
}


def names_in_words(names: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cal'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def closed_night(date: datetime.date) -> LedgerError:
    """The refusal of anything entered into a closed night."""
    return LedgerError(f"The night of {date} is closed: nothing more can be entered.")


# ---- chips in ---------------------------------------------------------------------------

def buy(night: NightState, *, buyer: Person, amount: int, paid: str,
        seller: Person | None) -> Draft:
    """Chips bought (B2, B3, B4): from the bank (in its steps) or from a player (any whole
    number of units)."""
    rules = night.settings
    amount = (bank_steps(amount, settings=rules) if seller is None
              else units(amount, settings=rules))
    if paid not in PAYMENTS:
        raise LedgerError(f"Choose how the chips are paid: cash, note or book, not {paid!r} "
                          "(B3).", field="paid")
    if seller is not None and seller.name == buyer.name:
        raise LedgerError(f"{buyer.name} cannot buy chips from themselves.", field="seller")
    legs = Legs(night)
    note = None
    if seller is None:
        legs.add(Account.CHIPS, amount)
        if paid == Method.CASH:
            legs.add(Account.CASH_BOX, amount)
        elif paid == Method.BY_NOTE:
            legs.add(Account.NOTE, amount, buyer, NEW_NOTE)
            note = NewNote(buyer.name, None, amount)
        else:
            legs.book(buyer, -amount)
            legs.book(night.banker, amount)
            legs.add(Account.BANK, -amount)
    elif paid == Method.BY_NOTE:
        legs.add(Account.NOTE, amount, buyer, NEW_NOTE)
        legs.add(Account.NOTE_HELD, amount, seller, NEW_NOTE)
        note = NewNote(buyer.name, seller.name, amount)
    elif paid == Method.BY_BOOK:
        legs.book(buyer, -amount)
        legs.book(seller, amount)
    memo = (f"{buyer.name} bought {rules.money(amount)} from "
            f"{seller.name if seller else BANK}, "
            f"paid by {paid}" + (f" ({buyer.note_id})" if paid == Method.BY_NOTE else ""))
    return finish(night, Draft(
        EntryKind.BUY, payloads.Buy(buyer.name, amount, paid, seller.name if seller else None),
        memo, player=buyer.name, counterparty=seller.name if seller else None, amount=amount,
        method=paid, legs=legs.done(), new_note=note, seat=buyer.name))


# ---- chips out --------------------------------------------------------------------------

def chip_total(chips: Mapping[str, object], settings: HouseSettings = SEED) -> int:
    """The value in cents of a count of the night's chips by colour (B10); colours it does not
    have are refused."""
    if not isinstance(chips, Mapping):
        raise LedgerError("Give the count of each chip colour.", field="chips")
    values = settings.chip_values
    total = 0
    for colour, count in chips.items():
        if colour not in values:
            raise LedgerError(f"{colour!r} is not a chip colour; the colours are "
                              + ", ".join(values) + " (B10).", field="chips")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise LedgerError(f"The count of {colour} chips must be a whole number of 0 or "
                              f"more, not {count!r}.", field="chips")
        total += values[colour] * count
    return total


def _pay_out(night: NightState, legs: Legs, person: Person, amount: int) -> int:
    """Pay `amount` cents from the cash box as far as it goes; the banker owes the rest."""
    cash = min(amount, night.natural(Account.CASH_BOX))
    owed = amount - cash
    legs.add(Account.CASH_BOX, -cash)
    if owed and person.name != night.banker.name:
        legs.book(person, owed)
        legs.book(night.banker, -owed)
    legs.add(Account.BANK, owed)
    return cash


def cashout(night: NightState, *, player: Person, chips: Mapping[str, int]) -> Draft:
    """Chips turned in (B10): whole cash units paid, the odd chips to the final pot (B12);
    refused only when the count is more than the bank has out tonight."""
    rules = night.settings
    money = rules.money
    total = chip_total(chips, rules)
    out = night.natural(Account.CHIPS)
    if total > out:
        raise LedgerError(f"{player.name}'s count comes to {money(total)}, but the bank has "
                          f"only {money(out)} in chips out tonight. Count again.",
                          field="chips")
    whole, odd = whole_dollars_and_odd_cents(total, cash_unit=rules.cash_unit)
    legs = Legs(night)
    legs.add(Account.CHIPS, -total)
    legs.add(Account.FINAL_POT, odd)
    cash = _pay_out(night, legs, player, whole)
    memo = (f"{player.name} cashed out nothing" if not total else
            f"{player.name} turned in {money(total)}: {money(cash)} in cash, "
            f"{money(whole - cash)} owed"
            + (f", {money(odd)} to the final pot" if rules.has_final_pot else ""))
    return finish(night, Draft(
        EntryKind.CASHOUT, payloads.Cashout(player.name, {c: n for c, n in chips.items() if n}),
        memo, player=player.name, amount=whole, legs=legs.done()))


def count_difference(night: NightState, *, amount: int, reason: str) -> Draft:
    """Chips sold tonight that never came back: the banker's stake keeps what was paid."""
    money = night.settings.money
    amount = units(amount, settings=night.settings)
    reason = " ".join(reason.split())
    if not reason:
        raise LedgerError("Say why the count is off (a chip on the floor, a miscount …).",
                          field="reason")
    out = night.natural(Account.CHIPS)
    if amount > out:
        raise LedgerError(f"Only {money(out)} in chips is still out; a count difference of "
                          f"{money(amount)} is more than that.", field="amount")
    legs = Legs(night)
    legs.add(Account.CHIPS, -amount)
    legs.add(Account.BANK, amount)
    return finish(night, Draft(
        EntryKind.COUNT_DIFFERENCE, payloads.CountDifference(amount, reason),
        f"{money(amount)} in chips never came back: {reason}", player=night.banker.name,
        amount=amount, legs=legs.done()))


def final_pot(night: NightState, *, winner: Person) -> Draft:
    """The odd chips to the winner of the last hand, once everyone has cashed out (B12); after
    a count difference the pot is paid as it stands."""
    waiting = night.not_cashed_out()
    if waiting:
        verb = "has" if len(waiting) == 1 else "have"
        raise LedgerError(f"{names_in_words(waiting)} {verb} not cashed out yet; the final pot "
                          "is dealt after everyone has (B12).", field="winner")
    money = night.settings.money
    pot = night.natural(Account.FINAL_POT)
    if pot <= 0:
        raise LedgerError("The final pot is empty: nobody turned in odd cents.", field="winner")
    legs = Legs(night)
    legs.add(Account.FINAL_POT, -pot)
    cash = _pay_out(night, legs, winner, pot)
    return finish(night, Draft(
        EntryKind.FINAL_POT, payloads.FinalPot(winner.name),
        f"{winner.name} won the final pot of {money(pot)} ({money(cash)} in cash)",
        player=winner.name, amount=pot, legs=legs.done()))


# ---- bank notes (B5) --------------------------------------------------------------------

def _chosen(night: NightState, debtor: Person | None, holder: Holder, amount: int | None,
            note: int | None) -> list[OpenNote]:
    if note is not None:
        chosen = [n for n in night.open_notes() if n.ref == note]
        if not chosen:
            raise LedgerError("That bank note is no longer open.", field="note")
        return chosen
    if debtor is None:
        raise LedgerError("Choose a player.", field="player")
    chosen = night.open_notes(debtor.name)
    if holder != ALL:
        chosen = [n for n in chosen if n.holder == (holder.name if holder else None)]
    if amount is not None:
        amount = units(amount, settings=night.settings)
        chosen = [n for n in chosen if n.amount == amount]
    if not chosen:
        held = "" if holder == ALL else f" held by {holder.name if holder else BANK}"
        of = "" if amount is None else f" of {night.settings.money(amount)}"
        raise LedgerError(f"{debtor.name} has no open bank note{of}{held}.", field="player")
    if amount is not None and holder != ALL:
        return chosen[:1]   # holder and amount name one note (the oldest of equal ones)
    return chosen


def close_notes(night: NightState, *, action: str, debtor: Person | None, holder: Holder = ALL,
                amount: int | None = None, note: int | None = None) -> Draft:
    """Commit a debtor's open notes into THE BOOK, or void them (B5); `note` names one note,
    else `holder` (a player, None for the bank, or all) and `amount` choose among them."""
    chosen = _chosen(night, debtor, holder, amount, note)
    legs = Legs(night)
    for open_note in chosen:
        value = open_note.value
        legs.stored((Account.NOTE, open_note.debtor, open_note.ref), value)
        if open_note.holder is not None:
            legs.stored((Account.NOTE_HELD, open_note.holder, open_note.ref), -value)
        if action == COMMIT:
            legs.book(night.person(open_note.debtor), -value)
            legs.book(night.person(open_note.holder) if open_note.holder else night.banker,
                      value)
        if open_note.holder is None:
            legs.add(Account.BANK, -value)
    owner = night.person(chosen[0].debtor)
    total = sum(n.value for n in chosen)
    if len(chosen) == 1:   # named precisely, so its import closes this very note
        payload = payloads.Note(owner.name, action, chosen[0].holder or BANK, chosen[0].amount)
    else:
        payload = payloads.Note(owner.name, action,
                                None if holder == ALL else (holder.name if holder else BANK))
    verb = "committed into THE BOOK" if action == COMMIT else "voided"
    return finish(night, Draft(
        EntryKind.NOTE, payload,
        f"{len(chosen)} bank note(s) of {owner.note_id} for {night.settings.money(total)} "
        f"{verb} (B5)",
        player=owner.name, amount=total, legs=legs.done()))


# ---- THE BOOK (B6, B7) -------------------------------------------------------------------

def pay(night: NightState | None, *, payer: Person, payee: Person | None, amount: int,
        banker: Person | None = None, settings: HouseSettings = SEED) -> Draft:
    """Cash handed from one person to another (None: the bank, that is its banker) towards
    what they owe: both BOOK balances move. Without a night it is THE BOOK alone, in the
    house's `settings`."""
    rules = night.settings if night is not None else settings
    money = rules.money
    to = payee or (night.banker if night is not None else banker)
    if to is None:
        raise LedgerError("Choose who was paid.", field="to")
    amount = units(amount, settings=rules)
    if to.name == payer.name:
        raise LedgerError(f"{payer.name} cannot pay themselves.", field="to")
    legs = Legs(night)
    legs.book(payer, amount)
    legs.book(to, -amount)
    memo = f"{payer.name} paid {to.name} {money(amount)}"
    if night is None:
        memo += " (THE BOOK, no night open)"
    return finish(night, Draft(
        EntryKind.PAY, payloads.Pay(payer.name, BANK if payee is None else to.name, amount),
        memo, player=payer.name, counterparty=to.name, amount=amount, legs=legs.done()))


def merge(night: NightState) -> Draft:
    """A host-less night's surrogate book moved into THE BOOK, one balance each (B7)."""
    if night.host_present:
        raise LedgerError("The host was present that night: there is no surrogate book to "
                          "merge.")
    balances = night.surrogate()
    if not balances:
        raise LedgerError("The surrogate book of that night is empty or already merged.")
    legs = Legs(night)
    for name, cents in balances.items():
        legs.add(Account.SURROGATE, -cents, name)
        legs.add(Account.BOOK, cents, name)
    return finish(night, Draft(
        EntryKind.MERGE, payloads.Marker("merge"),
        f"surrogate book of {night.date} merged into THE BOOK (B7)",
        amount=sum(c for c in balances.values() if c > 0), legs=legs.done()))


def opening(balances: Mapping[Person, int], settings: HouseSettings = SEED) -> Draft:
    """THE BOOK as it stood elsewhere, brought into an empty book; it sums to zero (B6)."""
    legs = Legs(None)
    total = 0
    for person, cents in balances.items():
        cents = signed_units(cents, field=f"book_before for {person.name}", settings=settings)
        legs.add(Account.BOOK, cents, person)
        total += cents
    if total:
        raise LedgerError(f"THE BOOK's opening balances add up to {settings.money(total)}, "
                          f"not {settings.money(0)}; "
                          "THE BOOK always sums to zero.", field="book_before")
    return finish(None, Draft(EntryKind.OPENING, payloads.Marker("opening"),
                              "THE BOOK brought in", legs=legs.done()))


# ---- corrections -------------------------------------------------------------------------

def reverse(night: NightState, *, target: Posted, reason: str) -> Draft:
    """Undo an entry of the open night with an opposite one; the reason is kept."""
    reason = " ".join(reason.split())
    if not reason:
        raise LedgerError("Say why the entry is being corrected.", field="reason")
    if target.kind in NOT_REVERSIBLE:
        raise LedgerError(f"This entry cannot be corrected: "
                          f"{NOT_REVERSIBLE[EntryKind(target.kind)]}.", field="entry")
    if target.reversed:
        raise LedgerError(f"{target.name} was already corrected.", field="entry")
    legs = Legs(night)
    for key, amount in target.legs.items():
        legs.stored(key, -amount)
    return finish(night, Draft(
        EntryKind.REVERSAL, payloads.Reversal(target.ref, reason),
        correction_memo(target.ref, target.kind, reason),
        player=target.player, counterparty=target.counterparty, amount=target.amount,
        legs=legs.done(), reverses=target.ref))


def correction_memo(ref: int, kind: str, reason: str) -> str:
    """A correction's memo: the corrected entry (its reference, its kind) and the reason."""
    return f"correction of #{ref} ({EntryKind(kind).label}): {reason}"


def correction_naming(draft: Draft, entry: int, kind: str) -> Draft:
    """The correction `draft` naming the corrected entry (of kind `kind`) by `entry` instead
    of the reference it was drafted with (a night file's position): its reference, payload and
    memo, as `reverse` drafts them against the written entry."""
    payload = draft.payload
    if not isinstance(payload, payloads.Reversal):
        raise TypeError(f"not a correction: {draft.kind}")
    return dataclasses.replace(draft, reverses=entry,
                               payload=payloads.Reversal(entry, payload.reason),
                               memo=correction_memo(entry, kind, payload.reason))

