"""A night file's night replayed in memory by the services' rules, without the database.

`Night.apply` takes one event at a time and keeps what `services.*` would write for it - the
same postings, bank notes, seats, payloads and memos, the same refusals in the same order
(tests/ledger/test_import_bulk.py holds the two side by side). The money rules mirrored here
are those of ledger/services/buyins.py, cashout.py, notes.py, book.py, close.py,
corrections.py and hands.py; a change there is a change here too.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterator, Mapping
from typing import Any

from ledger.models import Account, Entry
from ledger.selectors import table_step
from ledger.services import LedgerError
from ledger.services.cashout import chip_total
from ledger.services.corrections import NOT_REVERSIBLE
from ledger.services.hands import (
    PENALTY,
    at_the_table,
    call_memo,
    game_json,
    hand_memo,
    hand_names,
    hand_payload,
    resolve_hand,
    typed_hand_memo,
    typed_hand_payload,
)
from ledger.services.journal import BANK
from rules.errors import RulesError
from rules.fewest_payments import settle_balances
from rules.games.hand_types import HandInput
from rules.games.options import apply_options
from rules.games.showdown_input import game_of
from rules.games.table import TableState
from rules.money import dollars as money
from rules.money import format_cents, whole_dollars_and_odd_cents

from .amounts import carry_of, five_dollars_of, nickels_of
from .records import LegKey, Pending, Person, person_named

TABLE_KINDS = (Entry.CALL, Entry.END_GAME, Entry.HAND, Entry.PENALTY)
PAYMENTS = (Entry.CASH, Entry.BY_NOTE, Entry.BY_BOOK)


def _in_words(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ---- the night in memory --------------------------------------------------------------------

class Legs:
    """`services.journal.Journal`'s legs, by name and note position instead of rows."""

    def __init__(self, night: Night):
        self.night = night
        self.legs: dict[LegKey, int] = defaultdict(int)

    def add(self, kind: str, natural: int, person: Person | None = None,
            note: int | None = None) -> None:
        if natural:
            self.legs[(kind, person.name if person else None, note)] += \
                Account.sign(kind) * natural

    def book(self, person: Person, natural: int) -> None:
        kind = Account.BOOK if self.night.host_present else Account.SURROGATE
        self.add(kind, natural, person)

    def stored(self, key: LegKey, amount: int) -> None:
        if amount:
            self.legs[key] += amount


