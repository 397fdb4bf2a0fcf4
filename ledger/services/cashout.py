"""Cash-out by chip colour (B10), whole dollars paid and odd chips to the final pot (B12).

The bank knows only the chips it has out tonight, not who holds them: a cash-out is whatever the
player counts (nothing at all for a player who lost everything), refused only when it would bring
back more chips than are out. The bank pays each cash-out in cash as far as its cash box goes,
in the order of cash-outs; the rest the banker owes the player in THE BOOK (player +o, banker -o,
banker's stake +o). The final pot is paid the same way to the winner of the last hand.

Chips that never come back (one on the floor, a miscount) are a count difference the banker
records with a reason; the bank keeps what it was paid for them, so the banker's stake takes it.
"""

from __future__ import annotations

from collections.abc import Mapping

from ledger.chips import CHIP_VALUES  # B10
from ledger.models import Account, Entry, Player, PokerSession
from ledger.selectors.balances import chips_out, session_totals
from ledger.selectors.night import not_cashed_out
from ledger.types import Banker
from rules.money import dollars as money
from rules.money import format_cents, whole_dollars_and_odd_cents

from .amounts import nickels
from .errors import LedgerError
from .idempotency import idempotent
from .journal import Journal, lock_session


def chip_total(chips: Mapping[str, object]) -> int:
    """The value in cents of a count of chips by colour; unknown colours are refused."""
    if not isinstance(chips, Mapping):
        raise LedgerError("Give the count of each chip colour.", field="chips")
    total = 0
    for colour, count in chips.items():
        if colour not in CHIP_VALUES:
            raise LedgerError(
                f"{colour!r} is not a chip colour; the colours are "
                + ", ".join(CHIP_VALUES) + " (B10).", field="chips",
            )
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise LedgerError(f"The count of {colour} chips must be a whole number of 0 or more, "
                              f"not {count!r}.", field="chips")
        total += CHIP_VALUES[colour] * count
    return total


def _pay_out(journal: Journal, session: PokerSession, player: Player, amount: int) -> int:
    """Pay `amount` cents from the cash box as far as it goes; the banker owes the rest."""
    cash = min(amount, session_totals(session).get(Account.CASH_BOX, 0))
    owed = amount - cash
    journal.add(Account.CASH_BOX, -cash)
    if owed and player.pk != session.banker_id:
        journal.book(player, owed)
        journal.book(session.banker, -owed)
    journal.add(Account.BANK, owed)
    return cash


@idempotent("cashout_create")
def cashout_create(*, session: PokerSession, player: Player,
                   chips: Mapping[str, int], key: str, user: Banker = None) -> Entry:
    """Turn in chips for cash: whole dollars paid, odd cents to the final pot (B12).

    An empty count is a player who has nothing left to turn in.
    """
    session = lock_session(session, user=user)
    total = chip_total(chips)
    out = chips_out(session)
    if total > out:
        raise LedgerError(
            f"{player.name}'s count comes to {money(total)}, but the bank has only {money(out)} "
            "in chips out tonight. Count again.", field="chips",
        )
    whole, odd = whole_dollars_and_odd_cents(total)
    journal = Journal(session)
    journal.add(Account.CHIPS, -total)
    journal.add(Account.FINAL_POT, odd)
    cash = _pay_out(journal, session, player, whole)
    payload = {"type": "cashout", "player": player.name,
               "chips": {c: n for c, n in chips.items() if n}}
    memo = (f"{player.name} cashed out nothing" if not total else
            f"{player.name} turned in {money(total)}: {money(cash)} in cash, "
            f"{money(whole - cash)} owed, {money(odd)} to the final pot")
    return journal.write(kind=Entry.CASHOUT, key=key, user=user, player=player, amount=whole,
                         payload=payload, memo=memo)


def names_in_words(players: list[Player]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cal'."""
    names = [p.name for p in players]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@idempotent("count_difference_record")
def count_difference_record(*, session: PokerSession, amount: int, reason: str,
                            key: str, user: Banker = None) -> Entry:
    """Chips sold tonight that never came back: the banker's stake keeps what was paid for them."""
    session = lock_session(session, user=user)
    amount = nickels(amount)
    reason = " ".join(str(reason or "").split())
    if not reason:
        raise LedgerError("Say why the count is off (a chip on the floor, a miscount …).",
                          field="reason")
    out = chips_out(session)
    if amount > out:
        raise LedgerError(f"Only {money(out)} in chips is still out; a count difference of "
                          f"{money(amount)} is more than that.", field="amount")
    journal = Journal(session)
    journal.add(Account.CHIPS, -amount)
    journal.add(Account.BANK, amount)
    return journal.write(
        kind=Entry.COUNT_DIFFERENCE, key=key, user=user, player=session.banker, amount=amount,
        payload={"type": "count_difference", "amount": format_cents(amount),
                 "reason": reason},
        memo=f"{money(amount)} in chips never came back: {reason}",
    )


@idempotent("final_pot_award")
def final_pot_award(*, session: PokerSession, winner: Player, key: str,
                    user: Banker = None) -> Entry:
    """Pay the final pot to the winner of the last hand (B12), once everyone has cashed out.

    The pot is a whole-dollar amount when the count reconciles; after a count difference it is
    paid as it stands.
    """
    session = lock_session(session, user=user)
    waiting = not_cashed_out(session)
    if waiting:
        verb = "has" if len(waiting) == 1 else "have"
        raise LedgerError(f"{names_in_words(waiting)} {verb} not cashed out yet; the final pot "
                          "is dealt after everyone has (B12).",
                          field="winner")
    pot = session_totals(session).get(Account.FINAL_POT, 0)
    if pot <= 0:
        raise LedgerError("The final pot is empty: nobody turned in odd cents.", field="winner")
    journal = Journal(session)
    journal.add(Account.FINAL_POT, -pot)
    cash = _pay_out(journal, session, winner, pot)
    return journal.write(
        kind=Entry.FINAL_POT, key=key, user=user, player=winner, amount=pot,
        payload={"type": "final_pot", "winner": winner.name},
        memo=f"{winner.name} won the final pot of {money(pot)} ({money(cash)} in cash)",
    )
