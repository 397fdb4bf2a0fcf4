"""A night file's events read and handed to the posting core, one at a time, over a night in
memory (ledger/posting/memory.py), without the database.

This module only reads: each event's names become the people they stand for, its amounts
cents (night_file/amounts.py), and the core says what the event writes or why it is refused,
with the same rules and sentences as on the tablet. A refusal is named by the import with the
event's place (`events[12] (buy): ...`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ledger.posting import bank, closing, table
from ledger.posting.accounts import BANK, Method
from ledger.posting.draft import Draft
from ledger.posting.errors import LedgerError
from ledger.posting.memory import MemoryNight
from ledger.posting.night import Person
from rules.errors import RulesError
from rules.games.hand_types import HandInput

from .amounts import cents_of
from .records import person_named

Event = Mapping[str, Any]


def apply(night: MemoryNight, event: Event) -> None:
    """The event's entry, drafted by the core and taken by the night; or its refusal."""
    kind = event.get("type")
    if kind != "merge" and night.closed:
        raise bank.closed_night(night.date)
    night.record(READERS[str(kind)](night, event))


def _person(night: MemoryNight, value: object, field: str = "player") -> Person:
    return person_named(night.people, value, field)


def _party(night: MemoryNight, value: object, field: str) -> Person | None:
    """A person, or None for the bank."""
    if value is None or value == "" or value == BANK:
        return None
    return _person(night, value, field)


def _amount(value: object, field: str = "amount") -> int:
    return cents_of(value, field=field)


def _buy(night: MemoryNight, event: Event) -> Draft:
    buyer = _person(night, event.get("player"))
    seller = _party(night, event.get("from", BANK), "seller")
    return bank.buy(night, buyer=buyer, amount=_amount(event.get("amount")),
                    paid=event.get("paid", Method.CASH), seller=seller)


def _cashout(night: MemoryNight, event: Event) -> Draft:
    return bank.cashout(night, player=_person(night, event.get("player")),
                        chips=event["chips"])


def _count_difference(night: MemoryNight, event: Event) -> Draft:
    return bank.count_difference(night, amount=_amount(event.get("amount")),
                                 reason=str(event.get("reason", "") or ""))


def _final_pot(night: MemoryNight, event: Event) -> Draft:
    return bank.final_pot(night, winner=_person(night, event.get("winner"), "winner"))


def _note(night: MemoryNight, event: Event) -> Draft:
    holder = event.get("holder", bank.ALL)
    amount = event.get("amount")
    debtor = _person(night, event.get("player"), "player")
    return bank.close_notes(
        night, action=event["action"], debtor=debtor,
        holder=holder if holder == bank.ALL else _party(night, holder, "holder"),
        amount=None if amount is None else _amount(amount))


def _pay(night: MemoryNight, event: Event) -> Draft:
    payer = _person(night, event.get("player"))
    return bank.pay(night, payer=payer, payee=_party(night, event.get("to"), "to"),
                    amount=_amount(event.get("amount")))


def _merge(night: MemoryNight, event: Event) -> Draft:
    return bank.merge(night)


def _close(night: MemoryNight, event: Event) -> Draft:
    return closing.close(night)


def _reverse(night: MemoryNight, event: Event) -> Draft:
    target = event.get("event")
    if not isinstance(target, int) or isinstance(target, bool):
        raise LedgerError(f"\"event\" must name an earlier event, not {target!r}.")
    return bank.reverse(night, target=night.posted(target),
                        reason=str(event.get("reason", "") or ""))


def _warning(night: MemoryNight, event: Event) -> Draft:
    return table.warning(night, player=_person(night, event.get("player")))


def _penalty(night: MemoryNight, event: Event) -> Draft:
    return table.penalty(night, player=_person(night, event.get("player")),
                         amount=_amount(event.get("amount", "0.20")))


def _call(night: MemoryNight, event: Event) -> Draft:
    return table.call(night, game=event.get("game") or "",
                      dealer=_person(night, event.get("dealer"), "dealer"),
                      options=dict(event.get("options") or {}))


def _end_game(night: MemoryNight, event: Event) -> Draft:
    return table.end_game(night)


def _amounts(night: MemoryNight, mapping: object, field: str) -> dict[Person, int]:
    """A typed hand's awards or owes: each person once, each amount in cents."""
    if not isinstance(mapping, Mapping):
        raise LedgerError(f"Give each player's amount for the {field}.", field=field)
    result: dict[Person, int] = {}
    for who, amount in mapping.items():
        person = _person(night, who, field)
        if person in result:
            raise table.listed_twice(person.name, field)
        result[person] = _amount(amount, field=f"{field} for {person.name}")
    return result


def _hand(night: MemoryNight, event: Event) -> Draft:
    try:
        hand = HandInput.from_json(event)     # the file's JSON read at the edge
    except RulesError as error:
        raise LedgerError(str(error), field="hand") from None
    if hand.kind != "typed":
        return table.hand(night, hand=hand, order=list(event))
    carry = event.get("carry")
    return table.typed_hand(
        night, pot=_amount(event.get("pot"), "pot"),
        awards=_amounts(night, event.get("awards") or {}, "awards"),
        owes=_amounts(night, event.get("owes") or {}, "owes"),
        carry=None if carry is None or carry == "" else _amount(carry, "carry"),
        game=event.get("game", ""))


READERS: dict[str, Callable[[MemoryNight, Event], Draft]] = {
    "buy": _buy, "cashout": _cashout, "count_difference": _count_difference,
    "final_pot": _final_pot, "note": _note, "pay": _pay, "merge": _merge, "close": _close,
    "reverse": _reverse, "warning": _warning, "penalty": _penalty, "call": _call,
    "end_game": _end_game, "hand": _hand,
}