class Night:
    """One session replayed by the services' rules, without the database."""

    def __init__(self, *, people: dict[str, Person], banker: Person, host_present: bool,
                 date: datetime.date, seats: list[str], book: dict[str, int]):
        self.people = people
        self.banker = banker
        self.host_present = host_present
        self.date = date
        self.seats: list[str] = list(dict.fromkeys(seats))
        self.book = defaultdict(int, book)          # THE BOOK, by name (stored = natural)
        self.surrogate: dict[str, int] = defaultdict(int)
        self.totals: dict[str, int] = defaultdict(int)           # stored, by account kind
        self.notes: dict[int, tuple[str, str | None, int]] = {}  # position -> note
        self.note_legs: dict[tuple[str, int], int] = defaultdict(int)
        self.entries: list[Pending] = []
        self.table = TableState()
        self.warned: str | None = None
        self.closed = False
        self.settlement: dict[str, Any] | None = None

    # -- reads the services make ---------------------------------------------------------

    def natural(self, kind: str) -> int:
        return Account.sign(kind) * self.totals.get(kind, 0)

    def open_notes(self, debtor: str | None = None) -> list[tuple[int, int]]:
        """(note position, open value) of each open note, oldest first."""
        found = []
        for ref, (owner, _, _) in self.notes.items():
            value = -self.note_legs.get((Account.NOTE, ref), 0)
            if value and (debtor is None or owner == debtor):
                found.append((ref, value))
        return found

    def live(self) -> Iterator[Pending]:
        return (e for e in self.entries if not e.reversed and e.kind != Entry.REVERSAL)

    def not_cashed_out(self) -> list[str]:
        bought = {e.player for e in self.live() if e.kind == Entry.BUY}
        cashed = {e.player for e in self.live() if e.kind == Entry.CASHOUT}
        return sorted(n for n in bought - cashed if n is not None)

    def person(self, value: object, field: str = "player") -> Person:
        return person_named(self.people, value, field)

    def party(self, value: object, field: str) -> Person | None:
        if value is None or value == "" or value == BANK:
            return None
        return self.person(value, field)

    # -- writing -------------------------------------------------------------------------

    def write(self, legs: Legs, entry: Pending) -> None:
        """`Journal.write` and `check_session_accounts`: balanced, nothing below zero."""
        entry.legs = {k: v for k, v in legs.legs.items() if v}
        if sum(entry.legs.values()) != 0:
            raise LedgerError(f"Internal error: the {entry.kind} entry does not balance; "
                              "nothing written.")
        touched = []
        for (kind, name, note), amount in entry.legs.items():
            self.totals[kind] += amount
            if note is not None:
                self.note_legs[(kind, note)] += amount
                touched.append((kind, note))
            if kind == Account.BOOK and name is not None:
                self.book[name] += amount
            if kind == Account.SURROGATE and name is not None:
                self.surrogate[name] += amount
        if entry.note is not None:
            self.notes[len(self.entries)] = entry.note
        for kind, label in ((Account.CASH_BOX, "the cash box"),
                            (Account.CHIPS, "the chips out tonight"),
                            (Account.FINAL_POT, "the final pot")):
            if self.natural(kind) < 0:
                raise LedgerError(f"That would leave {label} at {money(self.natural(kind))}; "
                                  "nothing written.")
        for kind, note in touched:   # the notes this entry moved; the others did not change
            if Account.sign(kind) * self.note_legs[(kind, note)] < 0:
                raise LedgerError("That would leave a bank note below zero; nothing written.")
        self.entries.append(entry)
        if entry.kind in TABLE_KINDS:
            self.table = table_step(self.table, entry.kind, entry.amount, entry.payload)

    def seat(self, person: Person) -> None:
        if person.name not in self.seats:
            self.seats.append(person.name)

    def apply(self, event: Mapping[str, Any]) -> None:
        kind = event.get("type")
        if kind != "merge" and self.closed:
            raise LedgerError(f"The session of {self.date} is closed: nothing more can be "
                              "entered.")
        getattr(self, f"_{kind}")(event)

    # -- the events, as the services write them ------------------------------------------

    def _buy(self, event: Mapping[str, Any]) -> None:
        buyer = self.person(event.get("player"))
        seller = self.party(event.get("from", BANK), "seller")
        amount = (five_dollars_of(event.get("amount")) if seller is None
                  else nickels_of(event.get("amount")))
        paid = event.get("paid", Entry.CASH)
        if paid not in PAYMENTS:
            raise LedgerError(f"Choose how the chips are paid: cash, note or book, not "
                              f"{paid!r} (B3).", field="paid")
        if seller is not None and seller.name == buyer.name:
            raise LedgerError(f"{buyer.name} cannot buy chips from themselves.", field="seller")
        legs = Legs(self)
        note: tuple[str, str | None, int] | None = None
        me = len(self.entries)
        if seller is None:
            legs.add(Account.CHIPS, amount)
            if paid == Entry.CASH:
                legs.add(Account.CASH_BOX, amount)
            elif paid == Entry.BY_NOTE:
                legs.add(Account.NOTE, amount, buyer, me)
                note = (buyer.name, None, amount)
            else:
                legs.book(buyer, -amount)
                legs.book(self.banker, amount)
                legs.add(Account.BANK, -amount)
        elif paid == Entry.BY_NOTE:
            legs.add(Account.NOTE, amount, buyer, me)
            legs.add(Account.NOTE_HELD, amount, seller, me)
            note = (buyer.name, seller.name, amount)
        elif paid == Entry.BY_BOOK:
            legs.book(buyer, -amount)
            legs.book(seller, amount)
        self.seat(buyer)
        payload = {"type": "buy", "player": buyer.name, "amount": format_cents(amount),
                   "paid": paid}
        if seller is not None:
            payload["from"] = seller.name
        memo = (f"{buyer.name} bought {money(amount)} from {seller.name if seller else BANK}, "
                f"paid by {paid}" + (f" ({buyer.note_id})" if paid == Entry.BY_NOTE else ""))
        self.write(legs, Pending(Entry.BUY, payload, memo, player=buyer.name,
                                 counterparty=seller.name if seller else None, amount=amount,
                                 method=paid, note=note))

    def _warning(self, event: Mapping[str, Any]) -> None:
        player = self.person(event.get("player"))
        if self.warned is not None:
            raise LedgerError(f"The night's one warning was already given (to {self.warned}); "
                              "jumping the bet now costs the $0.20 penalty (B11).",
                              field="player")
        self.warned = player.name
        self.write(Legs(self), Pending(
            Entry.WARNING, {"type": "warning", "player": player.name},
            f"{player.name} jumped the bet: the night's one warning (B11)", player=player.name))

    def _penalty(self, event: Mapping[str, Any]) -> None:
        player = self.person(event.get("player"))
        amount = nickels_of(event.get("amount", "0.20"))
        if amount != PENALTY:
            raise LedgerError(f"The penalty for jumping the bet is {money(PENALTY)} (B11), "
                              f"not {money(amount)}.", field="amount")
        self.write(Legs(self), Pending(
            Entry.PENALTY, {"type": "penalty", "player": player.name,
                            "amount": format_cents(amount)},
            f"{player.name} jumped the bet (B11)", player=player.name, amount=amount))

    def _amounts(self, mapping: object, field: str) -> dict[str, int]:
        if not isinstance(mapping, Mapping):
            raise LedgerError(f"Give each player's amount for the {field}.", field=field)
        result: dict[str, int] = {}
        for who, amount in mapping.items():
            person = self.person(who, field)
            if person.name in result:
                raise LedgerError(f"{person.name} is listed twice in the {field}.", field=field)
            result[person.name] = nickels_of(amount, field=f"{field} for {person.name}")
        return result

    def _hand(self, event: Mapping[str, Any]) -> None:
        try:
            hand = HandInput.from_json(event)     # the file's JSON read at the edge
        except RulesError as error:
            raise LedgerError(str(error), field="hand") from None
        if hand.kind == "typed":
            pot = nickels_of(event.get("pot"), field="pot")
            won = self._amounts(event.get("awards") or {}, "awards")
            staked = self._amounts(event.get("owes") or {}, "owes")
            payload = typed_hand_payload(pot=pot, won=won, staked=staked,
                                         carry=carry_of(event.get("carry")),
                                         game=game_json(event.get("game", "")), ids={})
            self.write(Legs(self), Pending(Entry.HAND, payload,
                                           typed_hand_memo(payload["game"]), amount=pot,
                                           ids=sorted({*won, *staked})))
            return
        state = self.table
        if state.called and state.over and hand.game in (None, state.game):
            raise LedgerError(f"The game of {state.name} is over: call the next game first.",
                              field="game")
        at_the_table(dict.fromkeys(self.seats), hand)
        result, filled = resolve_hand(hand, state)
        typed = hand.to_json()      # in the file's order, as the journal kept it when written
        payload = hand_payload({k: typed[k] for k in event if k in typed}, filled, result)
        self.write(Legs(self), Pending(
            Entry.HAND, payload, hand_memo(filled.game, list(result.explain)),
            amount=filled.pot or 0,
            ids=sorted(n for n in hand_names(payload) if n in self.seats)))

    def _call(self, event: Mapping[str, Any]) -> None:
        dealer = self.person(event.get("dealer"), "dealer")
        if dealer.name not in self.seats:
            raise LedgerError(f"{dealer.name} is not at the table tonight.", field="dealer")
        game = event.get("game")
        options = dict(event.get("options") or {})
        try:
            apply_options(game_of({"game": game, "round": 1}), options)
        except RulesError as error:
            raise LedgerError(str(error), field="game") from None
        stored = game if isinstance(game, str) else dict(game or {})
        payload: dict[str, Any] = {"type": "call", "game": stored, "dealer": dealer.name}
        if options:
            payload["options"] = options
        self.write(Legs(self), Pending(Entry.CALL, payload, call_memo(dealer.name, stored),
                                       player=dealer.name))

    def _end_game(self, event: Mapping[str, Any]) -> None:
        if self.table.game is None:
            raise LedgerError("No game is being played.", field="game")
        self.write(Legs(self), Pending(Entry.END_GAME, {"type": "end_game"},
                                       f"the game of {self.table.name} ended; the pot stays"))

    def _pay_out(self, legs: Legs, person: Person, amount: int) -> int:
        cash = min(amount, self.natural(Account.CASH_BOX))
        owed = amount - cash
        legs.add(Account.CASH_BOX, -cash)
        if owed and person.name != self.banker.name:
            legs.book(person, owed)
            legs.book(self.banker, -owed)
        legs.add(Account.BANK, owed)
        return cash

    def _cashout(self, event: Mapping[str, Any]) -> None:
        player = self.person(event.get("player"))
        chips = event.get("chips")
        assert isinstance(chips, Mapping)   # the schema's
        total = chip_total(chips)
        out = self.natural(Account.CHIPS)
        if total > out:
            raise LedgerError(f"{player.name}'s count comes to {money(total)}, but the bank has "
                              f"only {money(out)} in chips out tonight. Count again.",
                              field="chips")
        whole, odd = whole_dollars_and_odd_cents(total)
        legs = Legs(self)
        legs.add(Account.CHIPS, -total)
        legs.add(Account.FINAL_POT, odd)
        cash = self._pay_out(legs, player, whole)
        payload = {"type": "cashout", "player": player.name,
                   "chips": {c: n for c, n in chips.items() if n}}
        memo = (f"{player.name} cashed out nothing" if not total else
                f"{player.name} turned in {money(total)}: {money(cash)} in cash, "
                f"{money(whole - cash)} owed, {money(odd)} to the final pot")
        self.write(legs, Pending(Entry.CASHOUT, payload, memo, player=player.name,
                                 amount=whole))

    def _count_difference(self, event: Mapping[str, Any]) -> None:
        amount = nickels_of(event.get("amount"))
        reason = " ".join(str(event.get("reason", "") or "").split())
        if not reason:
            raise LedgerError("Say why the count is off (a chip on the floor, a miscount …).",
                              field="reason")
        out = self.natural(Account.CHIPS)
        if amount > out:
            raise LedgerError(f"Only {money(out)} in chips is still out; a count difference of "
                              f"{money(amount)} is more than that.", field="amount")
        legs = Legs(self)
        legs.add(Account.CHIPS, -amount)
        legs.add(Account.BANK, amount)
        self.write(legs, Pending(
            Entry.COUNT_DIFFERENCE, {"type": "count_difference", "amount": format_cents(amount),
                                     "reason": reason},
            f"{money(amount)} in chips never came back: {reason}", player=self.banker.name,
            amount=amount))

    def _final_pot(self, event: Mapping[str, Any]) -> None:
        winner = self.person(event.get("winner"), "winner")
        waiting = self.not_cashed_out()
        if waiting:
            verb = "has" if len(waiting) == 1 else "have"
            raise LedgerError(f"{_in_words(waiting)} {verb} not cashed out yet; the final pot "
                              "is dealt after everyone has (B12).", field="winner")
        pot = self.natural(Account.FINAL_POT)
        if pot <= 0:
            raise LedgerError("The final pot is empty: nobody turned in odd cents.",
                              field="winner")
        legs = Legs(self)
        legs.add(Account.FINAL_POT, -pot)
        cash = self._pay_out(legs, winner, pot)
        self.write(legs, Pending(
            Entry.FINAL_POT, {"type": "final_pot", "winner": winner.name},
            f"{winner.name} won the final pot of {money(pot)} ({money(cash)} in cash)",
            player=winner.name, amount=pot))

    def _note(self, event: Mapping[str, Any]) -> None:
        action = event["action"]
        holder = event.get("holder", "all")
        amount = event.get("amount")
        debtor = self.person(event.get("player"), "player")
        chosen = self.open_notes(debtor.name)
        if holder != "all":
            held_by = self.party(holder, "holder")
            chosen = [(r, v) for r, v in chosen
                      if self.notes[r][1] == (held_by.name if held_by else None)]
        if amount is not None:
            cents = nickels_of(amount)
            chosen = [(r, v) for r, v in chosen if self.notes[r][2] == cents]
        if not chosen:
            held = "" if holder == "all" else f" held by {holder}"
            of = "" if amount is None else f" of {money(nickels_of(amount))}"
            raise LedgerError(f"{debtor.name} has no open bank note{of}{held}.",
                              field="player")
        if amount is not None and holder != "all":
            chosen = chosen[:1]
        legs = Legs(self)
        for ref, value in chosen:
            owner, note_holder, _ = self.notes[ref]
            legs.stored((Account.NOTE, owner, ref), value)
            if note_holder is not None:
                legs.stored((Account.NOTE_HELD, note_holder, ref), -value)
            if action == "commit":
                legs.book(self.people[owner], -value)
                legs.book(self.people[note_holder] if note_holder else self.banker, value)
                if note_holder is None:
                    legs.add(Account.BANK, -value)
            elif note_holder is None:
                legs.add(Account.BANK, -value)
        total = sum(value for _, value in chosen)
        payload: dict[str, Any] = {"type": "note", "player": debtor.name, "action": action}
        if len(chosen) == 1:
            _, note_holder, note_amount = self.notes[chosen[0][0]]
            payload["holder"] = note_holder if note_holder is not None else BANK
            payload["amount"] = format_cents(note_amount)
        elif holder != "all":
            payload["holder"] = holder
        verb = "committed into THE BOOK" if action == "commit" else "voided"
        self.write(legs, Pending(
            Entry.NOTE, payload, f"{len(chosen)} bank note(s) of {debtor.note_id} for "
            f"{money(total)} {verb} (B5)", player=debtor.name, amount=total))

    def _pay(self, event: Mapping[str, Any]) -> None:
        to = event.get("to")
        payer = self.person(event.get("player"))
        payee = self.party(to, "to") or self.banker
        amount = nickels_of(event.get("amount"))
        if payee.name == payer.name:
            raise LedgerError(f"{payer.name} cannot pay themselves.", field="to")
        legs = Legs(self)
        legs.book(payer, amount)
        legs.book(payee, -amount)
        to_name = BANK if to == BANK or to in (None, "") else payee.name
        self.write(legs, Pending(
            Entry.PAY, {"type": "pay", "player": payer.name, "to": to_name,
                        "amount": format_cents(amount)},
            f"{payer.name} paid {payee.name} {money(amount)}", player=payer.name,
            counterparty=payee.name, amount=amount))

    def _merge(self, event: Mapping[str, Any]) -> None:
        if self.host_present:
            raise LedgerError("The host was present that night: there is no surrogate book to "
                              "merge.")
        balances = {n: c for n, c in self.surrogate.items() if c}
        if not balances:
            raise LedgerError("The surrogate book of that night is empty or already merged.")
        legs = Legs(self)
        for name, cents in balances.items():
            legs.add(Account.SURROGATE, -cents, self.people[name])
            legs.add(Account.BOOK, cents, self.people[name])
        moved = sum(c for c in balances.values() if c > 0)
        self.write(legs, Pending(Entry.MERGE, {"type": "merge"},
                                 f"surrogate book of {self.date} merged into THE BOOK (B7)",
                                 amount=moved))

    def _regular_inviter(self, guest: Person) -> Person | None:
        inviter = self.people.get(guest.invited_by) if guest.invited_by else None
        seen = {guest.name}
        while inviter is not None and not inviter.regular and inviter.name not in seen:
            seen.add(inviter.name)
            inviter = self.people.get(inviter.invited_by) if inviter.invited_by else None
        return inviter if inviter is not None and inviter.regular else None

    def _close(self, event: Mapping[str, Any]) -> None:
        waiting = self.not_cashed_out()
        if waiting:
            raise LedgerError(f"{_in_words(waiting)} {'has' if len(waiting) == 1 else 'have'} "
                              "not cashed out yet: everyone who bought chips cashes out before "
                              "the session closes (B12); a player left with nothing cashes out "
                              "nothing.", code="not_cashed_out")
        if self.natural(Account.CHIPS):
            raise LedgerError(f"{money(self.natural(Account.CHIPS))} in chips the bank sold "
                              "tonight has not come back. Count again, or record the "
                              "difference with a reason.", code="chips_out")
        if self.natural(Account.FINAL_POT):
            raise LedgerError(f"The final pot of {money(self.natural(Account.FINAL_POT))} has "
                              "not been won yet (B12).", code="final_pot")
        notes = self.open_notes()
        if notes:
            listed = ", ".join(f"{self.people[self.notes[r][0]].note_id} {money(v)}"
                               for r, v in notes)
            raise LedgerError(f"Bank notes are still open ({listed}): commit each into THE "
                              "BOOK or void it (B5).", code="notes_open")
        legs = Legs(self)
        cash = self.natural(Account.CASH_BOX)
        if cash:
            legs.add(Account.CASH_BOX, -cash)
            legs.add(Account.BANK, -cash)
        balances = defaultdict(int, self.book)
        if not self.host_present:
            for name, cents in self.surrogate.items():
                balances[name] += cents
        balances = defaultdict(int, {n: c for n, c in balances.items() if c})
        moved = []
        for name in sorted(n for n in balances if not self.people[n].regular):
            guest = self.people[name]
            debt = -balances[name]
            if debt > 0:
                inviter = self._regular_inviter(guest)
                if inviter is None:
                    raise LedgerError(f"{guest.name} is a guest with no regular who invited "
                                      "them; record the inviter first (B9).")
                legs.book(guest, debt)
                legs.book(inviter, -debt)
                balances[inviter.name] = balances.get(inviter.name, 0) - debt
                balances[name] = 0
                moved.append(f"{guest.name}'s {money(debt)} to {inviter.name}")
        try:
            settled = settle_balances({n: c for n, c in balances.items() if c})
        except RulesError as error:
            raise LedgerError(f"THE BOOK does not add up; nothing written ({error}).") from None
        self.write(legs, Pending(Entry.CLOSE, {"type": "close"}, "session closed"
                                 + (": " + "; ".join(moved) + " (B9)" if moved else "")))
        self.closed = True
        self.settlement = {
            "transfers": [{"from": t.debtor, "to": t.creditor, "amount": format_cents(t.cents)}
                          for t in settled.transfers],
            "minimal": settled.minimal,
        }

    def _reverse(self, event: Mapping[str, Any]) -> None:
        target = event.get("event")
        if not isinstance(target, int) or not 0 <= target < len(self.entries):
            raise LedgerError(f"\"event\" must name an earlier event, not {target!r}.")
        entry = self.entries[target]
        reason = " ".join(str(event.get("reason", "") or "").split())
        if not reason:
            raise LedgerError("Say why the entry is being corrected.", field="reason")
        if entry.kind in NOT_REVERSIBLE:
            raise LedgerError(f"This entry cannot be corrected: {NOT_REVERSIBLE[entry.kind]}.",
                              field="entry")
        if entry.reversed:
            raise LedgerError(f"Event {target} was already corrected.", field="entry")
        legs = Legs(self)
        for key, amount in entry.legs.items():
            legs.stored(key, -amount)
        entry.reversed = True
        try:
            self.write(legs, Pending(Entry.REVERSAL, {"type": "reverse", "entry": None,
                                                      "reason": reason},
                                     f"({entry.kind}): {reason}", player=entry.player,
                                     counterparty=entry.counterparty, amount=entry.amount,
                                     reverses=target))
        except LedgerError:
            entry.reversed = False
            raise
        if entry.kind in TABLE_KINDS:   # the table's record is its live rows (selectors)
            self.table = TableState()
            for live in self.live():
                if live.kind in TABLE_KINDS:
                    self.table = table_step(self.table, live.kind, live.amount, live.payload)

