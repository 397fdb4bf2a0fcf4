"""Cash-out by chip colour (B10), whole dollars paid and odd chips to the final pot (B12).

The bank pays each cash-out in cash as far as its cash box goes, in the order of cash-outs; the
rest the banker owes the player in THE BOOK (player +o, banker -o, banker's stake +o). The
final pot is paid the same way to the winner of the last hand.
"""

from __future__ import annotations

from collections.abc import Mapping

from ledger.models import Account, Entry, Player, PokerSession

from .errors import LedgerError
from .idempotency import idempotent
from .journal import Journal, chips_by_player, chips_held, lock_session, money, session_totals
from .lookup import player_of

CHIP_VALUES = {"white": 5, "red": 10, "blue": 25, "yellow": 50, "black": 100, "green": 500}  # B10


def chip_total(chips: Mapping[str, object]) -> int:
    """The value in cents of a count of chips by colour; unknown colours are refused."""
    if not isinstance(chips, Mapping):
        raise LedgerError("chips: expected a count for each colour.", field="chips")
    total = 0
    for colour, count in chips.items():
        if colour not in CHIP_VALUES:
            raise LedgerError(
                f"chips: {colour!r} is not a chip colour; the colours are "
                + ", ".join(CHIP_VALUES) + " (B10).", field="chips",
            )
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise LedgerError(f"chips: the count of {colour} chips must be a whole number of 0 "
                              f"or more, not {count!r}.", field="chips")
        total += CHIP_VALUES[colour] * count
    return total


def _pay_out(journal: Journal, session: PokerSession, player: Player, whole: int) -> int:
    """Pay `whole` cents from the cash box as far as it goes; the banker owes the rest."""
    cash = min(whole, session_totals(session).get(Account.CASH_BOX, 0))
    owed = whole - cash
    journal.add(Account.CASH_BOX, -cash)
    if owed and player.pk != session.banker_id:
        journal.book(player, owed)
        journal.book(session.banker, -owed)
    journal.add(Account.BANK, owed)
    return cash


@idempotent("cashout_create")
def cashout_create(*, session: PokerSession | int, player: Player | str,
                   chips: Mapping[str, int], key: str, user=None) -> Entry:
    """Turn in chips for cash: whole dollars paid, odd cents to the final pot (B12)."""
    session = lock_session(session)
    player = player_of(player)
    total = chip_total(chips)
    if total <= 0:
        raise LedgerError("chips: count at least one chip.", field="chips")
    held = chips_held(session, player)
    if total > held:
        raise LedgerError(
            f"chips: {player.name} holds {money(held)} in chips; this count comes to "
            f"{money(total)}. Count again.", field="chips",
        )
    whole, odd = divmod(total, 100)
    whole *= 100
    journal = Journal(session)
    journal.add(Account.CHIPS, -total, player=player)
    journal.add(Account.FINAL_POT, odd)
    cash = _pay_out(journal, session, player, whole)
    payload = {"type": "cashout", "player": player.name,
               "chips": {c: n for c, n in chips.items() if n}}
    return journal.write(
        kind=Entry.CASHOUT, key=key, user=user, player=player, amount=whole, payload=payload,
        memo=f"{player.name} turned in {money(total)}: {money(cash)} in cash, "
             f"{money(whole - cash)} owed, {money(odd)} to the final pot",
    )


@idempotent("final_pot_award")
def final_pot_award(*, session: PokerSession | int, winner: Player | str, key: str,
                    user=None) -> Entry:
    """Pay the final pot to the winner of the last hand (B12), once every chip is turned in."""
    session = lock_session(session)
    winner = player_of(winner, field="winner")
    totals = session_totals(session)
    pot = totals.get(Account.FINAL_POT, 0)
    out = sum(chips_by_player(session).values()) + totals.get(Account.TABLE_POT, 0)
    if out:
        raise LedgerError(f"{money(out)} in chips is still out; the final pot is dealt after "
                          "everyone has cashed out (B12).", field="winner")
    if pot <= 0:
        raise LedgerError("The final pot is empty.", field="winner")
    if pot % 100:
        raise LedgerError(f"The final pot holds {money(pot)}, not a whole-dollar amount; check "
                          "the cash-outs (B12).", field="winner")
    journal = Journal(session)
    journal.add(Account.FINAL_POT, -pot)
    cash = _pay_out(journal, session, winner, pot)
    return journal.write(
        kind=Entry.FINAL_POT, key=key, user=user, player=winner, amount=pot,
        payload={"type": "final_pot", "winner": winner.name},
        memo=f"{winner.name} won the final pot of {money(pot)} ({money(cash)} in cash)",
    )
